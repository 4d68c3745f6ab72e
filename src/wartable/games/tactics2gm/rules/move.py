"""Where a unit may end its move (GM-29, GM-30, GM-57, GM-91, GM-97): orthogonal steps, one
point each; through friends but never ending on one; never into an enemy; difficult ground
ends the move that enters it, and a unit that starts on it moves one square at most. The two
exceptions end a move on an occupied square: an assault steps into an enemy's (GM-32), and
infantry advancing under cover joins a friendly vehicle (GM-35)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cached_property

from wartable.games.tactics2gm.rules.field import GRID
from wartable.geometry.squaregrid import Square, SquareGrid

Footing = Callable[[Square], str]  # a square's ground for moving: normal, difficult, impassable


@dataclass(frozen=True)
class Way:
    """What a move starts from and meets on the way. ``recon``: difficult ground is normal to
    it (GM-91); ``eased``: difficult squares a friendly sapper holds, normal to every friend
    (GM-97); ``stopping``: squares that end the move entering them without slowing a unit
    that starts there (wire, mines laid by the enemy)."""

    start: Square
    points: int
    footing: Footing
    enemies: Collection[Square] = ()
    recon: bool = False
    eased: Collection[Square] = ()
    stopping: Collection[Square] = ()
    walls: Collection[frozenset[Square]] = ()  # steps a river closes (GM-61, A-22)
    grid: SquareGrid = GRID  # the battle's field: two side by side for four players (GM-105)

    def ends(self, sq: Square) -> bool:
        """Entering ``sq`` ends the move: difficult ground (unless recon or eased), wire, an
        enemy's mine."""
        if sq in self.stopping:
            return True
        return not self.recon and sq not in self.eased and self.footing(sq) == "difficult"

    @cached_property
    def walked(self) -> tuple[dict[Square, int], int]:
        """The walk, once for every question asked of this move (reach, paths, assaults)."""
        return _walk(self)


def reach(way: Way, friends: Collection[Square] = ()) -> dict[Square, int]:
    """The squares a move may end on, with the steps each takes: never a friend's square."""
    best, _ = way.walked
    return {sq: n for sq, n in best.items() if sq != way.start and sq not in friends}


def paths(way: Way) -> dict[Square, int]:
    """Every square a move can get to, friends' squares included, with the steps it takes:
    infantry joining a vehicle ends its move on the vehicle's square (GM-35)."""
    return way.walked[0]


def assaults(way: Way) -> set[Square]:
    """The enemy squares a unit may step into as its move's last step to declare an assault
    (GM-32): next to a square it reaches with a step to spare (friends' squares included,
    it only passes them), and not past a square that ended its move."""
    best, passing = way.walked
    out = set()
    for here, n in best.items():
        if n >= passing or (here != way.start and way.ends(here)):
            continue
        out |= {
            e
            for e in way.grid.orthogonal(here)
            if e in way.enemies
            and way.footing(e) != "impassable"
            and frozenset((here, e)) not in way.walls
        }
    return out


def _walk(way: Way) -> tuple[dict[Square, int], int]:
    """The fewest steps to every square a move passes or ends on, and the points it has: one
    square when it starts on difficult ground (GM-57)."""
    start, points, footing, enemies = way.start, way.points, way.footing, way.enemies
    walls, grid = way.walls, way.grid
    if points <= 0:
        return {start: 0}, 0
    if not way.recon and start not in way.eased and footing(start) == "difficult":
        points = 1  # one square, deeper in or out (GM-57)
    best = {start: 0}
    frontier = [start]
    for step in range(1, points + 1):
        ahead = []
        for here in frontier:
            if here != start and way.ends(here):
                continue  # entering it ended the move
            for n in grid.orthogonal(here):
                if n in best or n in enemies or footing(n) == "impassable":
                    continue
                if walls and frozenset((here, n)) in walls:
                    continue  # across the river, away from its bridges
                best[n] = step
                ahead.append(n)
        frontier = ahead
    return best, points
