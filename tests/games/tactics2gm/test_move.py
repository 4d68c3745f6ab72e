"""Movement (GM-29, GM-30, GM-57, GM-91, GM-97) and the rulebook's examples EX-5 and EX-20."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wartable.games.tactics2gm.rules.field import GRID, steps
from wartable.games.tactics2gm.rules.move import Way, assaults, reach


def sq(label):
    return GRID.parse(label)


def ground(**marks):
    """A footing function: every square normal but those named (label=kind)."""
    kinds = {sq(k): v for k, v in marks.items()}
    return lambda s: kinds.get(s, "normal")


OPEN = ground()


def test_gm29_orthogonal_steps_only_all_or_part_of_the_move():
    got = reach(Way(sq("D3"), 2, OPEN))
    assert sq("D5") in got and sq("E4") in got and got[sq("E4")] == 2
    assert sq("E5") not in got  # 3 steps without diagonals
    assert sq("D4") in got  # part of the move
    assert all(steps(sq("D3"), s) <= 2 for s in got)


def test_ex5_through_friends_never_through_enemies():
    # a transport (movement 3) passes the friendly infantry in front of it
    got = reach(Way(sq("C1"), 3, OPEN), friends=[sq("C2")])
    assert sq("C3") in got and sq("C2") not in got  # through, but not ending there
    # an enemy on the only path closes it
    lane = ground(B2="impassable", D2="impassable")
    got = reach(Way(sq("C1"), 3, lane, enemies=[sq("C2")]))
    assert sq("C3") not in got and sq("C2") not in got


def test_ex20_difficult_ground_ends_the_move_then_allows_one_square():
    forest = ground(D3="difficult", D4="difficult")
    first = reach(Way(sq("D1"), 2, forest))
    assert first[sq("D3")] == 2  # the second step enters the forest
    assert sq("D4") not in first  # and the move ends there
    second = reach(Way(sq("D3"), 2, forest))
    assert set(second) == {sq("D2"), sq("D4"), sq("C3"), sq("E3")}  # one square, any way
    assert all(n == 1 for n in second.values())


def test_gm57_impassable_ground_is_never_entered():
    lake = ground(D2="impassable")
    assert sq("D2") not in reach(Way(sq("D1"), 4, lake))
    assert sq("D3") not in reach(Way(sq("D1"), 3, lake))  # two steps, but not straight on
    assert reach(Way(sq("D1"), 4, lake))[sq("D3")] == 4  # around it: C1 C2 C3 D3


def test_gm91_recon_and_gm97_sappers_make_difficult_ground_normal():
    forest = ground(D2="difficult", D3="difficult")
    assert sq("D4") not in reach(Way(sq("D1"), 3, forest))
    assert sq("D4") in reach(Way(sq("D1"), 3, forest, recon=True))
    assert sq("D4") in reach(Way(sq("D1"), 3, forest, eased=[sq("D2"), sq("D3")]))


def test_gm32_an_assault_steps_in_from_a_square_passed_with_a_point_to_spare():
    enemies = [sq("D3"), sq("F1"), sq("B2")]
    way = Way(sq("D1"), 2, OPEN, enemies)
    assert assaults(way) == {sq("D3"), sq("F1")}  # B2 is three steps: C1, B1 (or C2), in
    forest = Way(sq("D1"), 2, ground(C1="difficult"), [sq("B1")])
    assert assaults(forest) == set()  # C1 ends the move: nothing is passed beyond it
    assert assaults(Way(sq("D1"), 1, forest.footing, [sq("C1")])) == {sq("C1")}


@given(
    st.tuples(st.integers(0, 7), st.integers(0, 5)),
    st.integers(0, 4),
    st.sets(st.tuples(st.integers(0, 7), st.integers(0, 5)), max_size=10),
    st.sets(st.tuples(st.integers(0, 7), st.integers(0, 5)), max_size=6),
)
def test_moves_stay_in_range_and_off_occupied_squares(start, points, difficult, enemies):
    enemies.discard(start)
    footing = lambda s: "difficult" if s in difficult else "normal"  # noqa: E731
    got = reach(Way(start, points, footing, enemies))
    for square, n in got.items():
        assert square in GRID and square not in enemies and square != start
        assert steps(start, square) <= n <= points
        if start in difficult:
            assert n == 1
