"""Playing on the board, measured as a person plays (issue 44): a whole game of each against
the AI, every move made by clicking the board's pieces and places, the hand's cards, a
chooser's entry or the fixed bar, never the list, following the game's own board steps
(``board_steps``, the snapshot's ``steps``). Each action takes at most three clicks. The
pictures of each game at its start, middle and end, on a desktop's screen and a phone's,
go to build/screenshots/."""

from __future__ import annotations

import random

import pytest

import wartable
from tests.e2e.pages import SCREENSHOTS, click_through, needs_chromium, open_made, turn_comes
from tests.server.helpers import web

pytestmark = [needs_chromium, pytest.mark.slow]


LONGEST = 400  # a game that runs longer has lost its way


LABELS_APART = """() => {
    const boxes = [...document.querySelectorAll('#board .terrain-label')].map((t) => t.getBBox());
    return boxes.every((a, i) => boxes.slice(i + 1).every((b) => a.x + a.width <= b.x
        || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y));
}"""


SIZES = ((1280, 800), (390, 844))


def pictures(page) -> list[bytes]:
    """The page as it stands, at 1280x800 and at 390x844 (a phone); and the board's words
    on it (2GM's terrain labels) never overlap."""
    assert page.evaluate(LABELS_APART), "two labels of the board overlap"
    out = []
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        out.append(page.screenshot())
    page.set_viewport_size({"width": 1280, "height": 800})
    return out


def keep(game: str, moment: str, shots: list[bytes]) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for (w, h), png in zip(SIZES, shots, strict=True):
        (SCREENSHOTS / f"{game}-{moment}-{w}x{h}.png").write_bytes(png)


# Every game: a reserve unit of Día de Honor is chosen in the table of units, a terrain card
# 2GM's bid buys (drawn nowhere else) in the tray, a Combat! hex covered whole by its stack
# through a counter of the stack. A round limit keeps three of them short; the player, like
# a person in a hurry, often takes what the fixed bar offers (pass, done, end the turn).
@pytest.mark.parametrize(
    ("game", "scenario", "seat", "options", "hurry"),
    [
        ("undaunted", "la-raye", "us", {"max_rounds": 10}, 0.1),
        ("diadehonor", "crossroads", "axis-1", {"max_rounds": 3}, 0.2),
        ("tactics2gm", "pitched-battle", "allies", {"max_rounds": 5}, 0.2),
        ("combat", "a-meeting-of-patrols", "us", {}, 0.6),
        ("duel", "standard", "north", {}, 0.0),  # the template game: the generic drawing
    ],
)
def test_a_whole_game_is_played_by_clicking_the_board_alone(
    server, browser, game, scenario, seat, options, hurry
):
    # a deal of its own (a seed; the AI seats' choices follow from it), so that a run that
    # passes passes again: the lobby's own path is tested elsewhere (test_browser.py)
    others = "random" if game == "duel" else "heuristic"  # the template game has no heuristic
    players = wartable.get_game(game).new_game(scenario, seed=0, options=options).players
    body = {
        "game": game,
        "scenario": scenario,
        "seed": 3,
        "options": options,
        "seats": {p: "human" if p == seat else others for p in players},
    }
    made = web().post(server + "/api/games", json=body).json()
    page = open_made(browser, server, made, "#board")
    rng = random.Random(7)
    played = 0
    d = turn_comes(page)
    keep(game, "start", pictures(page))
    taken = {}  # pictures at moves 2, 4, 8...: the one nearest half the game is its middle
    while not d["outcome"]:
        fixed = [a for a in d["legal"] if not d["steps"][a]]
        action = rng.choice(fixed if fixed and rng.random() < hurry else d["legal"])
        clicks = click_through(page, action, d["steps"][action])
        assert clicks <= 3, f"{action} took {clicks} clicks"
        played += 1
        assert played < LONGEST, "the game did not end"
        d = turn_comes(page)
        if played & (played - 1) == 0 and played > 1 and not d["outcome"]:
            taken[played] = pictures(page)
    assert played >= 4, f"a game of {played} moves shows too little"
    print(f"{game}: {played} moves by clicks")
    keep(game, "middle", taken[min(taken, key=lambda k: abs(k - played / 2))])
    page.wait_for_selector("#outcome")
    keep(game, "end", pictures(page))
