"""The battlefield's geometry: 12 tiles of 2 x 2 squares make 8 columns by 6 rows; each side
counts its lines from its own edge; the HQs sit off the board at the middle of each edge
(GM-16, GM-19, GM-20, GM-43; the rulings' 8 x 6 board with orthogonal counting)."""

from __future__ import annotations

from collections.abc import Iterable

from wartable.geometry.squaregrid import Square, SquareGrid, manhattan

COLUMNS, ROWS = 8, 6
GRID = SquareGrid(COLUMNS, ROWS)
SOUTH, NORTH = "allies", "axis"  # allies deploy on row 1 (A1-H1), axis on row 6 (A6-H6)


def line(side: str, sq: Square) -> int:
    """Which of ``side``'s lines square ``sq`` is on: 1 is its deployment line (GM-19)."""
    return sq[1] + 1 if side == SOUTH else ROWS - sq[1]


def deployment_line(side: str) -> list[Square]:
    row = 0 if side == SOUTH else ROWS - 1
    return [(c, row) for c in range(COLUMNS)]


def steps(a: Square, b: Square) -> int:
    """Range and movement count orthogonal steps: a diagonal neighbour is 2 away (GM-43)."""
    return manhattan(a, b)


def hq_distance(side: str, sq: Square) -> int:
    """How far ``side``'s HQ is from ``sq``: 1 from each of the two central squares of its
    deployment line, one more for each column or line beyond (GM-16)."""
    middle = min(abs(sq[0] - 3), abs(sq[0] - 4))  # columns D and E
    return 1 + middle + line(side, sq) - 1


def supply_line(side: str, occupied: Iterable[Square]) -> int:
    """One AP for each of ``side``'s lines, from line 1 up without a gap, holding at least one
    of its units (GM-19): units beyond an empty line supply nothing."""
    lines = {line(side, sq) for sq in occupied}
    count = 0
    while count + 1 in lines:
        count += 1
    return count


def command_ap(side: str, sq: Square) -> int:
    """What a command group on ``sq`` adds in the HQ phase: 1 on line 1, 2 on line 2, 3 from
    line 3 on (GM-20)."""
    return min(line(side, sq), 3)
