"""Every error the library raises on purpose derives from :class:`WartableError`.

Separate classes let callers tell malformed input (a typo) from an illegal move (a rules
question) from broken content or save files, as python-chess does for moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class WartableError(Exception):
    """Base class of the library's deliberate errors."""


class IllegalActionError(WartableError):
    """An action that the rules do not allow now; the state was not changed."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ActionParseError(WartableError, ValueError):
    """Text or JSON that does not spell an action of this game at all."""


class UnknownNameError(WartableError, KeyError):
    """A game, scenario, agent or player name that does not exist; lists the valid ones."""

    def __init__(self, what: str, name: str, choices: Iterable[str]) -> None:
        self.what = what
        self.name = name
        self.choices = tuple(choices)
        super().__init__(f"unknown {what} {name!r}; choose one of: {', '.join(self.choices)}")

    def __str__(self) -> str:
        return str(self.args[0])


class ContentError(WartableError):
    """A content file that failed validation; ``problems`` lists every problem found."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{len(self.problems)} problem(s) in content:\n{lines}")


class RecordError(WartableError):
    """A saved game or replay that is corrupt, foreign or from an incompatible version."""
