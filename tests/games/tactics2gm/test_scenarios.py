"""2GM Tactics' scenarios (GM-4, GM-14, GM-15, GM-21, GM-61, GM-97, GM-100, A-22): a fixed
field, a year limit and a points limit for the decks, a river crossed at its bridge, by
sappers or by infantry the scenario gives rowboats, opening hands the scenario fixes, an HQ
whose fall decides nothing but sends its general away, and an objective that decides the
battle instead of the HQs. The rulings are in docs/games/tactics2gm.md."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest

from tests.games.tactics2gm.scenes import GAME, legal, pass_until, put, refused, scene, sq
from wartable import ArgumentError
from wartable.core.errors import ContentError
from wartable.games.tactics2gm import content, scenario
from wartable.games.tactics2gm.rules import objectives
from wartable.games.tactics2gm.rules.common import movement
from wartable.games.tactics2gm.scenario import Hand

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


def rowing(st, *sides):
    """The scenario as if it gave ``sides`` rowboats."""
    st.brief = st.brief.model_copy(update={"rowboats": list(sides)})
    st._legal_cache = None
    return st


def test_gm61_infantry_given_rowboats_crosses_the_river_anywhere():
    """GM-61: where a scenario gives a side rowboats, its infantry crosses the river
    anywhere, the crossing a step like any other; its vehicles still keep to the bridge, and
    the other side, given none, to the bridge and its sappers."""
    st = rowing(scene("move", scenario=REMAGEN), "allies")
    put(st, "light_infantry", 0, "G3")  # movement 2; the bridge is in column D
    put(st, "usa_stuart", 0, "H3")
    assert {"G4", "G5", "H4"} <= moves(st, "light_infantry-1")  # across, and on
    assert "H4" not in moves(st, "usa_stuart-1")
    events = st.apply("allies", "move light_infantry-1 G5")
    assert [e.kind for e in events] == ["move"] and st.piece("light_infantry-1").sq == sq("G5")
    axis = rowing(scene("move", active="axis", scenario=REMAGEN), "allies")
    put(axis, "ger_grenadiers", 1, "G4")
    put(axis, "light_infantry", 0, "A1")
    reach = {a.args[1] for a in axis.legal_actions("axis") if a.verb == "move"}
    assert "G5" in reach and "G3" not in reach
    assert "GM-61" in refused(axis, "axis", "move ger_grenadiers-1 G3")


def test_gm61_a_rowing_side_swaps_across_the_river_only_infantry_for_infantry():
    """GM-61, GM-31: a swap is a step each way, so two rowing infantry units may trade
    places across the river; infantry and a vehicle may not."""
    st = rowing(scene("move", scenario=REMAGEN), "allies")
    put(st, "heavy_infantry", 0, "G3")  # movement 1
    put(st, "heavy_infantry", 0, "G4")
    put(st, "usa_jeep", 0, "H3")
    put(st, "heavy_infantry", 0, "H4")
    offered = legal(st)
    assert "swap heavy_infantry-1 heavy_infantry-2" in offered
    assert "swap heavy_infantry-3 usa_jeep-1" not in offered


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("    rounds: 12\n", "    rounds: 12\n    rowboats: [allies]\n", "rowboats cross a river"),
        ("    bridges: [D]\n", "    bridges: [D]\n    rowboats: [axis, axis]\n", "named once"),
        ("    bridges: [D]\n", "    bridges: [D]\n    rowboats: [usa]\n", "rowboats[0]"),
    ],
)
def test_gm61_rowboats_are_scenario_data_refused_with_file_field_and_reason(
    tmp_path, old, new, said
):
    data = tmp_path / "data"
    shutil.copytree(content.DATA, data)
    path = data / "scenarios.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError) as info:
        scenario.load(content.load(data), GAME.decks, path)
    assert f"{path}: scenarios." in str(info.value) and ".rowboats" in str(info.value)
    assert said in str(info.value)


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
    from wartable.games.tactics2gm.mind import goal_steps

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


def test_gm21_the_general_of_a_destroyed_hq_leaves_and_his_bonus_with_him():
    """GM-21: a destroyed HQ may have no general. Where its fall does not end the battle,
    Rommel leaves the axis HQ the moment it falls (the log says so), and the Panzer IV's
    extra square goes with him, in this turn and the next."""
    st = scene("fire", scenario=REMAGEN)  # the HQ's fall decides nothing there
    st.generals[1], st.hq_hp[1] = "rommel", 1
    tank = put(st, "ger_panzer_iv", 1, "A6")  # movement 2, and 1 more under Rommel
    put(st, "light_infantry", 0, "D5")  # the axis HQ is 2 away: in the rifle's range
    assert movement(st, tank) == 3
    st.rng.force([9])
    events = st.apply("allies", "fire light_infantry-1 w1 hq")
    left = [e for e in events if e.kind == "general_leaves"]
    assert [e.rule for e in left] == ["GM-21"] and "Erwin Rommel leaves" in left[0].text
    assert st.hq_hp[1] == 0 and st.generals == [None, None] and not st.is_over
    assert st.view("allies")["sides"]["axis"]["general"] is None
    assert movement(st, tank) == 2
    pass_until(st, "axis", "move", 2)
    assert "move ger_panzer_iv-1 C6" in legal(st, "axis")
    assert "move ger_panzer_iv-1 D6" not in legal(st, "axis")  # 3 squares: no longer
    assert not [a for a in legal(st, "axis") if a.startswith("play general")]


# ---- opening hands a scenario fixes (GM-14, GM-15) ------------------------------------------
def with_hands(scenario_id=REMAGEN, **fixed):
    """A battle of the scenario as if it fixed these opening hands, its bids made (none),
    the allies to play first, no terrain to lay: the hands are dealt; and the events."""
    st = GAME.new_game(scenario_id, seed=5)
    st.brief = st.brief.model_copy(update={"hands": fixed})
    st.rng.force([6, 5])
    st.apply("allies", "bid 0")
    st.apply("axis", "bid 0")
    return st, st.apply("allies", "first allies")


def test_gm15_a_scenario_may_fix_the_opening_hand_its_size_and_forbid_the_redraw():
    """GM-14, GM-15: the scenario's cards come from the side's deck into its hand, shown to
    both sides (the scenario is open), the rest of the hand drawn at random to the
    scenario's size; with no redraw allowed the side keeps it without being asked, and the
    other side's hand is the usual 5 with its one redraw."""
    fixed = Hand(cards=["m4_sherman", "m4_sherman", "usa_pershing"], size=4, redraw=False)
    st, events = with_hands(allies=fixed)
    assert st.phase == "mulligan" and len(st.hands[0]) == 4 and len(st.hands[1]) == 5
    held = Counter(st.hands[0])
    assert held["m4_sherman"] >= 2 and held["usa_pershing"] >= 1
    assert len(st.hands[0]) + len(st.decks[0]) == GAME.decks["usa-armour"].size()
    shown = [e for e in events if e.kind == "opening_hand"]
    assert [e.rule for e in shown] == ["GM-15"] and shown[0].visible_to is None
    assert "usa_pershing" in shown[0].text
    assert st.redraws == [False, None] and st.current_players == ("axis",)
    assert "allies" in refused(st, "allies", "redraw")
    assert legal(st, "axis") == {"keep", "redraw"}
    assert st.view("allies")["scenario"]["hands"]["allies"]["redraw"] is False
    sample = st.sample_hidden("axis", 7)
    assert sample.redraws[0] is False  # known to the axis: never drawn as a redraw
    st.apply("axis", "keep")
    assert st.turn == 1 and st.phase == "deploy"  # no units: the Movement phase went by


def test_gm14_a_hand_the_scenario_sizes_is_drawn_again_to_that_size():
    """GM-14: a redraw sends the whole hand back, its fixed cards too, and draws as many
    cards at random."""
    st, _ = with_hands(axis=Hand(cards=["ger_panzer_iv"], size=3))
    assert len(st.hands[1]) == 3 and "ger_panzer_iv" in st.hands[1]
    assert len(st.hands[0]) == st.hq.hand
    st.apply("allies", "keep")
    events = st.apply("axis", "redraw")
    assert [e.kind for e in events if e.rule == "GM-14"][-2:] == ["keep", "redraw"]
    assert len(st.hands[1]) == 3  # the allies play first: the axis draws nothing yet
    assert len(st.hands[1]) + len(st.decks[1]) == GAME.decks["germany-infantry"].size()


def test_gm14_where_no_side_may_redraw_the_first_turn_begins_at_once():
    st, events = with_hands(allies=Hand(redraw=False), axis=Hand(redraw=False, size=6))
    assert st.turn == 1 and st.phase == "deploy" and "turn" in [e.kind for e in events]
    assert len(st.hands[1]) == 6 and len(st.hands[0]) == st.hq.hand + st.hq.draw


def test_gm15_a_deck_fielded_without_the_fixed_hands_cards_is_refused(monkeypatch):
    fixed = Hand(cards=["usa_pershing"])
    brief = GAME.fixed[REMAGEN].model_copy(update={"hands": {"allies": fixed}})
    monkeypatch.setitem(GAME.fixed, REMAGEN, brief)
    GAME.new_game(REMAGEN, seed=1)  # its own deck holds a Pershing
    with pytest.raises(ArgumentError, match="opening hand holds 1 usa_pershing"):
        GAME.new_game(REMAGEN, seed=1, options={"deck_allies": "usa-infantry"})


@pytest.mark.parametrize(
    ("hands", "field", "said"),
    [
        ("{allies: {cards: [tiger]}}", "hands.allies.cards[0]", "not of the usa army"),
        ("{allies: {cards: [laser]}}", "hands.allies.cards[0]", "no card 'laser'"),
        ("{axis: {cards: [ger_pak40, ger_pak40, ger_pak40]}}", "hands.axis.cards", "holds 2"),
        ("{allies: {cards: [impact, impact], size: 1}}", "hands.allies.cards", "more than"),
        ("{allies: {size: 8}}", "hands.allies.size", "over the hand limit of 7"),
        ("{allies: {redraw: 'no'}}", "hands.allies.redraw", "boolean"),
        ("{allies: {size: 0}}", "hands.allies.size", "greater than or equal to 1"),
    ],
)
def test_gm15_a_fixed_opening_hand_is_checked_when_the_content_loads(tmp_path, hands, field, said):
    data = tmp_path / "data"
    shutil.copytree(content.DATA, data)
    path = data / "scenarios.yaml"
    text = path.read_text()
    old = "    decks: {allies: usa-armour, axis: germany-infantry}\n"
    assert old in text
    path.write_text(text.replace(old, f"{old}    hands: {hands}\n", 1))
    with pytest.raises(ContentError) as info:
        scenario.load(content.load(data), GAME.decks, path)
    assert f"{path}: scenarios.{REMAGEN}.{field}: " in str(info.value)
    assert said in str(info.value)


def test_gm15_in_team_play_the_fixed_cards_go_to_the_marshal_from_either_deck():
    """GM-15, GM-104 (a ruling): a side's fixed cards go to its Marshal, taken from his deck
    or, where the side's deck was dealt the other way, his teammate's; both draw the rest of
    their hands at random to the scenario's size."""
    st = GAME.new_game(REMAGEN, seed=1, options={"players": "2v1"})
    assert "usa_pershing" in st.decks[1] and "usa_b25" in st.decks[0]  # one in each deck
    fixed = Hand(cards=["usa_pershing", "usa_b25"], size=4)
    st.brief = st.brief.model_copy(update={"hands": {"allies": fixed}})
    st.rng.force([6, 5])
    st.apply("allies-1", "bid 0")
    st.apply("axis", "bid 0")
    st.apply("allies-1", "first allies")
    assert st.phase == "mulligan"
    assert {"usa_pershing", "usa_b25"} <= set(st.hands[0])
    assert len(st.hands[0]) == len(st.hands[1]) == 4 and len(st.hands[2]) == st.hq.hand
    allied = st.hands[0] + st.hands[1] + st.decks[0] + st.decks[1]
    assert Counter(allied) == Counter(GAME.decks["usa-armour"].cards_in_order())
