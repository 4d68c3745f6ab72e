"""Terrain worn down by fire (GM-53, GM-58, GM-59, GM-63, GM-65, A-16). A building takes
the damage its occupant takes, criticals aside, and at 0 PI turns to ruins, destroying
whoever holds it. Forests, hedges and empty buildings are worn down only by fire aimed at
them while no unit stands there; such fire cannot miss. A forest or hedge at 0 PI is open
ground; a terrain card other than a building is taken off the field."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import Said, say, word
from wartable.games.tactics2gm.content import FEATURES, TerrainCard
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.rules.common import card_on, ev, feature, label
from wartable.geometry.squaregrid import Square, SquareGrid

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

NAMES = {  # what fire wears down (tile features, terrain cards with PI), marked for the catalogs
    "forest": word("the forest on {square}"),
    "hedge": word("the hedge on {square}"),
    "house": word("the house on {square}"),
    "bunker": word("the bunker on {square}"),
}


def standing_card(st: Tactics2GMState, sq: Square) -> TerrainCard | None:
    """The terrain card on ``sq`` that fire can still wear down: one with PI, not ruins."""
    card = card_on(st, sq)
    return card if card is not None and card.hit_points > 0 and sq not in st.ruins else None


def building(st: Tactics2GMState, sq: Square | None) -> TerrainCard | None:
    """The standing building on ``sq``, if any (GM-64)."""
    card = standing_card(st, sq) if sq is not None else None
    return card if card is not None and card.building else None


def points_left(st: Tactics2GMState, sq: Square) -> int:
    """The PI left to what fire at ``sq`` wears down: the card on it, else the tile's forest
    or hedge; 0 where there is nothing to wear down."""
    card = standing_card(st, sq)
    if card is not None:
        return card.hit_points - st.card_wear.get(sq, 0)
    return FEATURES[feature(st, sq)][3] - st.tile_wear.get(sq, 0)


def name(st: Tactics2GMState, sq: Square) -> Said:
    """What fire at ``sq`` wears down, in words: "the forest on C6"."""
    card = standing_card(st, sq)
    thing = card.title.lower() if card is not None else FEATURES[feature(st, sq)][0]
    if thing in NAMES:
        return say(NAMES[thing], square=label(sq))
    return say("the {thing} on {square}", thing=thing, square=label(sq))


def targets(st: Tactics2GMState) -> list[Square]:
    """The squares fire may be aimed at for their terrain: something with PI left and no
    unit there, for fire at an occupied square is fire at its occupant (GM-53)."""
    held = {p.sq for p in st.pieces}
    candidates = {*st.terrain, *wooded(st.ground, st.field.grid)} - held
    return sorted(sq for sq in candidates if points_left(st, sq) > 0)


@functools.lru_cache(maxsize=32)
def wooded(ground: tuple[str, ...], grid: SquareGrid) -> tuple[Square, ...]:
    """The squares whose tile feature has PI (forests, hedges): fixed all battle long."""
    return tuple(sq for sq in grid.squares if FEATURES[ground[grid.index(sq)]][3])


def damage(st: Tactics2GMState, sq: Square, n: int) -> tuple[list[Event], bool]:
    """``n`` PI off what stands on ``sq``; the events, and whether a building fell (its
    occupants are then destroyed by the caller)."""
    card = standing_card(st, sq)
    what = name(st, sq)
    if card is not None:
        st.card_wear[sq] = st.card_wear.get(sq, 0) + n
    else:
        st.tile_wear[sq] = st.tile_wear.get(sq, 0) + n
    left = max(points_left(st, sq), 0)
    rule = "GM-65" if card is not None and card.building else "GM-53"
    text = say("{terrain} loses {points} PI ({left} left)", terrain=what, points=n, left=left)
    out = [ev(EventKind.WORN, text, rule, square=label(sq), left=left)]
    if left > 0:
        return out, False
    if card is None:  # a forest or hedge is open ground now
        text = say("{terrain} is shot down: open ground now", terrain=what)
        out.append(ev(EventKind.FELLED, text, "GM-58", square=label(sq)))
        return out, False
    if card.building:  # the card turns over: ruins for the rest of the battle
        st.ruins.add(sq)
        text = say("{terrain} collapses into ruins", terrain=what)
        out.append(ev(EventKind.RUINS, text, "GM-65", square=label(sq)))
        return out, True
    del st.terrain[sq], st.owner[sq]  # any other card leaves the field for good (GM-63)
    st.card_wear.pop(sq, None)
    text = say("{terrain} is destroyed and taken off the field", terrain=what)
    out.append(ev(EventKind.RAZED, text, "GM-63"))
    return out, False
