"""The battlefield's geometry: lines counted from each side's edge, the HQ's distance, ranges
in orthogonal steps, the supply line and command groups (GM-16, GM-19, GM-20, GM-43, EX-4,
EX-12)."""

from __future__ import annotations

from wartable.games.tactics2gm.rules.field import (
    GRID,
    NARROW,
    WIDE,
    command_ap,
    hq_distance,
    line,
    steps,
    supply_line,
)


def sq(label):
    return GRID.parse(label)


def test_the_board_is_eight_by_six_and_each_side_counts_lines_from_its_edge():
    assert (GRID.columns, GRID.rows) == (8, 6)
    assert line("allies", sq("C1")) == 1 and line("axis", sq("C1")) == 6
    assert line("axis", sq("F6")) == 1 and line("allies", sq("F6")) == 6
    assert [GRID.label(s) for s in NARROW.deployment_line("axis")] == [f"{c}6" for c in "ABCDEFGH"]


def test_gm16_the_hq_is_one_from_the_two_central_squares_of_its_line():
    assert hq_distance("allies", sq("D1")) == hq_distance("allies", sq("E1")) == 1
    assert hq_distance("allies", sq("A1")) == 4
    assert hq_distance("allies", sq("E3")) == 3
    assert hq_distance("axis", sq("D6")) == 1 and hq_distance("axis", sq("H4")) == 6


def test_ex12_ranges_count_orthogonal_steps():
    firer = sq("C3")
    assert steps(firer, sq("C5")) == 2  # the rifle (range 2) reaches
    assert steps(firer, sq("D4")) == 2  # a diagonal neighbour is 2 away
    assert steps(firer, sq("C6")) == 3  # beyond the rifle
    assert steps(firer, sq("C4")) == 1  # the grenades (range 1) reach only here


def test_ex4_units_beyond_an_empty_line_supply_nothing():
    units = [sq("B1"), sq("C2"), sq("F4")]  # lines 1 and 2, none on 3, a transport on 4
    assert supply_line("allies", units) == 2
    assert supply_line("allies", [sq("B2")]) == 0  # no unit on the first line
    assert supply_line("axis", [sq("A6"), sq("A5"), sq("H4"), sq("A3")]) == 4


def test_gm20_command_groups_pay_by_their_line():
    assert [command_ap("allies", sq(f"D{r}")) for r in range(1, 7)] == [1, 2, 3, 3, 3, 3]
    assert command_ap("axis", sq("D5")) == 2


def test_gm105_two_fields_side_by_side_each_with_its_hqs_at_its_middle():
    wide = WIDE.grid
    assert (wide.columns, wide.rows) == (16, 6) and NARROW.grid is GRID
    assert [wide.label(s) for s in WIDE.deployment_line("allies")] == [
        f"{c}1" for c in "ABCDEFGHIJKLMNOP"
    ]
    assert (
        hq_distance("allies", wide.parse("L1"), 1)
        == hq_distance("allies", wide.parse("M1"), 1)
        == 1
    )
    assert hq_distance("axis", wide.parse("J5"), 1) == 1 + 2 + 1  # two columns out, line 2
    assert hq_distance("allies", wide.parse("L1"), 0) == 1 + 7  # the first field's HQ, D1-E1
    assert [WIDE.copy_of(wide.parse(x)) for x in ("A1", "H6", "I1", "P6")] == [0, 0, 1, 1]
