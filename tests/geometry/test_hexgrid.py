"""Hex geometry: fixed vectors from the Combat! map data and rulebook, plus properties."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartable.geometry.hexgrid import (
    CUBE_DIRECTIONS,
    HexGrid,
    cube_distance,
    cube_line,
    cube_round,
    line_steps,
)

FARMHOUSE = HexGrid((1, 35), (0, 19), (0, 18), "even-q")
DIAGONALS = {(2, -1, -1), (-2, 1, 1), (-1, 2, -1), (1, -2, 1), (-1, -1, 2), (1, 1, -2)}


def labels(steps):
    return [FARMHOUSE.labels(s) for s in steps]


def test_map_size_and_labels():
    assert len(FARMHOUSE) == 18 * 20 + 17 * 19  # odd columns 0-19, even columns 0-18
    assert FARMHOUSE.parse("20.07") == (20, 7)
    assert FARMHOUSE.label((3, 9)) == "03.09"
    for bad in ("20-07", "x.y", "22.19", "36.01"):
        with pytest.raises(ValueError):
            FARMHOUSE.parse(bad)


def test_neighbours_follow_the_even_q_layout():
    # odd column: neighbouring columns at row-1 and row; even column: at row and row+1
    assert set(FARMHOUSE.labels(FARMHOUSE.neighbours((21, 7)))) == {
        "21.06",
        "21.08",
        "20.06",
        "20.07",
        "22.06",
        "22.07",
    }
    assert set(FARMHOUSE.labels(FARMHOUSE.neighbours((20, 7)))) == {
        "20.06",
        "20.08",
        "19.07",
        "19.08",
        "21.07",
        "21.08",
    }
    assert set(FARMHOUSE.labels(FARMHOUSE.neighbours((1, 0)))) == {"01.01", "02.00"}


def test_distances():
    assert FARMHOUSE.distance((27, 8), (27, 8)) == 0
    assert FARMHOUSE.distance((27, 8), (21, 12)) == 7
    assert FARMHOUSE.distance((1, 0), (35, 0)) == 34
    assert FARMHOUSE.distance((12, 10), (15, 9)) == 3


def test_a_line_may_clip_the_corner_of_an_extra_hex():
    steps = cube_line((0, 0, 0), (1, 3, -4))
    assert len(steps) == 6 and cube_distance((0, 0, 0), (1, 3, -4)) == 4
    clipped = [s for s in steps if s.hexes == ((1, 1, -2),)]
    assert clipped, "the line crosses a corner of (1, 1, -2)"


def test_rulebook_los_example_path_to_f_crosses_22_11_and_23_11():
    path = [s[0] for s in labels(FARMHOUSE.line((27, 8), (21, 12)))]
    assert path[0] == "27.08" and path[-1] == "21.12"
    assert "22.11" in path and "23.11" in path


def test_a_line_along_a_hexside_reports_both_hexes():
    steps = labels(FARMHOUSE.line((1, 1), (3, 1)))
    assert steps == [["01.01"], ["02.00", "02.01"], ["03.01"]] or steps == [
        ["01.01"],
        ["02.01", "02.00"],
        ["03.01"],
    ]
    assert len(FARMHOUSE.line((1, 1), (3, 1))[1]) == 2


def test_odd_q_layout_round_trips():
    g = HexGrid((0, 9), (0, 9), (0, 9), "odd-q")
    for h in g.cells:
        assert g.to_offset(g.to_cube(h)) == h
    assert set(g.neighbours((1, 1))) == {(1, 0), (1, 2), (0, 1), (0, 2), (2, 1), (2, 2)}


cubes = st.tuples(st.integers(-12, 12), st.integers(-12, 12)).map(
    lambda p: (p[0], p[1], -p[0] - p[1])
)


@given(cubes, cubes)
def test_distance_symmetric(a, b):
    assert cube_distance(a, b) == cube_distance(b, a)


@given(cubes, cubes, cubes)
def test_distance_triangle_inequality(a, b, c):
    assert cube_distance(a, c) <= cube_distance(a, b) + cube_distance(b, c)


@given(cubes)
def test_offset_round_trip(c):
    assert FARMHOUSE.to_cube(FARMHOUSE.to_offset(c)) == c


@settings(max_examples=300)
@given(cubes, cubes)
def test_lines_run_from_end_to_end_through_adjacent_hexes(a, b):
    steps = cube_line(a, b)
    assert steps[0].hexes == (a,) and steps[-1].hexes == (b,)
    assert [s.enter for s in steps] == sorted(s.enter for s in steps)
    assert all(Fraction(0) <= s.enter <= 1 for s in steps)
    flat = [h for s in steps for h in s.hexes]
    assert len(flat) == len(set(flat)), "no hex twice"
    for s, t in itertools.pairwise(steps):
        assert all(any(cube_distance(h, k) == 1 for k in t.hexes) for h in s.hexes)
    # the exact line holds every hex the usual lerp-and-round sampling finds (ties aside),
    # and may clip the corners of a few more
    assert len(steps) >= cube_distance(a, b) + 1
    n = cube_distance(a, b)
    for i in range(n + 1):
        t = Fraction(i, n) if n else Fraction(0)
        point = tuple(p + t * (q - p) for p, q in zip(a, b, strict=True))
        assert set(cube_round(*point)) & set(flat)


@settings(max_examples=300)
@given(cubes, cubes)
def test_lines_are_symmetric(a, b):
    forward = [set(s.hexes) for s in cube_line(a, b)]
    backward = [set(s.hexes) for s in cube_line(b, a)]
    assert forward == backward[::-1]


@settings(max_examples=300)
@given(cubes, cubes)
def test_hexsides_appear_exactly_on_the_diagonals(a, b):
    """A line runs along hexsides only in the six directions between two neighbours."""
    d = (b[0] - a[0], b[1] - a[1], b[2] - a[2])
    along = any(s.is_hexside for s in cube_line(a, b))
    n = cube_distance(a, b)
    m = n // 2  # a diagonal step (2, -1, -1) spans two hexes of distance
    on_diagonal = (
        n > 0 and n % 2 == 0 and any(tuple(m * x for x in base) == d for base in DIAGONALS)
    )
    assert along == on_diagonal


@given(cubes, cubes)
def test_grid_lines_are_translations_of_one_table(a, b):
    g = HexGrid((-30, 30), (-30, 30), (-30, 30), "even-q")
    oa, ob = g.to_offset(a), g.to_offset(b)
    direct = [tuple(sorted(g.to_offset(h) for h in s.hexes)) for s in cube_line(a, b)]
    cached = [tuple(sorted(s)) for s in g.line(oa, ob)]
    assert cached == direct


def test_neighbour_directions_are_unit_steps():
    assert all(cube_distance((0, 0, 0), d) == 1 for d in CUBE_DIRECTIONS)


@given(cubes)
def test_remembered_lines_by_symmetry_are_the_exact_lines(d):
    """line_steps derives most lines from one of twelve symmetric ones: it must agree with
    the exact traversal for every displacement."""
    assert line_steps(d) == tuple(s.hexes for s in cube_line((0, 0, 0), d))
