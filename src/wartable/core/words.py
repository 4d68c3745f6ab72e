"""Words the engine says, as data: what to say and with what, so that each interface can say
it in its player's language (docs/i18n.md).

The rules, views and refusals stay language-free: a text they make with ``say`` is a ``Said``,
a ``str`` holding the English words (so everything that reads text as text still works: logs,
saved cases, tests) that also keeps its message id and arguments. An interface renders it in
another language with ``wartable.i18n.Voice``, looking the id up in the message catalogs and
putting the arguments back in (each of them said in that language too where it is a
``Said``: a plain text argument, a file's path or a word the player typed, is left as it
is). Saves, replays and stored games keep actions, not texts, so they are the same in
every language.

Message ids are English with ``{name}`` placeholders (``str.format``); ``tools/catalogs.py``
finds every ``say`` and ``say_n`` in the code (Babel's extractor) and keeps the catalogs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class Said(str):
    """English words that remember how they were made: ``msgid`` (with its ``plural`` form and
    the number ``n`` where the words depend on a number) and the ``args`` put into it."""

    msgid: str
    plural: str | None
    n: int | None  # the number that chose the form
    args: Mapping[str, Any]

    def __new__(
        cls,
        msgid: str,
        args: Mapping[str, Any],
        plural: str | None = None,
        count: int | None = None,
    ) -> Said:
        form = msgid if plural is None or count == 1 else plural
        self = super().__new__(cls, form.format_map(args) if args else form)
        self.msgid, self.plural, self.n, self.args = msgid, plural, count, args
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Said, (self.msgid, dict(self.args), self.plural, self.n))

    def to_json(self) -> dict[str, Any]:
        """The message as data, its arguments as plain text or as messages themselves."""
        out: dict[str, Any] = {
            "id": self.msgid,
            "args": {k: _plain(v) for k, v in self.args.items()},
        }
        if self.plural is not None:
            out["plural"], out["n"] = self.plural, self.n
        return out


def _plain(value: object) -> object:
    if isinstance(value, Said):
        return value.to_json()
    return value if isinstance(value, (int, float, str, bool)) or value is None else str(value)


def say(msgid: str, /, **args: Any) -> Said:
    """``msgid`` with ``args`` put in: English now, any language later."""
    return Said(msgid, args)


def say_n(singular: str, plural: str, count: int, /, **args: Any) -> Said:
    """Words that depend on a number (``count``, also given to the words as ``{count}``):
    English has two forms, other languages may have more (the catalogs know them)."""
    return Said(singular, {"count": count, **args}, plural, count)


class Percent(str):
    """A chance written as a percentage: "45%" in English, each language its own way (the
    voice writes it with the language's number format: "45 %" in German and Spanish)."""

    value: float

    def __new__(cls, value: float) -> Percent:
        self = super().__new__(cls, f"{value:.0%}")
        self.value = value
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Percent, (self.value,))


def percent(chance: float, /) -> Percent:
    """A chance (0 to 1) to put into words as a whole percentage."""
    return Percent(chance)


class Decimal(str):
    """A number with a fixed count of decimals: "0.75" in English, "0,75" in Spanish and
    German (the voice writes it with the language's decimal sign)."""

    value: float
    places: int

    def __new__(cls, value: float, places: int = 2) -> Decimal:
        self = super().__new__(cls, f"{value:.{places}f}")
        self.value, self.places = value, places
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Decimal, (self.value, self.places))


def decimal(value: float, /, places: int = 2) -> Decimal:
    """A number to put into words with ``places`` decimals (an average, seconds)."""
    return Decimal(value, places)


def seat_words(sides: Mapping[str, str], seat: str, /) -> str:
    """A seat in players' words from its side's name: ``allies-2`` is "Allies 2" where
    ``sides`` names ``allies``; a seat of no side it names stays its id."""
    side, _, n = seat.partition("-")
    name = sides.get(side)
    if name is None:
        return seat
    return say("{side} {n}", side=name, n=n) if n else name


def listing(items: Sequence[str], /) -> str:
    """Items one after another, separated by commas: one message the catalogs hold, nested
    (each item said in the language where it is a ``Said``); "" for none."""
    return _chained(LISTED, items)


def lines(items: Sequence[str], /) -> str:
    """Items one under another (a card's face), nested like ``listing``'s; "" for none."""
    return _chained(UNDER, items)


def _chained(form: str, items: Sequence[str]) -> str:
    out = items[-1] if items else ""
    for item in reversed(items[:-1]):
        out = say(form, first=item, rest=out)
    return out


def named(text: str, /) -> Said:
    """A name from the data (a card's title, a scenario's) said where it is shown: the
    catalogs read such names from the data files, so they are not marked where the code
    names them (``word`` would have the extractor take a literal there for a message)."""
    return Said(text, {})


def word(msgid: str, /) -> Said:
    """A word or phrase the catalogs hold (a name, a label): marked for them where it is
    written as a literal, and said in the player's language wherever it is shown, even as
    another message's argument. A name from data (a card's title) is said with ``named``."""
    return Said(msgid, {})


LISTED = word("{first}, {rest}")  # an item, then the rest of a list
UNDER = word("{first}\n{rest}")  # a line, then the lines under it
