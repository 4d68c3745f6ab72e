"""Every rule outcome is an Event: what happened, the rule that made it happen, who may see it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""
    visible_to: tuple[str, ...] | None = None  # None: everyone, spectators included

    def visible(self, player: str | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": dict(self.data), "rule": self.rule}
