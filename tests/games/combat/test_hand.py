"""Discard cards played from the hand (5.1): at once, or held ready for the turn."""

from __future__ import annotations

import pytest

import wartable
from tests.games.combat.scene import at, hex_index, put, scene
from wartable.games.combat.model import DEAD, GERMANY, Activation
from wartable.games.combat.rules import care, checks, fire, flow, hand, melee
from wartable.games.combat.rules.deck import wound
from wartable.games.combat.rules.firing import attack, fire_chance


def acting(st, i):
    """Put the game at soldier ``i``'s end-of-activation decision, with a clean cache."""
    st.act = Activation(soldier=i, stage="end", moves=0, must=False)
    st.queue, st.cursor, st._legal_cache = (i,), 0, None


def test_cards_are_offered_for_whom_they_help_and_go_to_the_discard_pile():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", morale=checks.SHAKEN)
    acting(st, bru)
    st.hand[:] = [7, 8, 15]
    uses = {a for a in st.legal_actions("us") if a.verb == "use"}
    assert {str(a) for a in uses} == {"use 7 pvt-brubaker"}  # no light wound, a full magazine
    discards = len(st.discard)
    st.apply("us", "use 7 pvt-brubaker")
    assert st.morale[bru] == checks.NORMAL  # two levels up
    assert 7 not in st.hand and st.discard[-1] == 7 and len(st.discard) == discards + 1


def test_a_card_to_heal_reload_or_rally_acts_at_once():
    st = scene()
    taylor = put(st, "18.15", key="sgt-taylor")
    bru = put(st, "18.16", key="pvt-brubaker", wounds=("light_wound", "bad_wound"))
    st.ammo[bru], st.morale[bru] = fire.AMMO_NONE, checks.SHAKEN
    for n in (8, 15, 50):
        st.hand.append(n)
        hand.use(st, n, "pvt-brubaker", [])
    assert st.wounds[bru] == ("bad_wound",)
    assert st.ammo[bru] == fire.AMMO_OK
    assert st.morale[bru] == checks.CAUTIOUS  # one level, as a passed Rally Check
    st.pos[taylor] = hex_index(st, "18.02")  # no leader near: card 50 has no one to help
    assert bru not in hand.targets(st, "rally")


def test_only_one_card_is_kept_for_initiative_in_the_card_phase():
    st = scene()
    put(st, "18.16", key="pvt-brubaker", morale=checks.SHAKEN)
    st.phase, st.hand[:] = "cards", [7]
    st._legal_cache = None
    assert [a.verb for a in st.legal_actions("us")] == ["play"]
    st.hand[:] = [7, 36]
    st._legal_cache = None
    assert "use" in {a.verb for a in st.legal_actions("us")}


def test_card_1_cancels_the_next_wound_draw_on_a_friendly():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="evade")
    st.hand.append(1)
    hand.use(st, 1, "", [])
    assert st.ready == ("cancel_wound",)
    deck = len(st.deck)
    wound(st, bru, [])
    assert st.wounds[bru] == () and st.order[bru] == "duck_back" and len(st.deck) == deck
    assert st.ready == ()


def test_card_21_kills_the_enemy_hit_next():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="aimed_fire")
    foe = put(st, "18.14", side=GERMANY, role="rifleman", order="evade")
    st.ready = ("kill_outright",)
    st.rng.force([0, 0])  # a natural 0 hits whatever the odds (and may be confirmed)
    attack(st, bru, foe, [])
    assert st.status[foe] == DEAD and st.ready == ()


def test_card_28_rerolls_one_missed_die():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="aimed_fire")
    foe = put(st, "18.14", side=GERMANY, role="rifleman", order="evade")
    chance = fire_chance(st, bru, foe)
    assert chance is not None and chance.ws >= 1
    st.ready = ("reroll_shot",)
    deck = len(st.deck)
    st.rng.force([8, 0])  # a miss, then the card's die hits
    ev: list = []
    attack(st, bru, foe, ev)
    assert "a card re-rolls one die" in ev[0].text and st.ready == ()
    assert len(st.deck) < deck or st.status[foe] == DEAD  # the hit drew a wound card


def test_card_29_adds_two_to_a_melee_strike():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="melee")
    foe = put(st, "18.16", side=GERMANY, role="rifleman", order="melee")
    st.ready = ("melee_bonus",)
    ev: list = []
    st.rng.force([st.soldiers[bru].tq + 2])
    melee.strike(st, bru, foe, ev)
    assert "card +2" in ev[0].text and "hits" in ev[0].text


def test_card_42_makes_the_medics_roll_succeed():
    st = scene("attack-the-farmhouse", seed=3)
    medic = put(st, "18.16", key="pvt-peters", order="medical_aid")
    hurt = put(st, "18.16", key="pvt-brubaker", wounds=("bad_wound",))
    st.mate[medic] = hurt
    st.ready = ("sure_heal",)
    st.rng.force([9])  # would fail; no die is rolled
    care.end_of_turn(st, [])
    assert st.wounds[hurt] == ("bandaged_bad_wound",)


def test_card_23_adds_two_cards_to_a_plan():
    st = scene()
    taylor = put(st, "18.16", key="sgt-taylor", order="plan")
    st.ready = ("plan_bonus",)
    st.turn = 1
    st.rng.force([0])
    flow.end_phase(st, [])
    assert len(st.set_aside) == st.soldiers[taylor].ldr + 2
    assert st.ready == ()


def test_card_4_throws_a_scattered_grenade_again():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="grenade")
    put(st, "18.14", side=GERMANY, role="rifleman")
    st.aim[bru] = hex_index(st, "18.14")
    st.ready = ("reroll_throw",)
    st.rng.force([9, 3, 2, 5])  # scatters; the card's throw lands (2), then placement
    ev: list = []
    from wartable.games.combat.rules.grenades import throw

    throw(st, bru, ev)
    assert any("throws again" in e.text for e in ev)
    assert any("lands on 18.14" in e.text for e in ev)


def test_card_30_makes_shooting_from_and_at_cover_worse():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="aimed_fire")
    foe = put(st, "18.12", side=GERMANY, role="rifleman", order="aimed_fire")
    cover = st.ground.cover[st.pos[bru]]
    before = fire_chance(st, foe, bru)
    st.ready = ("blind_shooting",)
    after = fire_chance(st, foe, bru)
    assert before is not None and after is not None
    assert after.ws - before.ws == (-2 if cover else 0)


def played_on_cragg(card: int):
    """Brubaker is acting when the player uses ``card`` on Cragg, further up the map."""
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="hide")
    cragg = put(st, "18.10", key="pvt-cragg", order="hide")
    acting(st, bru)
    st.hand.append(card)
    st.apply("us", f"use {card} pvt-cragg")
    return st, bru, cragg


def test_card_14_gives_a_soldier_a_new_order_in_the_middle_of_the_turn():
    st, _bru, cragg = played_on_cragg(14)
    assert st.reorder == cragg and st.order[cragg] == ""
    assert {a.verb for a in st.legal_actions("us")} == {"order"}
    with pytest.raises(wartable.IllegalActionError):
        st.apply("us", "done pvt-brubaker")  # the new order comes first
    st.apply("us", "order pvt-cragg sprint")
    assert st.order[cragg] == "sprint" and st.reorder == -1


def test_card_11_lets_a_soldier_step_out_of_turn_then_play_goes_on():
    st, bru, cragg = played_on_cragg(11)
    assert st.act is not None and st.act.soldier == cragg and st.act.stage == "snap"
    st.apply("us", "move pvt-cragg 18.09")
    assert at(st, cragg) == "18.09"
    assert st.act is not None and st.act.soldier == bru and st.held is None


def test_card_9_swaps_a_team_with_the_marker_to_its_left():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="hide")
    acting(st, bru)
    st.track = ((10, "blue"), (20, "able"), (30, "charlie"))
    st.hand[:] = [9]
    assert {str(a) for a in st.legal_actions("us") if a.verb == "use"} == {
        "use 9 able",
        "use 9 charlie",
    }
    st.apply("us", "use 9 able")
    assert st.track == ((10, "able"), (20, "blue"), (30, "charlie"))


def test_ready_cards_unspent_are_lost_at_the_end_of_the_turn():
    st = scene()
    st.ready = ("kill_outright",)
    flow.end_phase(st, [])
    assert st.ready == ()


def test_card_40_rerolls_a_missed_shot_like_card_28():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="aimed_fire")
    foe = put(st, "18.14", side=GERMANY, role="rifleman", order="evade")
    st.ready = ("reroll_any",)
    st.rng.force([8, 0])
    ev: list = []
    attack(st, bru, foe, ev)
    assert "a card re-rolls one die" in ev[0].text and st.ready == ()


def test_a_card_used_on_nobody_it_can_help_is_refused_and_changes_nothing():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", morale=checks.AGGRESSIVE)  # nothing to fix
    acting(st, bru)
    st.hand[:] = [7, 8]
    before = st.full_state()
    for bad in ("use 7 pvt-brubaker", "use 8 pvt-brubaker", "use 7", "use 99 pvt-brubaker"):
        with pytest.raises(wartable.IllegalActionError):
            st.apply("us", bad)
    assert st.full_state() == before
