"""Undaunted's phases and moments, named once: a round's bid for initiative, then the turns;
and the choices a card action in progress waits on, held over the turn (an interruption).
verbs.py declares each moment with who acts and what it offers."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState


class Phase(StrEnum):
    """Where a round stands (the state's ``phase``)."""

    BID = "bid"  # both choose a card for initiative, in secret
    TURN = "turn"  # the player with the turn plays cards, or ends it


class Interruption(StrEnum):
    CHOICE = "choice"  # a card action in progress waits on its next choice


Moment = Phase | Interruption
# the members by plain names for ``moment``, asked twice an action: Python 3.11 reads an
# enum's member in about 100 ns, a module's name in 20
BID, TURN, CHOICE = Phase.BID, Phase.TURN, Interruption.CHOICE


def moment(st: UndauntedState) -> Moment:
    if st.phase == BID:
        return BID
    return TURN if st.pending is None else CHOICE
