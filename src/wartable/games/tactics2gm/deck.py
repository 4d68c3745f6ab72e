"""Army decks: a named list of cards, checked against a points limit and a year limit with
every reason it is illegal listed at once (GM-2 to GM-4, GM-8); and the price of deploying
a unit with the equipment chosen for it (GM-3, GM-7 to GM-9)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from pathlib import Path

from pydantic import Field

from wartable.content.loader import validate
from wartable.content.types import Strict
from wartable.core.decks import DeckList
from wartable.core.words import listing, named, say, say_n, word
from wartable.games.tactics2gm.content import ARMIES, DATA, Library, SupportCard, UnitCard

DECKS = DATA / "decks"


class DeckFile(Strict):
    name: str = Field(min_length=1, max_length=60)
    army: str
    limit: int | None = Field(default=None, ge=1, le=1000)
    cards: dict[str, int]  # card -> how many copies
    # the equipment the deck plans to buy for a card when it deploys (chosen again then)
    loadouts: dict[str, list[str]] = Field(default_factory=dict)


def read_deck(path: Path) -> DeckList:
    """A deck file; ContentError naming the file, the field and the reason when malformed."""
    return as_list(validate(path, DeckFile).model)


def as_list(doc: DeckFile) -> DeckList:
    return DeckList(doc.name, doc.army, dict(doc.cards), dict(doc.loadouts), doc.limit)


def shipped(lib: Library, folder: Path = DECKS) -> dict[str, DeckList]:
    """The ready-made decks, by file name. Each must be playable as it stands: a card the
    game lacks, a card of the other army, more copies than the box holds, equipment its
    card does not offer or cards over its points limit (its own, else the pitched battle's,
    GM-2) is a ContentError naming the file, the field and the reason, as the content
    loads, not when a battle first fields the deck."""

    def check(doc: DeckFile) -> list[tuple[str, str]]:
        return findings(as_list(doc), lib)

    paths = sorted(folder.glob("*.yaml"))
    return {p.stem: as_list(validate(p, DeckFile, check).model) for p in paths}


def points(deck: DeckList, lib: Library) -> int:
    """The printed deployment costs added up, copies included; a card with a launch cost
    still counts its printed cost (GM-2, GM-3). Unknown cards count nothing."""
    total = 0
    for key, n in deck.cards.items():
        if key in lib.units or key in lib.support:
            total += lib.card(key).cost * n
    return total


# i18n: an army's id and a seat's, as deck files and commands type them: said in a
# player's language where a reason names them (English keeps the id)
ARMY_IDS = {"usa": word("usa"), "germany": word("germany")}
SEAT_IDS = {"allies": word("allies"), "axis": word("axis")}


def army_word(army: str) -> str:
    return ARMY_IDS.get(army, army)


def seat_word(seat: str) -> str:
    return SEAT_IDS.get(seat, seat)


def problems(
    deck: DeckList, lib: Library, limit: int | None = None, year: int | None = None
) -> list[str]:
    """Every reason ``deck`` may not be played, at once; empty when it is legal. ``limit``:
    the battle's points limit (the deck's own, else the pitched battle's); ``year``: a
    scenario's year limit (GM-4)."""
    return [said(where, why) for where, why in findings(deck, lib, limit, year)]


def said(where: str, why: str) -> str:
    """A finding in a player's words: a card's by the card, a loadout's by its field."""
    field, _, key = where.partition(".")
    if field == "cards" and key:
        return say("{card}: {why}", card=key, why=why)
    return say("{field}: {why}", field=where, why=why) if key else why


def joined(reasons: list[str]) -> str:
    """Reasons one after another, separated by semicolons (each said in the language)."""
    out = reasons[-1] if reasons else ""
    for why in reversed(reasons[:-1]):
        out = say("{first}; {rest}", first=why, rest=out)
    return out


def findings(
    deck: DeckList, lib: Library, limit: int | None = None, year: int | None = None
) -> list[tuple[str, str]]:
    """Every reason ``deck`` may not be played, as (the deck file's field, the reason)."""
    out: list[tuple[str, str]] = []
    if not deck.cards:
        out.append(("cards", word("the deck holds no card")))
    if deck.army not in ARMIES:
        usa, germany = ARMIES
        why = say(
            "army {army} is not in the game: {usa} or {germany}",
            army=repr(deck.army), usa=usa, germany=germany,
        )  # fmt: skip
        out.append(("army", why))
    for key, n in deck.cards.items():
        at = f"cards.{key}"
        if key not in lib.units and key not in lib.support:
            out.append((at, word("no such card")))
            continue
        card = lib.card(key)
        if card.army not in (deck.army, "any"):
            why = say(
                "a card of the {army} army, not {deck}",
                army=army_word(card.army), deck=army_word(deck.army),
            )  # fmt: skip
            out.append((at, why))
        if n < 1:
            why = say_n(
                "{count} copy; a card is in a deck once or more",
                "{count} copies; a card is in a deck once or more",
                n,
            )
            out.append((at, why))
        elif n > card.copies:
            why = say_n(
                "{count} copy, but the box holds {copies}",
                "{count} copies, but the box holds {copies}",
                n,
                copies=card.copies,
            )
            out.append((at, why))
        if year is not None and isinstance(card, UnitCard) and card.year and card.year > year:
            why = say(
                "in service from {year}, after the year limit {limit} (GM-4)",
                year=card.year, limit=year,
            )  # fmt: skip
            out.append((at, why))
    for key, chosen in deck.loadouts.items():
        at = f"loadouts.{key}"
        if key not in deck.cards:
            out.append((at, say("the deck holds no {card}", card=key)))
        elif key in lib.units:
            out += [(at, why) for why in equipment_problems(lib.units[key], chosen)]
        elif key in lib.support:
            out.append((at, word("a support card takes no equipment")))
    cap = limit if limit is not None else deck.limit if deck.limit is not None else lib.hq.points
    total = points(deck, lib)
    if total > cap:
        why = say(
            "the cards cost {total} points, over the limit of {limit} (GM-2)",
            total=total,
            limit=cap,
        )
        out.append(("cards", why))
    return out


ONE_OF = {  # infantry's equipment slots (GM-8)
    "offensive": word("infantry takes one offensive option at most, not {n} (GM-8)"),
    "defensive": word("infantry takes one defensive option at most, not {n} (GM-8)"),
}


def equipment_problems(unit: UnitCard, chosen: Iterable[str]) -> list[str]:
    """Why a unit may not deploy with the options ``chosen``: options it does not print, an
    option taken twice (GM-9), more than one offensive or defensive option on infantry
    (GM-8)."""
    out: list[str] = []
    seen: set[str] = set()
    slots = {"offensive": 0, "defensive": 0}
    for name in chosen:
        option = unit.options.get(name)
        if option is None:
            offered = listing(list(unit.options)) or word("none")
            out.append(
                say(
                    "{unit} has no option {option} (options: {offered})",
                    unit=named(unit.title), option=repr(name), offered=offered,
                )
            )  # fmt: skip
            continue
        if name in seen:
            out.append(say("{option} is taken once at most (GM-9)", option=name))
        seen.add(name)
        slots[option.slot] += 1
    if unit.kind == "infantry":
        for slot, n in slots.items():
            if n > 1:
                out.append(say(ONE_OF[slot], n=n))
    return out


def deployment_price(unit: UnitCard, chosen: Iterable[str]) -> int:
    """The AP a deployment costs: the card's launch cost if it prints one, else its cost,
    plus each chosen option's price (GM-3, GM-7)."""
    chosen = list(chosen)
    if why := equipment_problems(unit, chosen):
        raise ValueError("; ".join(why))
    return launch_cost(unit) + sum(unit.options[name].price for name in chosen)


def launch_cost(card: UnitCard | SupportCard) -> int:
    """The AP a card costs to play: its launch cost where it prints one, else its printed
    cost, which is what it always counts in the deck (GM-3)."""
    return card.launch if card.launch is not None else card.cost


def may_attach(attached: Collection[str], card: str) -> str | None:
    """Why ``card`` may not go on a unit that already carries ``attached`` (GM-9), or None."""
    if card in attached:
        return f"the unit already carries {card}: the same card never affects a unit twice (GM-9)"
    return None
