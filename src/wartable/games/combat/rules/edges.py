"""Map edges (9.5): each scenario names the squad's edge and the enemy's; the other two are
neutral. Who may step off the map where, and what leaving costs or scores.

A German leaves freely by his own edge (points to the squad if he was routed) or by the
squad's (points lost); a neutral edge only under a scenario rule that lets him leave by any
edge - otherwise his order waits or turns to take-cover (``compass.enemy_move``). A friendly
leaves only by his own edge (ruling: 9.5 speaks of the enemy alone). Whoever leaves takes
along the prisoners he guards and the man he carries (17.4, 7.18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import say, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import GERMANY, US
from wartable.games.combat.rules import care, checks, guards
from wartable.games.combat.rules.common import label, log, score, take_off
from wartable.geometry.hexgrid import HexGrid, Offset

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

ANY_EDGE = "any-edge"  # the scenario rule that lets Germans leave by any edge
ALL_WAYS = (1, 2, 3, 4, 5, 6)  # compass directions
LEAVES = {  # a man leaves the map by one of its edges
    "north": word("{unit} leaves the map by the north edge"),
    "east": word("{unit} leaves the map by the east edge"),
    "south": word("{unit} leaves the map by the south edge"),
    "west": word("{unit} leaves the map by the west edge"),
}


def side_of(grid: HexGrid, beyond: Offset) -> str:
    """The edge a hex just off the map lies beyond: east or west past the end columns (a
    corner counts as those), else north or south."""
    first, last = grid.columns
    if beyond[0] < first:
        return "west"
    if beyond[0] > last:
        return "east"
    top, _ = grid.rows_odd if beyond[0] % 2 else grid.rows_even
    return "north" if beyond[1] < top else "south"


def may_leave(st: CombatState, i: int, beyond: Offset) -> bool:
    """May soldier ``i`` step off the map into ``beyond`` (9.5)?"""
    side, edges = side_of(st.sc.board.grid, beyond), st.sc.file.edges
    if st.soldiers[i].side == US:
        return side == edges.friendly
    return side in (edges.enemy, edges.friendly) or ANY_EDGE in st.sc.special


def exits(st: CombatState, i: int, directions: tuple[int, ...] = ALL_WAYS) -> bool:
    """Whether a step in one of these compass directions takes ``i`` off the map by an edge
    he may leave by."""
    board, compass = st.sc.board, st.sc.compass
    here = board.hexes[st.pos[i]]
    return any(
        (h := compass.step(here, d)) not in board.index and may_leave(st, i, h) for d in directions
    )


def leave(st: CombatState, i: int, side: str, ev: list[Event]) -> None:
    """Soldier ``i`` steps off the map by the ``side`` edge: out of the game, neither killed
    nor taken; the points 9.5 gives or takes for a German."""
    carried = st.mate[i] if st.order[i] == care.CARRY and st.mate[i] >= 0 else -1
    routed = st.morale[i] == checks.ROUT
    for j in (i, carried):
        if j >= 0:
            take_off(st, j)
            st.pos[j] = -1
            log(ev, EventKind.LEAVES, say(LEAVES[side], unit=label(st, j)), "9.5")
    guards.guard_lost(st, i, ev)  # his prisoners go with him (17.4)
    if st.soldiers[i].side == GERMANY:
        if side == st.sc.file.edges.friendly:
            score(st, "enemy_off_friendly_edge", ev)
        elif routed:
            score(st, "routed_enemy_off_map", ev)
