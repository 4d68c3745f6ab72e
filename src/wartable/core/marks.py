"""Moments of a game worth counting over a whole study: where units fall, when objectives
change hands. A game reads them off the events of each action (``GameState.study_marks``);
a balance report maps and times them across thousands of games."""

from __future__ import annotations

from dataclasses import dataclass

# the mark of an objective changing hands: reports time when each objective first falls
OBJECTIVE_TAKEN = "objective taken"
# the mark of the seat that moves first in a round (a game without rounds: the first turn);
# the first of a game is its first player, for the report's first-player advantage
INITIATIVE = "initiative"


@dataclass(frozen=True, slots=True)
class Mark:
    what: str  # a short key, e.g. "casualty", "objective taken"
    seat: str  # the seat it happened to (a casualty) or that did it (an objective taken)
    round: int  # the round it happened in (GameState.rounds_played)
    where: str = ""  # a place of the map (Game.places), "" where none applies
