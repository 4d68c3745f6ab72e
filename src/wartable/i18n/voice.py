"""Saying the engine's words, and the interfaces' own, in one language."""

from __future__ import annotations

from decimal import Decimal as Exact
from typing import Any

from babel.numbers import format_decimal, format_percent

from wartable.core.words import Decimal, Percent, Said, say, say_n
from wartable.i18n.catalogs import SOURCE, translations


class Voice:
    """One language for one game's texts (and the shared ones). ``voice(text)`` says a
    ``Said`` in the language, its ``Said`` arguments too (plain text arguments stay as they
    are: a path, a seat, what the player typed); a plain text given whole (a lesson's text
    read from its file) is looked up as a message id and stays as it is where the catalogs
    lack it."""

    def __init__(self, language: str = SOURCE, game: str | None = None) -> None:
        self.language, self.game = language, game
        self.catalog = translations(language, game)

    def __call__(self, text: str) -> str:
        if self.language == SOURCE:
            return str(text)
        # a number is written from its English digits, so every language rounds it alike
        if isinstance(text, Percent):
            return format_percent(Exact(text[:-1]) / 100, locale=self.language)
        if isinstance(text, Decimal):
            places = "0" * text.places
            pattern = f"#,##0.{places}" if places else "#,##0"
            return format_decimal(Exact(str(text)), pattern, locale=self.language)
        if not isinstance(text, Said):
            return self.catalog.gettext(text) if text else text
        if text.plural is None:
            form = self.catalog.gettext(text.msgid)
        else:
            form = self.catalog.ngettext(text.msgid, text.plural, text.n or 0)
        if not text.args:
            return form
        args = {
            k: self(v) if isinstance(v, Said | Percent | Decimal) else v
            for k, v in text.args.items()
        }
        try:
            return form.format_map(args)
        except (KeyError, IndexError, ValueError):  # a catalog's mistake: say it in English
            return str(text)

    def data(self, value: Any, keep: frozenset[str] = frozenset({"symbol"})) -> Any:
        """Texts read from data (a guide, a card's face) said in the language: every string
        in ``value``'s dicts and lists, as the catalogs hold it (they read it from the data
        files), the values of the keys in ``keep`` (a symbol drawn on the board) as they are."""
        if self.language == SOURCE:
            return value
        if isinstance(value, str):
            return self(value)
        if isinstance(value, list):
            return [self.data(v, keep) for v in value]
        if isinstance(value, dict):
            return {k: v if k in keep else self.data(v, keep) for k, v in value.items()}
        return value

    def t(self, msgid: str, /, **args: Any) -> str:
        """The interface's own words, said now."""
        return self(say(msgid, **args))

    def tn(self, singular: str, plural: str, count: int, /, **args: Any) -> str:
        return self(say_n(singular, plural, count, **args))
