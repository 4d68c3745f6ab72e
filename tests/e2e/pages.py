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
# each game at its start, middle and end on a desktop's and a phone's screen, for a person to
# look through (make slow writes them)
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
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


def open_game(
    browser, server, game, *, scenario=None, seat="us", seats=None, screen=(1280, 800), options=None
):
    """A new game made in the lobby (``seats``: who sits where, besides the defaults;
    ``options``: the lobby's options typed in), opened as ``seat`` on a screen of that size;
    the page is returned once its board is drawn."""
    page = browser.new_page(viewport={"width": screen[0], "height": screen[1]})
    page.goto(server + "/")
    page.select_option("#game", game)
    if scenario:
        page.select_option("#scenario", scenario)
    for name, value in (options or {}).items():
        page.fill(f'[data-option="{name}"]', str(value))
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


# ---- playing by clicks, as a person plays -----------------------------------------------
def lit_target(page, key: str):
    """The lit target a key names: its data-id, and its side where it has one (an HQ)."""
    side, _, bare = key.rpartition(":")
    sel = f'[data-id="{bare}"]' + (f'[data-side="{side}"]' if side else "")
    return page.locator(f"#board [data-target]{sel}").first


def element(page, key: str):
    """What a person clicks for ``key``: among the elements carrying it, one the page marks
    as selectable (data-selectable) where there is one."""
    side, _, bare = key.rpartition(":")
    sel = f'[data-id="{bare}"]' + (f'[data-side="{side}"]' if side else "")
    where = (f"#board {sel}", f"#hand {sel}", f"#units {sel}", f"#tray {sel}")
    marked = page.locator(", ".join(w + "[data-selectable]" for w in where))
    return marked.first if marked.count() else page.locator(", ".join(where)).first


# a point of it a click reaches: one where it is on top, else one where a counter drawn off
# its own place (data-at) and no target lies over it (its click reaches the lit place under
# the pointer: game.js through)
FREE_POINT = """el => {
    const r = el.getBoundingClientRect();
    const at = [0.5, 0.3, 0.7, 0.15, 0.85];
    for (const under of [false, true]) for (const fy of at) for (const fx of at) {
        const x = r.left + fx * r.width, y = r.top + fy * r.height;
        const hit = document.elementFromPoint(x, y);
        if (hit && el.contains(hit)) return [x, y];
        if (under && hit && hit.closest('#board .counter[data-at]:not([data-target])')
            && document.elementsFromPoint(x, y).some((e) => el.contains(e))) return [x, y];
    }
    return null;
}"""


def press(page, target, key: str = "") -> None:
    """Click it where a person would: its middle, or, where a piece stands there (a counter
    on a tile or a hex), a free part of it, else through a counter lying over it; a place
    covered whole by its stack, through a counter of the stack (``data-at``)."""
    target.scroll_into_view_if_needed()
    point = target.evaluate(FREE_POINT)
    if point is None and key:
        stack = page.locator(f'#board [data-at="{key}"]').first
        stack.scroll_into_view_if_needed()
        point = stack.evaluate(FREE_POINT)
    assert point is not None, "no part of it can be clicked: it is covered"
    page.mouse.click(*point)


# what the page held when a click led nowhere, for the failure's message
STUCK = """() => { const g = window.wartableGame; return {selected: g.selected, only: g.only,
    about: g.about, at: g.at, filter: g.filter, n: g.data.n, legal: g.data.legal.length,
    targets: [...document.querySelectorAll('#board [data-target]')].map((e) => e.dataset.id),
    chooser: !!document.querySelector('#chooser')}; }"""


def click_through(page, action: str, steps: list[str]) -> int:
    """Take ``action`` by clicks alone; how many it took."""
    before = moves(page)
    acted = "n => window.wartableGame.data.n > n"
    if not steps:
        page.locator(f'#fixed-bar button[data-action="{action}"]').click()
        page.wait_for_function(acted, arg=before, timeout=15000)
        return 1
    chosen = (
        "([n, a]) => window.wartableGame.data.n > n"
        ' || document.querySelector(`[data-choice="${a}"]`) !== null'
    )
    lit = "() => document.querySelector('#board [data-target]') !== null"
    clicks = 0
    for k, key in enumerate(steps):
        target = element(page, key) if k == 0 else lit_target(page, key)
        press(page, target, key.rpartition(":")[2])
        clicks += 1
        if k + 1 < len(steps):  # a piece chosen: its targets light up
            try:
                page.wait_for_function(lit, timeout=15000)
            except Exception as exc:
                shot(page, "click-through-unlit.png")
                state = page.evaluate(STUCK)
                raise AssertionError(f"{action}: {key} chosen, nothing lit: {state}") from exc
            continue
        try:  # acts, or asks which
            page.wait_for_function(chosen, arg=[before, action], timeout=30000)
        except Exception as exc:
            shot(page, "click-through-stuck.png")
            where = page.evaluate(STUCK)
            raise AssertionError(
                f"{action} (steps {steps}) neither acted nor asked: {where}"
            ) from exc
        if page.evaluate(acted, before):
            return clicks
    page.locator(f'[data-choice="{action}"]').click()
    page.wait_for_function(acted, arg=before, timeout=15000)
    return clicks + 1


def turn_comes(page) -> dict:
    """The state once the page has settled on this seat's move, or on the game's end."""
    page.wait_for_function(
        f"() => ({SETTLED})() && (window.wartableGame.data.outcome !== null"
        " || window.wartableGame.data.legal.length > 0)",
        timeout=30000,
    )
    return page.evaluate("window.wartableGame.data")


def act_now(page, action: str) -> None:
    """Take ``action`` through the page's own verb (a test's shortcut past the clicks)."""
    n = moves(page)
    page.evaluate("a => wartable.act(a)", action)
    page.wait_for_function("n => window.wartableGame.data.n > n", arg=n, timeout=15000)
