"""Transports and towing (GM-85, GM-92, GM-93, GM-96, A-24): infantry boards a transport, and
artillery a tower, by moving onto its square; the carrier moves with it aboard and may set
it down on a free square beside it (orthogonally), which uses up the passenger's movement
(a mechanized unit may still move). Aboard, a unit neither fires nor can be fired at. A
carrier destroyed with units aboard takes them with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.games.tactics2gm.pieces import Piece
from wartable.games.tactics2gm.rules.common import ev, label

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState
    from wartable.geometry.squaregrid import Square

CARRIES = {"transport": "infantry", "tow": "artillery"}  # ability: the kind it carries


def aboard(st: Tactics2GMState, carrier: Piece) -> list[Piece]:
    return [p for p in st.pieces if p.aboard == carrier.id]


def takes(st: Tactics2GMState, carrier: Piece, kind: str) -> bool:
    """``carrier`` can take a unit of ``kind`` aboard now: it carries that kind and has room
    (one unit unless its card says more, A-24)."""
    unit = st.lib.units[carrier.card]
    kinds = {CARRIES[a] for a in unit.abilities if a in CARRIES}
    room = max(unit.capacity, 1)
    return carrier.sq is not None and kind in kinds and len(aboard(st, carrier)) < room


def board(st: Tactics2GMState, p: Piece, carrier: Piece) -> list[Event]:
    """``p``, now on the carrier's square, goes aboard."""
    p.aboard = carrier.id
    return [ev("board", f"{p.id} boards {carrier.id}", "GM-96", unit=p.id, carrier=carrier.id)]


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
    p.aboard, p.landed = "", True
    text = f"{p.id} leaves {carrier} for {label(to)}"
    return [ev("set_down", text, "GM-96", unit=p.id, carrier=carrier)]
