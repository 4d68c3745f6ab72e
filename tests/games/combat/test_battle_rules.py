"""Large battles (9.2), the patrol's reinforcements, berserk and routed directions (17.2,
17.3), belt-fed crews (14.3)."""

from __future__ import annotations

import dataclasses

import pytest

import wartable
from tests.games.combat.scene import activate, hex_index, put, scene
from wartable.games.combat.model import ACTIVE, DEAD, GERMANY, IN_CUP
from wartable.games.combat.rules import checks, crew, fire, flow, legal, scoring
from wartable.games.combat.rules.enemy_phase import enemy_order_phase
from wartable.games.combat.rules.firing import fire_chance

GAME = wartable.get_game("combat")


def test_a_large_battle_draws_one_card_per_team_the_9_2_example():
    st = scene("attack-the-farmhouse", seed=2, large_battle=True)
    blue = [s.index for s in st.soldiers if s.team == "blue" and not s.decoy][:3]
    voigt, wolff, bach = blue
    put(st, "14.10", key=st.soldiers[voigt].key, morale=checks.NORMAL)
    put(st, "20.02", key=st.soldiers[wolff].key, morale=checks.BOLD)
    put(st, "21.02", key=st.soldiers[bach].key, morale=checks.BOLD)
    st.enemy_deck.append(14)
    before = len(st.enemy_deck)
    enemy_order_phase(st, [])
    assert st.team_cards["blue"] == 14
    drawn_for_blue = before - len(st.enemy_deck) - (len(st.team_cards) - 1)
    assert drawn_for_blue == 1  # one card for the three of them
    assert [st.ground.cover[st.pos[i]] for i in (voigt, wolff, bach)] == [True, False, False]
    assert st.order[voigt] == "aimed_fire"  # normal, in cover
    assert (st.order[wolff], st.dirs[wolff]) == ("sprint", (6,))  # bold, in the open
    assert (st.order[bach], st.dirs[bach]) == ("sprint", (6,))


def test_without_the_option_each_soldier_draws_his_own_card():
    st = scene("attack-the-farmhouse", seed=2)
    blue = [s.index for s in st.soldiers if s.team == "blue" and not s.decoy][:2]
    for i, where in zip(blue, ("14.10", "20.02"), strict=True):
        put(st, where, key=st.soldiers[i].key)
    before = len(st.enemy_deck)
    enemy_order_phase(st, [])
    assert before - len(st.enemy_deck) == 2 + 3  # two soldiers, then the three other teams


def test_combat_options_are_checked():
    with pytest.raises(wartable.WartableError, match="has no option 'fog'"):
        GAME.new_game("attack-the-farmhouse", options={"fog": True})
    with pytest.raises(wartable.WartableError, match="true or false"):
        GAME.new_game("attack-the-farmhouse", options={"large_battle": "yes"})


def test_the_patrols_reinforcements_enter_on_turn_4_with_die_orders():
    st = GAME.new_game("a-meeting-of-patrols", seed=3)
    cup = [s.index for s in st.soldiers if st.status[s.index] == IN_CUP]
    st.turn = 4
    ev: list = []
    flow.start_turn(st, ev)
    came = cup[:4]
    assert st.arrived == tuple(came)
    hexes = [st.sc.board.label(st.sc.board.hexes[st.pos[i]]) for i in came]
    assert hexes == ["35.08", "35.07", "35.06", "35.05"]
    assert all(st.status[i] == ACTIVE and st.alert[i] for i in came)
    st.initiative_card = 36
    st.rng.force([1, 2, 3, 4])
    enemy_order_phase(st, ev)
    assert [(st.order[i], st.dirs[i]) for i in came] == [
        ("evade", (5, 6)),
        ("evade", (6, 5)),
        ("evade", (5,)),
        ("evade", (6,)),
    ]


def moves_of(st, i, order, morale):
    st.order[i], st.morale[i] = order, morale
    st.queue, st.cursor, st._legal_cache = (i,), 0, None
    flow.begin_friendly(st, i, [])
    return {a.args[1] for a in st.legal_actions("us") if a.verb == "move"}


def test_berserk_men_move_only_in_directions_2_and_3_and_routed_ones_in_5_and_6():
    st = scene()
    bru = put(st, "18.10", key="pvt-brubaker")
    here = st.sc.board.parse("18.10")
    step = st.sc.compass.step
    label = st.sc.board.label
    assert moves_of(st, bru, "sprint", checks.BERSERK) == {label(step(here, d)) for d in (2, 3)}
    st.act = None
    assert moves_of(st, bru, "sprint", checks.ROUT) == {label(step(here, d)) for d in (5, 6)}
    st.act = None
    assert len(moves_of(st, bru, "sprint", checks.NORMAL)) == 6


def test_a_routed_man_flees_as_fast_as_his_wounds_allow_and_rallies_only_unseen():
    st = scene()
    bru = put(st, "18.10", key="pvt-brubaker", morale=checks.ROUT)
    st.phase = "orders"
    assert legal.allowed_orders(st, bru)[-1:] == ["sprint"]
    st.wounds[bru] = ("bad_wound",)
    assert legal.allowed_orders(st, bru)[-1:] == ["sneak"]


def gunner(st, at: str):
    """A German machine gunner (no such counter in the two scenarios: made from a rifleman)."""
    i = put(st, at, side=GERMANY, role="rifleman")
    soldiers = list(st.soldiers)
    soldiers[i] = dataclasses.replace(soldiers[i], weapon="mg42", ws=soldiers[i].tq)
    st.soldiers = tuple(soldiers)
    return i


def test_a_german_gun_has_its_assistant_until_he_is_lost():
    st = scene()
    mg = gunner(st, "18.05")
    bru = put(st, "18.10", key="pvt-brubaker")
    st.order[mg] = "aimed_fire"
    helped = fire_chance(st, mg, bru)
    st.crewless[mg] = "killed"
    alone = fire_chance(st, mg, bru)
    assert helped is not None and alone is not None
    assert alone.ws == helped.ws + st.sc.lib.charts.firer.belt_without_assistant
    assert "no assistant" in alone.text


def test_the_assistant_takes_over_a_dead_gunner_and_a_bad_wound_at_the_end_of_turn():
    st = scene()
    mg = gunner(st, "18.05")
    other = gunner(st, "18.06")
    st.status[mg] = DEAD
    crew.change_over(st, [])
    assert st.status[mg] == ACTIVE and st.crewless[mg] == "killed" and st.wounds[mg] == ()
    assert scoring.tally(st)["enemy_killed"] == 1  # the gunner fell; his assistant serves
    st.status[mg] = DEAD
    crew.change_over(st, [])
    assert st.status[mg] == DEAD  # no second assistant
    assert scoring.tally(st)["enemy_killed"] == 2
    st.wounds[other] = ("bad_wound", "light_wound")
    crew.change_over(st, [])
    assert st.wounds[other] == ("light_wound",) and st.crewless[other] == "wounded"
    assert scoring.tally(st)["enemy_killed"] == 2  # a wound kills nobody


def test_a_belt_fed_ammo_loss_needs_two_nines_with_an_assistant():
    weapon = GAME.lib.weapons.weapons["mg42"]
    rng = wartable.core.rng.Rng(1)
    rng.force([9, 5, 5, 5, 5])
    with_help = fire.shoot(rng, 5, 5, weapon, fire.AMMO_OK, assistant=True)
    rng.force([9, 5, 5, 5, 5])
    alone = fire.shoot(rng, 5, 5, weapon, fire.AMMO_OK, assistant=False)
    assert with_help.ammo == fire.AMMO_OK and alone.ammo != fire.AMMO_OK


def test_a_friendly_gunner_alone_can_only_sneak_with_his_gun():
    st = scene()
    bru = put(st, "18.10", key="pvt-brubaker")
    soldiers = list(st.soldiers)
    soldiers[bru] = dataclasses.replace(soldiers[bru], weapon="m1919", ws=5)
    st.soldiers = tuple(soldiers)
    st.phase = "orders"
    moves = [o for o in legal.allowed_orders(st, bru) if o in legal.MOVES]
    assert moves == ["sneak"]
    put(st, "18.10", key="pvt-cragg")
    assert "evade" in legal.allowed_orders(st, bru)
    assert hex_index(st, "18.10") == st.pos[bru]


def ordering(st):
    st.phase, st._legal_cache = "orders", None
    return st


def out_of_sight_of(st, frm: int, reach: int) -> int:
    """A clear hex within ``reach`` of ``frm`` that cannot be seen from it."""
    board = st.sc.board
    return next(
        h
        for h in range(len(board.hexes))
        if 2 <= st.sc.board.grid.distance(board.hexes[frm], board.hexes[h]) <= reach
        and not board.blocks_now[h]
        and not st.ground.sight.sees(frm, h)
    )


def test_a_berserk_man_with_a_known_enemy_in_sight_may_only_fire_rapidly_or_charge():
    """17.2: in sight of a spotted enemy, Rapid Fire (Aimed with a slow weapon); the moves are
    for a berserk man who sees none (a charge needs a known enemy in sight, 7.08)."""
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", morale=checks.BERSERK)
    foe = put(st, "18.13", side=GERMANY, role="rifleman")
    assert st.ground.sight.sees(st.pos[bru], st.pos[foe])
    ordering(st)
    assert legal.allowed_orders(st, bru) == ["rapid_fire", "charge"]
    st.pos[foe] = hex_index(st, "18.08")  # 8 hexes: too far to charge
    ordering(st)
    assert legal.allowed_orders(st, bru) == ["rapid_fire"]
    assert any("sprint - berserk" in h and "17.2" in h for h in st.hints("us"))


def test_a_berserk_man_who_sees_no_known_enemy_runs_at_them_or_throws():
    st = scene()
    bru = put(st, "18.14", key="pvt-brubaker", morale=checks.BERSERK)  # by a hedge line
    hidden_hex = out_of_sight_of(st, st.pos[bru], 4)
    put(st, st.sc.board.label(st.sc.board.hexes[hidden_hex]), side=GERMANY, role="rifleman")
    ordering(st)
    allowed = legal.allowed_orders(st, bru)
    assert allowed == ["sprint", "run_and_gun", "evade", "grenade"]
    assert any("rapid fire - berserk" in h for h in st.hints("us"))
    st.wounds[bru] = ("bad_wound",)  # he can neither sprint nor evade: he may sneak
    ordering(st)
    assert [o for o in legal.allowed_orders(st, bru) if o in legal.MOVES] == ["sneak"]


def test_a_berserk_grenadier_must_take_his_moves_in_directions_2_and_3():
    st = scene(impulse=2)
    bru = put(st, "18.16", key="pvt-brubaker", morale=checks.BERSERK, order="grenade")
    st.aim[bru] = hex_index(st, "18.13")
    activate(st, bru)
    verbs = {a.verb for a in st.legal_actions("us")}
    assert "aim" not in verbs and "stay" not in verbs
    here, step = st.sc.board.parse("18.16"), st.sc.compass.step
    moves = {a.args[1] for a in st.legal_actions("us") if a.verb == "move"}
    assert moves == {st.sc.board.label(step(here, d)) for d in (2, 3)}


def in_cover(st) -> str:
    board = st.sc.board
    hedge = next(h for h in range(len(board.hexes)) if board.kind[h] == "hedgerow")
    return board.label(board.hexes[hedge])


def test_a_routed_man_in_cover_and_unseen_may_rally_after_a_bare_tqc():
    """7.17 note, 17.3: Rally is offered in cover out of sight of known enemies, and giving it
    takes an unmodified TQC; a failure leaves him only his flight."""
    st = scene()
    st.phase = "orders"
    for s in st.soldiers:
        if s.side == "us":
            st.order[s.index] = "hide"
    bru = put(st, in_cover(st), key="pvt-brubaker", morale=checks.ROUT, order="")
    st.wounds[bru] = ("light_wound",)
    ordering(st)
    assert legal.allowed_orders(st, bru) == ["rally", "run_and_gun"]
    st.rng.force([st.soldiers[bru].tq + 1])  # fails
    events = st.apply("us", "order pvt-brubaker rally")
    assert st.order[bru] == "" and any("17.3" in e.rule for e in events)
    assert legal.allowed_orders(st, bru) == ["run_and_gun"]
    st.tried = frozenset()
    st._legal_cache = None
    st.rng.force([st.soldiers[bru].tq])  # his bare TQ passes though his wound lowers it
    st.apply("us", "order pvt-brubaker rally")
    assert st.order[bru] == "rally"


def test_a_routed_man_in_sight_of_a_known_enemy_flees_and_may_not_duck_back():
    st = scene(impulse=1)
    bru = put(st, "18.16", key="pvt-brubaker", morale=checks.ROUT)
    put(st, "18.13", side=GERMANY, role="rifleman")
    ordering(st)
    assert legal.allowed_orders(st, bru) == ["sprint"]
    assert any(h.startswith("not now: rally - routed") for h in st.hints("us"))
    st.phase, st.order[bru] = "impulses", "sprint"
    activate(st, bru)
    assert "duck" not in {a.verb for a in st.legal_actions("us")}


def test_a_routed_man_who_reaches_cover_out_of_sight_may_try_to_duck_back():
    """7.17 note: entering cover out of sight of every known enemy, a TQC lets him duck back."""
    st = scene(impulse=1)
    board = st.sc.board
    step = st.sc.compass.step
    cover = next(
        h
        for h in range(len(board.hexes))
        if board.kind[h] == "hedgerow"
        and step(board.hexes[h], 2) in board.index
        and not st.ground.cover[board.index[step(board.hexes[h], 2)]]
    )
    start = board.index[step(board.hexes[cover], 2)]  # he flees into it in direction 5
    bru = put(st, board.label(board.hexes[start]), key="pvt-brubaker", morale=checks.ROUT)
    st.order[bru] = "evade"
    activate(st, bru)
    assert "duck" not in {a.verb for a in st.legal_actions("us")}
    st.apply("us", f"move pvt-brubaker {board.label(board.hexes[cover])}")
    assert "duck" in {a.verb for a in st.legal_actions("us")}
    st.rng.force([st.soldiers[bru].tq + 1])  # fails: he carries on
    st.apply("us", "duck pvt-brubaker")
    assert st.order[bru] == "evade" and "duck" not in {a.verb for a in st.legal_actions("us")}
