"""Unit cards (DH-54 to DH-57, DH-69 to DH-73): a card that brings a unit, where the unit goes
(Q20), the caps it must respect (DH-55), and the card that stays with the unit while it lives."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.games.diadehonor.content import enemy_of
from wartable.games.diadehonor.rules import ground

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

# the unit each unit card brings (its type has the card's name)
BRINGS = {card: card for card in ("sniper", "green_beret", "tank", "artillery")}


def alive(st: DiaDeHonorState, seat: int, type_: str) -> int:
    """How many of ``seat``'s units of ``type_`` are on the map; a sabotaged tank is there."""
    return sum(u.seat == seat and u.type == type_ and st.on_map(u.index) for u in st.units)


def at_cap(st: DiaDeHonorState, seat: int, card: str) -> bool:
    type_ = BRINGS[card]
    return alive(st, seat, type_) >= st.lib.units[type_].cap


def free(st: DiaDeHonorState) -> set[int]:
    """Squares a unit may be put on: passable, with no unit or wreck."""
    held = ground.holders(st)
    return {q for q, cost in enumerate(st.battle.entry) if cost and q not in held}


def places(st: DiaDeHonorState, seat: int) -> list[int]:
    """Where the unit a card brings may go (Q20). At set-up, any free square of the owner's
    start zone. Later, a free square next to the owner's rearmost unit (the one farthest from
    the enemy's start zone; several equally far are all rearmost, and the owner picks among
    their squares) that is no nearer the enemy's start zone than that unit; where there is
    none, or the owner has no unit on the map, his start zone."""
    side = st.sides[seat]
    open_ = free(st)
    zone = sorted(st.battle.zones[side] & open_)
    if st.after_cards == "setup":
        return zone
    far = st.battle.to_zone[enemy_of(side)]
    mine = [st.pos[u.index] for u in st.units if u.seat == seat and st.on_map(u.index)]
    if not mine:
        return zone
    back = max(far[q] for q in mine)
    near = {
        j for q in mine if far[q] == back for j in st.battle.next_to[q] if far[j] >= back
    } & open_
    return sorted(near) or zone
