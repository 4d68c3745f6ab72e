"""Every error the library raises on purpose derives from :class:`WartableError`.

Separate classes let callers tell malformed input (a typo) from an illegal move (a rules
question) from broken content or save files, as python-chess does for moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from wartable.core.words import Said, say, word

_T = TypeVar("_T")

QUOTE_LIMIT = 60  # characters of a caller's value an error message repeats, at most


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters: a message that names bad input must stay
    one readable line even when the input is megabytes long."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value)} characters)"
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # nested too deep, or an int too long to print
        return f"({type(value).__name__} too large to show)"
    if len(text) > limit:
        return f"{text[:limit]}... ({len(text)} characters)"
    return text


def said_by(error: Exception) -> str:
    """The message an error was raised with (a ``Said`` keeps its words, for an interface
    to say them in its player's language), else its text."""
    return error.args[0] if error.args and isinstance(error.args[0], str) else str(error)


class WartableError(Exception):
    """Base class of the library's deliberate errors."""


class IllegalActionError(WartableError):
    """An action that the rules do not allow now; the state was not changed."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ActionParseError(WartableError, ValueError):
    """Text or JSON that does not spell an action of this game at all, or a value that is
    not an action (``apply`` takes an Action or its text, nothing else)."""


class ArgumentError(WartableError, ValueError):
    """An argument of the wrong kind or out of range for a public method: a seed that is not
    an integer, options that are not a mapping, ``replay(upto=...)`` past the record."""


# what an UnknownNameError names, each its own sentence: a language says "unknown" by the
# noun's gender ("escenario desconocido", "unbekanntes Szenario")
UNKNOWN = {
    "game": word("unknown game {name}; choose one of: {choices}"),
    "scenario": word("unknown scenario {name}; choose one of: {choices}"),
    "agent": word("unknown agent {name}; choose one of: {choices}"),
    "player": word("unknown player {name}; choose one of: {choices}"),
    "seat": word("unknown seat {name}; choose one of: {choices}"),
}


class UnknownNameError(WartableError, KeyError):
    """A game, scenario, agent or player name that does not exist; lists the valid ones."""

    def __init__(self, what: str, name: str, choices: Iterable[str]) -> None:
        self.what = what
        self.name = name
        self.choices = tuple(choices)
        args = {"name": quote(name), "choices": ", ".join(self.choices)}
        known = UNKNOWN.get(what)
        if known is None:  # a kind of name the catalogs do not know: said with it as it is
            said = say("unknown {what} {name}; choose one of: {choices}", what=what, **args)
        else:
            said = Said(known.msgid, args)
        super().__init__(said)

    def __str__(self) -> str:
        return str(self.args[0])


class ContentError(WartableError):
    """A content file that failed validation; ``problems`` lists every problem found, each
    cut to a readable line (a problem may name a value that came from a huge file)."""

    LINE_LIMIT = 300  # characters of one problem
    SHOWN = 40  # problems the message lists; ``problems`` keeps them all

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = [_cut(p, self.LINE_LIMIT) for p in problems]
        lines = "\n".join(f"  - {p}" for p in self.problems[: self.SHOWN])
        more = len(self.problems) - self.SHOWN
        if more > 0:
            lines += f"\n  ... and {more} more"
        super().__init__(f"{len(self.problems)} problem(s) in content:\n{lines}")


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


class RecordError(WartableError):
    """A saved game or replay that is corrupt, foreign or from an incompatible version."""


class InvariantError(WartableError):
    """The rules met a position they hold impossible: a fault in wartable, never a player's
    mistake. Rules code raises it where it once asserted; ``GameState.apply`` fills in
    ``case`` (game, scenario, options, seed, every earlier action and the failing one, in the
    format of a recorded case) so the fault can be replayed exactly. The message never
    names the seed or the history: it may reach a player, the case must not."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.case: dict[str, object] | None = None


def known(value: _T | None, what: str) -> _T:
    """``value``, which the rules hold cannot be None here; an InvariantError naming ``what``
    where it is. Rules code narrows a type with this where it once asserted."""
    if value is None:
        raise InvariantError(f"{what} is missing")
    return value
