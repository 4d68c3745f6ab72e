"""Fast line-of-sight answers: the rules of ``los.py``, remembered per pair and posture.

Lines are computed once per displacement in cube coordinates (they are the same everywhere on
a map) and every answer is kept in a byte table, so a repeated question costs an index
lookup. The answers are those of :func:`wartable.games.combat.los.line_of_sight`, whose
``judge`` does the work; ask that function when you need the reason.
"""

from __future__ import annotations

from wartable.core.errors import InvariantError
from wartable.games.combat.board import Board
from wartable.games.combat.los import hidden_low, judge
from wartable.geometry.hexgrid import line_steps

UNKNOWN, SEEN, UNSEEN = 0, 1, 2
UNTOUCHED = 3  # a patched table's mark: the line misses every changed hex, ask the base


def _slot(n: int, a: int, b: int, low_a: bool, low_b: bool) -> int:
    """Where a table keeps the answer for soldiers on ``a`` and ``b`` in those postures."""
    return (((low_a << 1) | low_b) * n + a) * n + b


class SightTable:
    # the flat geometry of the grid (see __init__), shared by the tables patched from one
    _w: int
    _at: list[int]
    _key: list[int]
    _xz: list[tuple[int, int]]
    _lines: dict[tuple[int, int], tuple[tuple[int, ...], ...]]

    def __init__(
        self, board: Board, base: SightTable | None = None, changed: frozenset[int] = frozenset()
    ) -> None:
        """``base``: the table of the same map before the hexes ``changed`` (see ``patched``).
        Lines depend on the grid alone, so a patched table shares its base's."""
        self.board = board
        n = len(board.hexes)
        self.n = n
        if base is not None:  # the same grid: its geometry and lines are the base's
            self._w, self._at, self._key, self._xz = base._w, base._at, base._key, base._xz
            self._lines = base._lines
        else:
            cubes = [board.grid.to_cube(h) for h in board.hexes]
            xs = [c[0] for c in cubes]
            zs = [c[2] for c in cubes]
            # a flat array over the cube (x, z) box around the map, one cell of margin: a
            # line between two hexes of the map never leaves it, so every step is a fixed
            # offset
            x0, z0 = min(xs) - 1, min(zs) - 1
            self._w = max(zs) - z0 + 2
            height = max(xs) - x0 + 2
            self._at = [-1] * (height * self._w)
            self._key = [(x - x0) * self._w + (z - z0) for x, z in zip(xs, zs, strict=True)]
            for i, k in enumerate(self._key):
                self._at[k] = i
            self._xz = list(zip(xs, zs, strict=True))
            # keyed by the displacement itself: flat offsets can coincide for two of them
            self._lines = {}
        self._known = bytearray(4 * n * n if base is None else 0)
        self._base = base
        self._changed = changed
        self._patch: dict[int, int] = {}

    def patched(self, board: Board, changed: frozenset[int]) -> SightTable:
        """The table of this map with the hexes ``changed`` (craters, rubble: 20.0) on
        ``board``. It keeps only the answers whose line crosses a changed hex; every other
        question goes to this table, whose answers still hold. A game that leaves a crater
        then costs a few kilobytes, not a new 1.9 MB table asked again from nothing."""
        return SightTable(board, self, changed)

    def sees(self, a: int, b: int, low_a: bool = False, low_b: bool = False) -> bool:
        """Whether soldiers on hex indices ``a`` and ``b`` see each other (no smoke: it only
        modifies). ``low_*``: that soldier has a Sneak, Hide, Rally or Reload order."""
        n = self.n
        key = (((low_a << 1) | low_b) * n + a) * n + b  # _slot, written out: the hot path
        if self._base is not None:
            return self._sees_patched(key, a, b, low_a, low_b)
        known = self._known[key]
        if known:
            return known == SEEN
        seen = self._judge(a, b, low_a, low_b)
        self._known[key] = SEEN if seen else UNSEEN
        self._known[_slot(n, b, a, low_b, low_a)] = SEEN if seen else UNSEEN
        return seen

    def _sees_patched(self, key: int, a: int, b: int, low_a: bool, low_b: bool) -> bool:
        base = self._base
        if base is None:
            raise InvariantError("_sees_patched: no base")
        known = self._patch.get(key)
        if known is None:
            changed = self._changed
            if any(i in changed for step in self.path(a, b) for i in step):
                known = SEEN if self._judge(a, b, low_a, low_b) else UNSEEN
            else:
                known = UNTOUCHED
            self._patch[key] = self._patch[_slot(self.n, b, a, low_b, low_a)] = known
        if known == UNTOUCHED:
            return base.sees(a, b, low_a, low_b)
        return known == SEEN

    def path(self, a: int, b: int) -> list[tuple[int, ...]]:
        """The hex indices of the line from ``a`` to ``b`` (hexside pairs as pairs)."""
        ka = self._key[a]
        (ax, az), (bx, bz) = self._xz[a], self._xz[b]
        d = (bx - ax, bz - az)
        rel = self._lines.get(d)
        if rel is None:
            w = self._w
            rel = tuple(
                tuple(h[0] * w + h[2] for h in hexes)
                for hexes in line_steps((d[0], -d[0] - d[1], d[1]))
            )
            self._lines[d] = rel
        at = self._at
        out: list[tuple[int, ...]] = []
        for step in rel:
            if len(step) == 1:
                i = at[ka + step[0]]
                if i >= 0:
                    out.append((i,))
            else:
                idx = tuple(i for i in (at[ka + o] for o in step) if i >= 0)
                if idx:
                    out.append(idx)
        return out

    def _judge(self, a: int, b: int, low_a: bool, low_b: bool) -> bool:
        if a == b:
            return True
        middle = self.path(a, b)[1:-1]
        board = self.board
        if low_a and hidden_low(board, a, b, middle):
            return False
        if low_b and hidden_low(board, b, a, middle):
            return False
        return judge(board, a, b, middle, low_a or low_b) is None
