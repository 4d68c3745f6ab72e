"""What the browser tests share besides their fixtures (conftest.py): where Chromium is, where
screenshots go, and how to tell the page has settled."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

# Debian's headless shell draws what the full browser draws for a third less CPU.
CHROMIUM = next(
    filter(None, map(shutil.which, ("chromium-headless-shell", "chromium", "chromium-browser"))),
    None,
)
ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "test-artifacts"
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no chromium: `make test` installs Debian's (apt-get install chromium-headless-shell)",
)

# The AI's moves come over the websocket one by one after ours, and the page plays them back
# one by one (app.js: PACE); it has settled when the game waits on a person (or is over), so
# nothing more is on its way, and the latest state is the one on screen.
SETTLED = """() => {
    const g = window.wartableGame, d = g.data;
    return d !== null && g.shown === d && !g.pacing
        && (d.outcome !== null || d.to_act.every((s) => d.seats[s] === 'human'));
}"""


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def moves(page) -> int:
    return int(page.evaluate("window.wartableGame.data ? window.wartableGame.data.n : -1"))


def open_game(browser, server, game, *, scenario=None, seat="us", seats=None, screen=(1280, 800)):
    """A new game made in the lobby (``seats``: who sits where, besides the defaults), opened
    as ``seat`` on a screen of that size; the page is returned once its board is drawn."""
    page = browser.new_page(viewport={"width": screen[0], "height": screen[1]})
    page.goto(server + "/")
    page.select_option("#game", game)
    if scenario:
        page.select_option("#scenario", scenario)
    for other, who in (seats or {}).items():
        page.select_option(f"select[data-seat={other}]", who)
    page.click("#create")
    page.locator(f"a.seat-link[data-seat={seat}]").click()
    page.wait_for_selector("#board")
    return page


def open_made(browser, server, made, drawn: str, screen=(1280, 800)):
    """A game made through the API (``made``: its answer), opened by its link on a screen of
    that size; the page is returned once ``drawn`` is on the board and the page has settled."""
    page = browser.new_page(viewport={"width": screen[0], "height": screen[1]})
    page.goto(server + made["link"])
    page.wait_for_selector(drawn)
    page.wait_for_function(SETTLED)
    return page
