"""2GM Tactics' scenarios (GM-4, GM-61, GM-97, GM-100, A-22): a fixed field, a year limit
and a points limit for the decks, a river crossed at its bridge or by sappers, and an
objective that decides the battle instead of the HQs. The rulings are in
docs/games/tactics2gm.md."""

from __future__ import annotations

import pytest

from tests.games.tactics2gm.scenes import GAME, legal, put, refused, scene, sq
from wartable import ArgumentError
from wartable.games.tactics2gm.rules import objectives

REMAGEN, KASSERINE = "bridge-at-remagen", "kasserine-pass"


def to_the_end(st):
    """The scenario's last round: both sides pass to its end."""
    st.turn = 2 * st.brief.rounds - 1 if st.first == 0 else 2 * st.brief.rounds
    while not st.is_over:
        who = st.current_players[0]
        options = st.legal_actions(who)
        done = [a for a in options if a.verb in ("done", "pass", "keep")]
        st.apply(who, done[0] if done else options[0])


def moves(st, unit):
    return {a.args[1] for a in st.legal_actions("allies") if a.verb == "move" and a.args[0] == unit}


def test_the_scenarios_are_offered_with_their_own_field_and_decks():
    ids = [s.id for s in GAME.scenarios()]
    assert ids == ["pitched-battle", REMAGEN, KASSERINE, "omaha-beach"]
    st = GAME.new_game(REMAGEN, seed=3)
    again = GAME.new_game(REMAGEN, seed=4)
    assert st.laid == again.laid  # the same field whatever the seed
    assert st.terrain[sq("D3")] == st.terrain[sq("D4")] == "bridge"
    assert st.view("allies")["field"]["terrain"]["D3"] == ["bridge", None]  # no one's card
    terms = st.view(None)["scenario"]
    assert terms["objective"]["squares"] == ["C4", "D4", "E4", "F4"] and terms["rounds"] == 10
    assert "D3|D4" not in terms["river"] and "C3|C4" in terms["river"]


def test_gm4_a_deck_past_the_year_limit_is_refused_with_its_cards_named():
    with pytest.raises(ArgumentError) as err:
        GAME.new_game(KASSERINE, seed=1, options={"deck_allies": "usa-armour"})
    said = str(err.value)
    assert "usa_sherman_76: in service from 1944, after the year limit 1943 (GM-4)" in said
    assert "usa_pershing: in service from 1945" in said
    GAME.new_game(KASSERINE, seed=1)  # its own decks keep to its limits


def test_the_scenario_points_limit_binds_the_decks_unless_another_is_agreed():
    assert GAME.new_game(KASSERINE, seed=1).view(None)["scenario"]["points"] == 110
    b = GAME.deck_building()
    big = b.shipped()["germany-infantry"]
    big = b.add(b.add(big, "tiger", 1), "ger_leig18", 1)  # 108 + 8 + 2 = 118 points
    with pytest.raises(ArgumentError, match="over the limit of 110"):
        GAME.new_game(KASSERINE, seed=1, options=b.options("axis", big))
    agreed = {**b.options("axis", big), "points": 120}
    GAME.new_game(KASSERINE, seed=1, options=agreed)


def test_gm61_a22_the_river_is_crossed_at_its_bridge_only():
    st = scene("move", scenario=REMAGEN)
    put(st, "light_infantry", 0, "C3")
    put(st, "light_infantry", 0, "D2")
    assert "C4" not in moves(st, "light_infantry-1")  # straight across: the river
    assert "D4" in moves(st, "light_infantry-1")  # along the bank to the bridge, then over
    assert "D4" in moves(st, "light_infantry-2")
    assert "GM-61" in refused(st, "allies", "move light_infantry-1 C4")


def test_gm97_sappers_cross_anywhere_and_two_face_to_face_open_a_crossing():
    st = scene("move", scenario=REMAGEN)
    put(st, "usa_sappers", 0, "F3")
    put(st, "usa_stuart", 0, "G3")  # 3 squares a move: the bridge in column D is 4 away
    assert "F4" in moves(st, "usa_sappers-1")  # a sapper crosses anywhere
    assert "G4" not in moves(st, "usa_stuart-1")
    st.apply("allies", "move usa_sappers-1 F4")
    put(st, "usa_sappers", 0, "F3")  # now two sappers face each other across column F
    assert "G4" in moves(st, "usa_stuart-1")  # through both of them and over
    assert "E4" in moves(st, "usa_stuart-1")
    st.pieces.remove(st.piece("usa_sappers-2"))
    st._legal_cache = None
    assert "G4" not in moves(st, "usa_stuart-1")  # one sapper alone opens nothing


def test_gm100_the_hq_falls_but_the_battle_goes_on():
    st = scene("fire", scenario=REMAGEN)
    st.hq_hp[1] = 0
    put(st, "light_infantry", 0, "A1")
    put(st, "ger_grenadiers", 1, "H6")
    st.apply("allies", "done")
    assert not st.is_over  # the axis HQ is gone, the objective still to be decided


def test_gm100_a_hold_objective_is_decided_at_the_end_of_its_last_round():
    st = scene("fire", scenario=REMAGEN)
    put(st, "light_infantry", 0, "C4")
    put(st, "light_infantry", 0, "E4")
    o = st.brief.objective
    assert objectives.held(st, o) == ["C4", "E4"]
    to_the_end(st)
    assert st.outcome.winner == "allies" and st.outcome.kind == "objective"
    assert "holds C4, E4" in st.outcome.reason


def test_gm100_a_destroy_objective_ends_the_battle_at_once():
    st = scene("fire", scenario=KASSERINE, active="axis")
    st.destroyed[0] = st.brief.objective.count - 1
    put(st, "light_infantry", 0, "D3")
    put(st, "ger_grenadiers", 1, "D4")
    st.rng.force([10])
    events = st.apply("axis", "fire ger_grenadiers-1 w1 light_infantry-1")
    assert st.is_over and st.outcome.winner == "axis" and st.outcome.kind == "objective"
    assert events[-1].rule == "GM-100"


def test_a_scenario_battle_replays_from_its_record():
    st = GAME.new_game(REMAGEN, seed=9)
    twin = GAME.replay(st.record())
    assert twin.brief is st.brief and twin.walls == st.walls
    assert legal(twin) == legal(st)


def test_gm100_a_hold_objective_not_met_gives_the_other_side_the_battle():
    """GM-101: a side that can no longer meet its objective (the last round is over) is
    defeated."""
    st = scene("fire", scenario=REMAGEN)
    put(st, "light_infantry", 0, "C3")  # on the near bank: not a square of the objective
    put(st, "ger_grenadiers", 1, "D4")
    to_the_end(st)
    assert st.outcome.winner == "axis" and st.outcome.kind == "objective"
    assert "holds none, not 1 of C4, D4, E4, F4" in st.outcome.reason


def test_the_heuristic_counts_the_way_round_by_the_bridge():
    from wartable.games.tactics2gm.ai import goal_steps

    steps = goal_steps(GAME.new_game(REMAGEN, seed=1))
    assert steps[sq("C4")] == 0 and steps[sq("D3")] == 1  # over the bridge
    assert steps[sq("C3")] == 2  # not 1: the river is between it and C4


def test_gm100_where_the_objective_says_so_the_hq_falling_wins_at_once():
    st = scene("fire", scenario=KASSERINE, active="axis")
    st.hq_hp[0] = 1
    put(st, "ger_grenadiers", 1, "D1")  # beside the allied HQ, 1 away
    put(st, "light_infantry", 0, "H1")
    st.rng.force([9])
    events = st.apply("axis", "fire ger_grenadiers-1 w1 hq")
    assert st.is_over and st.outcome.winner == "axis"
    assert "allies's HQ is destroyed" in st.outcome.reason and events[-1].rule == "GM-100"
    remagen = scene("fire", scenario=REMAGEN, active="axis")
    remagen.hq_hp[0] = 1
    put(remagen, "ger_grenadiers", 1, "D1")
    put(remagen, "light_infantry", 0, "H1")
    remagen.rng.force([9])
    remagen.apply("axis", "fire ger_grenadiers-1 w1 hq")
    assert remagen.hq_hp[0] == 0 and not remagen.is_over  # there, its fall decides nothing
