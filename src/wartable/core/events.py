"""Every rule outcome is an Event: what happened, the rule that made it happen, who may see it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

RESIGNED = "resign"  # the core's own event, in every game: a seat conceded for its side
CORE_KINDS = frozenset({RESIGNED})


class Kinds:
    """A game's kinds of event, each declared once as a class attribute (``ROUND =
    "round"``, with a comment saying what it tells): the rules name them, so a misspelt
    kind fails mypy, and the conformance check holds every event to them. Plain text, not
    an enum: Python 3.11 reads an enum's member in about 100 ns and a class attribute in 20,
    and the rules emit events in their inner loops (a compiled game's random play lost 6% to
    it)."""

    @classmethod
    def values(cls) -> frozenset[str]:
        """Every kind declared (the class's upper-case attributes)."""
        return frozenset(
            v for c in cls.__mro__ for k, v in vars(c).items() if k.isupper() and isinstance(v, str)
        )


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


def rolled(
    dice: Iterable[int],
    sides: int,
    need: int | None,
    result: str,
    *,
    under: bool = False,
    zero: bool = False,
) -> dict[str, Any]:
    """The one shape of a roll in an event's ``data["roll"]`` (docs/adding-a-game.md): the
    dice as rolled, the die's sides, the face needed after every modifier (the lowest that
    succeeds, or with ``under`` the highest; None when success is not read that way) and the
    outcome in players' words. ``zero``: the die is read 0 to sides - 1, as the text shows."""
    out: dict[str, Any] = {"dice": list(dice), "sides": sides, "need": need, "result": result}
    if under:
        out["under"] = True
    if zero:
        out["zero"] = True
    return out
