"""2GM Tactics' scenarios as data: a fixed battlefield (its tiles, a river with its bridges
and the sides given rowboats to cross it, a sea along an edge, terrain laid before the
bid), the units and generals in play from the start (GM-15), the opening hands where the
scenario fixes them (GM-14), a year limit and a points limit for the decks (GM-4), the
decks each side fields unless it brings its own, the rounds the battle lasts, and the
objective that decides it instead of the HQs (GM-100)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import Field

from wartable.content.loader import validate
from wartable.content.types import Strict
from wartable.core.decks import DeckList
from wartable.core.words import say
from wartable.games.tactics2gm.building import ARMY_OF
from wartable.games.tactics2gm.content import DATA, FEATURES, Library, UnitCard
from wartable.games.tactics2gm.deck import army_word, equipment_problems, seat_word
from wartable.games.tactics2gm.deck import problems as deck_rules
from wartable.games.tactics2gm.model import Piece, weapons
from wartable.games.tactics2gm.rules import setup
from wartable.games.tactics2gm.rules.carry import CARRIES as CARRIED_BY
from wartable.games.tactics2gm.rules.field import COLUMNS, GRID, ROWS

SCENARIOS = DATA / "scenarios.yaml"


class Objective(Strict):
    """What ``side`` must do for the win; the other side wins by stopping it. ``hold``: at
    the end of the last round, ``count`` of ``squares`` each hold a unit of ``side``.
    ``destroy``: ``count`` enemy units destroyed, the battle won at once. With ``hq``, the
    enemy HQ's fall wins it at once as well."""

    kind: Literal["hold", "destroy"]
    side: Literal["allies", "axis"]
    squares: list[str] = Field(default_factory=list, max_length=12)
    count: int = Field(ge=1, le=40)
    hq: bool = False  # the enemy HQ's fall meets it too (its side wins at once)
    text: str


class Placement(Strict):
    """A unit in play before the first turn (GM-15): its card (not one of the deck's), its
    square, the equipment it carries, for a weapon team whether it starts set up, and
    whether it starts aboard a carrier (a landing craft's first wave)."""

    card: str
    square: str
    options: list[str] = Field(default_factory=list)
    mounted: bool = False
    aboard: bool = False  # aboard the carrier placed on the same square (listed before it)


Seat = Literal["allies", "axis"]


class Hand(Strict):
    """A side's opening hand where the scenario fixes it (GM-14, GM-15): ``cards`` it
    starts with, taken from its deck; ``size``, the cards the hand holds, those fixed
    included, the rest drawn at random (None: the HQ's usual hand); ``redraw``, whether it
    may be sent back once for a new one, drawn at random."""

    cards: list[str] = Field(default_factory=list, max_length=12)
    size: int | None = Field(default=None, ge=1, le=12)
    redraw: bool = True


class Scenario(Strict):
    title: str
    text: str
    # the twelve tiles, left to right from the allies' edge up: (tile, face, turned round)
    tiles: list[tuple[str, int, bool]] = Field(min_length=12, max_length=12)
    # a river across the whole field between this row and the next (rows from 1, the allies'
    # edge), crossed only at its bridges, by sappers, or where two sappers face each other
    river: int | None = Field(default=None, ge=1, le=ROWS - 1)
    bridges: list[str] = Field(default_factory=list)  # the columns a bridge spans it in
    # the sides whose infantry the scenario gives rowboats: it crosses the river anywhere
    rowboats: list[Seat] = Field(default_factory=list, max_length=2)
    terrain: dict[str, str] = Field(default_factory=dict)  # square -> card, laid at set-up
    # rows wholly sea (from 1, the allies' edge): crossed by landing craft only (GM-81)
    sea: list[int] = Field(default_factory=list, max_length=2)
    units: dict[Seat, list[Placement]] = Field(default_factory=dict)  # in play at the start
    generals: dict[Seat, str] = Field(default_factory=dict)  # at each HQ from the start
    hands: dict[Seat, Hand] = Field(default_factory=dict)  # opening hands it fixes (GM-14)
    year: int | None = Field(default=None, ge=1935, le=1945)  # the decks' year limit (GM-4)
    points: int = Field(ge=1, le=500)  # the decks' points limit
    rounds: int = Field(ge=1, le=60)  # the objective is decided at the end of this round
    decks: dict[Seat, str]  # the ready-made deck each side fields
    objective: Objective


def is_square(label: str) -> bool:
    try:
        GRID.parse(label)
    except ValueError:
        return False
    return label == GRID.label(GRID.parse(label))


class ScenariosFile(Strict):
    scenarios: dict[str, Scenario]


def check(lib: Library, decks: Mapping[str, DeckList]) -> object:
    def problems(doc: ScenariosFile) -> list[tuple[str, str]]:
        out = []
        columns = "ABCDEFGH"[:COLUMNS]
        for key, sc in doc.scenarios.items():
            where = f"scenarios.{key}"
            for k, (tile, face, _) in enumerate(sc.tiles):
                if tile not in lib.tiles:
                    out.append((f"{where}.tiles.{k}", f"no tile {tile!r}"))
                elif face not in (0, 1):
                    out.append((f"{where}.tiles.{k}", "a tile has faces 0 and 1"))
            if len({t for t, _, _ in sc.tiles}) < len(sc.tiles):
                out.append((f"{where}.tiles", "a tile is laid once"))
            for col in sc.bridges:
                if col not in columns:
                    out.append((f"{where}.bridges", f"a column {columns[0]} to {columns[-1]}"))
            if sc.bridges and sc.river is None:
                out.append((f"{where}.bridges", "bridges span a river: give its row"))
            for label, card in sc.terrain.items():
                if not is_square(label):
                    out.append((f"{where}.terrain.{label}", "not a square of the field"))
                if card not in lib.terrain:
                    out.append((f"{where}.terrain.{label}", f"no terrain card {card!r}"))
            for label in sc.objective.squares:
                if not is_square(label):
                    out.append((f"{where}.objective.squares", f"{label!r} is not a square"))
            if sc.objective.kind == "hold" and sc.objective.count > len(sc.objective.squares):
                out.append((f"{where}.objective.count", "more squares than the objective has"))
            for seat, name in sc.decks.items():
                if name not in decks:
                    out.append((f"{where}.decks.{seat}", f"no ready-made deck {name!r}"))
            out += sea_problems(sc, where)
            if not out:  # the ground is known only once the tiles are
                out += placement_problems(lib, sc, where)
            out += rowboat_problems(sc, where)
            for seat, name in sc.decks.items():
                if name in decks:
                    out += deck_problems(lib, sc, seat, decks[name], f"{where}.decks.{seat}")
            for seat, general in sc.generals.items():
                g = lib.generals.get(general)
                if g is None:
                    out.append((f"{where}.generals.{seat}", f"no general {general!r}"))
                elif g.army != ARMY_OF[seat]:
                    out.append((f"{where}.generals.{seat}", f"{g.title} serves {g.army}"))
            for seat, hand in sc.hands.items():
                d = decks.get(sc.decks[seat]) if seat in sc.decks else None
                out += hand_problems(lib, seat, hand, d, f"{where}.hands.{seat}")
        return out

    return problems


def deck_problems(
    lib: Library, sc: Scenario, seat: Seat, d: DeckList, where: str
) -> list[tuple[str, str]]:
    """The ready-made deck a scenario fields for ``seat`` is of its army and keeps to the
    scenario's points and year limits (GM-2, GM-4), so the scenario plays as shipped."""
    if d.army != ARMY_OF[seat]:
        why = say(
            "{deck} is a deck of {army}; {seat} fields {fields}",
            deck=repr(d.name), army=army_word(d.army), seat=seat_word(seat),
            fields=army_word(ARMY_OF[seat]),
        )  # fmt: skip
        return [(where, why)]
    return [
        (where, say("{deck}: {why}", deck=repr(d.name), why=why))
        for why in deck_rules(d, lib, sc.points, sc.year)
    ]


def hand_problems(
    lib: Library, seat: str, hand: Hand, d: DeckList | None, where: str
) -> list[tuple[str, str]]:
    """A fixed opening hand holds cards of its side's army that its scenario's deck holds
    (``d``, where the scenario names one), no more of them than its size, and no more
    cards than a hand may keep at the end of a turn (GM-26)."""
    out = []
    army = ARMY_OF[seat]
    for k, card in enumerate(hand.cards):
        if card not in lib.units and card not in lib.support:
            out.append((f"{where}.cards[{k}]", f"no card {card!r}"))
        elif lib.card(card).army not in (army, "any"):
            out.append((f"{where}.cards[{k}]", f"{card} is not of the {army} army"))
    if d is not None:
        out += [(f"{where}.cards", why) for why in short_of(hand, d)]
    size = hand.size if hand.size is not None else lib.hq.hand
    if len(hand.cards) > size:
        out.append((f"{where}.cards", f"{len(hand.cards)} cards, more than the hand's {size}"))
    if size > lib.hq.hand_limit:
        out.append((f"{where}.size", f"{size}: over the hand limit of {lib.hq.hand_limit}"))
    return out


def short_of(hand: Hand, d: DeckList) -> list[str]:
    """The cards of a fixed opening hand that the deck ``d`` holds too few of."""
    return [
        say(
            "the opening hand holds {n} {card}; the deck {deck} holds {held}",
            n=n,
            card=card,
            deck=repr(d.name),
            held=d.cards.get(card, 0),
        )
        for card, n in Counter(hand.cards).items()
        if n > d.cards.get(card, 0)
    ]


def rowboat_problems(sc: Scenario, where: str) -> list[tuple[str, str]]:
    """Rowboats are for crossing a river (GM-61): a scenario without one gives none, and
    names each side that has them once."""
    if sc.rowboats and sc.river is None:
        return [(f"{where}.rowboats", "rowboats cross a river: give its row")]
    if len(set(sc.rowboats)) < len(sc.rowboats):
        return [(f"{where}.rowboats", "a side is named once")]
    return []


def sea_problems(sc: Scenario, where: str) -> list[tuple[str, str]]:
    """The sea lies along an edge, from row 1 or from the last row inward, one or two rows
    deep, so each side's deployment line is wholly sea or wholly land."""
    rows = sorted(set(sc.sea))
    edges = ([1], [1, 2], [ROWS], [ROWS - 1, ROWS])
    if rows and rows not in edges:
        return [(f"{where}.sea", f"rows along an edge: one of {edges}, got {sc.sea}")]
    if rows and sc.river is not None and (sc.river in rows or sc.river + 1 in rows):
        return [(f"{where}.sea", "the river runs between two rows of land")]
    return []


def placement_problems(lib: Library, sc: Scenario, where: str) -> list[tuple[str, str]]:
    """Units in play at the start stand each on a square of its own where it may stand (a
    landing craft at sea, the others on land it can enter), belong to their side's army,
    and carry only what their card offers."""
    out = []
    letters = setup.scenario_ground(lib.tiles, sc)
    taken: set[str] = set()
    carriers: dict[str, tuple[UnitCard, int]] = {}  # square -> its carrier, units aboard
    for seat, placements in sc.units.items():
        for k, u in enumerate(placements):
            at = f"{where}.units.{seat}.{k}"
            card = lib.units.get(u.card)
            if card is None:
                out.append((f"{at}.card", f"no unit card {u.card!r}"))
                continue
            if card.army != ARMY_OF[seat]:
                out.append((f"{at}.card", f"{card.title} is not of the {ARMY_OF[seat]} army"))
            if card.kind == "aircraft":
                out.append((f"{at}.card", "aircraft come into play from the hand only"))
            if not is_square(u.square):
                out.append((f"{at}.square", f"{u.square!r} is not a square of the field"))
                continue
            if u.aboard:
                out += [(f"{at}.aboard", why) for why in boarding(card, carriers, u.square)]
                continue
            if u.square in taken:
                out.append((f"{at}.square", f"{u.square} holds another unit (GM-30)"))
            taken.add(u.square)
            if CARRIED_BY.keys() & set(card.abilities):
                carriers[u.square] = (card, 0)
            letter = letters[GRID.index(GRID.parse(u.square))]
            craft = "landing_craft" in card.abilities
            if craft != (letter == "S"):
                why = "a landing craft stays at sea" if craft else "no unit stands at sea"
                out.append((f"{at}.square", f"{u.square}: {why} (GM-81)"))
            elif FEATURES[letter][1] == "impassable" and not craft:
                out.append((f"{at}.square", f"{u.square} cannot be entered"))
            out += [(f"{at}.options", why) for why in equipment_problems(card, u.options)]
            known = tuple(o for o in u.options if o in card.options)  # the others are refused above
            probe = Piece("probe", u.card, 0, None, 0, options=known)
            teams = [w for w in weapons(lib, probe).values() if w.mount]
            if u.mounted and not teams:
                out.append((f"{at}.mounted", "only a weapon team is set up (GM-79)"))
    return out


def boarding(card: UnitCard, carriers: dict[str, tuple[UnitCard, int]], square: str) -> list[str]:
    """Why ``card`` may not start aboard the carrier listed before it on ``square``."""
    if square not in carriers:
        return [f"no carrier is placed on {square} before it"]
    carrier, load = carriers[square]
    kinds = {k for a in carrier.abilities for k in CARRIED_BY.get(a, ())}
    if card.kind not in kinds:
        return [f"{carrier.title} carries no {card.kind} (A-24)"]
    if load >= max(carrier.capacity, 1):
        return [f"{carrier.title} is full: room for {max(carrier.capacity, 1)} (A-24)"]
    carriers[square] = (carrier, load + 1)
    return []


def load(
    lib: Library, decks: Mapping[str, DeckList], path: Path = SCENARIOS
) -> dict[str, Scenario]:
    """The scenarios; ContentError naming the file, the field and the reason."""
    return validate(path, ScenariosFile, check(lib, decks)).model.scenarios  # type: ignore[arg-type]
