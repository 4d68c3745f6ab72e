"""Playing on the board, measured as a person plays (issue 44): a whole game of each against
the AI, every move made by clicking the board's pieces and places, the hand's cards, a
chooser's entry or the fixed bar, never the list, following the game's own board steps
(``board_steps``, the snapshot's ``steps``). Each action takes at most three clicks. The
pictures of each game at its start, middle and end, on a desktop's screen and a phone's,
go to build/screenshots/."""

from __future__ import annotations

import random

import pytest

from tests.e2e.pages import SCREENSHOTS, click_through, needs_chromium, open_game, turn_comes

pytestmark = [needs_chromium, pytest.mark.slow]


MIDDLE = 12  # the seat's moves before the picture of the middle of the game
LONGEST = 400  # a game that runs longer has lost its way


def pictures(page, game: str, moment: str) -> None:
    """The page as it stands, at 1280x800 and at 390x844 (a phone), into build/screenshots."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for w, h in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(SCREENSHOTS / f"{game}-{moment}-{w}x{h}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})


# Every game: a reserve unit of Día de Honor is chosen in the table of units, a terrain card
# 2GM's bid buys (drawn nowhere else) in the tray, a Combat! hex covered whole by its stack
# through a counter of the stack. A round limit keeps three of them short; the player, like
# a person in a hurry, often takes what the fixed bar offers (pass, done, end the turn).
@pytest.mark.parametrize(
    ("game", "scenario", "seat", "options", "hurry"),
    [
        ("undaunted", "la-raye", "us", {"max_rounds": 8}, 0.1),
        ("diadehonor", "crossroads", "axis-1", {"max_rounds": 3}, 0.2),
        ("tactics2gm", "pitched-battle", "allies", {"max_rounds": 5}, 0.2),
        ("combat", "a-meeting-of-patrols", "us", {}, 0.6),
    ],
)
def test_a_whole_game_is_played_by_clicking_the_board_alone(
    server, browser, game, scenario, seat, options, hurry
):
    page = open_game(browser, server, game, scenario=scenario, seat=seat, options=options)
    rng = random.Random(7)
    played = 0
    d = turn_comes(page)
    pictures(page, game, "start")
    while not d["outcome"]:
        fixed = [a for a in d["legal"] if not d["steps"][a]]
        action = rng.choice(fixed if fixed and rng.random() < hurry else d["legal"])
        clicks = click_through(page, action, d["steps"][action])
        assert clicks <= 3, f"{action} took {clicks} clicks"
        played += 1
        assert played < LONGEST, "the game did not end"
        if played == MIDDLE:
            turn_comes(page)
            pictures(page, game, "middle")
        d = turn_comes(page)
    assert played > MIDDLE, f"a game of {played} moves shows too little"
    print(f"{game}: {played} moves by clicks")
    page.wait_for_selector("#outcome")
    pictures(page, game, "end")
