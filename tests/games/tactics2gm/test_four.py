"""A battle of four (GM-105). On one field, each side is a team of two playing as in team
play for three. On two fields side by side (option ``fields=two``), every player has his own
HQ behind his own field: its AP, its general, its supply line; teammates deploy anywhere
along the side's joint deployment line; one enemy HQ's fall wins a pitched battle; a
scenario's field, units and objective are doubled, its rounds are not. The rulings are in
docs/games/tactics2gm.md."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.games.tactics2gm.scenes import GAME, put, refused
from wartable import Action, ArgumentError
from wartable.games.tactics2gm.rules import objectives, shots
from wartable.games.tactics2gm.rules.field import GRID, WIDE, hq_distance
from wartable.games.tactics2gm.rules.fire import Mods

DONE = Action("done", ())


def four(scenario=None, seed=1, fields="two", **options):
    return GAME.new_game(
        scenario, seed=seed, options={"players": "2v2", "fields": fields, **options}
    )


def opened(scenario=None, first="allies", fields="two", **options):
    """Bids of nothing, the allies win the roll and pick ``first``; every seat keeps."""
    st = four(scenario, fields=fields, **options)
    st.rng.force([6, 5])
    for seat in list(st.current_players):
        st.apply(seat, "bid 0")
    st.apply(st.current_players[0], f"first {first}")
    while st.phase == "terrain":
        st.apply(st.current_players[0], DONE)
    for seat in list(st.current_players):
        st.apply(seat, "keep")
    return st


def at(label):
    return WIDE.grid.parse(label)


def cleared(st, phase):
    """Open ground, no units, ``phase`` of the turn under way."""
    st.ground = (".",) * (WIDE.grid.columns * WIDE.grid.rows)
    st.pieces, st.serial, st.fired_at = [], {}, {}
    st.phase, st.passed = phase, [False] * 4
    st._legal_cache = None
    return st


def test_gm105_four_players_on_one_field_play_as_two_teams():
    st = four(fields="one")
    assert st.players == ("allies-1", "allies-2", "axis-1", "axis-2")
    assert st.field.copies == 1 and len(st.hq_hp) == 2
    assert st.ap == [3, 2, 3, 2]  # each side's one HQ, shared as in team play (GM-104)
    for side, deck in ((0, "usa-armour"), (1, "germany-armour")):
        seats = [k for k, s in enumerate(st.seat_side) if s == side]
        assert sum((Counter(st.decks[k]) for k in seats), Counter()) == Counter(
            GAME.decks[deck].cards_in_order()
        )


def test_gm105_two_fields_are_a_battle_of_four():
    st = GAME.new_game(None, seed=1, options={"fields": "two"})  # the line-up follows
    assert st.players == ("allies-1", "allies-2", "axis-1", "axis-2")
    for lineup in ("1v1", "2v1", "1v2"):
        with pytest.raises(ArgumentError, match="GM-105"):
            GAME.new_game(None, seed=1, options={"players": lineup, "fields": "two"})
    with pytest.raises(ArgumentError, match="one, two"):
        GAME.new_game(None, seed=1, options={"fields": 2})


def test_gm105_two_fields_side_by_side_each_laid_from_its_own_tiles():
    st = four()
    assert (st.field.grid.columns, st.field.grid.rows) == (16, 6)
    assert len(st.ground) == 96 and len(st.laid) == 24
    for k in (0, 1):  # each field is twelve different tiles, as one box lays them
        assert len({p.tile for p in st.laid[12 * k : 12 * k + 12]}) == 12
    first = GAME.new_game(None, seed=1, options={})
    assert st.laid[:12] == first.laid  # the first field is laid as a battle of two's
    for r in range(6):  # the ground row by row: columns A-H from the first field
        assert st.ground[16 * r : 16 * r + 8] == first.ground[8 * r : 8 * r + 8]


def test_gm105_every_player_has_his_own_hq_and_its_opening_ap():
    st = four()
    assert st.hq_hp == [10, 10, 10, 10]
    assert st.ap == [5, 5, 5, 5]
    assert abs(len(st.decks[0]) - len(st.decks[1])) <= 1  # one deck, dealt between two


def test_gm105_teammates_deploy_anywhere_along_the_joint_line_and_fighters_at_their_own_hq():
    st = cleared(opened(), "deploy")
    st.hands[0], st.hands[1] = ["light_infantry", "usa_p47"], ["light_infantry", "usa_p47"]
    st.ap = [10, 10, 0, 0]
    for seat in ("allies-1", "allies-2"):
        squares = {a.args[1] for a in st.legal_actions(seat) if a.args[:1] == ("light_infantry",)}
        assert squares == {f"{c}1" for c in "ABCDEFGHIJKLMNOP"}
    fighters = {
        seat: {a.args[1] for a in st.legal_actions(seat) if a.args[:1] == ("usa_p47",)}
        for seat in ("allies-1", "allies-2")
    }
    assert fighters == {"allies-1": {"hq"}, "allies-2": {"hq2"}}
    st.apply("allies-2", "deploy usa_p47 hq2")
    assert st.view("axis-1")["units"][0]["square"] == "hq2"


def test_gm105_shots_reach_the_enemy_hq_behind_either_field():
    st = cleared(opened(), "fire")
    gun = put(st, "light_infantry", 0, "A1")
    gun.sq = at("L5")  # range 2: one line from the axis edge, beside the second field's HQ
    assert hq_distance("axis", gun.sq, 1) == 2 and hq_distance("axis", gun.sq, 0) > 2
    targets = {a.args[2] for a in st.legal_actions("allies-1") if a.args[:1] == (gun.id,)}
    assert "hq2" in targets and "hq" not in targets
    assert st.describe("allies-1", f"fire {gun.id} w1 hq2").endswith(
        "at the enemy HQ behind columns I-P"
    )


def test_gm105_one_enemy_hq_falling_wins_a_pitched_battle():
    st = cleared(opened(), "fire")
    gun = put(st, "light_infantry", 0, "A1")
    gun.sq = at("L5")
    st.hq_hp[3] = 1  # the axis HQ behind the second field
    st.rng.force([10])
    st.apply("allies-1", f"fire {gun.id} w1 hq2")
    assert st.is_over and st.outcome.kind == "hq"
    assert st.outcome.scores == {"allies-1": 1.0, "allies-2": 1.0, "axis-1": -1.0, "axis-2": -1.0}
    assert "axis's HQ (hq2) is destroyed" in st.outcome.reason
    assert st.hq_hp[1] == 10  # the other axis HQ still stood


def test_gm105_each_hq_pays_its_own_player_from_its_own_field():
    st = cleared(opened(first="axis"), "move")
    for label in ("A1", "B2", "C3"):  # three lines held on the first field
        put(st, "light_infantry", 0, "A1").sq = at(label)
    put(st, "light_infantry", 0, "A1").sq = at("J1")  # one line on the second
    st.ap = [0, 0, 0, 0]
    events = []
    while st.active == 1:
        events += st.apply(st.current_players[0], DONE)
    income = GAME.lib.hq.income
    assert st.ap[0] == income + 3 and st.ap[1] == income + 1  # no split between them
    assert [e.data["supply"] for e in events if e.kind == "hq"] == [3, 1]


def test_gm105_a_destroyed_hq_stops_paying_its_own_player_only():
    st = cleared(opened("bridge-at-remagen", first="axis"), "move")  # its fall ends nothing
    st.hq_hp[0] = 0
    st.ap = [0, 0, 0, 0]
    while st.active == 1:
        st.apply(st.current_players[0], DONE)
    assert not st.is_over and st.ap == [0, GAME.lib.hq.income, 0, 0]


def test_gm105_a_general_serves_the_hq_of_the_player_who_played_him():
    st = cleared(opened(), "deploy")
    general = next(k for k, g in GAME.lib.generals.items() if g.army == "usa")
    st.hands[1] = ["general"]
    st.ap = [10, 10, 0, 0]
    st.apply("allies-2", f"play general {general}")
    assert st.generals == [None, None, general, None]
    sides = st.view("axis-1")["sides"]["allies"]["hqs"]
    assert [h["general"] for h in sides] == [None, general]
    assert [h["seats"] for h in sides] == [["allies-1"], ["allies-2"]]


def test_gm21_on_two_fields_only_the_destroyed_hqs_general_leaves():
    """GM-21, GM-105: each HQ has its own general. When one falls only his leaves: Model's
    better aim stops for the units of that HQ's player and goes on for his teammate's,
    whose HQ still stands."""
    st = cleared(opened("bridge-at-remagen"), "fire")  # its fall ends nothing
    st.generals = [None, "model", None, "model"]
    st.hq_hp[1] = 1
    first = put(st, "ger_grenadiers", 1, "A6")  # axis-1's: it answers to HQ 1
    second = put(st, "ger_grenadiers", 1, "A6")
    second.sq, second.owner = at("I6"), 3  # axis-2's, on his own field: HQ 3
    put(st, "light_infantry", 0, "D5")  # the first axis HQ is 2 away
    assert shots.firer(st, first) == shots.firer(st, second) == Mods(-1, 0)
    st.rng.force([9])
    events = st.apply("allies-1", "fire light_infantry-1 w1 hq")
    assert [e.rule for e in events if e.kind == "general_leaves"] == ["GM-21"]
    assert st.generals == [None, None, None, "model"] and not st.is_over
    assert shots.firer(st, first) == Mods() and shots.firer(st, second) == Mods(-1, 0)


def test_gm105_a_scenario_is_doubled_its_rounds_are_not():
    st = four("bridge-at-remagen")
    one = GAME.new_game("bridge-at-remagen", seed=1, options={})
    assert len(st.walls) == 2 * len(one.walls)  # the river on both fields, each with its bridge
    view = st.view("allies-1")["scenario"]
    assert view["bridges"] == ["D", "L"] and view["rounds"] == one.brief.rounds
    assert view["objective"]["squares"] == ["C4", "D4", "E4", "F4", "K4", "L4", "M4", "N4"]
    assert "on each: 1 of C4, D4, E4, F4 and 1 of K4, L4, M4, N4" in view["objective"]["text"]
    o = st.brief.objective
    put(st, "light_infantry", 0, "C4")
    assert objectives.at_the_end(st)[0] == 1  # one field's objective held, not both
    put(st, "light_infantry", 0, "A1").sq = at("M4")
    assert objectives.at_the_end(st)[0] == 0
    assert objectives.held(st, o) == ["C4", "M4"]


def test_gm105_a_destroy_objective_needs_twice_the_units():
    st = four("kasserine-pass")
    o = st.brief.objective
    assert objectives.needed(st, o) == 2 * o.count
    st.destroyed = [o.count, 0]
    assert objectives.reached(st) is None
    st.destroyed = [2 * o.count, 0]
    assert objectives.reached(st)[0] == 1


def test_gm105_a_scenarios_units_stand_on_both_fields_under_each_fields_player():
    st = four("omaha-beach")
    one = GAME.new_game("omaha-beach", seed=1, options={})
    assert len(st.pieces) == 2 * len(one.pieces)
    firsts = {(p.card, GRID.label(p.sq)) for p in one.pieces}
    for p in st.pieces:
        k = st.field.copy_of(p.sq)
        assert (p.card, GRID.label((p.sq[0] - 8 * k, p.sq[1]))) in firsts
        assert st.players[p.owner] == f"{('allies', 'axis')[p.side]}-{k + 1}"
    assert len({p.id for p in st.pieces}) == len(st.pieces)
    ids = set(GAME.domains.unit_ids)
    assert all(p.id in ids for p in st.pieces)
    assert st.generals[0] == st.generals[2] == one.generals[0]


def test_gm105_an_hq_word_that_names_no_hq_is_refused():
    st = cleared(opened(fields="one"), "fire")
    gun = put(st, "light_infantry", 0, "D1")
    assert "hq2" not in {a.args[2] for a in st.legal_actions("allies-1") if a.verb == "fire"}
    assert refused(st, "allies-1", f"fire {gun.id} w1 hq2")
