"""2GM Tactics' answer to ``Game.deck_building()``: its cards as a deck builder lists them,
its deck files, and the options that field a deck a player built (``custom_allies``,
``custom_axis``: the deck itself, so a battle's record carries its cards)."""

from __future__ import annotations

from pathlib import Path

import yaml

from wartable.core.decks import CardEntry, CardOption, DeckBuilding, DeckList
from wartable.core.errors import ArgumentError, quote
from wartable.core.game import OptionValue
from wartable.core.words import say
from wartable.games.tactics2gm import deck
from wartable.games.tactics2gm.content import ARMIES, Library, UnitCard

ARMY_OF = {"allies": "usa", "axis": "germany"}


def custom_option(seat: str) -> str:
    return f"custom_{seat}"


class Building(DeckBuilding):
    def __init__(self, lib: Library, shipped: dict[str, DeckList]) -> None:
        self.lib = lib
        self._shipped = shipped

    @property
    def default_limit(self) -> int:
        return self.lib.hq.points

    def armies(self) -> dict[str, str]:
        return dict(ARMY_OF)

    def army_title(self, army: str) -> str:
        return deck.army_word(army)

    def catalogue(self, army: str) -> list[CardEntry]:
        if army not in ARMIES:
            raise ArgumentError(
                say("no army {army}; armies: {armies}", army=quote(army), armies=", ".join(ARMIES))
            )
        lib, out = self.lib, []
        for key, u in lib.units.items():
            if u.army == army:
                out.append(self._unit(key, u))
        for key, s in lib.support.items():
            if s.army in (army, "any"):
                launch = deck.launch_cost(s)
                out.append(
                    CardEntry(key, s.title, "support", s.cost, s.copies, None, (), s.text, launch)
                )
        return out

    def _unit(self, key: str, u: UnitCard) -> CardEntry:
        options = tuple(
            CardOption(name, self.lib.tokens[o.token].title, o.price, o.slot)
            for name, o in u.options.items()
        )
        launch = deck.launch_cost(u)  # the AP it takes to play (GM-3)
        return CardEntry(key, u.title, u.kind, u.cost, u.copies, u.year, options, u.text, launch)

    def shipped(self) -> dict[str, DeckList]:
        return dict(self._shipped)

    def points(self, d: DeckList) -> int:
        return deck.points(d, self.lib)

    def problems(self, d: DeckList, limit: int | None = None, year: int | None = None) -> list[str]:
        return deck.problems(d, self.lib, limit, year)

    def read(self, path: Path) -> DeckList:
        return deck.read_deck(path)

    def write(self, d: DeckList) -> str:
        head = (
            f"# {d.name}: a 2GM Tactics deck of the {d.army} army, {d.size()} cards, "
            f"{self.points(d)} points. A player's own choice of cards: house.\n"
            "provenance: house\n"
        )
        return head + yaml.safe_dump(d.to_json(), sort_keys=False, allow_unicode=True)

    def option_names(self) -> list[str]:
        return [name for seat in ARMY_OF for name in (f"deck_{seat}", custom_option(seat))]

    def options(self, seat: str, d: DeckList) -> dict[str, OptionValue]:
        army = self.army_of(seat)
        if d.army != army:
            raise ArgumentError(
                say(
                    "the deck {deck} is {army}'s; {seat} fields {fields}",
                    deck=quote(d.name), army=deck.army_word(d.army), seat=deck.seat_word(seat),
                    fields=deck.army_word(army),
                )
            )  # fmt: skip
        for name, ready in self._shipped.items():  # a ready-made deck goes by its name
            if ready == d:
                return {f"deck_{seat}": name}
        return {custom_option(seat): d.text()}
