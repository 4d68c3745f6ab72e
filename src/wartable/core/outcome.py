"""How a game ended."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: str | None  # None: a draw
    reason: str
    scores: Mapping[str, float] = field(default_factory=dict)
    kind: str = ""  # a short key for statistics, e.g. "objectives", "pinned down"
    stats: Mapping[str, float] = field(default_factory=dict)  # counts worth averaging

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "reason": self.reason,
            "kind": self.kind,
            "scores": dict(self.scores),
            "stats": dict(self.stats),
        }
