"""Terrain after the start (GM-13, GM-40; option ``late_terrain``): in his own Deployment
phase a player may buy a card still in the shared terrain deck for its AP, as the bid's
terrain is bought, and lay it on an empty square at most 1 square (orthogonal steps) from
one of his side's units on the field. Without the option, no terrain enters play once the
battle has begun."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.events import Event
from wartable.core.words import named, say
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.phases import Phase
from wartable.games.tactics2gm.rules import salvage, setup
from wartable.games.tactics2gm.rules.common import (
    ev,
    footing,
    label,
    origins,
    own,
    side_of,
    squares_of,
)
from wartable.games.tactics2gm.rules.field import steps

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState
    from wartable.geometry.squaregrid import Square


def why_not(st: Tactics2GMState) -> str:
    """Why a terrain card may not be laid now, once the battle has begun."""
    if not st.late_terrain:
        return say(
            "no terrain card enters play once the battle has begun (GM-13, GM-40); the "
            "late_terrain option lets a player buy one in his Deployment phase"
        )
    if st.phase != Phase.DEPLOY:
        return say("terrain cards enter play after the start only in your Deployment phase (GM-40)")
    return say(
        "a terrain card still in the deck, paid from your AP (one more to spread it, GM-107), "
        "goes on an empty square at most 1 square from one of your units on the field (a "
        "spread over empty neighbours): no unit there, nor impassable ground, nor a terrain "
        "card already (GM-13, A-20)"
    )


def free(st: Tactics2GMState) -> set[Square]:
    """The squares a card may cover: no unit on it (nor kept for an assaulter to fall back
    to, A-7), no terrain card, and ground a unit can enter (A-20)."""
    taken = squares_of(st.pieces) | origins(st)
    return {
        sq
        for sq in st.field.grid.squares
        if sq not in taken and sq not in st.terrain and footing(st, sq) != "impassable"
    }


def near(st: Tactics2GMState, side: int, squares: set[Square]) -> list[Square]:
    """Those of ``squares`` at most 1 square from one of ``side``'s units on the field."""
    held = squares_of([p for p in own(st, side) if not p.aboard])
    return sorted(sq for sq in squares if any(steps(sq, u) <= 1 for u in held))


def actions(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    """The terrain ``seat`` may buy and lay in its Deployment phase: the card's own square
    near its side's units, spread with extensive terrain over free neighbours (GM-107)."""
    if not st.late_terrain or st.phase != Phase.DEPLOY or st.equipping:
        return
    pool = st.ap[seat]
    if not setup.affordable(st, pool):  # spares the squares' search in most phases
        return
    empty = free(st)
    yield from setup.offers(st, pool, near(st, side_of(st, seat), empty), empty)


def lay(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """The card leaves the terrain deck for the field, paid from ``seat``'s pool; a mine
    card is its side's (it attacks the other side)."""
    card = action.args[0]
    squares, cost = setup.lay(st, side_of(st, seat), action)
    st.ap[seat] -= cost
    where = ", ".join(label(sq) for sq in squares)
    text = say(
        "{player} lays {card} on {squares} for {ap} AP",
        player=st.players[seat],
        card=named(st.lib.terrain[card].title),
        squares=where,
        ap=cost,
    )
    out = [ev(EventKind.TERRAIN, text, "GM-13", card=card, squares=[label(sq) for sq in squares])]
    return out + salvage.swept(st, squares)
