"""Advance under cover (GM-35, GM-36, A-9): infantry joins a friendly armoured tank or
transport in its square and moves with it at the slower one's pace, harder to hit (+1/+1),
until the owner moves them apart or one of them is destroyed. A pair may also deploy
together."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import say, word
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import Piece, is_vehicle
from wartable.games.tactics2gm.rules.common import ev, label

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

PARTED = {  # why a pair comes apart, as the callers name it: the whole line for the catalogs
    "moved apart": word("{unit} leaves the cover of {vehicle}: moved apart"),
    "it boards": word("{unit} leaves the cover of {vehicle}: it boards"),
    "it goes in to assault": word("{unit} leaves the cover of {vehicle}: it goes in to assault"),
}


def shelters(st: Tactics2GMState, v: Piece) -> bool:
    """An armoured tank or transport (armour 1 or more) on the field, with no infantry
    beside it yet: one infantry a vehicle."""
    unit = st.lib.units[v.card]
    return (
        v.sq is not None
        and is_vehicle(unit)
        and unit.armour > 0
        and partner(st, v) is None
        and not v.assaulting
    )


def may_take_cover(st: Tactics2GMState, p: Piece) -> bool:
    return st.lib.units[p.card].kind == "infantry" and not p.beside


def partner(st: Tactics2GMState, p: Piece) -> Piece | None:
    """The other unit of ``p``'s pair: its vehicle, or the infantry beside it."""
    if p.beside:
        return st.piece(p.beside)
    return next((q for q in st.pieces if q.beside == p.id), None)


def join(st: Tactics2GMState, p: Piece, v: Piece) -> list[Event]:
    """Infantry ``p`` (now on ``v``'s square) advances beside vehicle ``v``."""
    p.beside = v.id
    if v.sq is None:
        raise InvariantError("join: no v.sq")
    text = say(
        "{unit} advances beside {vehicle} on {square}: +1/+1 to be hit",
        unit=p.id,
        vehicle=v.id,
        square=label(v.sq),
    )
    return [ev(EventKind.COVER, text, "GM-35", unit=p.id, vehicle=v.id)]


def part(st: Tactics2GMState, p: Piece, why: str) -> list[Event]:
    """The pair of ``p`` comes apart (GM-36), ``why`` one of ``PARTED``; nothing when it has
    none."""
    q = partner(st, p)
    if q is None:
        return []
    infantry, vehicle = (p, q) if p.beside else (q, p)
    infantry.beside = ""
    text = say(PARTED[why], unit=infantry.id, vehicle=vehicle.id)
    return [ev(EventKind.UNCOVERED, text, "GM-36", unit=infantry.id)]
