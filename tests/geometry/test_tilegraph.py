"""Tile maps in offset rows: fixed vectors from La Raye plus hypothesis properties."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from wartable.geometry.tilegraph import AXIAL_STEPS, UNREACHABLE, TileGraph, axial_distance

SHARED = Path(__file__).resolve().parents[3] / "shared" / "content" / "undaunted"
LA_RAYE = {
    "2B": (0, 0),
    "17B": (1, 0),
    "7A": (2, 0),
    "16B": (0, 1),
    "13B": (1, 1),
    "12B": (2, 1),
    "4B": (3, 1),
    "6A": (0, 2),
    "3B": (1, 2),
    "8A": (2, 2),
    "5B": (3, 2),
    "11B": (3, 3),
}
# La Raye's adjacency as published (independently of the coordinates)
LA_RAYE_ADJACENT = {
    "2B": {"13B", "16B", "17B"},
    "3B": {"6A", "8A", "13B", "16B"},
    "4B": {"5B", "7A", "12B"},
    "5B": {"4B", "8A", "11B", "12B"},
    "6A": {"16B", "3B"},
    "7A": {"12B", "17B", "4B"},
    "8A": {"11B", "12B", "13B", "3B", "5B"},
    "11B": {"5B", "8A"},
    "12B": {"13B", "17B", "4B", "5B", "7A", "8A"},
    "13B": {"12B", "16B", "17B", "2B", "3B", "8A"},
    "16B": {"13B", "2B", "3B", "6A"},
    "17B": {"12B", "13B", "2B", "7A"},
}


def test_la_raye_adjacency_matches_the_published_one():
    g = TileGraph(LA_RAYE)
    for tile, expected in LA_RAYE_ADJACENT.items():
        got = {g.ids[j] for j in g.neighbours[g.index[tile]]}
        assert got == expected, tile


@pytest.mark.skipif(not SHARED.exists(), reason="shared content not beside the checkout")
def test_la_raye_adjacency_matches_the_shared_content_file():
    data = yaml.safe_load((SHARED / "scenario_01_la_raye.yaml").read_text())
    g = TileGraph({t: tuple(v["coord"]) for t, v in data["tiles"].items()})
    for tile, expected in data["adjacency"].items():
        assert {g.ids[j] for j in g.neighbours[g.index[tile]]} == set(expected)


def test_la_raye_distances():
    g = TileGraph(LA_RAYE)
    assert g.steps("17B", "17B") == 0
    assert g.steps("17B", "13B") == 1
    assert g.steps("17B", "5B") == 2  # 17B-12B-5B
    assert g.steps("2B", "11B") == 3  # 2B-13B-8A-11B
    assert g.steps("6A", "4B") == 4  # 6A-3B-8A-12B-4B: rows lean, so this is no diagonal


def test_gaps_are_walked_around():
    # a U shape: (0,0)-(1,0)-(2,0) and (0,2)-(1,2)-(2,2) joined only through (2,1)
    g = TileGraph(
        {"a": (0, 0), "b": (1, 0), "c": (2, 0), "d": (2, 1), "e": (2, 2), "f": (1, 2), "g": (0, 2)}
    )
    assert axial_distance((0, 0), (0, 2)) == 2
    assert g.steps("a", "g") == 5  # a-b-d-e-f-g (b touches d across the row offset)
    assert g.is_connected()


def test_disconnected_tiles_are_unreachable():
    g = TileGraph({"a": (0, 0), "b": (5, 5)})
    assert g.steps("a", "b") == UNREACHABLE
    assert not g.is_connected()


def test_two_tiles_on_one_position_are_refused():
    with pytest.raises(ValueError, match="share position"):
        TileGraph({"a": (0, 0), "b": (0, 0)})


coords = st.tuples(st.integers(-6, 6), st.integers(-6, 6))


@given(coords, coords)
def test_axial_distance_is_symmetric_and_zero_only_on_itself(a, b):
    assert axial_distance(a, b) == axial_distance(b, a)
    assert (axial_distance(a, b) == 0) == (a == b)


@given(coords, coords, coords)
def test_axial_distance_triangle_inequality(a, b, c):
    assert axial_distance(a, c) <= axial_distance(a, b) + axial_distance(b, c)


@given(coords)
def test_each_step_is_distance_one(a):
    for dc, dr in AXIAL_STEPS:
        assert axial_distance(a, (a[0] + dc, a[1] + dr)) == 1


@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_on_full_maps_walking_distance_equals_axial_distance(cols, rows, data):
    tiles = {f"{c},{r}": (c, r) for c in range(cols) for r in range(rows)}
    g = TileGraph(tiles)
    a = data.draw(st.sampled_from(sorted(tiles)))
    b = data.draw(st.sampled_from(sorted(tiles)))
    assert g.steps(a, b) == axial_distance(tiles[a], tiles[b])
    assert g.steps(a, b) == g.steps(b, a)


@given(st.sets(coords, min_size=1, max_size=20))
def test_adjacency_is_symmetric_and_has_at_most_six_neighbours(cells):
    g = TileGraph({f"{c}": c for c in cells})
    for i, ns in enumerate(g.neighbours):
        assert len(ns) <= 6
        assert all(i in g.neighbours[j] for j in ns)
