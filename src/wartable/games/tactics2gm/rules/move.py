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

    def difficult(sq: Square) -> bool:
        return not recon and sq not in eased and footing(sq) == "difficult"

    if points <= 0:
        return {}
    if difficult(start):
        points = 1  # one square, deeper in or out (GM-57)
    best = {start: 0}
    frontier = [start]
    for step in range(1, points + 1):
        ahead = []
        for here in frontier:
            if here != start and (difficult(here) or here in stopping):
                continue  # entering it ended the move
            for n in GRID.orthogonal(here):
                if n in best or n in enemies or footing(n) == "impassable":
                    continue
                best[n] = step
                ahead.append(n)
        frontier = ahead
    return {sq: n for sq, n in best.items() if sq != start and sq not in friends}
