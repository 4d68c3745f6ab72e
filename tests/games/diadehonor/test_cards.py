"""Situation cards (DH-2 to DH-4, DH-51 to DH-79): draws, immediate cards and the decisions
they ask, cards kept and played, and what the other seats may know of them."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.games.diadehonor.scene import put, scene
from wartable.core.action import Action
from wartable.core.errors import IllegalActionError
from wartable.games.diadehonor.content import CARD_IDS
from wartable.games.diadehonor.game import DiaDeHonor
from wartable.games.diadehonor.rules import attack, cards, flow


def hold(st, seat: int, *names: str) -> None:
    st.hands[seat] = list(names)
    st._legal_cache = None


def test_dh2_a_card_at_set_up_and_one_each_round_the_top_of_the_deck():
    st = DiaDeHonor().new_game("crossroads", seed=2, options={"players": "2v2"})
    total = len(CARD_IDS)  # one copy of each of the 17 titles (Q5)
    assert len(st.deck) + sum(map(len, st.hands)) + len(st.queue) == total
    assert len(st.deck) == total - 4
    top = st.deck[-1]
    ev: list = []
    cards.draw(st, 0, ev)
    assert top in st.hands[0] or (0, top) in st.queue


def test_dh4_kept_cards_are_their_holders_alone_teammates_included():
    st = DiaDeHonor().new_game("crossroads", seed=2, options={"players": "2v2"})
    hold(st, 0, "grenade")
    hold(st, 2, "medic")
    assert st.view("axis-1")["hand"] == ["grenade"]
    assert st.view("axis-2")["hand"] == ["medic"]
    for viewer in ("allies-1", "axis-2", None):
        assert "grenade" not in str(st.view(viewer))
    assert st.view(None)["hand_sizes"]["axis-1"] == 1


def test_dh62_dh63_combat_cards_shift_attack_and_resistance_until_the_round_ends():
    st = scene()
    a = put(st, "able", "allies", "light", 0, 0)
    b = put(st, "berg", "axis", "light", 0, -3)
    hold(st, 1, "defensive_combat", "aggressive_combat")
    base = attack.ranged_terms(st, a, b)
    st.apply("allies-1", Action("play", ("defensive_combat",)))
    terms = attack.ranged_terms(st, a, b)
    assert (
        terms.attack == base.attack - 1
        and attack.ranged_terms(st, b, a).defence == base.defence + 1
    )
    st.apply("allies-1", Action("play", ("aggressive_combat",)))
    assert attack.ranged_terms(st, a, b) == base  # together they cancel (Q23)
    assert st.actions[a] == 2  # no card costs an action (DH-8)
    st.deck = []
    flow.start_round(st, [])
    assert st.defensive == [0, 0] and st.aggressive == [0, 0]


def test_dh58_to_dh60_healing_and_dh53_no_target_no_play():
    st = scene()
    a = put(st, "able", "allies", "light", 0, 0, wounds=3)
    put(st, "berg", "axis", "light", 7, -10)
    hold(st, 1, "first_aid", "medic_choice", "medic")
    st.apply("allies-1", Action("play", ("first_aid", "able")))
    assert st.wounds[a] == 2
    st.apply("allies-1", Action("play", ("medic_choice", "able")))
    assert st.wounds[a] == 0
    assert Action("play", ("medic",)) not in st.legal_actions("allies-1")
    with pytest.raises(IllegalActionError, match="DH-53"):
        st.apply("allies-1", Action("play", ("medic",)))


def test_dh68_a_grenade_deals_exactly_two_wounds_without_a_roll():
    st = scene()
    put(st, "able", "allies", "light", 0, 0, prone=True)
    b = put(st, "berg", "axis", "light", 0, -3)
    put(st, "carl", "axis", "light", 0, -10)  # beyond the thrower's range
    hold(st, 1, "grenade")
    legal = st.legal_actions("allies-1")
    assert Action("play", ("grenade", "able", "berg")) in legal
    assert Action("play", ("grenade", "able", "carl")) not in legal
    counter = st.rng.counter
    st.apply("allies-1", Action("play", ("grenade", "able", "berg")))
    assert st.wounds[b] == 2 and st.rng.counter == counter
    assert st.deck[0] == "grenade" and st.known_bottom == 1  # under the deck, face up


def mined(card: str, *, detection: bool):
    st = scene()
    put(st, "able", "allies", "light", 0, 0)
    victim = put(st, "berg", "axis", "light", 0, -3)
    put(st, "gun", "axis", "artillery", 3, -3)  # machines never step on mines
    if detection:
        hold(st, 0, "mine_detection")
    st.phase, st.after_cards, st.deck = "cards", "initiative", []
    st.queue = [(1, card)]
    flow.after_cards(st, [])
    return st, victim


def test_dh65_dh67_the_owner_is_asked_whether_he_holds_detection_or_not():
    st, victim = mined("mine_random", detection=False)
    assert st.current_players == ("axis-1",)
    assert st.legal_actions("axis-1") == [Action("react", ("pass",))]
    st.apply("axis-1", Action("react", ("pass",)))
    assert st.status[victim] == "dead" and st.phase == "initiative"
    st, victim = mined("mine_random", detection=True)
    st.apply("axis-1", Action("react", ("detect",)))
    assert st.status[victim] == "active" and st.hands[0] == []
    assert st.deck[:2] == ["mine_random", "mine_detection"]  # each goes under the last


def test_dh66_the_drawer_chooses_where_the_mine_is():
    st, victim = mined("mine_choice", detection=False)
    assert st.current_players == ("allies-1",)
    assert st.legal_actions("allies-1") == [Action("target", ("berg",))]
    st.apply("allies-1", Action("target", ("berg",)))
    st.apply("axis-1", Action("react", ("pass",)))
    assert st.status[victim] == "dead"


def test_dh75_dh76_aircraft_destroy_guns_the_enemy_air_attack_picked_by_the_other_side():
    st = scene()
    put(st, "able", "allies", "light", 0, 0)
    gun = put(st, "gun", "allies", "artillery", 2, 0)
    put(st, "berg", "axis", "light", 0, -3)
    flak = put(st, "flak", "axis", "artillery", 3, -3)
    hold(st, 1, "air_attack")
    st.apply("allies-1", Action("play", ("air_attack", "flak")))
    assert st.status[flak] == "wreck"
    st.phase, st.after_cards, st.deck, st.queue = (
        "cards",
        "initiative",
        [],
        [(1, "enemy_air_attack")],
    )
    flow.after_cards(st, [])
    assert st.current_players == ("axis-1",)  # the other side's first seat picks (Q31)
    st.apply("axis-1", Action("target", ("gun",)))
    assert st.status[gun] == "wreck"


def test_a_sample_keeps_what_the_seat_knows_and_redeals_the_rest():
    st = DiaDeHonor().new_game("crossroads", seed=4, options={"players": "2v2"})
    hold(st, 0, "grenade")
    hold(st, 1, "medic", "first_aid")
    cards.to_bottom(st, st.deck.pop())
    known = list(st.deck[: st.known_bottom])
    everything = Counter(st.deck) + Counter(c for h in st.hands for c in h)
    for seed in range(20):
        twin = st.sample_hidden("axis-1", seed)
        assert twin.hands[0] == ["grenade"] and len(twin.hands[1]) == 2
        assert twin.deck[: st.known_bottom] == known
        assert Counter(twin.deck) + Counter(c for h in twin.hands for c in h) == everything


def test_dh3_an_immediate_card_is_shown_to_all_as_it_is_drawn_and_a_kept_one_to_nobody():
    st = DiaDeHonor().new_game("crossroads", seed=2, options={"players": "2v2"})
    st.deck = ["grenade", "spy"]  # spy on top, then the grenade
    ev: list = []
    cards.draw(st, 1, ev)
    cards.draw(st, 2, ev)
    public = [e.text for e in ev if e.visible_to is None]
    assert any("shows Spy" in t for t in public)
    assert not any("Grenade" in t for t in public)
    assert st.view("axis-1")["cards_to_resolve"][-1] == ["allies-1", "spy"]
    twin = st.sample_hidden("axis-1", 3)
    assert twin.queue == st.queue and len(twin.hands[2]) == len(st.hands[2])


def test_dh7_a_new_round_gives_back_actions_and_the_attack():
    st = scene()
    a = put(st, "able", "allies", "light", 0, 0)
    put(st, "berg", "axis", "light", 0, -3)
    st.rng.force([2])
    st.apply("allies-1", Action("fire", ("able", "berg")))
    st.deck = []
    flow.start_round(st, [])
    assert st.actions[a] == 2 and not st.attacked[a] and st.hit_by_infantry == set()


def test_combat_cards_count_in_a_duel_too():
    st = scene()
    a = put(st, "able", "allies", "light", 0, 0)
    put(st, "berg", "axis", "light", 0, -1)
    before = attack.melee_total(st, a, 3)
    hold(st, 1, "aggressive_combat")
    st.apply("allies-1", Action("play", ("aggressive_combat",)))
    assert attack.melee_total(st, a, 3) == before + 1


def test_dh58_the_medic_heals_the_one_wounded_soldier_wholly():
    st = scene()
    put(st, "able", "allies", "light", 0, 0)
    b = put(st, "baker", "allies", "assault", 2, 0, wounds=4)
    put(st, "gun", "allies", "artillery", 4, 0, wounds=2)  # machines are never healed (Q22)
    put(st, "berg", "axis", "light", 7, -10)
    hold(st, 1, "medic")
    st.apply("allies-1", Action("play", ("medic",)))
    assert st.wounds[b] == 0 and st.wounds[2] == 2


def sabotage(*others: tuple):
    st = scene()
    tank = put(st, "tank", "allies", "tank", 0, 0, wounds=1)
    for key, x, y in others:
        put(st, key, "allies", "light", x, y)
    put(st, "berg", "axis", "light", 0, -6)
    st.phase, st.after_cards, st.deck, st.queue = "cards", "initiative", [], [(0, "spy")]
    flow.after_cards(st, [])
    assert st.current_players == ("axis-1",)
    st.apply("axis-1", Action("target", ("tank",)))
    return st, tank


def test_dh79_a_sabotaged_tank_counts_as_gone_for_victory():
    st, _ = sabotage()
    assert st.is_over and st.outcome.scores["axis-1"] == 1.0


def test_dh64_dh61_a_sabotaged_tank_stays_gives_cover_and_waits_for_the_mechanic():
    st, tank = sabotage(("able", 1, 0))
    assert st.sabotaged[tank] and st.status[tank] == "active" and not st.is_over
    assert attack.ranged_terms(st, 2, 1).defence == 5 + 2  # Able beside it still has cover
    st.phase, st.seat, st.order, st.turn = "activate", 1, ("allies", "axis"), 0
    st._legal_cache = None
    assert not [x for x in st.legal_actions("allies-1") if x.args[:1] == ("tank",)]
    hold(st, 1, "mechanic")
    st.apply("allies-1", Action("play", ("mechanic", "tank")))
    assert not st.sabotaged[tank] and st.wounds[tank] == 0


def test_dh53_an_immediate_card_with_no_target_does_nothing_and_goes_under():
    st = scene()
    put(st, "able", "allies", "light", 0, 0)
    put(st, "berg", "axis", "light", 0, -6)
    st.phase, st.after_cards, st.deck, st.queue = "cards", "initiative", [], [(1, "spy")]
    ev: list = []
    flow.after_cards(st, ev)
    assert st.deck == ["spy"] and st.phase == "initiative"
    assert any("finds no target" in e.text for e in ev)
