"""A game state's fields, each declared once by its part in the game.

A state of forty fields listed by hand three times (shared at set-up, copied for a clone,
written into the snapshot) drifts: a field added to one list and not the others is shared
between clones or missing from the goldens' digests. A game declares instead, once, what
each field is:

- **static**: set at set-up and never changed, shared by every clone, not in the snapshot
  (it follows from the scenario, the options and the seed);
- **public**: what play changes and every player may know, copied and in the snapshot;
- **hidden**: as public, but some player may not see it all (a hand, a deck's order, a
  secret objective, the dice to come): a sample (``sample_hidden``) may deal it afresh,
  and nothing else;
- **memo**: worked out from the rest or from the history, kept to save time: copied, not in
  the snapshot.

A public, hidden or memo field names how a clone copies it: :func:`same` (a value that is
never changed in place: a number, a text, a tuple), :func:`fresh` (a list, dict or set of
such values, or an object with its own ``copy``), :func:`each` (a list of those),
:func:`by_key` (a dict of those) or :func:`maybe` (one, or None). The core builds ``_copy``
and ``_snapshot`` from the layout (``GameState.layout``), and the conformance suite checks
that the layout names every field and that a sample changes only hidden ones.

The snapshot is canonical: :func:`plain` writes every value as JSON-safe data the same way
in every game (tuples as lists, sets sorted, enums by value, objects by their ``snapshot``).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from wartable.core.action import Action

Copier = Callable[[Any], Any]

STATIC, PUBLIC, HIDDEN, MEMO = "static", "public", "hidden", "memo"


def same(value: Any) -> Any:
    """Never changed in place (a number, text, tuple, frozen object) or only replaced whole:
    the clone shares it."""
    return value


def fresh(value: Any) -> Any:
    """A list, dict or set of values never changed in place, or an object with ``copy``."""
    return value.copy()


def each(value: Any) -> Any:
    """A list of lists, sets or objects with ``copy``: each copied."""
    return [item.copy() for item in value]


def by_key(value: Any) -> Any:
    """A dict whose values are lists, sets or objects with ``copy``: each copied."""
    return {key: item.copy() for key, item in value.items()}


def maybe(value: Any) -> Any:
    """An object with ``copy``, or None."""
    return None if value is None else value.copy()


COPIERS: tuple[Copier, ...] = (same, fresh, each, by_key, maybe)
# each copier as one expression over the field ``X``, for the clone's copy written out
_INLINE: dict[Copier, str] = {
    same: "X",
    fresh: "X.copy()",
    each: "[i.copy() for i in X]",
    by_key: "{k: i.copy() for k, i in X.items()}",
    maybe: "None if X is None else X.copy()",
}


def _copier(copiers: Mapping[str, Copier]) -> Callable[[Any], Any]:
    """The clone's copy, written out field by field as a person would (dataclasses makes
    its ``__init__`` so): a loop over the layout calling each copier took half again as
    long, and a search clones at every node."""
    lines = ["def copy(self):", "    twin = self.__class__.__new__(self.__class__)"]
    for name, copier in copiers.items():
        if not name.isidentifier():
            raise ValueError(f"field {name!r} is not a name")
        lines.append(f"    twin.{name} = " + _INLINE[copier].replace("X", f"self.{name}"))
    lines.append("    return twin")
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)
    made: Callable[[Any], Any] = scope["copy"]
    return made


class Layout:
    """The fields of one game's state by their part (see the module's docstring): ``copy``
    makes a clone's fields, its ``snapshot`` names make the snapshot."""

    def __init__(
        self,
        static: Iterable[str],
        public: Mapping[str, Copier],
        hidden: Mapping[str, Copier],
        memo: Mapping[str, Copier] | None = None,
    ) -> None:
        self.parts: dict[str, str] = {}
        self.copiers: dict[str, Copier] = {}
        for part, fields in (
            (STATIC, dict.fromkeys(static, same)),
            (PUBLIC, public),
            (HIDDEN, hidden),
            (MEMO, memo or {}),
        ):
            for name, copier in fields.items():
                if name in self.parts:
                    raise ValueError(f"field {name!r} declared {self.parts[name]} and {part}")
                if copier not in COPIERS:
                    raise ValueError(f"field {name!r}: copy it with one of layout.COPIERS")
                self.parts[name] = part
                self.copiers[name] = copier
        self.copy: Callable[[Any], Any] = _copier(self.copiers)
        self.snapshot = tuple(sorted(n for n, p in self.parts.items() if p in (PUBLIC, HIDDEN)))
        self.hidden = frozenset(n for n, p in self.parts.items() if p == HIDDEN)

    def names(self) -> frozenset[str]:
        return frozenset(self.parts)


SCALARS = frozenset({type(None), bool, int, float, str})  # as they are, in the snapshot
_FIELDS: dict[type, tuple[str, ...]] = {}  # a dataclass's field names, by its type


def plain(value: Any) -> Any:
    """``value`` as JSON-safe data, the same way everywhere: numbers, text and None as they
    are, enums by value, tuples and lists as lists, sets sorted, dicts as sorted ``[key,
    value]`` pairs (an empty one reads as an empty list whatever its keys), an object by
    what its ``snapshot()`` tells (a dict of its fields by name stays a dict), a dataclass
    by its fields in order, an action by its notation. Every container is made anew: what
    it returns shares nothing with the state."""
    kind = type(value)
    if kind in SCALARS:
        return value
    if kind is list or kind is tuple:  # the common case first: a column of numbers or names
        return [v if type(v) in SCALARS else plain(v) for v in value]
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if isinstance(value, Action):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    if isinstance(value, dict):
        return sorted([plain(k), plain(v)] for k, v in value.items())
    if isinstance(value, (bool, int, float, str)):
        return value
    snapshot = getattr(value, "snapshot", None)
    if callable(snapshot):  # its own fields by name, each made plain
        told = snapshot()
        if type(told) is dict:
            return {k: plain(v) for k, v in told.items()}
        return plain(told)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELDS.get(kind)
        if names is None:
            names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
        return [plain(getattr(value, n)) for n in names]
    raise TypeError(f"no plain form for {kind.__name__}: give it a snapshot() method")
