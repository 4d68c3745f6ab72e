"""Medical aid and bandages (7.14, 16.1), carrying (7.18), searching (7.15), wounds slowing
moves (10.0), and surrender with guard duty (17.4)."""

from __future__ import annotations

import pytest

import wartable
from tests.games.combat.scene import at, hex_index, put, scene
from wartable.games.combat.model import ACTIVE, CAPTURED, GERMANY, GONE
from wartable.games.combat.rules import care, checks, contact, flow, guards, legal, scoring
from wartable.games.combat.rules.enemy_phase import enemy_order_phase
from wartable.games.combat.rules.firing import targets
from wartable.games.combat.rules.harm import kill


def ordering(st):
    st.phase, st._legal_cache = "orders", None
    return st


def test_a_medic_bandages_the_worst_open_wound_on_a_passed_check():
    st = scene("attack-the-farmhouse", seed=3)  # Peters the medic, Brubaker
    medic = put(st, "18.16", key="pvt-peters")
    hurt = put(st, "18.16", key="pvt-brubaker", wounds=("light_wound", "bad_wound"))
    ordering(st)
    assert ("medical_aid", "pvt-brubaker") in [a.args[1:] for a in legal.order_actions(st, medic)]
    if hurt < medic:  # orders go in squad order
        st.apply("us", "order pvt-brubaker hide")
    st.apply("us", "order pvt-peters medical_aid pvt-brubaker")
    assert st.mate[medic] == hurt
    st.rng.force([0])  # the medic's TQC
    care.end_of_turn(st, [])
    assert st.wounds[hurt] == ("light_wound", "bandaged_bad_wound")


def test_a_failed_medical_check_changes_no_wound():
    st = scene("attack-the-farmhouse", seed=3)  # Peters the medic, Brubaker
    medic = put(st, "18.16", key="pvt-peters", order="medical_aid")
    hurt = put(st, "18.16", key="pvt-brubaker", wounds=("bad_wound",))
    st.mate[medic] = hurt
    st.rng.force([9])
    ev: list = []
    care.end_of_turn(st, ev)
    assert st.wounds[hurt] == ("bad_wound",)
    assert ev[0].kind == "medical-aid" and "9" in ev[0].text


def test_a_bandage_lifts_an_incapacitated_man_back_to_his_feet():
    st = scene()
    hurt = put(st, "18.16", key="pvt-brubaker")
    tq = st.soldiers[hurt].tq
    st.wounds[hurt] = ("bad_wound",) + ("light_wound",) * (tq - 3)  # wounds equal to his TQ
    ordering(st)
    assert legal.allowed_orders(st, hurt) == ["hide"]  # incapacitated (16.2)
    st.wounds[hurt] = ("bandaged_bad_wound",) + ("light_wound",) * (tq - 3)
    assert "sneak" in legal.allowed_orders(st, hurt)


def test_only_a_medic_in_the_hex_of_a_wounded_man_may_give_aid():
    st = scene("attack-the-farmhouse", seed=3)  # Peters the medic, Brubaker
    medic = put(st, "18.16", key="pvt-peters")
    other = put(st, "18.16", key="pvt-brubaker")
    ordering(st)
    assert "medical_aid" not in legal.allowed_orders(st, medic)  # nobody wounded
    st.wounds[other] = ("light_wound",)
    assert "medical_aid" not in legal.allowed_orders(st, other)  # not a medic
    st.pos[other] = hex_index(st, "18.15")
    assert "medical_aid" not in legal.allowed_orders(st, medic)  # not in his hex


def test_a_man_being_treated_may_only_hide_rally_or_plan():
    st = scene("attack-the-farmhouse", seed=3)  # Peters the medic, Brubaker
    medic = put(st, "18.16", key="pvt-peters", order="medical_aid")
    hurt = put(st, "18.16", key="pvt-brubaker", wounds=("light_wound",))
    st.mate[medic] = hurt
    ordering(st)
    assert set(legal.allowed_orders(st, hurt)) <= set(care.PATIENT_ORDERS)
    assert "hide" in legal.allowed_orders(st, hurt)


def test_wounds_bar_fast_moves_for_the_squad_and_slow_the_enemy():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker")
    ordering(st)
    assert "sprint" in legal.allowed_orders(st, bru)
    st.wounds[bru] = ("light_wound",)
    assert "sprint" not in legal.allowed_orders(st, bru)
    assert "evade" in legal.allowed_orders(st, bru)
    before = st.full_state()
    with pytest.raises(wartable.IllegalActionError, match="wounds forbid that move"):
        st.apply("us", "order pvt-brubaker sprint")
    assert st.full_state() == before
    st.wounds[bru] = ("bad_wound",)
    moves = [o for o in legal.allowed_orders(st, bru) if o in legal.MOVES]
    assert moves == ["sneak"]
    foe = put(st, "10.10", side=GERMANY, role="rifleman", wounds=("light_wound",))
    assert care.slow_down(st, foe, "sprint") == "run_and_gun"
    assert care.slow_down(st, foe, "evade") == "evade"
    st.wounds[foe] = ("bad_wound",)
    assert care.slow_down(st, foe, "sprint") == "sneak"


def test_a_carried_man_loses_his_order_and_moves_with_his_carrier():
    st = scene("attack-the-farmhouse", seed=3)  # Peters the medic, Brubaker
    a = put(st, "18.16", key="pvt-brubaker")
    b = put(st, "18.16", key="pvt-peters")
    carrier, carried = sorted((a, b))
    ordering(st)
    key = st.soldiers[carried].key
    assert ("carry_drag", key) in [a.args[1:] for a in legal.order_actions(st, carrier)]
    ev: list = []
    flow.give_order(st, carrier, "carry_drag", key, ev)
    assert st.order[carried] == care.CARRIED and st.mate[carried] == carrier
    st.phase, st.impulse = "impulses", 2
    st.queue, st.cursor = (carrier, carried), 0
    flow.begin_friendly(st, carrier, ev)
    assert st.act is not None and st.act.must and st.act.moves == 1  # 0-1-0-1
    st._legal_cache = None
    st.apply("us", f"move {st.soldiers[carrier].key} 18.15")
    assert at(st, carried) == "18.15" == at(st, carrier)


def test_search_of_a_captured_officer_gives_papers_worth_points_at_the_end():
    st = scene("attack-the-farmhouse")
    guard = put(st, "18.16", key=st.soldiers[0].key)
    searcher = put(st, "18.16", key=st.soldiers[1].key)
    officer = put(st, "18.16", side=GERMANY, role="officer")
    st.status[officer], st.guard[officer] = CAPTURED, guard
    ordering(st)
    assert "search" in legal.allowed_orders(st, searcher)
    flow.give_order(st, searcher, "search", st.soldiers[officer].key, [])
    st.rng.force([0])
    care.end_of_turn(st, [])
    assert st.papers[searcher] == officer
    assert "search" not in legal.allowed_orders(st, searcher) or not care.searchable(st, searcher)
    scoring.finish(st, [])
    assert ("papers", 2) in st.vp_log
    assert ("enemy_officer_killed", 3) in st.vp_log  # the prisoner still held


# ---- surrender and guards (17.4) --------------------------------------------------------------


def surrendered():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="evade")
    foe = put(st, "18.15", side=GERMANY, role="rifleman", morale=checks.ROUT)
    st.pos[bru] = hex_index(st, "18.15")
    contact.entered(st, bru, [])
    return st, bru, foe


def test_a_routed_soldier_alone_with_the_enemy_surrenders_to_a_guard():
    st, bru, foe = surrendered()
    assert st.status[foe] == CAPTURED and not st.alive(foe)
    assert st.guard[foe] == bru and st.order[bru] == guards.GUARD
    assert st.morale[foe] == checks.SHAKEN
    assert not st.vp_log  # scored only if still held at the end
    scoring.finish(st, [])
    assert ("enemy_killed", 1) in st.vp_log


def test_a_guard_takes_his_prisoner_along_and_is_limited_in_his_orders():
    st, bru, foe = surrendered()
    st.order[bru] = ""
    ordering(st)
    allowed = legal.allowed_orders(st, bru)
    assert "suppressive_fire" not in allowed and "evade" in allowed and "hide" in allowed
    st.phase, st.impulse, st.order[bru] = "impulses", 1, "evade"
    st.queue, st.cursor = (bru,), 0
    flow.begin_friendly(st, bru, [])
    st._legal_cache = None
    st.apply("us", "move pvt-brubaker 18.14")
    assert at(st, foe) == "18.14"


def test_a_guard_who_sprints_off_leaves_his_prisoner_free_and_without_orders():
    st, bru, foe = surrendered()
    st.order[bru] = ""
    ordering(st)
    ev: list = []
    flow.give_order(st, bru, "sprint", "", ev)
    assert st.status[foe] == ACTIVE and st.order[foe] == "duck_back"
    enemy_order_phase(st, [])
    assert st.order[foe] == "duck_back"  # no card this turn


def test_a_guard_who_opens_fire_lets_the_prisoner_bolt_one_hex():
    st, bru, foe = surrendered()
    st.order[bru] = ""
    ordering(st)
    top = st.enemy_deck[-1]
    card = st.sc.lib.enemy_cards.cards[top - 1]
    flow.give_order(st, bru, "aimed_fire", "", [])
    assert st.status[foe] == ACTIVE
    dirs = guards.parse_dirs(card.rout)
    expect = st.sc.compass.step(st.sc.board.parse("18.15"), dirs[0])
    assert st.sc.board.hexes[st.pos[foe]] == expect


def test_a_prisoner_whose_guard_falls_is_free():
    st, bru, foe = surrendered()
    kill(st, bru, [])
    assert st.status[foe] == ACTIVE and st.guard[foe] == -1 and st.order[foe] == "duck_back"


def test_a_comrade_starting_the_turn_beside_the_guard_takes_over():
    st, _bru, foe = surrendered()
    other = put(st, "18.15", key="pvt-cragg")
    guards.hand_over(st, [])
    assert st.guard[foe] == other


def test_an_enemy_guard_marches_a_friendly_prisoner_off_and_only_aims_at_guards():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", morale=checks.ROUT)
    foe = put(st, "18.15", side=GERMANY, role="rifleman")
    st.pos[foe] = hex_index(st, "18.16")
    contact.entered(st, foe, [])
    assert st.status[bru] == CAPTURED and st.guard[bru] == foe
    top = st.enemy_deck[-1]
    assert guards.enemy_guard_order(st, foe, top)
    assert st.order[foe] == "evade"
    st.status[foe] = GONE  # he walks off the map
    guards.guard_lost(st, foe, [])
    assert st.status[bru] == CAPTURED and st.pos[bru] == -1
    scoring.finish(st, [])
    assert ("friendly_killed", -3) in st.vp_log


def test_germans_fire_at_a_guard_holding_their_man_only_with_aimed_fire():
    st, bru, _foe = surrendered()
    shooter = put(st, "18.12", side=GERMANY, role="rifleman", order="rapid_fire")
    assert bru not in targets(st, shooter)
    st.order[shooter] = "aimed_fire"
    assert bru in targets(st, shooter)


def test_a_routed_man_being_treated_in_the_open_may_still_hide():
    st = scene("attack-the-farmhouse", seed=3)  # Peters the medic, Brubaker
    medic = put(st, "20.02", key="pvt-peters", order="medical_aid")
    hurt = put(st, "20.02", key="pvt-brubaker", wounds=("light_wound",), morale=checks.ROUT)
    st.mate[medic] = hurt
    ordering(st)
    assert not st.ground.cover[st.pos[hurt]]
    assert legal.allowed_orders(st, hurt) == ["hide"]


def test_the_order_prompt_says_why_orders_are_not_offered():
    st = scene("attack-the-farmhouse", seed=3)
    bru = put(st, "18.16", key="pvt-brubaker", wounds=("light_wound",))
    ordering(st)
    assert legal.next_unordered(st) == bru
    hints = st.hints("us")
    assert "not now: sprint - his wounds forbid that move (10.0)" in hints
    assert any(h.startswith("not now: rally - only a Cautious") for h in hints)
    assert any(h.startswith("not now: grenade - a grenade needs a known enemy") for h in hints)
    assert not any(h.startswith("not now: evade") for h in hints)
    with pytest.raises(wartable.IllegalActionError, match="his wounds forbid that move"):
        st.apply("us", "order pvt-brubaker sprint")
