"""2GM Tactics played through the game state: the opening (GM-11 to GM-14, EX-3), the HQ
phase (GM-18 to GM-20, A-3, EX-4), deployment and support cards (GM-7, GM-8, GM-22, GM-38,
GM-39, GM-41, EX-6 to EX-8), movement (GM-29 to GM-31, GM-37, GM-57, GM-60, GM-84, EX-5,
EX-20, A-8), fire (GM-42 to GM-52, GM-56, GM-75, GM-79, GM-90, GM-99, EX-11 to EX-18, A-5,
A-6), the turn and its end, and the end of the battle (GM-23 to GM-27, GM-101, GM-102,
A-1, A-18, A-19), and refused actions. A scene is set by playing the opening, then editing
the state's plain data the way a player sets up a position: open ground, units placed by
hand, forced dice."""

from __future__ import annotations

import dataclasses

from tests.games.tactics2gm.scenes import (
    GAME,
    OPEN,
    legal,
    pass_until,
    pass_until_over,
    put,
    refused,
    scene,
    shot,
    sq,
    step,
)
from wartable import Action
from wartable.games.tactics2gm.model import weapons
from wartable.games.tactics2gm.rules import shots
from wartable.games.tactics2gm.rules.common import movement
from wartable.games.tactics2gm.rules.field import GRID, steps

INCOME = GAME.lib.hq.income  # house: 2 AP a turn


# ---- the opening ---------------------------------------------------------------------------
def test_gm11_a_bid_stays_secret_until_both_sides_are_in():
    st = GAME.new_game(None, seed=3)
    st.apply("allies", "bid 3")
    theirs, mine, anyone = st.view("axis"), st.view("allies"), st.view(None)
    assert "bids" not in theirs and "my_bid" not in theirs
    assert mine["my_bid"] == 3 and "bids" not in mine and "bids" not in anyone
    assert theirs["sides"]["allies"]["ap"] == 5  # nothing taken off yet: the pool would tell
    assert theirs["sides"]["allies"]["chosen"] and not theirs["sides"]["axis"]["chosen"]
    assert GAME.public_action("allies", Action("bid", ("3",)), "axis") == "bid (a secret spend)"
    assert st.current_players == ("axis",)
    assert "waiting for axis" in refused(st, "allies", "bid 2")
    st.rng.force([4, 5])
    st.apply("axis", "bid 1")
    assert st.view("axis")["bids"] == st.view(None)["bids"] == {"allies": 3, "axis": 1}


def test_ex3_the_bids_are_paid_and_added_to_the_roll():
    """EX-3: A spends 3 and rolls 4, B spends 1 and rolls 5: A wins 7 to 6; pools 2 and 4."""
    st = GAME.new_game(None, seed=3)
    st.apply("allies", "bid 3")
    st.rng.force([4, 5])
    events = st.apply("axis", "bid 1")
    rolls = [e.text for e in events if e.kind == "bid_roll"]
    assert rolls == [
        "Each side rolls and adds its bid: allies rolls 4 + bid 3 = 7, axis rolls 5 + bid 1 = 6"
    ]
    assert st.ap == [2, 4] and st.budget == [3, 1]
    assert st.phase == "first" and st.current_players == ("allies",)


def test_gm11_a_tie_is_rolled_again_with_the_same_spends():
    st = GAME.new_game(None, seed=3)
    st.apply("allies", "bid 2")
    st.rng.force([5, 5, 3, 6])  # 7 all, then 5 against 8
    events = st.apply("axis", "bid 2")
    rolls = [e.text for e in events if e.kind == "bid_roll"]
    assert len(rolls) == 2 and "a tie" in rolls[0]
    assert "allies rolls 3 + bid 2 = 5, axis rolls 6 + bid 2 = 8" in rolls[1]
    assert st.current_players == ("axis",) and st.ap == [3, 3]  # the spends are paid once


def test_gm11_the_winner_chooses_who_plays_first_and_lays_terrain_first():
    st = GAME.new_game(None, seed=3)
    st.apply("allies", "bid 2")
    st.rng.force([1, 9])
    st.apply("axis", "bid 2")
    assert legal(st, "axis") == {"first allies", "first axis"} and legal(st, "allies") == set()
    refused(st, "allies", "first allies")
    st.apply("axis", "first allies")
    assert st.first == 0
    assert st.phase == "terrain" and st.current_players == ("axis",)  # the winner first (GM-12)
    st.apply("axis", "done")
    assert st.phase == "terrain" and st.current_players == ("allies",)
    st.apply("allies", "done")
    st.apply("allies", "keep")
    st.apply("axis", "keep")
    assert st.turn == 1 and st.active == 0  # the allies play the first turn


def test_gm12_bid_terrain_costs_no_more_than_the_bid_on_own_lines_2_and_3():
    """EX-3: the winner of a 3 AP bid may lay a house (3) or a barrier and a trench (1 + 2)."""
    st = GAME.new_game(None, seed=3)
    st.ground = OPEN
    st.apply("allies", "bid 3")
    st.rng.force([4, 5])
    st.apply("axis", "bid 1")
    st.apply("allies", "first allies")
    offered = legal(st)
    assert {"terrain house C2", "terrain house C3", "terrain barrier C2", "done"} <= offered
    assert not {"terrain house C1", "terrain house C4", "terrain bunker C2"} & offered
    assert "GM-12" in refused(st, "allies", "terrain house C4")  # line 4
    refused(st, "allies", "terrain bunker C2")  # 4 AP, more than the bid
    st.apply("allies", "terrain barrier C2")
    assert st.budget[0] == 2 and "terrain house C3" not in legal(st)
    refused(st, "allies", "terrain trench C2")  # one card a square
    st.apply("allies", "terrain trench D3")
    assert st.terrain == {sq("C2"): "barrier", sq("D3"): "trench"}
    assert st.current_players == ("axis",)  # nothing left to spend: the other side's turn
    axis_squares = {a.args[1] for a in st.legal_actions("axis") if a.verb == "terrain"}
    assert {s[1] for s in axis_squares} == {"4", "5"}  # the axis's lines 2 and 3
    st.apply("axis", "terrain wall C5")
    assert st.phase == "mulligan" and st.ap == [2, 4]


def test_gm12_bid_points_not_used_for_terrain_are_lost():
    st = GAME.new_game(None, seed=3)
    st.apply("allies", "bid 3")
    st.rng.force([4, 5])
    st.apply("axis", "bid 1")
    st.apply("allies", "first allies")
    st.apply("allies", "terrain wall C2")  # 1 of the 3 AP bid
    st.apply("allies", "done")
    st.apply("axis", "done")
    assert st.budget == [0, 0] and st.ap == [2, 4]  # the 2 + 1 unused are gone
    st.apply("allies", "keep")
    st.apply("axis", "keep")
    assert st.ap[0] == 2 + INCOME  # turn 1: the pool and the HQ's income, nothing given back


def test_gm14_each_side_may_send_its_opening_hand_back_once():
    st = GAME.new_game(None, seed=5)
    st.apply("allies", "bid 0")
    st.rng.force([6, 5])
    st.apply("axis", "bid 0")
    st.apply("allies", "first allies")  # no bid, no terrain to lay: straight to the hands
    assert st.phase == "mulligan" and [len(h) for h in st.hands] == [5, 5]
    cards = [sorted(st.decks[s] + st.hands[s]) for s in (0, 1)]
    kept = list(st.hands[0])
    st.apply("axis", "redraw")
    theirs = st.view("allies")
    assert "redraws" not in theirs and "my_redraw" not in theirs
    assert st.view("axis")["my_redraw"] is True
    assert GAME.public_action("axis", Action("redraw", ()), "allies") == (
        "opening hand (a secret choice)"
    )
    st.apply("allies", "keep")
    assert st.view("allies")["redraws"] == {"allies": False, "axis": True}
    assert len(st.hands[1]) == 5  # a new hand of five
    assert sorted(st.decks[1] + st.hands[1]) == cards[1]  # the same cards, reshuffled
    assert sorted(kept) == sorted(st.hands[0][:5]) and len(st.hands[0]) == 7  # + turn 1's two
    assert sorted(st.decks[0] + st.hands[0]) == cards[0]
    assert st.phase != "mulligan"
    refused(st, "axis", "redraw")  # once only


# ---- the HQ phase ----------------------------------------------------------------------------
def test_gm19_ex4_the_supply_line_stops_at_the_first_empty_line():
    st = scene("fire", ap=(4, 10))
    for where in ("B1", "C2", "F4"):  # lines 1 and 2, none on 3, one on 4
        put(st, "light_infantry", 0, where)
    events = pass_until(st, "allies", "move", 3)
    hq = [e for e in events if e.kind == "hq"][-1]  # the allies' turn 3
    assert hq.data["supply"] == 2 and hq.data["command"] == 0
    assert st.ap[0] == 4 + INCOME + 2  # the pool, the HQ's income, the supply line


def test_a3_the_hq_income_is_an_option_of_the_battle():
    """The income is not printed (A-3): a battle may set it, 5 here instead of the usual 2."""
    st = scene("fire", ap=(0, 0), hq_income=5)
    events = []
    while st.turn < 2:
        events += step(st)
    paid = [e for e in events if e.kind == "hq"]
    assert paid[-1].data == {"supply": 0, "command": 0, "ap": 5}  # no units: income alone
    assert st.hq.income == 5 and GAME.new_game(None, seed=1).hq.income == INCOME == 2


def test_gm20_a_command_group_pays_by_its_line():
    st = scene("fire", ap=(0, 10))
    put(st, "light_infantry", 0, "D1")
    put(st, "usa_command", 0, "D2")
    events = pass_until(st, "allies", "move", 3)
    hq = [e for e in events if e.kind == "hq"][-1]  # the allies' turn 3
    assert (hq.data["supply"], hq.data["command"]) == (2, 2)
    assert st.ap[0] == INCOME + 2 + 2


def test_a3_income_stops_at_the_cap_the_supply_line_does_not():
    st = scene("fire", ap=(9, 10))
    put(st, "light_infantry", 0, "B1")
    put(st, "light_infantry", 0, "B2")
    pass_until(st, "allies", "move", 3)
    assert st.ap[0] == 10 + 2  # 9 + the income stops at 10; the supply line goes over
    st.hands[0] = []  # nothing to deploy or play: the turn ends as the allies pass
    st.apply("allies", "done")
    assert st.active == 1 and st.ap[0] == 10  # cut to the cap at the end of the turn


# ---- deployment ------------------------------------------------------------------------------
def test_ex6_a_heavy_infantry_deploys_for_2_ap_bare_and_3_with_the_hmg():
    st = scene("deploy")
    st.hands[0] = ["heavy_infantry", "heavy_infantry"]
    st.apply("allies", "deploy heavy_infantry A1")
    assert st.ap[0] == 8 and st.equipping == "heavy_infantry-1"
    assert legal(st) == {"equip hmg", "equip mortars", "equip bazooka", "equip prone", "done"}
    st.apply("allies", "done")
    bare = st.piece("heavy_infantry-1")
    assert bare is not None and bare.sq == sq("A1") and bare.options == () and st.ap[0] == 8
    st.apply("allies", "deploy heavy_infantry B1")
    st.apply("allies", "equip hmg")
    assert st.ap[0] == 8 - 3
    assert legal(st) == {"equip prone", "done"}  # GM-8: no second offensive option
    st.apply("allies", "done")
    hmg = st.piece("heavy_infantry-2")
    assert hmg is not None and hmg.options == ("hmg",) and hmg.tokens["hmg"] == "ready"
    assert st.hands[0] == []


def test_ex7_a_sherman_deploys_for_4_ap_bare_and_7_with_the_rocket_launcher():
    st = scene("deploy")
    st.hands[0] = ["m4_sherman", "m4_sherman"]
    st.apply("allies", "deploy m4_sherman A1")
    st.apply("allies", "done")
    assert st.ap[0] == 6
    st.ap[0] = 10
    st.apply("allies", "deploy m4_sherman B1")
    st.apply("allies", "equip mrl")
    assert st.ap[0] == 3 and st.equipping == "m4_sherman-2"
    st.apply("allies", "done")
    assert st.piece("m4_sherman-2").options == ("mrl",)


def test_ex8_gm8_infantry_takes_one_offensive_and_one_defensive_option():
    """EX-8: mortars and prone for 4 AP; a hmg or a bazooka on top is refused."""
    st = scene("deploy")
    st.hands[0] = ["heavy_infantry"]
    st.apply("allies", "deploy heavy_infantry A1")
    st.apply("allies", "equip mortars")
    assert "GM-8" in refused(st, "allies", "equip hmg")
    assert "GM-8" in refused(st, "allies", "equip bazooka")
    st.apply("allies", "equip prone")
    assert st.ap[0] == 10 - 4 and st.equipping == ""  # nothing more it may take
    assert st.piece("heavy_infantry-1").options == ("mortars", "prone")


def test_gm38_units_deploy_on_a_free_square_of_their_own_deployment_line():
    st = scene("deploy")
    st.hands[0] = ["light_infantry", "light_infantry"]
    put(st, "light_infantry", 0, "C1")
    squares = {a.args[1] for a in st.legal_actions("allies") if a.verb == "deploy"}
    assert squares == {f"{c}1" for c in "ABDEFGH"}  # row 1, C1 taken
    assert "GM-38" in refused(st, "allies", "deploy light_infantry A2")
    refused(st, "allies", "deploy light_infantry C1")
    axis = scene("deploy", active="axis")
    axis.hands[1] = ["ger_grenadiers"]
    squares = {a.args[1] for a in axis.legal_actions("axis") if a.verb == "deploy"}
    assert squares == {f"{c}6" for c in "ABCDEFGH"}
    refused(axis, "axis", "deploy ger_grenadiers A1")


def test_gm38_a_unit_the_pool_cannot_pay_is_not_deployed():
    st = scene("deploy", ap=(1, 10))
    st.hands[0] = ["heavy_infantry", "light_infantry"]
    cards = {a.args[0] for a in st.legal_actions("allies") if a.verb == "deploy"}
    assert cards == {"light_infantry"}
    refused(st, "allies", "deploy heavy_infantry A1")


def test_gm41_a10_a_unit_fires_in_the_turn_it_is_deployed():
    """GM-41, A-10: a squad deployed this turn fires in the same turn's Fire phase."""
    st = scene("deploy")
    st.hands[0] = ["light_infantry"]
    target = put(st, "ger_grenadiers", 1, "D3")
    st.apply("allies", "deploy light_infantry D1")
    st.apply("allies", "done")  # no equipment; nothing left to deploy: on to the Fire phase
    squad = st.piece("light_infantry-1")
    assert st.phase == "fire" and squad.deployed == st.turn
    assert "fire light_infantry-1 w1 ger_grenadiers-1" in legal(st)
    st.rng.force([5])
    st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    assert target.wounds == 1


def test_gm39_support_cards_are_played_in_the_deployment_phase_for_their_launch_cost():
    """GM-39: neither the Movement phase nor the Fire phase offers a support card; the
    Deployment phase does, and the strike costs its launch cost, 2 AP, not the 4 points it
    counts in the deck (GM-3)."""
    st = scene("move")
    st.hands[0] = ["impact", "usa_red_ball"]
    put(st, "light_infantry", 0, "D1")  # a move to make, and a target in reach to fire at
    put(st, "ger_grenadiers", 1, "D3")
    assert not [a for a in legal(st) if a.startswith("play")]
    refused(st, "allies", "play impact ger_grenadiers-1")
    st.apply("allies", "done")
    assert st.phase == "deploy"
    assert {"play impact ger_grenadiers-1", "play usa_red_ball"} <= legal(st)
    st.rng.force([1])  # the strike misses
    st.apply("allies", "play impact ger_grenadiers-1")
    assert st.ap[0] == 10 - 2 and st.discards[0][-1] == "impact"
    st.apply("allies", "done")
    assert st.phase == "fire" and not [a for a in legal(st) if a.startswith("play")]
    refused(st, "allies", "play usa_red_ball")
    assert st.hands[0] == ["usa_red_ball"]


def test_gm22_the_general_card_brings_a_chosen_general_and_his_bonus_from_then_on():
    """GM-22: the General card offers the army's own generals; the one chosen serves at the
    HQ where both sides see him, for the card's launch cost, and Patton's extra square for
    tanks counts from that moment, in the next Movement phase too; one general at a time."""
    st = scene("deploy")
    st.hands[0] = ["general", "general", "light_infantry"]
    tank = put(st, "m4_sherman", 0, "D1")  # movement 2
    assert movement(st, tank) == 2
    plays = {a for a in legal(st) if a.startswith("play general")}
    assert plays == {"play general patton", "play general bradley"}  # not Rommel nor Model
    refused(st, "allies", "play general rommel")
    events = st.apply("allies", "play general patton")
    assert [e.rule for e in events if e.kind == "general"] == ["GM-22"]
    assert st.generals[0] == "patton" and st.ap[0] == 10 - 1
    assert st.view("axis")["sides"]["allies"]["general"] == "patton"
    assert movement(st, tank) == 3
    assert "deploy light_infantry A1" in legal(st)  # the phase goes on
    assert not [a for a in legal(st) if a.startswith("play general")]  # one at a time
    pass_until(st, "allies", "move", 3)
    assert "move m4_sherman-1 D4" in legal(st)  # three squares


# ---- movement --------------------------------------------------------------------------------
def test_gm29_a_unit_moves_up_to_its_movement_in_orthogonal_steps():
    st = scene("move")
    put(st, "light_infantry", 0, "D3")  # movement 2
    put(st, "light_infantry", 0, "H1")  # keeps the Movement phase open
    moves = [a.args for a in st.legal_actions("allies") if a.verb == "move"]
    targets = {where for unit, where in moves if unit == "light_infantry-1"}
    want = {GRID.label(s) for s in GRID.squares if 1 <= steps(sq("D3"), s) <= 2}
    assert targets == want and "E4" in targets and "E5" not in targets
    st.apply("allies", "move light_infantry-1 E4")
    p = st.piece("light_infantry-1")
    assert p.sq == sq("E4") and p.moved
    assert "GM-37" in refused(st, "allies", "move light_infantry-1 E5")  # once a turn


def test_gm30_through_friends_never_through_enemies():
    st = scene("move")
    put(st, "light_infantry", 0, "A1")
    put(st, "light_infantry", 0, "A2")
    targets = {a.args[1] for a in st.legal_actions("allies") if a.verb == "move"}
    assert "A3" in targets and "A2" not in targets  # through the friend, not onto it
    st = scene("move")
    put(st, "light_infantry", 0, "A1")
    put(st, "ger_grenadiers", 1, "A2")
    targets = {a.args[1] for a in st.legal_actions("allies") if a.verb == "move"}
    assert "A3" not in targets and "A2" not in targets and "B2" in targets
    assert "GM-30" in refused(st, "allies", "move light_infantry-1 A3")


def test_ex20_difficult_ground_ends_the_move_then_allows_one_square():
    st = scene("move")
    st.ground = tuple("F" if i == GRID.index(sq("D3")) else "." for i in range(len(OPEN)))
    put(st, "m4_sherman", 0, "D1")  # movement 2
    targets = {a.args[1] for a in st.legal_actions("allies") if a.verb == "move"}
    assert "D3" in targets and "D4" not in targets
    st.apply("allies", "move m4_sherman-1 D3")
    pass_until(st, "allies", "move", 3)
    targets = {a.args[1] for a in st.legal_actions("allies") if a.verb == "move"}
    assert targets == {"D2", "D4", "C3", "E3"}  # one square, in or out (GM-57)
    assert "GM-57" in refused(st, "allies", "move m4_sherman-1 D5")


def test_gm60_a_mountain_is_difficult_ground_and_a_lake_impassable():
    """GM-60: a mountain square ends the move that enters it and then allows one square
    (GM-57's difficult ground); a lake square is never entered nor crossed."""
    st = scene("move")
    marks = {GRID.index(sq("D2")): "M", GRID.index(sq("E1")): "L"}
    st.ground = tuple(marks.get(i, ".") for i in range(len(OPEN)))
    put(st, "m4_sherman", 0, "D1")  # movement 2
    targets = {a.args[1] for a in st.legal_actions("allies") if a.verb == "move"}
    # the mountain is entered and ends the move (no D3, no E2 that way); the lake never is
    # (no E1, and no F1 or E2 beyond it)
    assert targets == {"C1", "B1", "C2", "D2"}
    assert "GM-57" in refused(st, "allies", "move m4_sherman-1 E1")
    st.apply("allies", "move m4_sherman-1 D2")
    pass_until(st, "allies", "move", 3)
    targets = {a.args[1] for a in st.legal_actions("allies") if a.verb == "move"}
    assert targets == {"D1", "D3", "C2", "E2"}  # from the mountain: exactly one square


def test_gm84_a_march_buys_one_square_more_for_1_ap_once_a_turn():
    """GM-84: a unit with Marcha pays 1 AP in the Movement phase to move one square more
    this turn; once a turn, so never two squares more; without an AP, no march. The square
    is the turn's only: in the next turn the movement is back to the card's (GM-24)."""
    st = scene("move", ap=(3, 10))
    squad = put(st, "usa_assault_squad", 0, "D1")  # movement 2, Marcha
    put(st, "light_infantry", 0, "A1")  # movement 2, no Marcha
    offered = legal(st)
    assert "march usa_assault_squad-1" in offered and "march light_infantry-1" not in offered
    assert "move usa_assault_squad-1 D4" not in offered
    events = st.apply("allies", "march usa_assault_squad-1")
    assert events[0].rule == "GM-84" and st.ap[0] == 2 and movement(st, squad) == 3
    assert "move usa_assault_squad-1 D4" in legal(st)
    assert "march usa_assault_squad-1" not in legal(st)  # once: no stacking
    refused(st, "allies", "march usa_assault_squad-1")
    st.apply("allies", "move usa_assault_squad-1 D4")
    pass_until(st, "allies", "move", 3)
    assert movement(st, squad) == 2
    offered = legal(st)
    assert "move usa_assault_squad-1 B4" in offered  # two squares
    assert "move usa_assault_squad-1 A4" not in offered  # three
    st.ap[0], st._legal_cache = 0, None
    assert "march usa_assault_squad-1" not in legal(st)  # no AP to pay with


def test_gm37_a_unit_deployed_this_turn_does_not_move():
    """The Movement phase comes before deployment, so the rule shows when the phase is
    turned back by hand; in the next own turn the unit moves."""
    st = scene("deploy")
    st.hands[0] = ["light_infantry", "light_infantry"]  # the second keeps the phase open
    st.apply("allies", "deploy light_infantry D1")
    st.apply("allies", "done")  # no equipment
    refused(st, "allies", "move light_infantry-1 D2")  # not the Movement phase
    st.phase, st._legal_cache = "move", None
    assert not [a for a in st.legal_actions("allies") if a.verb == "move"]
    assert "GM-37" in refused(st, "allies", "move light_infantry-1 D2")
    st.phase, st._legal_cache = "deploy", None
    pass_until(st, "allies", "move", 3)
    assert "move light_infantry-1 D2" in legal(st)


def test_ex5_a8_two_adjacent_friends_swap_places():
    st = scene("move")
    put(st, "heavy_infantry", 0, "C1")  # movement 1
    put(st, "light_infantry", 0, "D1")
    put(st, "light_infantry", 0, "E2")  # diagonal to D1: no swap
    offered = {str(a) for a in st.legal_actions("allies") if a.verb == "swap"}
    assert offered == {"swap heavy_infantry-1 light_infantry-1"}
    st.apply("allies", "swap heavy_infantry-1 light_infantry-1")
    assert st.piece("heavy_infantry-1").sq == sq("D1")
    assert st.piece("light_infantry-1").sq == sq("C1")
    assert st.piece("heavy_infantry-1").moved and st.piece("light_infantry-1").moved
    assert not [a for a in st.legal_actions("allies") if a.verb == "swap"]  # both have moved


def test_gm63_a_vehicle_swapping_onto_an_enemy_anti_tank_mine_sets_it_off():
    st = scene("move")
    put(st, "light_infantry", 0, "C2")  # infantry does not set off an anti-tank mine
    put(st, "m4_sherman", 0, "C1")
    st.terrain[sq("C2")], st.owner[sq("C2")] = "at_mine", 1
    st.rng.force([1])
    events = st.apply("allies", "swap light_infantry-1 m4_sherman-1")
    assert "mine" in [e.kind for e in events]
    assert sq("C2") not in st.terrain and st.discards[1][-1] == "at_mine"


# ---- fire ------------------------------------------------------------------------------------
def test_ex12_range_counts_orthogonal_steps():
    """EX-12: the rifle reaches 2 steps (a diagonal neighbour is 2), not 3; grenades 1."""
    st = scene("fire")
    put(st, "light_infantry", 0, "C3", ["grenades"])
    put(st, "ger_grenadiers", 1, "C4")  # 1 step
    put(st, "ger_grenadiers", 1, "D4")  # diagonal: 2 steps
    put(st, "ger_grenadiers", 1, "C6")  # 3 steps
    fire = {a.args[1:] for a in st.legal_actions("allies") if a.verb == "fire"}
    assert fire == {
        ("w1", "ger_grenadiers-1"),
        ("w1", "ger_grenadiers-2"),
        ("grenades", "ger_grenadiers-1"),
    }
    assert "GM-43" in refused(st, "allies", "fire light_infantry-1 w1 ger_grenadiers-3")
    refused(st, "allies", "fire light_infantry-1 grenades ger_grenadiers-2")


def test_ex13_ex18_a_rifle_hits_on_five_and_deals_one_wound():
    st = scene("fire")
    put(st, "light_infantry", 0, "C3")
    put(st, "light_infantry", 0, "F3")
    a = put(st, "ger_grenadiers", 1, "C4")
    b = put(st, "ger_grenadiers", 1, "F4")
    st.rng.force([5])
    events = st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    assert shot(events) == ["hit"] and "needs 5+ (critical 10+)" in events[0].text
    assert a.wounds == 1
    st.rng.force([4])
    events = st.apply("allies", "fire light_infantry-2 w1 ger_grenadiers-2")
    assert shot(events) == ["miss"] and b.wounds == 0


def test_ex15_ex19_cover_prone_and_the_firers_wounds_raise_the_roll_needed():
    """EX-15: a wall and prone make the rifle need 7+; EX-19: two wounds on the firer 7+;
    A-12: one terrain cover, the better of a forest tile and a house card (+2/+1)."""
    st = scene("fire")
    st.ground = tuple("F" if i == GRID.index(sq("G4")) else "." for i in range(len(OPEN)))
    put(st, "light_infantry", 0, "C2")
    put(st, "light_infantry", 0, "E2").wounds = 2
    put(st, "light_infantry", 0, "G2")
    put(st, "ger_grenadiers", 1, "C4", ["prone"])
    put(st, "ger_grenadiers", 1, "E4")
    put(st, "ger_grenadiers", 1, "G4")
    st.terrain.update({sq("C4"): "wall", sq("G4"): "house"})
    st.owner.update({sq("C4"): 1, sq("G4"): 1})
    needs = []
    for n in (1, 2, 3):
        st.rng.force([1])
        events = st.apply("allies", f"fire light_infantry-{n} w1 ger_grenadiers-{n}")
        needs.append(events[0].text.split(": needs ")[1].split(", rolls")[0])
    assert needs == ["7+ (critical 10+)", "7+ (critical 10+)", "7+ (critical 10+)"]


def test_gm48_a_unit_is_destroyed_at_its_wound_value():
    st = scene("fire")
    put(st, "light_infantry", 0, "C3")
    t = put(st, "ger_grenadiers", 1, "C4")
    t.wounds = 2  # of 3
    st.rng.force([6])
    events = st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    assert shot(events) == ["hit", "destroyed"]
    assert st.piece("ger_grenadiers-1") is None and st.discards[1][-1] == "ger_grenadiers"


def test_ex17_a_hit_that_cannot_pass_the_armour_does_nothing():
    st = scene("fire")
    put(st, "light_infantry", 0, "C3")
    tiger = put(st, "tiger", 1, "C4")
    st.rng.force([10])  # a hit and a critical roll, but penetration 2 is below armour 6
    events = st.apply("allies", "fire light_infantry-1 w1 tiger-1")
    assert shot(events) == ["no_effect"] and events[0].rule == "GM-46"
    assert st.piece("tiger-1") is tiger and tiger.wounds == 0


def test_gm47_gm48_a_critical_destroys_and_the_card_goes_to_the_discard_pile():
    """GM-47: a critical that gets through the armour destroys an unhurt Panzer IV (4
    wounds) at once, whatever its wounds; GM-48: the card and the card on it are
    discarded."""
    st = scene("fire")
    put(st, "m4_sherman", 0, "C2")  # 75 mm: penetration 5
    panzer = put(st, "ger_panzer_iv", 1, "C5")  # armour 5, 4 wounds
    panzer.attached = ("ram",)
    before = list(st.discards[1])
    st.rng.force([10])
    events = st.apply("allies", "fire m4_sherman-1 w1 ger_panzer_iv-1")
    assert shot(events) == ["critical", "destroyed"]
    assert st.piece("ger_panzer_iv-1") is None
    assert st.discards[1] == [*before, "ger_panzer_iv", "ram"]  # with the card on it
    assert st.destroyed == [0, 1]
    assert st.view("allies")["sides"]["axis"]["lost"] == 1


def test_ex11_gm79_a_mounted_team_fires_its_rifle_and_its_mortar_at_two_targets():
    st = scene("deploy")
    st.hands[0] = ["heavy_infantry"]
    put(st, "ger_grenadiers", 1, "D3")  # 2 steps from D1
    put(st, "ger_grenadiers", 1, "B3")  # 4 steps from D1
    st.apply("allies", "deploy heavy_infantry D1")
    st.apply("allies", "equip mortars")
    st.apply("allies", "done")
    assert st.phase == "fire"
    fire = {a.args[1] for a in st.legal_actions("allies") if a.verb == "fire"}
    assert fire == {"w1"}  # the mortar arrives folded (GM-79)
    st.apply("allies", "done")
    assert st.phase == "flip" and "mount heavy_infantry-1" in legal(st)
    st.apply("allies", "mount heavy_infantry-1")
    pass_until(st, "allies", "fire", 3)
    team = st.piece("heavy_infantry-1")
    assert team.mounted and not team.moved  # a mounted team does not move (GM-79)
    offered = legal(st)
    assert "fire heavy_infantry-1 mortars ger_grenadiers-1" in offered  # both at T1 too
    assert "fire heavy_infantry-1 w1 ger_grenadiers-2" not in offered  # 4 steps: rifle no
    st.rng.force([1, 1])
    st.apply("allies", "fire heavy_infantry-1 w1 ger_grenadiers-1")
    st.apply("allies", "fire heavy_infantry-1 mortars ger_grenadiers-2")
    assert team.fired == ("w1", "mortars")
    assert not [a for a in st.legal_actions("allies") if a.verb == "fire"]  # once each (GM-42)


def test_gm79_a_mounted_team_is_not_offered_a_move():
    st = scene("move")
    put(st, "heavy_infantry", 0, "D1", ["mortars"], mounted=True)
    put(st, "heavy_infantry", 0, "A1", ["mortars"])
    movers = {a.args[0] for a in st.legal_actions("allies") if a.verb == "move"}
    assert movers == {"heavy_infantry-2"}
    refused(st, "allies", "move heavy_infantry-1 D2")


def test_gm56_a_weapon_team_is_set_up_or_packed_away_in_the_flip_phase_never_both_in_a_turn():
    """GM-56: setting up and packing away are offered only in the own Flip phase; a team
    set up this turn is not packed away until a later turn, nor set up again in the turn it
    is packed away."""
    st = scene("fire")
    team = put(st, "heavy_infantry", 0, "D1", ["mortars"])
    put(st, "heavy_infantry", 0, "F1", ["hmg"])
    assert legal(st) == {"done"}  # nothing to fire at, and no setting up in the Fire phase
    refused(st, "allies", "mount heavy_infantry-1")
    st.apply("allies", "done")
    assert st.phase == "flip"
    assert legal(st) == {"mount heavy_infantry-1", "mount heavy_infantry-2", "done"}
    events = st.apply("allies", "mount heavy_infantry-1")
    assert team.mounted and events[0].kind == "mount"
    assert legal(st) == {"mount heavy_infantry-2", "done"}  # not packed away again this turn
    assert "GM-56" in refused(st, "allies", "fold heavy_infantry-1")
    pass_until(st, "allies", "flip", 3)
    assert legal(st) == {"fold heavy_infantry-1", "mount heavy_infantry-2", "done"}
    st.apply("allies", "fold heavy_infantry-1")
    assert not team.mounted
    assert legal(st) == {"mount heavy_infantry-2", "done"}  # nor set up again
    assert "GM-56" in refused(st, "allies", "mount heavy_infantry-1")


def test_ex14_a_flip_weapon_skips_the_next_own_turn():
    st = scene("fire")
    sherman = put(st, "m4_sherman", 0, "D1", ["mg1"])
    put(st, "tiger", 1, "D3")  # armour 6: the machine gun cannot hurt it, it stays
    st.apply("allies", "fire m4_sherman-1 mg1 tiger-1")
    assert sherman.tokens["mg1"] == "used"
    pass_until(st, "allies", "fire", 3)  # own turn N+1
    assert sherman.tokens["mg1"] == "disabled"
    offered = legal(st)
    assert "fire m4_sherman-1 w1 tiger-1" in offered
    assert "fire m4_sherman-1 mg1 tiger-1" not in offered
    assert "GM-52" in refused(st, "allies", "fire m4_sherman-1 mg1 tiger-1")
    pass_until(st, "allies", "fire", 5)  # own turn N+2
    assert sherman.tokens["mg1"] == "ready"
    assert "fire m4_sherman-1 mg1 tiger-1" in legal(st)


def test_ex16_grenades_are_thrown_every_turn():
    st = scene("fire")
    squad = put(st, "light_infantry", 0, "D1", ["grenades"])
    put(st, "tiger", 1, "D2")
    st.apply("allies", "fire light_infantry-1 grenades tiger-1")
    assert squad.tokens["grenades"] == "ready"
    pass_until(st, "allies", "fire", 3)
    assert "fire light_infantry-1 grenades tiger-1" in legal(st)
    st.apply("allies", "fire light_infantry-1 grenades tiger-1")
    assert squad.tokens["grenades"] == "ready"


def test_gm50_a6_a_second_unit_firing_at_a_target_suppresses_it():
    """GM-50: the second unit of the side to play that fires at a target it can hurt puts
    the suppression token on it, misses included; a unit's second weapon is not a second
    unit (A-6)."""
    st = scene("fire")
    put(st, "light_infantry", 0, "C2", ["grenades"])
    put(st, "light_infantry", 0, "D2")
    target = put(st, "ger_grenadiers", 1, "C3")
    st.rng.force([1, 1, 1])  # misses count
    st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    st.apply("allies", "fire light_infantry-1 grenades ger_grenadiers-1")
    assert not target.suppressed  # units count, not weapons
    events = st.apply("allies", "fire light_infantry-2 w1 ger_grenadiers-1")
    assert "suppressed" in [e.kind for e in events] and target.suppressed
    assert st.view("axis")["units"][-1]["suppressed"]


def test_a6_a_unit_that_cannot_pass_the_armour_does_not_suppress():
    st = scene("fire")
    put(st, "light_infantry", 0, "C2")
    put(st, "light_infantry", 0, "D2")
    tiger = put(st, "tiger", 1, "C3")
    st.rng.force([1, 1])
    st.apply("allies", "fire light_infantry-1 w1 tiger-1")
    st.apply("allies", "fire light_infantry-2 w1 tiger-1")
    assert not tiger.suppressed


def test_a6_a_fighters_attack_counts_toward_suppression():
    st = scene("deploy")
    st.hands[0] = ["usa_p47"]
    put(st, "light_infantry", 0, "C2")
    target = put(st, "ger_grenadiers", 1, "C4")
    st.apply("allies", "deploy usa_p47 hq")  # it waits at the HQ (GM-66)
    assert st.phase == "fire"
    st.rng.force([1, 1])
    st.apply("allies", "fire usa_p47-1 w1 ger_grenadiers-1")
    assert st.piece("usa_p47-1") is None and st.discards[0][-1] == "usa_p47"
    st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    assert target.suppressed


def test_a6_a_bombers_attack_counts_toward_suppression():
    st = scene("deploy")
    st.hands[0] = ["usa_b25"]
    put(st, "light_infantry", 0, "C2")
    target = put(st, "ger_grenadiers", 1, "C4")
    st.rng.force([1])
    events = st.apply("allies", "play usa_b25 C4")  # a miss: misses count
    assert [e.kind for e in events] == ["bomber", "miss"]
    st.rng.force([1])
    st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")  # the second unit
    assert target.suppressed


def test_gm51_suppression_lasts_until_the_placing_sides_next_turn():
    """GM-51; GM-24: an effect lasting a turn of the side that placed it ends in that
    side's next Inicio."""
    st = scene("fire")
    put(st, "light_infantry", 0, "B2")
    put(st, "light_infantry", 0, "D2")
    target = put(st, "ger_grenadiers", 1, "C3")  # movement 2, rifle 5+/10
    st.rng.force([1, 1])
    st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    st.apply("allies", "fire light_infantry-2 w1 ger_grenadiers-1")
    assert target.suppressed
    pass_until(st, "axis", "move", 2)
    assert target.suppressed
    targets = {a.args[1] for a in st.legal_actions("axis") if a.verb == "move"}
    assert targets == {"B3", "D3", "C4", "C2"}  # one less: a single step
    pass_until(st, "axis", "fire", 2)
    st.rng.force([5])
    events = st.apply("axis", "fire ger_grenadiers-1 w1 light_infantry-1")
    assert "needs 6+ (critical 10+)" in events[0].text and events[0].kind == "miss"
    events += pass_until(st, "allies", "move", 3)  # the axis's turn ends after its shot
    assert not target.suppressed and "unsuppressed" in [e.kind for e in events]


def test_gm75_an_antitank_gun_does_one_more_damage_to_tanks_only():
    """GM-75: Antitanque adds 1 to the damage against a tank, nothing against infantry."""
    st = scene("fire")
    put(st, "usa_57mm", 0, "D2")  # 5+/10, penetration 6, damage 2, Antitanque
    put(st, "usa_57mm", 0, "F2")
    tank = put(st, "ger_panzer_iv", 1, "D4")  # armour 5, 4 wounds
    squad = put(st, "ger_grenadiers", 1, "F4")  # 3 wounds
    st.rng.force([5, 5])
    st.apply("allies", "fire usa_57mm-1 w1 ger_panzer_iv-1")
    st.apply("allies", "fire usa_57mm-2 w1 ger_grenadiers-1")
    assert tank.wounds == 2 + 1 and squad.wounds == 2


def test_gm90_hollow_points_add_one_penetration_against_tanks_only():
    """GM-90: Punta Hueca adds 1 to the penetration against a tank (not a transport), so a
    carbine hurts a Puma that the same rifle without it cannot."""
    st = scene("fire")
    hunters = put(st, "usa_bazooka_team", 0, "D2")  # carbine 6+/10, penetration 2, Punta Hueca
    put(st, "light_infantry", 0, "F2")  # rifle 5+/10, penetration 2, no Punta Hueca
    puma = put(st, "ger_puma", 1, "D3")  # a tank, armour 3
    other = put(st, "ger_puma", 1, "F3")
    halftrack = put(st, "ger_hanomag", 1, "C2")  # a transport, not a tank
    carbine = weapons(st.lib, hunters)["w1"]
    assert shots.penetration(st, hunters, carbine, puma) == 3
    assert shots.penetration(st, hunters, carbine, halftrack) == 2
    st.rng.force([6, 6])
    events = st.apply("allies", "fire usa_bazooka_team-1 w1 ger_puma-1")
    assert shot(events) == ["hit"] and puma.wounds == 1
    events = st.apply("allies", "fire light_infantry-1 w1 ger_puma-2")
    assert shot(events) == ["no_effect"] and other.wounds == 0


def test_a5_the_enemy_hq_is_a_target_in_range_and_takes_no_critical():
    st = scene("fire")
    put(st, "m4_sherman", 0, "D3")  # the axis HQ is 4 away: 1 + 3 lines
    put(st, "light_infantry", 0, "E3")  # rifle range 2: out of reach
    put(st, "m4_sherman", 0, "A3")  # 7 away
    offered = legal(st)
    assert "fire m4_sherman-1 w1 hq" in offered
    assert "fire light_infantry-1 w1 hq" not in offered and "fire m4_sherman-2 w1 hq" not in offered
    st.rng.force([10])
    events = st.apply("allies", "fire m4_sherman-1 w1 hq")
    assert shot(events) == ["hq_hit"]
    assert st.hq_hp == [10, 8] and not st.is_over  # a 10 is a plain hit (GM-17)


def test_gm99_a_destroyed_hq_ends_the_battle():
    st = scene("fire")
    put(st, "m4_sherman", 0, "D3")
    st.hq_hp[1] = 2
    st.rng.force([5])
    events = st.apply("allies", "fire m4_sherman-1 w1 hq")
    assert shot(events) == ["hq_hit", "over"]
    assert st.hq_hp[1] == 0 and st.is_over and st.phase == "over"
    assert st.outcome.winner == "allies" and st.outcome.kind == "hq"
    assert st.outcome.scores == {"allies": 1.0, "axis": -1.0}
    assert st.current_players == ()
    assert "over" in refused(st, "allies", "done")


# ---- the turn, its end and the end of the battle ---------------------------------------------
def test_gm23_a1_a_turn_runs_its_phases_in_order():
    """GM-23, A-1: the allies' turn goes Movement, Deployment, Fire, Flip, Discard, then the
    end of the turn; the axis' turn opens with Inicio (the suppression it placed comes off),
    the HQ phase and the card phase, then its Movement phase."""
    st = scene("move")
    st.hands[0] = ["light_infantry"] * 9  # two to discard
    put(st, "heavy_infantry", 0, "D1", ["mortars"])  # moves, fires, may set up its mortar
    put(st, "light_infantry", 0, "H1").suppressed = True  # by the axis, in its last turn
    put(st, "ger_grenadiers", 1, "D3")
    seen, events = [], []
    while st.active == 0:
        if st.phase not in seen:
            seen.append(st.phase)
        events = st.apply("allies", "discard light_infantry" if st.phase == "discard" else "done")
    assert seen == ["move", "deploy", "fire", "flip", "discard"]
    kinds = [e.kind for e in events]
    order = ["end_turn", "turn", "unsuppressed", "hq", "draw"]
    assert [kinds.index(k) for k in order] == sorted(kinds.index(k) for k in order)
    assert st.turn == 2 and st.phase == "move" and st.current_players == ("axis",)


def test_gm25_the_side_to_play_draws_two_cards_or_what_its_deck_has_left():
    """GM-25: the card phase draws the top 2 cards of the deck; with 1 left, that one."""
    st = scene("fire")
    put(st, "ger_grenadiers", 1, "A6")  # a move to make: the axis' Movement phase waits
    st.hands[1], st.decks[1] = [], ["ger_grenadiers", "tiger", "ger_stug"]
    pass_until(st, "axis", "move", 2)
    assert sorted(st.hands[1]) == ["ger_stug", "tiger"] and st.decks[1] == ["ger_grenadiers"]
    pass_until(st, "axis", "move", 4)
    assert sorted(st.hands[1]) == ["ger_grenadiers", "ger_stug", "tiger"] and st.decks[1] == []


def test_gm27_the_end_of_the_turn_clears_its_marks_and_the_other_side_begins():
    """GM-27: a machine gun fired this turn is still marked used this turn through the Flip
    phase (GM-55); the end of the turn clears the mark, leaving the token simply disabled,
    and the axis' turn begins."""
    st = scene("fire")
    sherman = put(st, "m4_sherman", 0, "D1", ["mg1"])
    put(st, "tiger", 1, "D3")  # the machine gun cannot hurt it: it stays to be fired at
    st.apply("allies", "fire m4_sherman-1 mg1 tiger-1")
    assert sherman.tokens["mg1"] == "used"
    events = st.apply("allies", "done")
    assert [e.kind for e in events][:3] == ["flip", "end_turn", "turn"]
    assert events[1].rule == "GM-27" and sherman.tokens["mg1"] == "disabled"
    assert st.active == 1 and st.turn == 2


def test_gm26_the_side_discards_down_to_seven_before_its_turn_ends():
    st = scene("discard")
    st.hands[0] = ["light_infantry"] * 3 + ["impact", "ram", "promotion", "m4_sherman"]
    st.hands[0] += ["usa_red_ball", "heavy_infantry"]  # 9 cards
    st._legal_cache = None
    offered = st.legal_actions("allies")
    assert offered and all(a.verb == "discard" for a in offered)
    assert "GM-26" in refused(st, "allies", "done")
    st.apply("allies", "discard impact")
    assert st.phase == "discard" and st.active == 0
    st.apply("allies", "discard light_infantry")
    assert len(st.hands[0]) == 7 and st.discards[0][-2:] == ["impact", "light_infantry"]
    assert st.active == 1 and st.turn == 2  # seven left: the turn ends on its own


def test_a18_a_side_with_no_cards_in_deck_and_hand_is_defeated():
    """GM-101, A-18: a side left with no card in deck or hand after its card phase loses."""
    st = scene("fire")
    st.decks[1], st.hands[1] = [], []
    events = pass_until_over(st)
    assert st.outcome.winner == "allies" and st.outcome.kind == "cards"
    assert "axis has no cards left" in st.outcome.reason
    assert events[-1].kind == "over" and events[-1].rule == "GM-101, A-18"  # the log cites it


def test_a18_an_empty_deck_alone_is_no_defeat():
    """GM-101: deck and hand must both be empty; cards left in either keep the side in."""
    st = scene("fire")
    st.decks[1], st.hands[1] = [], ["ger_grenadiers"]
    pass_until(st, "axis", "deploy", 2)
    assert not st.is_over
    st = scene("fire")
    st.decks[1], st.hands[1] = ["ger_grenadiers"], []  # the last card is drawn in time
    pass_until(st, "axis", "deploy", 2)
    assert not st.is_over and st.hands[1] == ["ger_grenadiers"]


def test_a19_the_round_limit_with_equal_hq_damage_is_a_draw():
    st = scene("fire", max_rounds=1)
    st.hq_hp = [7, 7]
    events = pass_until_over(st)
    assert st.turn == 2 and st.outcome.winner is None and st.outcome.kind == "round limit"
    assert st.outcome.scores == {"allies": 0.0, "axis": 0.0}
    assert events[-1].rule == "A-19"  # the round limit, not a destroyed HQ (GM-99)


def test_a19_at_the_round_limit_the_hq_with_more_damage_loses():
    st = scene("fire", active="axis", max_rounds=2)
    st.hq_hp = [9, 7]
    st.hands[0] = ["light_infantry"]
    pass_until(st, "allies", "deploy", 2)
    assert st.turn == 2 and not st.is_over  # a round is a turn of each side
    pass_until_over(st)
    assert st.turn == 4 and st.outcome.winner == "allies"
    assert "HQ damage allies 1, axis 3" in st.outcome.reason


def test_gm102_a_timed_battle_gives_each_side_one_last_turn_then_counts_hq_damage():
    """GM-102, A-19: at the time limit every side plays one last turn; then the side with
    more damage on its HQ loses."""
    st = scene("fire", time_limit=1)  # round 1, then one last turn each: round 2
    st.hq_hp = [8, 9]
    events = pass_until_over(st)
    assert st.turn == 4 and st.outcome.kind == "time limit" and events[-1].rule == "GM-102"
    assert st.outcome.winner == "axis" and "HQ damage allies 2, axis 1" in st.outcome.reason


# ---- refused actions -------------------------------------------------------------------------
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    st = scene("move")
    put(st, "light_infantry", 0, "D1")
    put(st, "ger_grenadiers", 1, "D6")
    assert "not axis's turn" in refused(st, "axis", "move ger_grenadiers-1 D5")
    assert "not yours" in refused(st, "allies", "move ger_grenadiers-1 D5")
    assert "no unit" in refused(st, "allies", "move tiger-1 D5")
    refused(st, "allies", "move light_infantry-1 D4")  # 3 steps
    refused(st, "allies", "fire light_infantry-1 w1 ger_grenadiers-1")  # not the fire phase
    st.hands[0] = ["light_infantry"]
    st.phase, st._legal_cache = "deploy", None
    assert "no 'tiger' card" in refused(st, "allies", "deploy tiger D1")
    assert "GM-38" in refused(st, "allies", "deploy light_infantry D6")


def test_gm27_a_support_card_lasting_one_turn_comes_off_at_its_end():
    """GM-24, GM-27: a card whose effect lasts the turn is removed at the end of it, to its
    player's discard pile (none of ours does; a box's card may); the shipped ram stays."""
    for duration, stays in (("turn", False), ("permanent", True)):
        st = scene("deploy")
        ram = st.lib.support["ram"].model_copy(update={"duration": duration})
        st.lib = dataclasses.replace(st.lib, support={**st.lib.support, "ram": ram})
        tank = put(st, "m4_sherman", 0, "D1")
        st.hands[0] = ["ram", "light_infantry"]
        st.apply("allies", f"play ram {tank.id}")
        assert tank.attached == ("ram",)
        events = []
        while st.active == 0:  # the allies' turn to its end
            events += step(st)
        assert (tank.attached == ("ram",)) is stays
        assert ("ram" in st.discards[0]) is not stays
        assert ("detached" in [e.kind for e in events]) is not stays


def test_a_hand_with_nothing_playable_still_passes_the_deployment_phase_itself():
    """A hidden hand never moves the turn on by itself (the leak Undaunted's ruling 7
    closed): a seat holding cards passes the Deployment phase by its own action, whether
    its cards can be paid or not, so the enemy sees the same phase either way. An empty
    hand is public: that phase still goes by on its own."""
    seen = []
    for hand in (["heavy_infantry"], ["impact"], []):  # no AP to pay for either card
        st = scene("move", ap=(0, 10))
        st.hands[0] = list(hand)
        put(st, "light_infantry", 0, "D1")
        st.apply("allies", "done")
        seen.append((st.phase, st.current_players))
        if hand:
            assert st.phase == "deploy" and legal(st) == {"done"}  # nothing it can pay for
            st.apply("allies", "done")  # nothing to fire at either: the axis's turn
            assert (st.turn, st.phase, st.current_players) == (2, "deploy", ("axis",))
    assert seen[0] == seen[1] == ("deploy", ("allies",))
    assert seen[2] == ("deploy", ("axis",))  # an empty hand: on to the axis, who holds cards
