"""How a game ended, and what each seat gets from it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: str | None  # None: a draw
    reason: str
    scores: Mapping[str, float] = field(default_factory=dict)
    kind: str = ""  # a short key for statistics, e.g. "objectives", "pinned down"
    stats: Mapping[str, float] = field(default_factory=dict)  # counts worth averaging
    # each seat's return: +1 every seat of the winning side, -1 every other, 0 a draw (a
    # solitaire game's loss is -1); filled in by the core from the sides the game declares,
    # and what the search, the RL rewards, simulations and the server all read
    returns: Mapping[str, float] = field(default_factory=dict)
    conceded: str = ""  # the seat that resigned, where one did

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "reason": self.reason,
            "kind": self.kind,
            "scores": dict(self.scores),
            "stats": dict(self.stats),
            "returns": dict(self.returns),
            "conceded": self.conceded,
        }


def side_returns(winner: str | None, sides: Mapping[str, Sequence[str]]) -> dict[str, float]:
    """Each seat's return when ``winner`` (a seat, or a side's name; None: nobody) wins:
    +1 for every seat of its side, -1 for every other seat. Nobody winning is a draw, 0 for
    all, except in a game of one seat, where it is the seat's loss."""
    seats = [p for team in sides.values() for p in team]
    if winner is None:
        return dict.fromkeys(seats, -1.0 if len(seats) == 1 else 0.0)
    won = next((name for name, team in sides.items() if winner in team or winner == name), None)
    if won is None:
        raise ValueError(f"the winner {winner!r} is no seat or side of {sorted(sides)}")
    return {p: 1.0 if name == won else -1.0 for name, team in sides.items() for p in team}
