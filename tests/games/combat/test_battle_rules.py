"""Large battles (9.2), the patrol's reinforcements, berserk and routed directions (17.2,
17.3), belt-fed crews (14.3)."""

from __future__ import annotations

import dataclasses

import pytest

import wartable
from tests.games.combat.scene import hex_index, put, scene
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
    with pytest.raises(wartable.WartableError, match="unknown option 'fog'"):
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
