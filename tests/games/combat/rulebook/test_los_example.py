"""The line-of-sight example of rules 12.0/12.1: Soldat Berger on a level-3 hex at 27.08.

The rulebook's map is not in our data, so a constructed map gives the example's geometry: the
obstacle hexes it names, with heights that make each of its statements true, and target hexes
whose lines pass through those obstacles (the line to C runs along the 22.07/22.08 hexside,
just as the example writes it).
"""

from __future__ import annotations

import pytest

from tests.games.combat.helpers import board
from wartable.games.combat.los import line_of_sight

TREES = ["24.07", "25.07", "24.09", "26.09", "28.09"]
LEVELS = {
    3: ["27.08"],
    2: ["28.07"],
    1: ["25.07", "26.09", "28.09", "22.07", "22.08", "21.08", "22.11", "23.11", "21.12", "29.07"],
}


def sight(target: str, terrain=None, levels=None):
    b = board({"trees": TREES, **(terrain or {})}, levels or LEVELS)
    return line_of_sight(b, b.parse("27.08"), b.parse(target))


@pytest.mark.parametrize(
    ("name", "target", "visible", "blocker"),
    [
        ("A: the tree hex 3 away makes no blind hex, 2 levels lower", "23.07", True, ()),
        ("A: 23.06 is seen too", "23.06", True, ()),
        ("B: 25.07 makes one blind hex", "24.06", False, ("25.07",)),
        ("C: 22.07/22.08 hide only lower hexes", "21.08", True, ()),
        ("D: a continuous slope", "29.07", True, ()),
        ("E: 24.09 is 2 levels lower: no blind hex", "23.10", True, ()),
        ("F: 22.11 and 23.11 are as high as 21.12", "21.12", True, ()),
        ("G: 26.09 makes a blind hex, only 1 level lower", "25.10", False, ("26.09",)),
        ("H: nothing in the way", "30.08", True, ()),
        ("I: 28.09 makes a blind hex", "28.10", False, ("28.09",)),
    ],
)
def test_rulebook_los_example(name, target, visible, blocker):
    s = sight(target)
    assert s.visible is visible, f"{name}: {s.reason}"
    assert s.blocker == blocker
    if not visible:
        assert "blind hex" in s.reason and s.rule == "12.1"


def test_the_line_to_c_runs_along_the_22_07_22_08_hexside():
    assert ("22.08", "22.07") in sight("21.08").path


def test_without_two_levels_of_advantage_a_would_be_blind():
    levels = {**LEVELS, 1: [*LEVELS[1], "24.07"]}  # the trees of 24.07 on a level-1 rise
    s = sight("23.07", levels=levels)
    assert not s.visible and s.blocker == ("24.07",)


def test_without_the_continuous_slope_d_would_be_blind():
    s = sight("29.07", terrain={"trees": [*TREES, "28.07"]})
    assert not s.visible  # trees on 28.07 break the slope and stand level with Berger
    s = sight("29.07", levels={**LEVELS, 2: [], 1: [*LEVELS[1], "28.07"], 0: []})
    assert s.visible  # 3 -> 1 -> 1 still falls away from Berger first
