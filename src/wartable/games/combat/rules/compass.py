"""The directional compass and how enemy move orders use it (9.3, 9.5, 10.04-10.07).

A scenario places the compass on a hex with direction 1 pointing at a neighbouring hex;
directions 2-6 follow clockwise. Enemy move orders print one direction or two ("5/6"), and
each order says which direction it uses in which impulse and how many hexes.
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Step:
    """What an enemy does with its move this impulse."""

    kind: str  # "move", "wait", "take_cover", "leave", "none"
    path: tuple[Offset, ...] = ()
    reason: str = ""


def enemy_move(
    compass: Compass,
    here: Offset,
    order: str,
    dirs: tuple[int, ...],
    impulse: int,
    *,
    on_map: set[Offset] | HexGrid,
    rough: set[Offset],
    may_leave: set[int],
) -> Step:
    """One impulse of an enemy move order, with the edge (9.5) and rough-ground (10.07) rules.

    ``may_leave``: compass directions in which stepping off the map is allowed (the enemy's own
    edge, the friendly edge, or all of them by special rule). Rough ground matters to Sprint only.
    """
    hexes, direction = planned_moves(order, dirs, impulse)
    if not hexes:
        return Step("none")
    path: list[Offset] = []
    pos = here
    for _ in range(hexes):
        nxt = compass.step(pos, direction)
        if nxt not in on_map:
            if direction in may_leave:
                return Step("leave", tuple(path), f"leaves the map in direction {direction}")
            if _can_move_later(compass, pos, order, dirs, impulse, on_map, rough, edge=True):
                return Step("wait", tuple(path), "the map edge is in the way this impulse (9.5)")
            return Step(
                "take_cover", tuple(path), "would keep trying to leave by a neutral edge (9.5)"
            )
        if order == "sprint" and nxt in rough:
            if _can_move_later(compass, pos, order, dirs, impulse, on_map, rough, edge=False):
                return Step("wait", tuple(path), "rough ground ahead; it can move on later (10.07)")
            path.append(nxt)
            return Step("take_cover", tuple(path), "enters rough ground at a sprint (10.07)")
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
    edge: bool,
) -> bool:
    """Could a later impulse of this order move from ``pos`` without the same obstacle?"""
    for later in range(impulse + 1, 5):
        hexes, direction = planned_moves(order, dirs, later)
        if not hexes:
            continue
        nxt = compass.step(pos, direction)
        if edge and nxt in on_map:
            return True
        if not edge and nxt in on_map and nxt not in rough:
            return True
    return False
