"""Charges, melee and surrender (7.08, 10.08, 15.0, 17.4), dice forced."""

from __future__ import annotations

from wartable.games.combat.model import GERMANY, GONE, Activation
from wartable.games.combat.rules import checks, contact, harm, melee
from wartable.games.combat.rules.common import tq_now
from wartable.games.combat.rules.firing import targets
from wartable.games.combat.rules.legal import activation_choices, allowed_orders

from .scene import at, put, scene


def test_entering_an_enemy_hex_starts_a_melee():
    st = scene(impulse=2)
    bru = put(st, "18.16", key="pvt-brubaker", order="evade")
    foe = put(st, "18.15", side=GERMANY, role="rifleman", order="aimed_fire")
    waiting = put(st, "18.13", side=GERMANY, role="rifleman", alert=False)
    taylor = put(st, "18.18", key="sgt-taylor", order="rapid_fire")
    assert foe in targets(st, taylor)
    st.pos[bru] = st.pos[foe]
    ev: list = []
    assert contact.entered(st, bru, ev)
    assert st.order[bru] == st.order[foe] == "melee"
    assert st.alert[waiting]  # 9.8 trigger 7: a melee within 3 hexes
    assert foe not in targets(st, taylor)  # nobody fires into a melee hex
    assert allowed_orders(st, bru) == ["melee"]
    st.act = Activation(soldier=bru, stage="melee", moves=0, must=True)
    choices = {str(a) for a in activation_choices(st)}
    assert choices == {f"strike pvt-brubaker {st.soldiers[foe].key}"}  # no ducking back


def test_a_charger_keeps_his_order_from_impulse_2_on():
    st = scene(impulse=2)
    bru = put(st, "18.15", key="pvt-brubaker", order="charge")
    put(st, "18.15", side=GERMANY, role="rifleman", order="evade")
    assert contact.entered(st, bru, [])
    assert st.order[bru] == "charge"
    st.impulse = 1
    st.order[bru] = "charge"
    assert contact.entered(st, bru, []) and st.order[bru] == "melee"


def test_a_decoy_met_face_to_face_is_removed():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="evade")
    decoy = next(s.index for s in st.soldiers if s.decoy)
    st.status[decoy], st.pos[decoy] = "active", st.pos[bru]
    assert not contact.entered(st, bru, [])
    assert st.status[decoy] == GONE


def test_strike_is_a_tqc_with_surprise_and_charge_bonuses():
    st = scene(impulse=4)
    bru = put(st, "18.16", key="pvt-brubaker", order="charge", seen=False)
    foe = put(st, "18.16", side=GERMANY, role="rifleman", order="melee")
    tq = tq_now(st, bru)
    st.rng.force([tq + melee.CHARGE_BONUS + melee.SURPRISE_BONUS])  # passes only with both
    ev: list = []
    melee.strike(st, bru, foe, ev)
    assert "charge +1, surprise +2" in ev[0].text and "hits" in ev[0].text
    assert st.seen[bru]  # striking gives him away
    assert any(e.kind == "wound" for e in ev)
    if st.alive(foe):
        assert st.order[foe] == "melee"  # no take-cover marker in a melee
    st.order[bru] = "melee"
    st.rng.force([tq + 1])
    ev = []
    melee.strike(st, bru, foe, ev)
    assert "misses" in ev[0].text


def test_routed_soldiers_beside_steady_comrades_fight_as_shaken():
    st = scene()
    put(st, "18.16", key="pvt-brubaker", order="evade")
    routed = put(st, "18.16", side=GERMANY, role="rifleman", morale=checks.ROUT)
    steady = put(st, "18.16", side=GERMANY, role="recruit")
    assert contact.entered(st, steady, [])
    assert st.morale[routed] == checks.SHAKEN and st.order[routed] == "melee"


def test_both_sides_routed_ignore_each_other():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="evade", morale=checks.ROUT)
    put(st, "18.16", side=GERMANY, role="rifleman", morale=checks.ROUT, order="sprint")
    assert not contact.entered(st, bru, []) and st.order[bru] == "evade"


def test_a_charge_that_falls_short_ends_in_duck_back():
    st = scene(impulse=3)
    bru = put(st, "18.16", key="pvt-brubaker", order="charge")
    put(st, "18.12", side=GERMANY, role="rifleman")
    melee.end_of_charge(st, bru, [])
    assert st.order[bru] == "duck_back"


def test_enemy_charge_runs_at_the_weakest_nearest_friendly():
    st = scene(impulse=3)
    g = put(st, "18.12", side=GERMANY, role="rifleman", order="charge")
    bru = put(st, "18.14", key="pvt-brubaker")
    put(st, "18.18", key="sgt-taylor")
    ev: list = []
    melee.enemy_charge(st, g, 2, ev)  # impulse 3: two hexes, stopping on entering his hex
    assert at(st, g) == "18.14" and st.pos[g] == st.pos[bru]
    assert st.order[g] == "charge" and st.order[bru] == "melee"


def test_an_enemy_charger_who_takes_prisoners_stays_to_guard_them_bug():
    """Found by the property tests: men who gave up to a charger were left behind as he ran on
    with the rest of his move, so a prisoner stood hexes away from his guard."""
    st = scene(impulse=3)
    g = put(st, "18.13", side=GERMANY, role="rifleman", order="charge")
    bru = put(st, "18.14", key="pvt-brubaker", morale=checks.ROUT)
    ev: list = []
    melee.enemy_charge(st, g, 2, ev)
    assert st.status[bru] == "captured" and st.guard[bru] == g
    assert st.order[g] == "guard" and st.pos[g] == st.pos[bru]


def test_a_man_routed_by_a_blow_in_a_melee_gives_up_bug():
    """Found by the property tests: surrender (17.4) was only checked as a hex was entered,
    so a man routed in a melee went on fighting alone, routed, against the enemy."""
    st = scene(impulse=2)
    g = put(st, "18.14", side=GERMANY, role="rifleman", order="melee")
    bru = put(st, "18.14", key="pvt-brubaker", order="melee", morale=checks.SHAKEN)
    light = next(c.number for c in st.sc.lib.friendly_cards.cards if c.wound == "light_wound")
    for zone in (st.deck, st.hand, st.discard):
        if light in zone:
            zone.remove(light)
    st.deck.append(light)  # the wound card drawn for the hit
    st.rng.force([0, 9])  # the strike hits; the Wound Morale Check rolls a 9: down to Rout
    ev: list = []
    melee.strike(st, g, bru, ev)
    assert st.status[bru] == "captured" and st.guard[bru] == g and st.order[g] == "guard"
    assert any(e.kind == "surrender" for e in ev)


def test_a_man_routed_by_a_blasts_morale_check_in_a_melee_gives_up_too():
    """17.4 holds whatever routs him: here the Morale Check a grenade next to him calls for."""
    st = scene(impulse=4)
    g = put(st, "18.14", side=GERMANY, role="rifleman", order="melee")
    bru = put(st, "18.14", key="pvt-brubaker", order="melee", morale=checks.CAUTIOUS)
    st.rng.force([9])  # a 9: two levels down, to Rout
    ev: list = []
    harm.morale_check(st, bru, "MC", ev)
    assert st.status[bru] == "captured" and st.guard[bru] == g and st.order[g] == "guard"


def test_a_guard_who_gives_up_frees_his_prisoners_bug():
    """Found by the property tests: a German guard routed in a melee surrendered, and the US
    soldier he held stayed a prisoner of a prisoner."""
    st = scene(impulse=4)
    g = put(st, "18.14", side=GERMANY, role="rifleman", order="guard")
    held = put(st, "18.14", key="pvt-cragg")
    st.status[held], st.guard[held] = "captured", g
    bru = put(st, "18.14", key="pvt-brubaker", order="melee")
    st.morale[g] = checks.ROUT
    ev: list = []
    contact.entered(st, bru, ev)
    assert st.status[g] == "captured" and st.guard[g] == bru
    assert st.status[held] == "active" and st.guard[held] == -1


def test_winner_of_a_melee_takes_cover():
    st = scene(impulse=2)
    bru = put(st, "18.16", key="pvt-brubaker", order="melee")
    ev: list = []
    assert melee.after_melee(st, bru, ev)
    assert st.order[bru] == "duck_back"
