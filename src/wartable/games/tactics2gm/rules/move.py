"""Where a unit may end its move (GM-29, GM-30, GM-57, GM-91, GM-97): orthogonal steps, one
point each; through friends but never ending on one; never into an enemy; difficult ground
ends the move that enters it, and a unit that starts on it moves one square at most."""

from __future__ import annotations

from collections.abc import Callable, Collection

from wartable.games.tactics2gm.rules.field import GRID
from wartable.geometry.squaregrid import Square

Footing = Callable[[Square], str]  # a square's ground for moving: normal, difficult, impassable


def reach(
    start: Square,
    points: int,
    footing: Footing,
    friends: Collection[Square],
    enemies: Collection[Square],
    *,
    recon: bool = False,
    eased: Collection[Square] = (),
    stopping: Collection[Square] = (),
) -> dict[Square, int]:
    """The squares a unit on ``start`` with ``points`` of movement may end on, with the steps
    each takes. ``recon``: difficult ground is normal to it (GM-91); ``eased``: difficult
    squares a friendly sapper holds, normal to every friend (GM-97); ``stopping``: squares
    that end the move entering them without slowing a unit that starts there (wire, mines
    laid by the enemy)."""
    best, _ = _walk(start, points, footing, enemies, recon, eased, stopping)
    return {sq: n for sq, n in best.items() if sq != start and sq not in friends}


def assaults(
    start: Square,
    points: int,
    footing: Footing,
    enemies: Collection[Square],
    *,
    recon: bool = False,
    eased: Collection[Square] = (),
    stopping: Collection[Square] = (),
) -> set[Square]:
    """The enemy squares a unit may step into as its move's last step to declare an assault
    (GM-32): next to a square it reaches with a step to spare (friends' squares included,
    it only passes them), and not past a square that ended its move."""
    best, passing = _walk(start, points, footing, enemies, recon, eased, stopping)
    out = set()
    for here, n in best.items():
        if n >= passing or (here != start and _ends(here, footing, recon, eased, stopping)):
            continue
        out |= {e for e in GRID.orthogonal(here) if e in enemies and footing(e) != "impassable"}
    return out


def _ends(
    sq: Square,
    footing: Footing,
    recon: bool,
    eased: Collection[Square],
    stopping: Collection[Square],
) -> bool:
    """Entering ``sq`` ends a move: difficult ground (unless recon or a sapper eases it),
    wire, an enemy's mine."""
    return sq in stopping or (not recon and sq not in eased and footing(sq) == "difficult")


def _walk(
    start: Square,
    points: int,
    footing: Footing,
    enemies: Collection[Square],
    recon: bool,
    eased: Collection[Square],
    stopping: Collection[Square],
) -> tuple[dict[Square, int], int]:
    """The fewest steps to every square a move passes or ends on, and the points it has: one
    square when it starts on difficult ground (GM-57)."""
    if points <= 0:
        return {start: 0}, 0
    if not recon and start not in eased and footing(start) == "difficult":
        points = 1  # one square, deeper in or out (GM-57)
    best = {start: 0}
    frontier = [start]
    for step in range(1, points + 1):
        ahead = []
        for here in frontier:
            if here != start and _ends(here, footing, recon, eased, stopping):
                continue  # entering it ended the move
            for n in GRID.orthogonal(here):
                if n in best or n in enemies or footing(n) == "impassable":
                    continue
                best[n] = step
                ahead.append(n)
        frontier = ahead
    return best, points
