"""Lookups every rules module needs, kept below them all so none imports another for them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.games.diadehonor.model import LIVING

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState


def find(st: DiaDeHonorState, key: str) -> int:
    """The unit called ``key``, or -1: the living one where a fallen unit had the key first
    (its slot is taken by the next unit of its type)."""
    found = -1
    for u in st.units:
        if u.key == key:
            found = u.index
            if st.status[found] in LIVING:
                return found
    return found


def first_seat(st: DiaDeHonorState, side: str, after: int = -1) -> int:
    """The first seat of ``side`` after seat ``after`` that still has a unit on the map (an
    eliminated player is skipped: Q32), or -1."""
    for s, who in enumerate(st.sides):
        if s > after and who == side and any(u.seat == s and st.on_map(u.index) for u in st.units):
            return s
    return -1


def to_bottom(st: DiaDeHonorState, card: str) -> None:
    """A resolved or played card goes face up under the deck (DH-3, DH-4): its place there is
    known to everyone."""
    st.deck.insert(0, card)
    st.known_bottom += 1


def from_hand(st: DiaDeHonorState, seat: int, card: str) -> None:
    """A kept card leaves its holder's hand (played, or shown against a mine), in sight of all:
    where everyone knew it was there (``known_hands``), they know it is gone."""
    st.hands[seat].remove(card)
    if card in st.known_hands[seat]:
        st.known_hands[seat].remove(card)
