"""Combat!'s moments: the player's deployment, the card phase, the order phase, the
impulses (a friendly activation played out), the end; and a card's new order for one man,
held over whatever phase it came in (verbs.py declares each with what it offers)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState


class Moment(StrEnum):
    DEPLOY = "deploy"
    CARDS = "cards"
    ORDERS = "orders"
    IMPULSES = "impulses"
    OVER = "over"
    REORDER = "reorder"  # a card lets one man take a new order now (change_order, snap)


BY_PHASE = {m.value: m for m in Moment}  # the state's phase, a str, to its moment


def moment(st: CombatState) -> Moment:
    return Moment.REORDER if st.reorder >= 0 else BY_PHASE[st.phase]
