"""What a sample of the hidden cards may redraw (``sample_hidden``), checked against what the
sampling seat has seen: its own hand, the cards everyone saw go under the deck (DH-3, DH-4,
Q5), and the cards everyone then saw drawn from there into a hand."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from tests.games.diadehonor.scene import put, scene
from wartable.core.action import Action
from wartable.core.events import Event
from wartable.games.diadehonor.game import DiaDeHonor
from wartable.games.diadehonor.rules import cards
from wartable.games.diadehonor.state import DiaDeHonorState

ABOVE = ["defensive_combat", "first_aid", "mechanic", "medic"]  # drawn first, by axis-1


def grenade_drawn_back(lineup: str = "2v1") -> DiaDeHonorState:
    """Allies-1 throws the Grenade, which goes face up under the deck; axis-1 draws the deck
    down to it; axis-2 then draws it, and everyone knows what axis-2 drew."""
    st = scene(lineup=lineup)
    put(st, "able", "allies", "light", 0, 0)
    put(st, "berg", "axis", "light", 0, -3)
    st.deck, st.known_bottom = list(ABOVE), 0
    st.hands[1] = ["aggressive_combat", "air_attack", "grenade"]  # two stay hidden
    st.apply("allies-1", Action("play", ("grenade", "able", "berg")))
    assert st.deck[0] == "grenade" and st.known_bottom == 1
    ev: list[Event] = []
    while len(st.deck) > st.known_bottom:
        cards.draw(st, 0, ev)
    cards.draw(st, 2, ev)
    assert st.hands[2] == ["grenade"] and not st.deck
    st.pool = tuple(sorted(st.lib.objectives))  # for the samples to deal from (scene has none)
    return st


@pytest.mark.parametrize("player", ["allies-1", "axis-1"])
def test_dh4_q5_a_card_all_saw_drawn_from_the_known_bottom_stays_in_its_hand(player):
    """The Grenade went under the deck in sight of all and axis-2 drew it from there: no
    sample, for an enemy or for axis-2's teammate, may put it in another hand (it used to
    land in another hand most of the time)."""
    st = grenade_drawn_back()
    me = st.players.index(player)
    for seed in range(200):
        twin = st.sample_hidden(player, seed)
        assert twin.hands[2] == ["grenade"], seed
        assert twin.hands[me] == st.hands[me]


def test_dh4_the_known_card_leaves_the_hand_everyone_saw_it_leave():
    st = grenade_drawn_back()
    assert st.known_hands[2] == ["grenade"]
    st.seat, st.order = 2, ("axis", "allies")
    put(st, "carl", "axis", "light", 2, -3, seat=2)
    st.apply("axis-2", Action("play", ("grenade", "carl", "able")))
    assert st.known_hands[2] == [] and st.hands[2] == []
    assert st.deck[0] == "grenade" and st.known_bottom == 1


def test_dh3_no_sample_puts_a_shown_card_in_a_hand():
    """Immediate cards are shown as they are drawn, so a hand only ever holds cards kept to
    play later; a sample deals other hands only such cards."""
    st = DiaDeHonor().new_game("crossroads", seed=4, options={"players": "3v3"})
    for seed in range(40):
        twin = st.sample_hidden("axis-1", seed)
        for s, hand in enumerate(twin.hands):
            assert all(twin.lib.cards[c].timing == "choose" for c in hand), (seed, s, hand)


# ---- a property over random battles -------------------------------------------------------
Known = list[Counter[str]]


def watch_draws(monkeypatch: pytest.MonkeyPatch, known: Known) -> list[int]:
    """An oracle apart from the state's own record: a kept card drawn while the deck holds
    only the cards all saw go under it is known by all to be in the drawer's hand. The
    count it hands back says how many such draws it saw."""
    real: Callable[[DiaDeHonorState, int, list[Event]], None] = cards.draw
    seen = [0]

    def draw(st: DiaDeHonorState, seat: int, ev: list[Event]) -> None:
        public = bool(st.deck) and len(st.deck) <= st.known_bottom
        top = st.deck[-1] if st.deck else ""
        real(st, seat, ev)
        if public and st.lib.cards[top].timing == "choose":
            known[seat][top] += 1
            seen[0] += 1

    monkeypatch.setattr(cards, "draw", draw)
    return seen


def agrees(st: DiaDeHonorState, known: Known, seed: int) -> None:
    """Every seat's sample keeps what that seat has seen."""
    everything = Counter(st.deck) + sum((Counter(h) for h in st.hands), Counter())
    for me, player in enumerate(st.players):
        twin = st.sample_hidden(player, seed)
        assert twin.view(player) == st.view(player)
        assert twin.hands[me] == st.hands[me]
        assert twin.deck[: st.known_bottom] == st.deck[: st.known_bottom]
        assert Counter(twin.deck) + sum((Counter(h) for h in twin.hands), Counter()) == everything
        for s, hand in enumerate(twin.hands):
            assert not known[s] - Counter(hand), (player, s, known[s], hand)
            assert all(twin.lib.cards[c].timing == "choose" for c in hand)


@pytest.mark.parametrize(("lineup", "seed"), [("2v1", 3), ("2v2", 5), ("3v3", 8), ("1v1", 2)])
def test_dh4_q5_samples_agree_with_every_seat_along_random_battles(monkeypatch, lineup, seed):
    known: Known = []
    seen = watch_draws(monkeypatch, known)
    game, rng = DiaDeHonor(), random.Random(seed)
    for n in range(6):
        st = game.new_game("crossroads", seed=seed * 10 + n, options={"players": lineup})
        known[:] = [Counter() for _ in st.players]
        steps = 0
        while not st.is_over and steps < 1500:
            p = st.current_players[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
            for s, hand in enumerate(st.hands):  # a card played leaves the hand in sight of all
                known[s] &= Counter(hand)
            steps += 1
            if st.round > 2 and steps % 25 == 0:
                agrees(st, known, steps)
    assert seen[0], "no battle drew a kept card from the known bottom: it proved nothing"
