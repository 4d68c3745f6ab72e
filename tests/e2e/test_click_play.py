"""Playing on the board, measured as a person plays: every move made by clicking the board's
pieces and places, the hand's cards, a chooser's entry or the fixed bar, never the list,
following the game's own board steps (``board_steps``, the snapshot's ``steps``). Each
action takes at most three clicks."""

from __future__ import annotations

import random

import pytest

from tests.e2e.pages import SETTLED, moves, needs_chromium, open_game, shot

pytestmark = [needs_chromium, pytest.mark.slow]

MOVES = 30  # a good part of a game: enough to meet every kind of step


def element(page, key: str):
    side, _, bare = key.rpartition(":")
    sel = f'[data-id="{bare}"]' + (f'[data-side="{side}"]' if side else "")
    return page.locator(f"#board {sel}, #hand {sel}, #units {sel}, #tray {sel}").first


FREE_POINT = """el => {
    const r = el.getBoundingClientRect();
    const at = [0.5, 0.3, 0.7, 0.15, 0.85];
    for (const fy of at) for (const fx of at) {
        const x = r.left + fx * r.width, y = r.top + fy * r.height;
        const hit = document.elementFromPoint(x, y);
        if (hit && el.contains(hit)) return [x, y];
    }
    return null;
}"""


def press(page, target, key: str = "") -> None:
    """Click it where a person would: its middle, or, where a piece stands there (a counter
    on a tile or a hex), a free part of it; a place covered whole by its stack, through a
    counter of the stack (``data-at``)."""
    target.scroll_into_view_if_needed()
    point = target.evaluate(FREE_POINT)
    if point is None and key:
        stack = page.locator(f'#board [data-at="{key}"]').first
        stack.scroll_into_view_if_needed()
        point = stack.evaluate(FREE_POINT)
    assert point is not None, "no part of it can be clicked: it is covered"
    page.mouse.click(*point)


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
        ' || document.querySelector(`#actions [data-choice="${a}"]`) !== null'
    )
    lit = "() => document.querySelector('#board [data-target]') !== null"
    clicks = 0
    for k, key in enumerate(steps):
        target = (
            element(page, key)
            if k == 0
            else page.locator(f'#board [data-target][data-id="{key.rpartition(":")[2]}"]').first
        )
        press(page, target, key.rpartition(":")[2])
        clicks += 1
        if k + 1 < len(steps):  # a piece chosen: its targets light up
            page.wait_for_function(lit, timeout=15000)
            continue
        page.wait_for_function(chosen, arg=[before, action], timeout=15000)  # acts, or asks
        if page.evaluate(acted, before):
            return clicks
    page.locator(f'#actions [data-choice="{action}"]').click()
    page.wait_for_function(acted, arg=before, timeout=15000)
    return clicks + 1


# Every game: a reserve unit of Día de Honor is chosen in the table of units, a terrain card
# 2GM's bid buys (drawn nowhere else) in the tray, a Combat! hex covered whole by its stack
# through a counter of the stack.
@pytest.mark.parametrize(
    ("game", "scenario", "seat"),
    [
        ("undaunted", "la-raye", "us"),
        ("diadehonor", "crossroads", "axis-1"),
        ("tactics2gm", "pitched-battle", "allies"),
        ("combat", "a-meeting-of-patrols", "us"),
    ],
)
def test_a_game_is_played_by_clicking_the_board_alone(server, browser, game, scenario, seat):
    page = open_game(browser, server, game, scenario=scenario, seat=seat)
    rng = random.Random(7)
    played = 0
    while played < MOVES:
        page.wait_for_function(SETTLED, timeout=30000)
        d = page.evaluate("window.wartableGame.data")
        if d["outcome"] or not d["legal"]:
            break
        action = rng.choice(d["legal"])
        clicks = click_through(page, action, d["steps"][action])
        assert clicks <= 3, f"{action} took {clicks} clicks"
        played += 1
    assert played >= 10
    shot(page, f"{game}-played-by-clicks.png")
