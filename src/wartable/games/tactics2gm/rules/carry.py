"""Transports, towing and landing craft (GM-81, GM-82, GM-85, GM-92, GM-93, GM-96, A-24):
infantry boards a transport, and artillery a tower, by moving onto its square; the carrier
moves with it aboard and may set it down on a free square beside it (orthogonally), which
uses up the passenger's movement (a mechanized unit may still move). A landing craft keeps
to the sea and is boarded and left only through its front, the square toward the enemy's
edge: a unit standing there climbs aboard, or one aboard steps off onto it, either way with
all of its movement, and a craft that takes a unit aboard moves no further that turn.
Aboard, a unit neither fires nor can be fired at. A carrier destroyed with units aboard
takes them with it."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import say
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import Piece
from wartable.games.tactics2gm.rules.common import ev, label
from wartable.geometry.squaregrid import Square, SquareGrid

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

# ability: the kinds of unit it carries
CARRIES = {
    "transport": ("infantry",),
    "tow": ("artillery",),
    "landing_craft": ("infantry", "artillery"),
}
CARRIED = frozenset(kind for kinds in CARRIES.values() for kind in kinds)
SEA = "S"  # the tile feature a landing craft sails on


def aboard(st: Tactics2GMState, carrier: Piece) -> list[Piece]:
    return [p for p in st.pieces if p.aboard == carrier.id]


def carries(st: Tactics2GMState, carrier: Piece) -> bool:
    """Whether ``carrier`` carries units of any kind."""
    return any(a in CARRIES for a in st.lib.units[carrier.card].abilities)


def takes(st: Tactics2GMState, carrier: Piece, kind: str) -> bool:
    """``carrier`` can take a unit of ``kind`` aboard now: it carries that kind and has room
    (one unit unless its card says more, A-24)."""
    unit = st.lib.units[carrier.card]
    kinds = {kind for a in unit.abilities for kind in CARRIES.get(a, ())}
    room = max(unit.capacity, 1)
    return carrier.sq is not None and kind in kinds and len(aboard(st, carrier)) < room


@functools.lru_cache(maxsize=32)
def sea_of(ground: tuple[str, ...], grid: SquareGrid) -> frozenset[Square]:
    """The sea squares of a battle's ground: set at set-up, the same all battle long (the
    sea is never worn down), so worked out once, not on every move a craft could make."""
    return frozenset(sq for sq in grid.squares if ground[grid.index(sq)] == SEA)


def is_craft(st: Tactics2GMState, p: Piece) -> bool:
    return "landing_craft" in st.lib.units[p.card].abilities


def front(st: Tactics2GMState, craft: Piece) -> Square | None:
    """The square before a landing craft's ramp: one row toward the enemy's edge (A-24)."""
    if craft.sq is None:
        return None
    ahead = (craft.sq[0], craft.sq[1] + (1 if craft.side == 0 else -1))
    return ahead if ahead in st.field.grid else None


def board(st: Tactics2GMState, p: Piece, carrier: Piece) -> list[Event]:
    """``p``, now on the carrier's square (or before a landing craft's ramp), goes aboard."""
    p.aboard = carrier.id
    rule = "GM-82" if is_craft(st, carrier) else "GM-96"
    p.sq = carrier.sq
    text = say("{unit} boards {carrier}", unit=p.id, carrier=carrier.id)
    return [ev(EventKind.BOARD, text, rule, unit=p.id, carrier=carrier.id)]


def follow(st: Tactics2GMState, carrier: Piece) -> None:
    """Passengers are wherever their carrier is."""
    for p in aboard(st, carrier):
        p.sq = carrier.sq


def moves_on(st: Tactics2GMState, p: Piece) -> bool:
    """Leaving a carrier uses up a unit's movement, but a mechanized unit may still move,
    even after moving earlier that turn (GM-85)."""
    return "mechanized" in st.lib.units[p.card].abilities


def set_down(st: Tactics2GMState, p: Piece, to: Square) -> list[Event]:
    """``p`` leaves its carrier for ``to`` (the caller enters it there)."""
    carrier = p.aboard
    c = st.piece(carrier)
    rule = "GM-82" if c is not None and is_craft(st, c) else "GM-96"
    p.aboard, p.landed = "", True
    text = say("{unit} leaves {carrier} for {square}", unit=p.id, carrier=carrier, square=label(to))
    return [ev(EventKind.SET_DOWN, text, rule, unit=p.id, carrier=carrier)]
