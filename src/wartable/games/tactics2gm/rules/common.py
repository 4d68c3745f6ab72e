"""What several parts of the turn read from the state: events, drawing cards, the ground
under a square, a unit's movement, the squares where the enemy's mines lie."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from wartable.core.events import Event
from wartable.core.words import Said, say, say_n
from wartable.games.tactics2gm.content import FEATURES, RUINS, TerrainCard, Weapon
from wartable.games.tactics2gm.deck import launch_cost
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import HQS, Piece, is_vehicle, weapons
from wartable.games.tactics2gm.rules.field import GRID
from wartable.games.tactics2gm.rules.tokens import TOOLS
from wartable.geometry.squaregrid import Square, SquareGrid

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

SIDES = ("allies", "axis")  # the seats; allies play the USA from row 1, axis Germany from row 6
WORSE = {"normal": 0, "difficult": 1, "impassable": 2}


def ev(
    kind: str, text: str, rule: str = "", to: tuple[str, ...] | None = None, **data: Any
) -> Event:
    return Event(kind, text, data, rule, to)


def draw(st: Tactics2GMState, seat: int, n: int) -> list[Event]:
    """``seat`` draws up to ``n`` cards: the cards are told to its side, the count to the
    others (teammates see each other's hands, the enemy never)."""
    taken = st.decks[seat][len(st.decks[seat]) - min(n, len(st.decks[seat])) :]
    del st.decks[seat][len(st.decks[seat]) - len(taken) :]
    st.hands[seat] += taken
    if not taken:
        return []
    who = st.players[seat]
    side = st.seat_side[seat]
    team = tuple(st.players[k] for k in seats_of(st, side))
    others = tuple(st.players[k] for k in seats_of(st, 1 - side))
    got = sorted(taken)  # in the hand's order: which came off the deck first stays unsaid
    drew = say("{player} draws {cards}", player=who, cards=", ".join(got))
    count = say_n(
        "{player} draws {count} card(s)",
        "{player} draws {count} card(s)",  # the same English; other languages differ
        len(taken),
        player=who,
    )
    return [
        ev(EventKind.DRAW, drew, "GM-25", team, cards=got),
        ev(EventKind.DRAWS, count, "GM-25", others, count=len(taken)),
    ]


def enlist(st: Tactics2GMState, seat: int, card: str, sq: Square | None) -> tuple[Piece, int]:
    """A unit card from ``seat``'s hand comes into play on ``sq`` (None: beside the HQ, or in
    the air), paid at its launch cost (GM-3, GM-38), its tokens ready; and that price."""
    unit = st.lib.units[card]
    price = launch_cost(unit)
    st.hands[seat].remove(card)
    st.ap[seat] -= price
    st.serial[card] = st.serial.get(card, 0) + 1
    p = Piece(f"{card}-{st.serial[card]}", card, st.seat_side[seat], sq, st.turn, owner=seat)
    p.tokens = {key: "ready" for key in weapons(st.lib, p)}
    if "sappers" in unit.abilities:
        p.tokens[TOOLS] = "ready"
    st.pieces.append(p)
    return p, price


def label(sq: Square) -> str:
    return GRID.label(sq)


def feature(st: Tactics2GMState, sq: Square) -> str:
    """The tile's feature on ``sq``; a forest or hedge shot down to 0 PI is open ground
    (GM-58, GM-59)."""
    f = st.ground[st.field.grid.index(sq)]
    if sq in st.tile_wear and st.tile_wear[sq] >= FEATURES[f][3]:
        return "."
    return f


def card_on(st: Tactics2GMState, sq: Square) -> TerrainCard | None:
    """The terrain card on ``sq`` (a mine card gives no cover and is not one); a building
    shot down is ruins (GM-65)."""
    key = st.terrain.get(sq)
    if key and sq in st.ruins:
        return RUINS
    return st.lib.terrain.get(key) if key else None


def footing(st: Tactics2GMState, sq: Square) -> str:
    """The ground for moving: the worse of the tile's feature and the terrain card."""
    tile = FEATURES[feature(st, sq)][1]
    card = card_on(st, sq)
    laid = card.movement if card is not None else "normal"
    return max(tile, laid, key=WORSE.__getitem__)


def footings(st: Tactics2GMState) -> dict[Square, str]:
    """Every square's footing at once: a move's search asks it of many squares many times.
    The tiles' part is the same all battle long; only squares with a card are looked at."""
    out = dict(tile_footings(st.ground, st.field.grid))
    for sq in (*st.terrain, *st.tile_wear):
        out[sq] = footing(st, sq)
    return out


@functools.lru_cache(maxsize=32)
def tile_footings(ground: tuple[str, ...], grid: SquareGrid) -> dict[Square, str]:
    """Each square's footing from its tile feature alone (callers copy it)."""
    return {sq: FEATURES[ground[grid.index(sq)]][1] for sq in grid.squares}


def mine_at(st: Tactics2GMState, sq: Square, p: Piece) -> Weapon | None:
    """The mine that attacks ``p`` when it enters ``sq``."""
    return laid_mine(st, sq, p.side, is_vehicle(st.lib.units[p.card]))


def laid_mine(st: Tactics2GMState, sq: Square, side: int, vehicle: bool) -> Weapon | None:
    """The mine on ``sq`` that attacks a unit of ``side`` entering it: one the other side
    laid, the anti-tank mine against vehicles only."""
    key = st.terrain.get(sq)
    if key is None or st.owner[sq] == side:
        return None
    if key in st.lib.terrain:
        return st.lib.terrain[key].mine
    card = st.lib.support[key]
    return card.weapon if vehicle else None


def stopping(st: Tactics2GMState, p: Piece) -> set[Square]:
    """Squares that end ``p``'s move when it enters them: wire, and the enemy's mines."""
    return stops(st, p.side, is_vehicle(st.lib.units[p.card]))


def stops(st: Tactics2GMState, side: int, vehicle: bool) -> set[Square]:
    """Squares that end the move of a unit of ``side`` (a vehicle or not) entering them:
    what a unit is matters only so far (a listing asks once for each)."""
    return {
        sq
        for sq, key in st.terrain.items()
        if (key in st.lib.terrain and st.lib.terrain[key].stops) or laid_mine(st, sq, side, vehicle)
    }


def movement(st: Tactics2GMState, p: Piece) -> int:
    """Its movement this turn: the card's, a general's bonus, a march (GM-84), riding on
    (GM-86), one less when suppressed (GM-51)."""
    unit = st.lib.units[p.card]
    points = unit.movement + p.marched + p.rode - p.suppressed
    general = st.generals[unit_hq(st, p)]
    if general and unit.kind in st.lib.generals[general].kinds:
        points += st.lib.generals[general].movement
    return max(points, 0)


def own(st: Tactics2GMState, side: int) -> list[Piece]:
    return [p for p in st.pieces if p.side == side]


# ---- seats and sides: in team play (GM-103 to GM-105, A-25) a side has two seats, each with
# its own hand, deck, discard pile and AP pool, commanding the units it deployed; the first
# seat of a side is its Marshal. In a battle of two, seat and side are the same number.
def side_of(st: Tactics2GMState, seat: int) -> int:
    return st.seat_side[seat]


def seats_of(st: Tactics2GMState, side: int) -> list[int]:
    return [k for k, s in enumerate(st.seat_side) if s == side]


def marshal(st: Tactics2GMState, side: int) -> int:
    """The side's first seat: it bids, lays the bid's terrain and answers for the side out
    of its turn (GM-103)."""
    return st.seat_side.index(side)


def commander(st: Tactics2GMState, p: Piece) -> int:
    """The seat giving ``p`` its orders: the one that brought it into play; a scenario's
    units (and any placed without one) are the Marshal's."""
    return p.owner if p.owner >= 0 else marshal(st, p.side)


def mine(st: Tactics2GMState, seat: int) -> list[Piece]:
    """The units ``seat`` commands."""
    return [p for p in st.pieces if commander(st, p) == seat and p.side == st.seat_side[seat]]


def squares_of(pieces: list[Piece]) -> set[Square]:
    return {p.sq for p in pieces if p.sq is not None}


def origins(st: Tactics2GMState) -> set[Square]:
    """The squares assaulters started from: kept free for them to fall back to (A-7)."""
    return {p.origin for p in st.pieces if p.origin is not None}


def assaulters(st: Tactics2GMState, defender: Piece) -> list[Piece]:
    return [p for p in st.pieces if p.assaulting == defender.id]


# ---- HQs: one a side, or on two fields one a side behind each (GM-105), each its own hit
# points and general. HQ ``h`` is its side's (``h % 2``) behind field ``h // 2``; in a battle
# on two fields each seat answers to the HQ behind its own field and draws its AP from it.
def hqs(st: Tactics2GMState, side: int) -> list[int]:
    return list(range(side, 2 * st.field.copies, 2))


def hq_of(st: Tactics2GMState, seat: int) -> int:
    """The HQ ``seat`` draws its AP from and whose general it serves under."""
    side = st.seat_side[seat]
    if st.field.copies == 1:
        return side
    return side + 2 * seats_of(st, side).index(seat)


def unit_hq(st: Tactics2GMState, p: Piece) -> int:
    """The HQ ``p`` answers to: its commander's, where a fighter waits."""
    return p.side if st.field.copies == 1 else hq_of(st, commander(st, p))


def hq_word(h: int) -> str:
    """The word actions name HQ ``h`` by: ``hq`` behind the first field, ``hq2`` the second."""
    return HQS[h // 2]


def hq_named(st: Tactics2GMState, side: int, word: str) -> int | None:
    """``side``'s HQ named by ``word``, or None where it names none of them."""
    if word not in HQS or HQS.index(word) >= st.field.copies:
        return None
    return side + 2 * HQS.index(word)


def hq_title(st: Tactics2GMState, h: int) -> Said:
    """An HQ in words: "axis's HQ", or on two fields with its word, "axis's HQ (hq2)"."""
    if st.field.copies == 1:
        return say("{side}'s HQ", side=SIDES[h % 2])
    return say("{side}'s HQ ({hq})", side=SIDES[h % 2], hq=hq_word(h))
