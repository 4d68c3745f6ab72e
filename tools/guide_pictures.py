"""The player guides' pictures (docs/play/GAME.md): the page as the browser tests drew it,
copied from build/screenshots/ into docs/img/play/ with a palette of 128 colours (a tenth of
the size, no visible loss on the page's flat colours).

    make slow    # or: pytest -p no:randomly tests/e2e/test_click_play.py tests/e2e/test_browser.py
    python tools/guide_pictures.py
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
}


def main() -> int:
    missing = [str(p) for p in CHOSEN.values() if not p.is_file()]
    if missing:
        print("not drawn yet (run the browser tests first):\n  " + "\n  ".join(missing))
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for name, source in CHOSEN.items():
        with Image.open(source) as picture:
            small = picture.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT)
            small.save(OUT / name, optimize=True)
        print(f"{OUT / name}: {(OUT / name).stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
