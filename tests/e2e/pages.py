"""What the browser tests share besides their fixtures (conftest.py): where Chromium is, where
screenshots go, and how to tell the page has settled."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "test-artifacts"
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="no chromium: `make test` installs Debian's (apt-get install chromium)"
)

# The AI's moves come over the websocket one by one after ours; the page has settled when
# the game waits on a person (or is over), so nothing more is on its way.
SETTLED = """() => {
    const d = window.wartableGame.data;
    return d !== null && (d.outcome !== null || d.to_act.every((s) => d.seats[s] === 'human'));
}"""


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def moves(page) -> int:
    return int(page.evaluate("window.wartableGame.data ? window.wartableGame.data.n : -1"))
