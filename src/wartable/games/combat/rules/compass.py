"""The directional compass and how enemy move orders use it (9.3, 9.5, 10.04-10.07).

A scenario places the compass on a hex with direction 1 pointing at a neighbouring hex;
directions 2-6 follow clockwise. Enemy move orders print one direction or two ("5/6"), and
each order says which direction it uses in which impulse and how many hexes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from wartable.core.words import word
from wartable.geometry.hexgrid import Cube, HexGrid, Offset, cube_add, cube_sub

# flat-topped hexes, clockwise from straight up the map
CLOCKWISE: tuple[Cube, ...] = (
    (0, 1, -1),
    (1, 0, -1),
    (1, -1, 0),
    (0, -1, 1),
    (-1, 0, 1),
    (-1, 1, 0),
)


class Compass:
    def __init__(self, grid: HexGrid, at: Offset, toward: Offset) -> None:
        step = cube_sub(grid.to_cube(toward), grid.to_cube(at))
        if step not in CLOCKWISE:
            raise ValueError("the compass arrow must point at a neighbouring hex")
        first = CLOCKWISE.index(step)
        self.grid = grid
        self.steps: tuple[Cube, ...] = tuple(CLOCKWISE[(first + i) % 6] for i in range(6))

    def step(self, h: Offset, direction: int) -> Offset:
        """The neighbour of ``h`` in compass direction 1-6 (it may lie off the map)."""
        return self.grid.to_offset(cube_add(self.grid.to_cube(h), self.steps[direction - 1]))

    def walk(self, h: Offset, direction: int, hexes: int) -> Offset:
        """``hexes`` steps from ``h`` in one direction: where a scattered shell or flare lands."""
        for _ in range(hexes):
            h = self.step(h, direction)
        return h


def parse_dirs(text: str) -> tuple[int, ...]:
    return tuple(int(d) for d in text.split("/")) if text else ()


# hexes to move in each impulse, and which printed direction (0 = first, 1 = second) it uses
PATTERNS: dict[str, tuple[tuple[int, int], ...]] = {
    "evade": ((1, 0), (1, 1), (1, 0), (1, 1)),
    "sneak": ((0, 0), (1, 0), (0, 0), (1, 1)),
    "sprint": ((1, 0), (2, 1), (2, 0), (2, 1)),
    "run_and_gun": ((1, 0), (1, 1), (1, 0), (1, 1)),  # impulses 2 and 4 only without a target
}


def planned_moves(order: str, dirs: tuple[int, ...], impulse: int) -> tuple[int, int]:
    """(hexes, compass direction) an enemy order asks for in ``impulse`` (1-4); (0, 0) if none.

    A single printed direction is used in every impulse (10.05-10.07 examples)."""
    pattern = PATTERNS.get(order)
    if pattern is None or not dirs:
        return (0, 0)
    hexes, which = pattern[impulse - 1]
    if hexes == 0:
        return (0, 0)
    return (hexes, dirs[min(which, len(dirs) - 1)])


# why an enemy's move stops short (9.5, 10.07)
EDGE_WAIT = word("the map edge is in the way this impulse (9.5)")
NEUTRAL_EDGE = word("would keep trying to leave by a neutral edge (9.5)")
ROUGH_WAIT = word("rough ground ahead; it can move on later (10.07)")
ROUGH_SPRINT = word("enters rough ground at a sprint (10.07)")


@dataclass(frozen=True, slots=True)
class Step:
    """What an enemy does with its move this impulse."""

    kind: str  # "move", "wait", "take_cover", "leave", "none"
    path: tuple[Offset, ...] = ()
    reason: str = ""
    beyond: Offset | None = None  # "leave": the hex off the map he steps into


def enemy_move(
    compass: Compass,
    here: Offset,
    order: str,
    dirs: tuple[int, ...],
    impulse: int,
    *,
    on_map: set[Offset] | HexGrid,
    rough: set[Offset],
    may_leave: Callable[[Offset], bool] = lambda beyond: False,
) -> Step:
    """One impulse of an enemy move order, with the edge (9.5) and rough-ground (10.07) rules.

    ``may_leave``: whether stepping off the map into this hex is allowed (the enemy's own edge,
    the friendly edge, or any by special rule: ``edges.may_leave``). Rough ground matters to
    Sprint only.
    """
    hexes, direction = planned_moves(order, dirs, impulse)
    if not hexes:
        return Step("none")
    path: list[Offset] = []
    pos = here
    for _ in range(hexes):
        nxt = compass.step(pos, direction)
        if nxt not in on_map:
            if may_leave(nxt):
                return Step("leave", tuple(path), f"leaves in direction {direction}", nxt)
            later = _can_move_later(compass, pos, order, dirs, impulse, on_map, rough, may_leave)
            if later:
                return Step("wait", tuple(path), EDGE_WAIT)
            return Step("take_cover", tuple(path), NEUTRAL_EDGE)
        if order == "sprint" and nxt in rough:
            if _can_move_later(compass, pos, order, dirs, impulse, on_map, rough):
                return Step("wait", tuple(path), ROUGH_WAIT)
            path.append(nxt)
            return Step("take_cover", tuple(path), ROUGH_SPRINT)
        path.append(nxt)
        pos = nxt
    return Step("move", tuple(path))


def _can_move_later(
    compass: Compass,
    pos: Offset,
    order: str,
    dirs: tuple[int, ...],
    impulse: int,
    on_map: set[Offset] | HexGrid,
    rough: set[Offset],
    may_leave: Callable[[Offset], bool] | None = None,
) -> bool:
    """Could a later impulse of this order move from ``pos`` without the same obstacle: the
    map edge (given ``may_leave``: a step on the map or off it where allowed), else rough
    ground?"""
    for later in range(impulse + 1, 5):
        hexes, direction = planned_moves(order, dirs, later)
        if not hexes:
            continue
        nxt = compass.step(pos, direction)
        if may_leave is not None and (nxt in on_map or may_leave(nxt)):
            return True
        if may_leave is None and nxt in on_map and nxt not in rough:
            return True
    return False
