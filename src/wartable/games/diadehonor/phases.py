"""Día de Honor's phases, named once: the deployment, situation cards being resolved, the
initiative roll, the activations, and the end. A phase is a str (views and full states read
as before) that mypy checks: a misspelt phase is an error, not a comparison that never holds."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState


class Phase(StrEnum):
    DEPLOY = "deploy"
    CARDS = "cards"
    INITIATIVE = "initiative"
    ACTIVATE = "activate"
    OVER = "over"


class Interruption(StrEnum):
    """A situation card waiting on a seat's decision (a mine's reaction, a square to place a
    new unit on, a target) holds over the phase (verbs.py declares it)."""

    DECIDE = "decide"


Moment = Phase | Interruption


def moment(st: DiaDeHonorState) -> Moment:
    """What the battle waits on: a card's decision over any phase but the end."""
    if st.phase != Phase.OVER and st.pending is not None:
        return Interruption.DECIDE
    return st.phase
