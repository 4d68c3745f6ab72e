"""Sets of squares of a square grid as the bits of one integer, for searches over many squares.

Square ``i`` (``SquareGrid.index``: row by row) is bit ``i``. A set spreads to every square
next to it, diagonals included, in seven integer operations, where a search that visits
square by square takes eight steps per square: a route search over a move's reach (a hundred
squares and more) spreads a few layers of squares instead. ``squares`` reads a set back in
order of index, a byte at a time.
"""

from __future__ import annotations

from collections.abc import Iterable

# the bits set in each byte value, as offsets
_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(b for b in range(8) if value >> b & 1) for value in range(256)
)


class Bitboard:
    """The masks of one ``columns`` x ``rows`` rectangle."""

    __slots__ = ("_by_byte", "columns", "full", "not_first", "not_last", "size")

    def __init__(self, columns: int, rows: int) -> None:
        if columns < 1 or rows < 1:
            raise ValueError(f"a board of {columns} x {rows} squares has no squares")
        self.columns = columns
        self.size = columns * rows
        self.full = (1 << self.size) - 1
        first = sum(1 << (r * columns) for r in range(rows))  # the first column's squares
        self.not_first = self.full & ~first
        self.not_last = self.full & ~(first << (columns - 1))
        # per byte of a set and its value: the squares its bits stand for
        self._by_byte = tuple(
            tuple(tuple(8 * n + b for b in bits) for bits in _BITS)
            for n in range((self.size + 7) // 8)
        )

    def of(self, squares: Iterable[int]) -> int:
        """The set of the given square indices."""
        out = 0
        for q in squares:
            out |= 1 << q
        return out

    def spread(self, s: int) -> int:
        """``s`` and every square next to one of its squares (the eight around)."""
        row = s | ((s << 1) & self.not_first) | ((s >> 1) & self.not_last)
        return (row | (row << self.columns) | (row >> self.columns)) & self.full

    def squares(self, s: int) -> list[int]:
        """The indices in ``s``, in order."""
        out: list[int] = []
        by_byte = self._by_byte
        for n, value in enumerate(s.to_bytes(len(by_byte), "little")):
            if value:
                out += by_byte[n][value]
        return out
