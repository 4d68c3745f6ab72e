"""The player guides' pictures (docs/play/GAME.md): the page as the browser tests drew it,
copied from build/screenshots/ into docs/img/play/ with a palette of 128 colours (a tenth of
the size, no visible loss on the page's flat colours).

    make slow    # or: pytest -p no:randomly tests/e2e/test_click_play.py tests/e2e/test_browser.py
    python tools/guide_pictures.py                      # every picture
    python tools/guide_pictures.py lesson-es.png        # only these (drawn by one test)
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "screenshots"
ARTIFACTS = ROOT / "build" / "test-artifacts"
OUT = ROOT / "docs" / "img" / "play"
# picture in the guide <- what the tests drew
CHOSEN = {
    "undaunted-desktop.png": SHOTS / "undaunted-middle-1280x800.png",
    "undaunted-phone.png": SHOTS / "undaunted-middle-390x844.png",
    "combat-desktop.png": SHOTS / "combat-middle-1280x800.png",
    "diadehonor-desktop.png": SHOTS / "diadehonor-middle-1280x800.png",
    "diadehonor-coach.png": ARTIFACTS / "coach-hint.png",
    "tactics2gm-desktop.png": SHOTS / "tactics2gm-start-1280x800.png",
    # tests/e2e/test_browser.py (a lesson in Spanish) and test_lobby_languages.py
    "undaunted-lesson-es.png": ARTIFACTS / "lesson-spanish.png",
    "tactics2gm-deck-builder-es.png": ARTIFACTS / "lobby-deck-builder-es.png",
}


def main(names: list[str]) -> int:
    unknown = [n for n in names if n not in CHOSEN]
    if unknown:
        print(f"no picture {', '.join(unknown)}: the guides' are {', '.join(CHOSEN)}")
        return 2
    chosen = {n: p for n, p in CHOSEN.items() if n in names or not names}
    missing = [str(p) for p in chosen.values() if not p.is_file()]
    if missing:
        print("not drawn yet (run the browser tests first):\n  " + "\n  ".join(missing))
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for name, source in chosen.items():
        with Image.open(source) as picture:
            small = picture.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
            small.save(OUT / name, optimize=True)
        print(f"{OUT / name}: {(OUT / name).stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
