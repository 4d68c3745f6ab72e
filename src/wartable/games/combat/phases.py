"""Combat!'s phases and moments, named once: the player's deployment, the card phase, the
order phase, the impulses (a friendly activation played out), the end; and a card's new
order for one man, held over whatever phase it came in (an interruption). verbs.py declares
each moment with what it offers."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState


class Phase(StrEnum):
    """Where the turn stands (the state's ``phase``): the squad deploys once, then each turn
    the cards are played, orders given, and the impulses played out, until the game ends."""

    DEPLOY = "deploy"
    CARDS = "cards"
    ORDERS = "orders"
    IMPULSES = "impulses"
    OVER = "over"


class Interruption(StrEnum):
    REORDER = "reorder"  # a card lets one man take a new order now (change_order, snap)


Moment = Phase | Interruption


def moment(st: CombatState) -> Moment:
    return Interruption.REORDER if st.reorder >= 0 else st.phase
