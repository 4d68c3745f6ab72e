"""The opening hands (GM-14, GM-15): each seat draws the HQ's hand of 5 and may send it back
once for 5 new ones, unless a scenario fixes the hand: cards its side starts with, the
hand's size, whether it may be sent back at all. A side's fixed cards go to its Marshal (in
team play its teammate draws his hand at random); a hand sent back is drawn afresh at
random, to the same size."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import say
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.rules.common import SIDES, draw, ev, marshal, seats_of

if TYPE_CHECKING:
    from wartable.games.tactics2gm.scenario import Hand
    from wartable.games.tactics2gm.state import Tactics2GMState


def fixed(st: Tactics2GMState, seat: int) -> Hand | None:
    """What the scenario fixes of ``seat``'s side's opening hand, or None."""
    if st.brief is None:
        return None
    side = SIDES[st.seat_side[seat]]
    return next((hand for s, hand in st.brief.hands.items() if s == side), None)


def size(st: Tactics2GMState, seat: int) -> int:
    """How many cards ``seat``'s opening hand holds: the scenario's number, else the HQ's."""
    hand = fixed(st, seat)
    return hand.size if hand is not None and hand.size is not None else st.hq.hand


def may_redraw(st: Tactics2GMState, seat: int) -> bool:
    """Whether ``seat`` may send its opening hand back once (GM-14): unless its scenario
    says it may not."""
    hand = fixed(st, seat)
    return hand is None or hand.redraw


def deal(st: Tactics2GMState, seat: int) -> list[Event]:
    """``seat``'s opening hand: the scenario's cards first, for its side's Marshal, shown to
    all (the scenario is open to both sides), then cards drawn to the hand's size."""
    hand = fixed(st, seat)
    cards = list(hand.cards) if hand is not None and seat == marshal(st, st.seat_side[seat]) else []
    for card in cards:
        take(st, seat, card)
    out = []
    if cards:
        text = say(
            "{player} starts with the scenario's {cards}",
            player=st.players[seat],
            cards=", ".join(sorted(cards)),
        )
        out.append(ev(EventKind.OPENING_HAND, text, "GM-15", cards=sorted(cards)))
    return out + draw(st, seat, max(0, size(st, seat) - len(cards)))


def take(st: Tactics2GMState, seat: int, card: str) -> None:
    """One copy of ``card`` from ``seat``'s deck into its hand; in team play from its
    teammate's deck where its own has none (the side's deck was dealt between them)."""
    for k in sorted(seats_of(st, st.seat_side[seat]), key=lambda j: j != seat):
        deck = st.decks[k]
        if card in deck:
            del deck[len(deck) - 1 - deck[::-1].index(card)]  # the copy nearest the top
            st.hands[seat].append(card)
            return
    raise InvariantError(f"the opening hand's {card} is in no deck of {st.players[seat]}'s side")
