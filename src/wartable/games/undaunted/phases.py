"""Undaunted's moments: the bid for initiative, a player's turn, and the choices a card
action in progress waits on (a pending action held over the turn). verbs.py declares each
with who acts and what it offers."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from wartable.games.undaunted.model import BID

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState


class Moment(StrEnum):
    BID = "bid"  # both choose a card for initiative, in secret
    TURN = "turn"  # the player with the turn plays cards, or ends it
    CHOICE = "choice"  # a card action in progress waits on its next choice


def moment(st: UndauntedState) -> Moment:
    if st.phase == BID:
        return Moment.BID
    return Moment.TURN if st.pending is None else Moment.CHOICE
