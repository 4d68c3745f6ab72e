"""The HQ's action points (GM-18, GM-21, GM-108, A-3), the pitched battle's set-up (GM-10 to
GM-12, GM-107, A-20, A-21, EX-3, EX-21), the equipment tokens' weapons and flipping tokens
(GM-54, GM-55, GM-76, A-23, EX-14, EX-16)."""

from __future__ import annotations

import pytest

from wartable.core.rng import Rng
from wartable.games.tactics2gm import content
from wartable.games.tactics2gm.model import Piece, flips, weapons
from wartable.games.tactics2gm.rules import tokens
from wartable.games.tactics2gm.rules.field import GRID
from wartable.games.tactics2gm.rules.hq import end_of_turn, hq_phase
from wartable.games.tactics2gm.rules.setup import (
    bid_winner,
    extensive,
    features,
    lay_tiles,
    terrain_problems,
)

LIB = content.load()
HQ = LIB.hq  # income 2, cap 10 (house)


def sq(label):
    return GRID.parse(label)


def test_a3_the_hqs_income_stops_at_the_cap_and_the_supply_line_does_not():
    assert hq_phase(5, HQ, destroyed=False, supply=2, command=0) == 5 + HQ.income + 2
    assert hq_phase(9, HQ, destroyed=False, supply=2, command=1) == 10 + 2 + 1
    assert hq_phase(12, HQ, destroyed=False, supply=0, command=0) == 12  # never taken away
    assert end_of_turn(13, HQ, destroyed=False) == 10


def test_gm21_a_destroyed_hq_pays_nothing_and_keeps_nothing():
    assert hq_phase(0, HQ, destroyed=True, supply=2, command=2) == 4
    assert end_of_turn(4, HQ, destroyed=True) == 0


def test_gm108_a_novices_point_is_income():
    assert hq_phase(5, HQ, destroyed=False, supply=1, command=0, bonus=1) == 5 + (HQ.income + 1) + 1


def test_ex3_the_bid_decides_who_picks_and_what_terrain_each_may_buy():
    dice = iter([4, 5])  # A rolls 4, B rolls 5
    winner, rounds = bid_winner({"allies": 3, "axis": 1}, lambda: next(dice))
    assert winner == "allies" and rounds == [{"allies": 7, "axis": 6}]
    ground = ["."] * 48
    house = {sq("C2"): "house"}
    assert terrain_problems(LIB, "allies", 3, house, ground, set()) == []
    pair = {sq("C2"): "barrier", sq("D3"): "trench"}
    assert terrain_problems(LIB, "allies", 3, pair, ground, set()) == []
    both = {**house, sq("E2"): "trench"}
    assert any(
        "more than the 3 AP" in p for p in terrain_problems(LIB, "allies", 3, both, ground, set())
    )


def test_gm11_a_tied_bid_is_rolled_again_with_the_same_spends():
    dice = iter([6, 7, 2, 9])
    winner, rounds = bid_winner({"allies": 2, "axis": 1}, lambda: next(dice))
    assert rounds == [{"allies": 8, "axis": 8}, {"allies": 4, "axis": 10}]
    assert winner == "axis"


def test_a20_bid_terrain_goes_on_lines_two_and_three_once_a_square_never_on_water():
    ground = ["."] * 48
    ground[GRID.index(sq("F3"))] = "L"
    wrong = {sq("A1"): "wall", sq("B4"): "wall", sq("F3"): "wall", sq("G2"): "wall"}
    found = terrain_problems(LIB, "allies", 20, wrong, ground, {sq("G2")})
    assert found == [
        "A1 is on your line 1: terrain goes on lines 2-3",
        "B4 is on your line 4: terrain goes on lines 2-3",
        "F3 cannot be entered: no terrain goes there (A-20)",
        "G2 holds a terrain card already: one a square (A-20)",
    ]
    assert (
        terrain_problems(LIB, "axis", 20, {sq("B5"): "wall", sq("B4"): "wall"}, ground, set()) == []
    )


def test_gm10_twelve_dry_tiles_at_random_the_same_for_the_same_seed():
    a, b = lay_tiles(LIB.tiles, Rng(4)), lay_tiles(LIB.tiles, Rng(4))
    assert a == b and len(a) == 12 and len({p.tile for p in a}) == 12
    assert not any(LIB.tiles[p.tile].water for p in a)
    assert lay_tiles(LIB.tiles, Rng(5)) != a
    letters = features(LIB.tiles, a)
    assert len(letters) == 48 and not {"R", "S"} & set(letters)
    first = LIB.tiles[a[0].tile].faces[a[0].face]
    corner = first[1][1] if a[0].turned else first[0][0]
    assert letters[GRID.index(sq("A1"))] == corner


def test_ex14_a_flip_weapon_fires_every_other_turn():
    mg = tokens.use("ready", flips=True)  # own turn N: the Sherman fires its MG
    mg = tokens.flip_phase(mg)  # the same turn's Flip phase leaves it disabled
    assert mg == "used"
    mg = tokens.end_of_turn(mg)
    assert mg == "disabled"  # turn N+1's Fire phase: not offered
    with pytest.raises(ValueError, match="GM-52"):
        tokens.use(mg, flips=True)
    mg = tokens.flip_phase(mg)  # turn N+1's Flip phase
    assert mg == "ready"  # turn N+2: offered again


def test_ex16_grenades_never_flip():
    g = tokens.use("ready", flips=False)
    assert g == "ready" and tokens.use(tokens.end_of_turn(g), flips=False) == "ready"


def test_gm76_a_token_brings_its_weapon_vehicle_guns_and_rockets_flip_grenades_do_not():
    """GM-76: a unit equipped with a token carries the token's weapon profile; the vehicle
    machine gun, heavy machine gun and rocket launcher are flip tokens, grenades are not."""
    sherman = Piece("m4_sherman-1", "m4_sherman", 0, sq("D1"), 0, options=("mg1", "mg2", "mrl"))
    wolverine = Piece("usa_wolverine-1", "usa_wolverine", 0, sq("E1"), 0, options=("mg1",))
    squad = Piece("light_infantry-1", "light_infantry", 0, sq("F1"), 0, options=("grenades",))
    arms = weapons(LIB, sherman)
    assert list(arms) == ["w1", "mg1", "mg2", "mrl"]  # the card's gun, then its tokens
    assert arms["mg1"] == arms["mg2"] == LIB.tokens["tank_mg"].weapon
    assert arms["mrl"] == LIB.tokens["mrl"].weapon
    assert weapons(LIB, wolverine)["mg1"] == LIB.tokens["tank_hmg"].weapon
    assert weapons(LIB, squad)["grenades"] == LIB.tokens["grenades"].weapon
    assert [flips(LIB, sherman, k) for k in arms] == [False, True, True, True]
    assert flips(LIB, wolverine, "mg1") and not flips(LIB, squad, "grenades")


def test_ex21_extensive_terrain_covers_a_neighbour_or_two_for_one_ap_more():
    trench = LIB.terrain["trench"]
    squares, cost = extensive(LIB, "trench", sq("C1"), left=True, right=True)
    assert squares == [sq("B1"), sq("C1"), sq("D1")] and cost == trench.cost + 1
    squares, cost = extensive(LIB, "trench", sq("C2"), right=True)
    assert squares == [sq("C2"), sq("D2")] and cost == trench.cost + 1
    assert extensive(LIB, "trench", sq("C2")) == ([sq("C2")], trench.cost)
    with pytest.raises(ValueError, match="GM-107"):
        extensive(LIB, "house", sq("C2"), left=True)
    with pytest.raises(ValueError, match="no square on that side"):
        extensive(LIB, "wall", sq("A2"), left=True)
