"""The web page's board and the rules agree on which tiles touch (issue 44).

page.js draws each tile as a rectangle whose top-left corner stands ``col - row / 2`` tile
widths across and ``row`` tile heights down, from the view's ``at`` = ``[col, row]``; measured
in those units every tile is a unit square. ``drawn_tops`` below mirrors that sum (page.js:
``across`` and ``layout``); keep the two in step. Two tiles touch on the page when they share
a stretch of edge; a bare corner is no contact. Those contacts must be exactly the rules'
adjacency (geometry/tilegraph.py), for every scenario and for any map of one's own.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st_

from tests.games.undaunted.helpers import game
from wartable.geometry.tilegraph import TileGraph

SCENARIOS = [s.id for s in game().scenarios()]


def raw_tops(tiles: list[dict]) -> dict[str, tuple[Fraction, Fraction]]:
    """Each tile's top-left corner in tile widths and heights before the page turns the
    board to its player: ``col - row / 2`` across, ``row`` down (page.js: ``across``)."""

    def across(t: dict) -> Fraction:
        return t["at"][0] - Fraction(t["at"][1], 2)

    x0 = min(across(t) for t in tiles)
    y0 = min(t["at"][1] for t in tiles)
    return {t["id"]: (across(t) - x0, Fraction(t["at"][1] - y0)) for t in tiles}


def drawn_tops(tiles: list[dict], seat: str | None = "us") -> dict[str, tuple[Fraction, Fraction]]:
    """As page.js places them for ``seat`` (``layout``): the US and a spectator see the rows
    turned over, Germany the board mirrored left to right, each its own side at the bottom."""
    raw = raw_tops(tiles)
    right = max(x for x, _ in raw.values())
    low = max(y for _, y in raw.values())
    if seat == "germany":
        return {t: (right - x, y) for t, (x, y) in raw.items()}
    return {t: (x, low - y) for t, (x, y) in raw.items()}


def shared_edge(a: tuple[Fraction, Fraction], b: tuple[Fraction, Fraction]) -> Fraction:
    """How long a stretch of edge two unit squares share (0 when apart or meeting at a corner)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    assert dx >= 1 or dy >= 1, f"squares at {a} and {b} overlap"
    if dx == 1 and dy < 1:
        return 1 - dy
    if dy == 1 and dx < 1:
        return 1 - dx
    return Fraction(0)


def drawn_contacts(tiles: list[dict], seat: str | None = "us") -> set[frozenset[str]]:
    tops = drawn_tops(tiles, seat)
    ids = list(tops)
    return {
        frozenset((a, b))
        for k, a in enumerate(ids)
        for b in ids[k + 1 :]
        if shared_edge(tops[a], tops[b]) > 0
    }


def rules_contacts(graph: TileGraph) -> set[frozenset[str]]:
    return {
        frozenset((graph.ids[i], graph.ids[j]))
        for i, near in enumerate(graph.neighbours)
        for j in near
    }


@pytest.mark.parametrize("seat", ["us", "germany", None])
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_tiles_drawn_touching_are_the_rules_neighbours(scenario, seat):
    st = game().new_game(scenario, seed=0)
    tiles = st.view(seat)["tiles"]  # what page.js reads
    assert drawn_contacts(tiles, seat) == rules_contacts(st.sc.graph)


def test_each_player_sees_its_own_side_at_the_bottom():
    """La Raye: the US come on at 17B, Germany at 5B; each sees its own entry below the
    other's, as in the terminal."""
    tiles = game().new_game("la-raye", seed=0).view(None)["tiles"]
    us, germany = drawn_tops(tiles, "us"), drawn_tops(tiles, "germany")
    assert us["17B"][1] > us["5B"][1] and germany["5B"][1] > germany["17B"][1]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_page_places_tiles_where_the_game_says(scenario):
    """page.js's sum agrees with ``Undaunted.places`` (the pictures of where things happen)."""
    st = game().new_game(scenario, seed=0)
    tops = raw_tops(st.view(None)["tiles"])
    places = game().places(scenario)
    x0 = min(x for x, _ in places.values())
    y0 = min(y for _, y in places.values())
    assert {t: (float(x), float(y)) for t, (x, y) in tops.items()} == {
        t: (x - x0, y - y0) for t, (x, y) in places.items()
    }


def test_17b_touches_12b_and_not_16b_on_la_raye():
    """The case of the issue: from 17B a scout reaches 12B, and 16B lies two tiles away."""
    tops = drawn_tops(game().new_game("la-raye", seed=0).view("us")["tiles"])
    assert shared_edge(tops["17B"], tops["12B"]) == Fraction(1, 2)
    assert shared_edge(tops["17B"], tops["16B"]) == 0


@given(
    st_.sets(
        st_.tuples(st_.integers(-4, 4), st_.integers(-4, 4)),
        min_size=1,
        max_size=30,
    )
)
def test_any_map_with_gaps_is_drawn_with_the_rules_contacts(cells):
    """Not only the shipped scenarios: a scenario of one's own, gaps and all, draws right too."""
    coords = {f"t{k}": c for k, c in enumerate(sorted(cells))}
    tiles = [{"id": t, "at": list(c)} for t, c in coords.items()]
    assert drawn_contacts(tiles) == rules_contacts(TileGraph(coords))
