"""The duel's content: one validated data file (house values, each with its provenance)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from wartable.content.loader import Loaded, validate
from wartable.content.types import Strict

DATA = Path(__file__).resolve().parent / "data" / "cards.yaml"


class Card(Strict):
    title: str
    text: str
    copies: int = Field(ge=1, le=9)
    dice: int = Field(default=0, ge=0, le=3)
    hit_on: int = Field(default=6, ge=1, le=6)
    damage: int = Field(default=0, ge=0, le=5)
    heal: int = Field(default=0, ge=0, le=5)
    guard: bool = False


class Start(Strict):
    strength: int = Field(ge=1, le=20)
    hand: int = Field(ge=1, le=5)


class CardsFile(Strict):
    start: Start
    cards: dict[str, Card] = Field(min_length=1)


def check(doc: CardsFile) -> list[tuple[str, str]]:
    """Cross-field checks: what the schema alone cannot say."""
    problems = []
    for key, card in doc.cards.items():
        if card.dice and not card.damage:
            problems.append((f"cards.{key}.damage", "a card that rolls dice must deal damage"))
        if not (card.dice or card.heal or card.guard):
            problems.append((f"cards.{key}", "a card must attack, heal or guard"))
        if not key.isidentifier():
            problems.append((f"cards.{key}", "a card id is one word (it is typed in actions)"))
    deck = sum(c.copies for c in doc.cards.values())
    if deck < doc.start.hand:
        problems.append(("start.hand", f"the deck has only {deck} cards"))
    return problems


def load(path: Path = DATA) -> Loaded[CardsFile]:
    return validate(path, CardsFile, check)
