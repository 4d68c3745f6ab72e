"""The battlefield's geometry: 12 tiles of 2 x 2 squares make 8 columns by 6 rows; each side
counts its lines from its own edge; the HQs sit off the board at the middle of each edge
(GM-16, GM-19, GM-20, GM-43; the rulings' 8 x 6 board with orthogonal counting). A battle of
four may lay two such fields side by side, one HQ of each side behind each (GM-105)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from wartable.geometry.squaregrid import Square, SquareGrid, manhattan

COLUMNS, ROWS = 8, 6
GRID = SquareGrid(COLUMNS, ROWS)  # one field: what a scenario's data describes
SOUTH, NORTH = "allies", "axis"  # allies deploy on row 1 (A1-H1), axis on row 6 (A6-H6)


@dataclass(frozen=True, eq=False)
class Field:
    """The battlefield of a battle: one field, or ``copies`` fields side by side (columns
    A-H and I-P), each with an HQ of each side at the middle of its edges (GM-105)."""

    copies: int
    grid: SquareGrid

    def deployment_line(self, side: str) -> list[Square]:
        """A side's line 1 across every field: teammates deploy anywhere along it (GM-105)."""
        row = 0 if side == SOUTH else ROWS - 1
        return [(c, row) for c in range(self.grid.columns)]

    def copy_of(self, sq: Square) -> int:
        """Which field ``sq`` lies on: 0 for columns A-H, 1 for I-P."""
        return sq[0] // COLUMNS


NARROW = Field(1, GRID)
WIDE = Field(2, SquareGrid(2 * COLUMNS, ROWS))


def shifted(sq: Square, k: int) -> Square:
    """``sq`` of one field, on field ``k`` of a wide battlefield."""
    return (sq[0] + k * COLUMNS, sq[1])


def line(side: str, sq: Square) -> int:
    """Which of ``side``'s lines square ``sq`` is on: 1 is its deployment line (GM-19)."""
    return sq[1] + 1 if side == SOUTH else ROWS - sq[1]


def steps(a: Square, b: Square) -> int:
    """Range and movement count orthogonal steps: a diagonal neighbour is 2 away (GM-43)."""
    return manhattan(a, b)


def hq_distance(side: str, sq: Square, k: int = 0) -> int:
    """How far ``side``'s HQ behind field ``k`` is from ``sq``: 1 from each of the two
    central squares of its deployment line, one more for each column or line beyond
    (GM-16)."""
    d = k * COLUMNS + 3  # column D of that field, E beside it
    middle = min(abs(sq[0] - d), abs(sq[0] - d - 1))
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
