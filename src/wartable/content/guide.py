"""A game's guide for players as data (``data/guide.yaml`` in the game's folder): the sequence
of play, what each action does, a legend of what the board shows, and an explanation of every
rule the game's log cites. The page's rules panel and ``wartable rules`` show it; a log line's
rule opens its explanation. Every text is the project's own words.

A log line cites its rule by the id the game gives it (core/rulecite.py says how); the
``rules`` part explains each such id, so no id may hold the colon or comma that split a
citation.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import Field

from wartable.content.loader import validate
from wartable.content.types import Strict

FILE = "guide.yaml"

Text = Field(min_length=1, max_length=1200)


class Step(Strict):
    """One part of the sequence of play, in order."""

    title: str = Field(min_length=1, max_length=80)
    text: str = Text


class Symbol(Strict):
    """What a mark on the board means: ``symbol`` is how it looks (a letter, a colour, a
    shape in words), ``name`` what players call it."""

    symbol: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=80)
    text: str = Text


class Guide(Strict):
    summary: str = Text
    sequence: list[Step] = Field(min_length=1)
    actions: dict[str, str] = Field(min_length=1)  # verb -> what it does
    legend: list[Symbol] = Field(min_length=1)
    rules: dict[str, str] = Field(min_length=1)  # rule id -> its explanation


def load(path: Path) -> dict[str, Any]:
    """The guide as plain data for the page and the terminal (a copy the caller may keep);
    ContentError with file, field and reason when it is malformed."""
    return copy.deepcopy(_read(path))


@cache
def _read(path: Path) -> dict[str, Any]:
    def check(doc: Guide) -> list[tuple[str, str]]:
        return [
            (f"rules.{key}", "an id has no colon or comma (they split a citation)")
            for key in doc.rules
            if ":" in key or "," in key
        ]

    return validate(path, Guide, check).model.model_dump()


def packaged(module_file: str) -> dict[str, Any]:
    """The guide shipped beside a game's module (``data/guide.yaml`` in its folder): the
    project's own text, so never taken from a WARTABLE_DATA folder of official data."""
    return load(Path(module_file).resolve().parent / "data" / FILE)
