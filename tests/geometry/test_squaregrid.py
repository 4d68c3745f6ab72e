"""The square grid of Día de Honor and 2GM Tactics: 8 neighbours and Chebyshev distance, or
orthogonal steps and Manhattan distance; lines between centres."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartable.geometry.squaregrid import SquareGrid, apart, chebyshev, line, manhattan

squares = st.tuples(st.integers(-15, 15), st.integers(-15, 15))


def test_a_diagonal_step_counts_as_one():
    assert chebyshev((0, 0), (3, 3)) == 3
    assert chebyshev((0, 0), (4, -2)) == 4


def test_a_straight_line_crosses_each_square_between():
    assert line((0, 0), (0, 3)) == [(0, 0), (0, 1), (0, 2), (0, 3)]


def test_a_diagonal_line_passes_the_corners_without_crossing_the_squares_beside_them():
    assert line((0, 0), (2, 2)) == [(0, 0), (1, 1), (2, 2)]


def test_a_knights_line_crosses_the_two_squares_it_passes_through():
    assert line((0, 0), (1, 2)) == [(0, 0), (0, 1), (1, 1), (1, 2)]


@given(squares, squares)
def test_lines_step_to_a_neighbour_each_time_and_end_where_asked(a, b):
    steps = line(a, b)
    assert steps[0] == a and steps[-1] == b
    assert all(chebyshev(p, q) == 1 for p, q in itertools.pairwise(steps))
    assert len(steps) >= chebyshev(a, b) + 1


@given(squares, squares)
def test_lines_are_the_same_both_ways(a, b):
    assert line(a, b) == line(b, a)[::-1]


def test_labels_read_like_a_chess_board_and_parse_back():
    grid = SquareGrid(8, 10)
    assert grid.label((0, 0)) == "A1" and grid.label((7, 9)) == "H10"
    assert all(grid.parse(grid.label(sq)) == sq for sq in grid.squares)
    assert len(list(grid.neighbours((0, 0)))) == 3 and len(list(grid.neighbours((3, 3)))) == 8
    with pytest.raises(ValueError, match="off the map"):
        grid.parse("I1")
    with pytest.raises(ValueError, match="not a square"):
        grid.parse("7C")


def test_without_diagonal_steps_a_diagonal_neighbour_is_two_away():
    assert manhattan((3, 3), (4, 4)) == 2
    assert manhattan((0, 0), (0, 5)) == 5
    grid = SquareGrid(8, 6)
    assert sorted(grid.orthogonal((0, 0))) == [(0, 1), (1, 0)]
    assert sorted(grid.orthogonal((3, 2))) == [(2, 2), (3, 1), (3, 3), (4, 2)]


@given(st.tuples(st.integers(0, 7), st.integers(0, 5)))
def test_orthogonal_neighbours_are_one_step_away(sq):
    grid = SquareGrid(8, 6)
    for n in grid.orthogonal(sq):
        assert manhattan(sq, n) == 1
        assert n in set(grid.neighbours(sq))


@given(st.tuples(st.integers(-2, 25), st.integers(-2, 30)))
def test_labels_from_the_table_are_those_written_out(sq):
    """Labels are made once a grid (issue 47): the same text as writing them out, on the
    grid and off it; membership the same as its definition."""
    grid = SquareGrid(8, 10)
    if sq[0] >= 0:
        assert grid.label(sq) == f"{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[sq[0]]}{sq[1] + 1}"
    assert (sq in grid) == (0 <= sq[0] < 8 and 0 <= sq[1] < 10)
    assert (1.0, 2) not in grid and (1, 2, 3) not in grid and "A1" not in grid
    if sq in grid:  # read back from the table, or written otherwise through the long way
        assert grid.parse(grid.label(sq)) == sq == grid.parse(f" {grid.label(sq).lower()} ")


@pytest.mark.parametrize(("columns", "rows"), [(1, 1), (3, 5), (7, 2), (16, 20)])
def test_the_table_of_distances_is_chebyshev_between_every_pair_in_index_order(columns, rows):
    grid = SquareGrid(columns, rows)
    table = apart(columns, rows)
    assert len(table) == len(grid.squares) ** 2
    for a, b in itertools.product(grid.squares, repeat=2):
        assert table[grid.index(a) * len(grid.squares) + grid.index(b)] == chebyshev(a, b)
