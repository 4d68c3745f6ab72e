"""Deck building: games in which each side fields a deck it built itself, card by card, to a
points limit.

A game that has them answers ``Game.deck_building()`` with a :class:`DeckBuilding`: the
cards each army may take, the ready-made decks, a deck's points and every reason it may not
be played, its file format, and the options that field a deck in a seat. Interfaces keep
the decks people build (the store, plain files); the game only ever sees a deck through an
option, so a battle's record names the very cards it was fought with and replays on its own.

A deck is plain data (:class:`DeckList`); adding and taking cards out are the same for every
such game, so they live here, and only the checks are the game's.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from difflib import get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wartable.core.errors import ArgumentError, quote
from wartable.core.words import named, say, say_n, word

if TYPE_CHECKING:
    from wartable.core.game import OptionValue

NAME_LIMIT = 60  # characters of a deck's name


@dataclass(frozen=True, slots=True)
class CardOption:
    """Equipment a unit card may take when it comes into play, and what it adds."""

    name: str
    title: str
    price: int
    slot: str


@dataclass(frozen=True, slots=True)
class CardEntry:
    """One card an army may put in its deck, as a deck builder lists it."""

    key: str
    title: str
    kind: str  # "infantry", "tank", "support"...
    cost: int  # points in the deck
    copies: int  # the most a deck may hold
    year: int | None = None  # in service from
    options: tuple[CardOption, ...] = ()
    text: str = ""
    launch: int | None = None  # what it costs to play, where that is not its cost


@dataclass(frozen=True)
class DeckList:
    """A named list of cards of one army: how many of each, the equipment it plans for a
    unit card, and the points limit it was built to (None: the game's usual one)."""

    name: str
    army: str
    cards: dict[str, int]
    loadouts: dict[str, list[str]] = field(default_factory=dict)
    limit: int | None = None

    def cards_in_order(self) -> list[str]:
        """One entry per copy, in the deck's order (a game shuffles them)."""
        return [key for key, n in self.cards.items() for _ in range(n)]

    def size(self) -> int:
        return sum(self.cards.values())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "army": self.army, "cards": dict(self.cards)}
        if self.loadouts:
            out["loadouts"] = {k: list(v) for k, v in self.loadouts.items()}
        if self.limit is not None:
            out["limit"] = self.limit
        return out

    def text(self) -> str:
        """The deck as one line of JSON, keys in a fixed order: what an option carries."""
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: object, source: str = "deck") -> DeckList:
        """A deck from plain data; ArgumentError naming ``source``, the field and the reason
        when it is not one. Whether its cards exist is the game's check, not this one."""

        def bad(where: str, why: str) -> ArgumentError:
            return ArgumentError(f"{source}: {where}: {why}")

        if not isinstance(data, dict):
            raise bad("deck", f"an object with name, army and cards, not {quote(data)}")
        unknown = set(data) - {"name", "army", "cards", "loadouts", "limit"}
        if unknown:
            raise bad(min(unknown), "no such field (name, army, cards, loadouts, limit)")
        name, army = data.get("name"), data.get("army")
        if not isinstance(name, str) or not 0 < len(name.strip()) <= NAME_LIMIT:
            raise bad("name", f"text of 1 to {NAME_LIMIT} characters, not {quote(name)}")
        if not isinstance(army, str) or not army:
            raise bad("army", f"the army's name, not {quote(army)}")
        cards = data.get("cards")
        if not isinstance(cards, dict):
            raise bad("cards", f"card -> copies, not {quote(cards)}")
        for key, n in cards.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise bad(f"cards.{key}", f"a number of copies, 1 or more, not {quote(n)}")
        loadouts = data.get("loadouts", {})
        if not isinstance(loadouts, dict) or not all(
            isinstance(v, list) and all(isinstance(o, str) for o in v) for v in loadouts.values()
        ):
            raise bad("loadouts", "card -> a list of its options' names")
        limit = data.get("limit")
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool)):
            raise bad("limit", f"a whole number of points, not {quote(limit)}")
        if limit is not None and not 1 <= limit <= 1000:
            raise bad("limit", f"1 to 1000 points, not {limit}")
        return cls(
            name.strip(), army, dict(cards), {k: list(v) for k, v in loadouts.items()}, limit
        )

    @classmethod
    def from_text(cls, text: str, source: str = "deck") -> DeckList:
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise ArgumentError(f"{source}: not a deck's JSON ({exc})") from None
        return cls.from_json(data, source)


class DeckBuilding(ABC):
    """What a game with built decks tells an interface that builds and keeps them."""

    @property
    @abstractmethod
    def default_limit(self) -> int:
        """The points limit of the game's usual battle."""

    @abstractmethod
    def armies(self) -> dict[str, str]:
        """The army each seat fields, by seat."""

    @abstractmethod
    def catalogue(self, army: str) -> list[CardEntry]:
        """Every card ``army`` may put in a deck; ArgumentError for an army not in the game."""

    @abstractmethod
    def shipped(self) -> dict[str, DeckList]:
        """The ready-made decks, by name."""

    @abstractmethod
    def points(self, deck: DeckList) -> int:
        """What the deck's cards cost together."""

    @abstractmethod
    def problems(
        self, deck: DeckList, limit: int | None = None, year: int | None = None
    ) -> list[str]:
        """Every reason the deck may not be played, at once; empty when it may. ``limit``:
        the battle's points limit (the deck's own, else the usual one); ``year``: a year
        limit."""

    @abstractmethod
    def read(self, path: Path) -> DeckList:
        """A deck file; ContentError naming the file, the field and the reason when it is
        malformed."""

    @abstractmethod
    def write(self, deck: DeckList) -> str:
        """The deck as the text of a deck file, which ``read`` reads back the same."""

    @abstractmethod
    def options(self, seat: str, deck: DeckList) -> dict[str, OptionValue]:
        """The game options that make ``seat`` field ``deck``."""

    @abstractmethod
    def option_names(self) -> list[str]:
        """Every option ``options`` may set: an interface that offers decks by seat leaves
        them out of its form."""

    def army_title(self, army: str) -> str:
        """An army in players' words for the refusals (a message the game's catalogs hold,
        so that it is said in the player's language); its id by default."""
        return army

    # ---- editing, the same for every game ------------------------------------------------
    def entry(self, army: str, key: str) -> CardEntry:
        """The catalogue's card ``key`` of ``army``; ArgumentError with the nearest names."""
        cards = {c.key: c for c in self.catalogue(army)}
        if key in cards:
            return cards[key]
        for other in set(self.armies().values()) - {army}:
            if any(c.key == key for c in self.catalogue(other)):
                raise ArgumentError(
                    say("{card} is a card of the {other} army, not of {army}", card=key,
                        other=self.army_title(other), army=self.army_title(army))
                )  # fmt: skip
        near = get_close_matches(key, list(cards), n=3, cutoff=0.5)
        if near:
            raise ArgumentError(
                say("{army} has no card {card}; did you mean {near}?",
                    army=self.army_title(army), card=quote(key), near=", ".join(near))
            )  # fmt: skip
        raise ArgumentError(
            say("{army} has no card {card}", army=self.army_title(army), card=quote(key))
        )

    def add(
        self, deck: DeckList, key: str, n: int = 1, equipment: list[str] | None = None
    ) -> DeckList:
        """``deck`` with ``n`` more copies of ``key`` (and, when given, the equipment it
        plans for that card). Refused when the card is not the army's, when the copies would
        pass what the box holds, or when the equipment is not the card's."""
        if n < 1:
            raise ArgumentError(say("add 1 copy or more, not {n}", n=n))
        card = self.entry(deck.army, key)
        have = deck.cards.get(key, 0)
        if have + n > card.copies:
            raise ArgumentError(
                say_n(
                    "{card}: the box holds {count} copy and the deck would have {would}",
                    "{card}: the box holds {count} copies and the deck would have {would}",
                    card.copies, card=named(card.title), would=have + n,
                )
            )  # fmt: skip
        cards = dict(deck.cards) | {key: have + n}
        loadouts = dict(deck.loadouts)
        if equipment is not None:
            offered = {o.name for o in card.options}
            wrong = [e for e in equipment if e not in offered]
            if wrong:
                raise ArgumentError(
                    say("{card} has no option {option} (options: {options})",
                        card=named(card.title), option=quote(wrong[0]),
                        options=", ".join(sorted(offered)) or word("none"))
                )  # fmt: skip
            if equipment:
                loadouts[key] = list(equipment)
            else:
                loadouts.pop(key, None)
        return replace(deck, cards=cards, loadouts=loadouts)

    def remove(self, deck: DeckList, key: str, n: int = 1) -> DeckList:
        """``deck`` with ``n`` copies of ``key`` fewer; the last copy takes its equipment plan
        with it."""
        if n < 1:
            raise ArgumentError(say("remove 1 copy or more, not {n}", n=n))
        have = deck.cards.get(key, 0)
        if have == 0:
            raise ArgumentError(
                say("the deck {deck} holds no {card}", deck=quote(deck.name), card=quote(key))
            )
        if n > have:
            raise ArgumentError(
                say("the deck holds {have} {card}, not {n}", have=have, card=quote(key), n=n)
            )
        cards = dict(deck.cards)
        loadouts = dict(deck.loadouts)
        if have == n:
            del cards[key]
            loadouts.pop(key, None)
        else:
            cards[key] = have - n
        return replace(deck, cards=cards, loadouts=loadouts)

    def blank(self, name: str, army: str, limit: int | None = None) -> DeckList:
        """A new, empty deck; ArgumentError for an army the game does not have."""
        self.catalogue(army)
        return DeckList.from_json(
            {"name": name, "army": army, "cards": {}} | ({} if limit is None else {"limit": limit})
        )

    def army_of(self, seat: str) -> str:
        armies = self.armies()
        if seat not in armies:
            raise ArgumentError(
                say("no seat {seat}; seats: {seats}", seat=quote(seat), seats=", ".join(armies))
            )
        return armies[seat]

    def cards_of(self, deck: DeckList) -> dict[str, CardEntry]:
        """The cards ``deck``'s army may take, by key; none for an army not in the game (a
        deck read from a file may name one)."""
        if deck.army not in self.armies().values():
            return {}
        return {c.key: c for c in self.catalogue(deck.army)}

    def tally(self, deck: DeckList) -> Mapping[str, int]:
        """Points by kind of card, for a deck's summary."""
        kinds = self.cards_of(deck)
        out: dict[str, int] = {}
        for key, n in deck.cards.items():
            card = kinds.get(key)
            if card is not None:
                out[card.kind] = out.get(card.kind, 0) + card.cost * n
        return out
