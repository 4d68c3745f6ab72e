"""A square grid of 8-neighbour squares: Chebyshev distance, paths and lines between centres.

Squares are ``(col, row)`` pairs counted from 0. A diagonal step counts as one square, as a
straight one does, for moves, ranges and reach alike (``chebyshev``); games that step only
orthogonally count with ``manhattan`` and walk ``orthogonal`` neighbours.

A line of sight runs between the centres of two squares; it crosses the squares whose inside
it passes through. Where it passes exactly through a corner shared by four squares, it touches
the two squares beside the corner only at that point and crosses neither of them: a line along
a diagonal is never blocked by the squares that flank it. Everything is integer arithmetic:
the same answer on every machine.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from functools import cache

Square = tuple[int, int]

STEPS: tuple[Square, ...] = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
ORTHOGONAL: tuple[Square, ...] = ((0, -1), (-1, 0), (1, 0), (0, 1))


def chebyshev(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manhattan(a: Square, b: Square) -> int:
    """Steps between two squares when no step is diagonal: a diagonal neighbour is 2."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def line(a: Square, b: Square) -> list[Square]:
    """The squares a line from the centre of ``a`` to the centre of ``b`` crosses, in order,
    both ends included."""
    (x, y), (x1, y1) = a, b
    nx, ny = abs(x1 - x), abs(y1 - y)
    sx, sy = (x1 > x) - (x1 < x), (y1 > y) - (y1 < y)
    out = [a]
    ix = iy = 0
    while ix < nx or iy < ny:
        # which grid line comes first: the next vertical one (at (ix + 1/2) / nx of the way)
        # or the next horizontal one (at (iy + 1/2) / ny); both at once is a corner
        dx, dy = (1 + 2 * ix) * ny, (1 + 2 * iy) * nx
        if dx == dy:
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif dx < dy:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        out.append((x, y))
    return out


@cache
def apart(columns: int, rows: int) -> bytes:
    """Squares apart (``chebyshev``, at most 255) for every ordered pair of a grid's squares
    in index order, a byte each: made once for each shape, as every battlefield made for a
    battle would otherwise make it again (100,000 pairs on a 16 x 20 grid)."""
    out = bytearray()
    for r in range(rows):
        for c in range(columns):
            for r2 in range(rows):
                dy = abs(r - r2)
                out.extend(min(255, max(dy, abs(c - c2))) for c2 in range(columns))
    return bytes(out)


def _label(sq: Square) -> str:
    return f"{string.ascii_uppercase[sq[0]]}{sq[1] + 1}"


class SquareGrid:
    """A rectangle of ``columns`` x ``rows`` squares, labelled like a chess board: a column
    letter and a row number from 1 (``A1`` is square ``(0, 0)``)."""

    def __init__(self, columns: int, rows: int) -> None:
        if not 1 <= columns <= len(string.ascii_uppercase) or rows < 1:
            raise ValueError(f"a grid of {columns} x {rows} squares is out of range")
        self.columns, self.rows = columns, rows
        self.squares: tuple[Square, ...] = tuple(
            (c, r) for r in range(rows) for c in range(columns)
        )
        self._orthogonal: dict[Square, tuple[Square, ...]] | None = None
        # every square's label, made once: the rules name squares in every action they list
        self._labels: dict[Square, str] = {sq: _label(sq) for sq in self.squares}
        self._named: dict[str, Square] = {text: sq for sq, text in self._labels.items()}

    def __contains__(self, sq: object) -> bool:
        return (
            isinstance(sq, tuple)
            and len(sq) == 2
            and isinstance(sq[0], int)
            and isinstance(sq[1], int)
            and 0 <= sq[0] < self.columns
            and 0 <= sq[1] < self.rows
        )

    def index(self, sq: Square) -> int:
        return sq[1] * self.columns + sq[0]

    def neighbours(self, sq: Square) -> Iterator[Square]:
        for dx, dy in STEPS:
            n = (sq[0] + dx, sq[1] + dy)
            if n in self:
                yield n

    def orthogonal(self, sq: Square) -> tuple[Square, ...]:
        """The up to four squares that share a side with ``sq`` (a table: path searches ask
        it of every square they pass)."""
        table = self._orthogonal
        if table is None:
            table = self._orthogonal = {s: self._sides(s) for s in self.squares}
        found = table.get(sq)
        return self._sides(sq) if found is None else found

    def _sides(self, sq: Square) -> tuple[Square, ...]:
        return tuple(n for dx, dy in ORTHOGONAL if (n := (sq[0] + dx, sq[1] + dy)) in self)

    def label(self, sq: Square) -> str:
        found = self._labels.get(sq)
        return _label(sq) if found is None else found

    def parse(self, text: str) -> Square:
        """The square a label names; ValueError when it names none on this grid."""
        found = self._named.get(text)  # a label as the grid writes it: the usual case
        if found is not None:
            return found
        t = text.strip().upper()
        if len(t) < 2 or t[0] not in string.ascii_uppercase or not t[1:].isdigit():
            raise ValueError(f"{text!r} is not a square: write a column letter and a row, like C7")
        sq = (string.ascii_uppercase.index(t[0]), int(t[1:]) - 1)
        if sq not in self:
            raise ValueError(
                f"{text!r} is off the map ({self.label((0, 0))} to "
                f"{self.label((self.columns - 1, self.rows - 1))})"
            )
        return sq
