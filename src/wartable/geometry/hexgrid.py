"""Hex maps: offset labels, cube coordinates, distance and exact line traversal.

Cube coordinates ``(x, y, z)`` with ``x + y + z = 0`` make distance and lines simple. In
cube space the hexagon around centre ``c`` is the set of points ``p`` (on the plane
``x + y + z = 0``) with ``|dx - dy| <= 1``, ``|dy - dz| <= 1`` and ``|dz - dx| <= 1``
where ``d = p - c``: linear inequalities with integer coefficients. A centre-to-centre line
is ``A + t (B - A)``, so the stretch of ``t`` it spends in any hexagon is found exactly with
rational numbers. No epsilon nudges: where a line runs exactly along a hexside, both hexes
are reported as a pair and the game's rules decide (one game may say such a line is blocked
only if both hexes block).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Cube = tuple[int, int, int]
Offset = tuple[int, int]  # (column, row)

CUBE_DIRECTIONS: tuple[Cube, ...] = (
    (1, -1, 0),
    (1, 0, -1),
    (0, 1, -1),
    (-1, 1, 0),
    (-1, 0, 1),
    (0, -1, 1),
)


def cube_distance(a: Cube, b: Cube) -> int:
    return (abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[2] - b[2])) // 2


def cube_add(a: Cube, b: Cube) -> Cube:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def cube_sub(a: Cube, b: Cube) -> Cube:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def cube_round(x: Fraction, y: Fraction, z: Fraction) -> list[Cube]:
    """The hex(es) containing a point: one inside a hex, two or three on its boundary."""
    out = []
    fx, fy = int(x // 1), int(y // 1)
    for cx in (fx - 1, fx, fx + 1, fx + 2):
        for cy in (fy - 1, fy, fy + 1, fy + 2):
            cz = -cx - cy
            dx, dy, dz = x - cx, y - cy, z - cz
            if abs(dx - dy) <= 1 and abs(dy - dz) <= 1 and abs(dz - dx) <= 1:
                out.append((cx, cy, cz))
    return out


@dataclass(frozen=True, slots=True)
class Step:
    """One piece of a line: a hex it crosses, or two hexes along whose common side it runs."""

    hexes: tuple[Cube, ...]  # one hex, or a hexside pair in a fixed order
    enter: Fraction  # where along the line (0 = start, 1 = end) it begins

    @property
    def is_hexside(self) -> bool:
        return len(self.hexes) == 2


def _contact(rel: Cube, d: Cube) -> tuple[Fraction, Fraction, bool] | None:
    """How the line rel + t d (t in [0, 1]) meets the hexagon at the origin.

    Returns (t_in, t_out, through_interior) for a contact of positive length, else None.
    Exact: the bounds are fractions kept as integer pairs and compared by cross-multiplying.
    """
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    inside = True
    ax, ay, az = rel
    bx, by, bz = d
    for a, b in ((ax - ay, bx - by), (ay - az, by - bz), (az - ax, bz - bx)):
        if b == 0:
            if a > 1 or a < -1:
                return None
            inside = inside and a == 0
            continue
        # |a + t b| <= 1  <=>  t between (-1 - a) / b and (1 - a) / b
        n1, n2 = -1 - a, 1 - a
        if b < 0:
            n1, n2, b = -n2, -n1, -b
        if n1 * lo_d > lo_n * b:
            lo_n, lo_d = n1, b
        if n2 * hi_d < hi_n * b:
            hi_n, hi_d = n2, b
        if lo_n * hi_d >= hi_n * lo_d:
            return None
    return (Fraction(lo_n, lo_d), Fraction(hi_n, hi_d), inside)


def _float_round(x: float, y: float, z: float) -> Cube:
    rx, ry, rz = round(x), round(y), round(z)
    ex, ey, ez = abs(rx - x), abs(ry - y), abs(rz - z)
    if ex > ey and ex > ez:
        rx = -ry - rz
    elif ey > ez:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return (rx, ry, rz)


def cube_line(a: Cube, b: Cube) -> tuple[Step, ...]:
    """Every hex the segment between two centres passes through, in order, both ends included.

    A stretch where the segment runs exactly along a hexside is one Step holding both hexes.
    A hex whose corner the segment clips counts too, so a line can cross more than
    ``distance + 1`` hexes (e.g. (0,0,0) to (1,3,-4) crosses six).
    """
    if a == b:
        return (Step((a,), Fraction(0)),)
    d = cube_sub(b, a)
    n = cube_distance(a, b)
    # candidates: a superset found by ordinary rounding and the neighbours of what it finds;
    # membership itself is then decided exactly
    candidates: set[Cube] = set()
    for i in range(2 * n + 1):
        t = i / (2 * n)
        h = _float_round(a[0] + t * d[0], a[1] + t * d[1], a[2] + t * d[2])
        if h not in candidates:
            candidates.add(h)
        candidates.update(cube_add(h, step) for step in CUBE_DIRECTIONS)
    through: list[tuple[Fraction, Cube]] = []
    along: dict[tuple[Fraction, Fraction], list[Cube]] = {}
    for c in candidates:
        got = _contact((a[0] - c[0], a[1] - c[1], a[2] - c[2]), d)
        if got is None:
            continue
        lo, hi, inside = got
        if inside:
            through.append((lo, c))
        else:
            along.setdefault((lo, hi), []).append(c)
    steps = [Step((c,), lo) for lo, c in through]
    for (lo, _), pair in along.items():
        if len(pair) != 2:  # pragma: no cover - a hexside always has two sides
            raise AssertionError(f"line {a}->{b} runs along the side of {pair}")
        steps.append(Step(tuple(sorted(pair)), lo))
    steps.sort(key=lambda s: (s.enter, s.hexes))
    return tuple(steps)


# The 12 symmetries of the hex lattice in cube coordinates: the 6 permutations of the axes,
# each with or without a change of sign. Each maps hexes to hexes and lines to lines.
_PERMUTATIONS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
_LINES: dict[Cube, tuple[tuple[Cube, ...], ...]] = {}


def _transform(c: Cube, perm: tuple[int, int, int], sign: int) -> Cube:
    return (sign * c[perm[0]], sign * c[perm[1]], sign * c[perm[2]])


def _untransform(c: Cube, perm: tuple[int, int, int], sign: int) -> Cube:
    out = [0, 0, 0]
    for k, axis in enumerate(perm):
        out[axis] = sign * c[k]
    return (out[0], out[1], out[2])


def line_steps(d: Cube) -> tuple[tuple[Cube, ...], ...]:
    """The hexes of the line from the origin to ``d``, step by step (a hexside pair sorted),
    as :func:`cube_line` gives them. Remembered for the whole process and computed once per
    twelve displacements alike under the lattice's symmetries: lines are the same anywhere on
    any map, so this is the static part of line of sight."""
    got = _LINES.get(d)
    if got is not None:
        return got
    perm, sign = max(
        ((p, s) for p in _PERMUTATIONS for s in (1, -1)), key=lambda ps: _transform(d, *ps)
    )
    canon = _transform(d, perm, sign)
    base = _LINES.get(canon)
    if base is None:
        base = tuple(step.hexes for step in cube_line((0, 0, 0), canon))
        _LINES[canon] = base
    got = tuple(tuple(sorted(_untransform(h, perm, sign) for h in hexes)) for hexes in base)
    _LINES[d] = got
    return got


Layout = Literal["even-q", "odd-q"]


class HexGrid:
    """A map of flat-topped hexes in columns, labelled ``CC.RR`` (column.row).

    ``even-q``: even columns sit half a hex lower than odd ones.
    ``rows`` gives each column parity's inclusive row range, e.g. odd (0, 19), even (0, 18).
    """

    def __init__(
        self,
        columns: tuple[int, int],
        rows_odd: tuple[int, int],
        rows_even: tuple[int, int],
        layout: Layout = "even-q",
    ) -> None:
        self.columns = columns
        self.rows_odd = rows_odd
        self.rows_even = rows_even
        self.layout = layout
        cells: list[Offset] = []
        for col in range(columns[0], columns[1] + 1):
            lo, hi = rows_odd if col % 2 else rows_even
            cells.extend((col, row) for row in range(lo, hi + 1))
        self.cells: tuple[Offset, ...] = tuple(cells)
        self._cells = set(cells)

    # ---- coordinates --------------------------------------------------------------------
    def to_cube(self, h: Offset) -> Cube:
        col, row = h
        if self.layout == "even-q":
            z = row - (col + (col & 1)) // 2
        else:
            z = row - (col - (col & 1)) // 2
        return (col, -col - z, z)

    def to_offset(self, c: Cube) -> Offset:
        x, _, z = c
        if self.layout == "odd-q":
            return (x, z + (x - (x & 1)) // 2)
        return (x, z + (x + (x & 1)) // 2)

    def __contains__(self, h: object) -> bool:
        return h in self._cells

    def __len__(self) -> int:
        return len(self.cells)

    @staticmethod
    def label(h: Offset) -> str:
        return f"{h[0]:02d}.{h[1]:02d}"

    def parse(self, text: str) -> Offset:
        """``"20.07"`` -> (20, 7); a clear ValueError for anything else or off the map."""
        parts = text.strip().split(".")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise ValueError(f"{text!r} is not a hex label like 20.07 (column.row)")
        h = (int(parts[0]), int(parts[1]))
        if h not in self._cells:
            raise ValueError(f"hex {text} is not on this map")
        return h

    # ---- neighbourhood ------------------------------------------------------------------
    def neighbours(self, h: Offset) -> list[Offset]:
        c = self.to_cube(h)
        out = []
        for step in CUBE_DIRECTIONS:
            n = self.to_offset(cube_add(c, step))
            if n in self._cells:
                out.append(n)
        return out

    def distance(self, a: Offset, b: Offset) -> int:
        return cube_distance(self.to_cube(a), self.to_cube(b))

    def within(self, h: Offset, radius: int) -> Iterator[Offset]:
        c = self.to_cube(h)
        for dx in range(-radius, radius + 1):
            for dy in range(max(-radius, -dx - radius), min(radius, -dx + radius) + 1):
                n = self.to_offset((c[0] + dx, c[1] + dy, c[2] - dx - dy))
                if n in self._cells:
                    yield n

    # ---- lines --------------------------------------------------------------------------
    def line(self, a: Offset, b: Offset) -> tuple[tuple[Offset, ...], ...]:
        """The hexes between two hex centres, in order, both ends included; a hexside
        stretch is a pair. The line from the origin is shifted (lines are the same everywhere
        in cube space, see ``line_steps``)."""
        ca, cb = self.to_cube(a), self.to_cube(b)
        rel = line_steps(cube_sub(cb, ca))
        return tuple(tuple(self.to_offset(cube_add(ca, h)) for h in step) for step in rel)

    def labels(self, hexes: Iterable[Offset]) -> list[str]:
        return [self.label(h) for h in hexes]
