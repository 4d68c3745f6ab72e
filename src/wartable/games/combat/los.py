"""Line of sight with levels, obstacle heights and blind hexes (rules 11.0, 12.0, 12.1).

How we read the rules (docs/games/combat.md, "Rulings"; each has a test):

* The line runs centre to centre (geometry.hexgrid, exact). Terrain in the two end hexes is
  ignored, except that a soldier lying low (Sneak, Hide, Rally, Reload) in a depression or
  stream is seen only from adjacent hexes (2 from level 2, 3 from level 3...) or along a line
  of sunken hexes only (11.08, 11.09, 12.1); a line along a hexside is along sunken ground
  if either hex is sunken, as a hexside blocks only if both hexes block.
* Each hex between the ends is an obstacle of height level + size, the size counting only
  while its terrain blocks sight (long grass and logs block only while either soldier lies low).
  Where the line runs along a hexside, the pair counts as its lower hex: it blocks only if both
  hexes block (11.0).
* Line of sight is the same both ways and is judged from the higher end. An obstacle no higher
  than the lower end hides nothing. An obstacle higher than the higher end, or blocking terrain
  as high as it, blocks outright: seeing over needs a height advantage (12.1).
* Otherwise the obstacle makes blind hexes behind it: 1 at range 1-5 from the higher end, 2 at
  6-10 and so on, less 1 for each full level of height advantage beyond the first (a half level
  reduces nothing). The lower end is hidden if it lies within that many hexes behind.
* A continuous slope - hill hexes falling away from the higher end one after another, with
  nothing that blocks sight on them - makes no blind hexes (12.1).
* Hexes off the map are not part of a line: along the map edge, a hexside pair whose other
  side is off the map counts as its hex on the map.
* Smoke never blocks; each Smoke marker on the line, ends included, gives -4 and each Dispersing
  Smoke marker -2 (18.0). A hexside pair counts the smoke of its less smoky hex.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from wartable.games.combat.board import Board
from wartable.games.combat.rules.smoke import MODIFIER
from wartable.geometry.hexgrid import Offset

SMOKE = MODIFIER


@dataclass(frozen=True, slots=True)
class Sight:
    visible: bool
    reason: str
    rule: str
    blocker: tuple[str, ...] = ()
    modifier: int = 0
    path: tuple[tuple[str, ...], ...] = field(default=())

    def __bool__(self) -> bool:
        return self.visible


def blind_hexes(per: int, range_to_obstacle: int, advantage: Fraction) -> int:
    """Blind hexes behind an obstacle (12.1)."""
    base = (range_to_obstacle + per - 1) // per
    reduction = max(0, int(advantage) - 1)
    return max(0, base - reduction)


def _fmt(h: Fraction) -> str:
    return str(int(h)) if h.denominator == 1 else f"{float(h):g}"


def line_of_sight(
    board: Board,
    a: Offset,
    b: Offset,
    orders: tuple[str | None, str | None] = (None, None),
    smoke: Mapping[Offset, Sequence[str]] | None = None,
) -> Sight:
    """Whether soldiers on hexes ``a`` and ``b`` (with these orders) see each other, and why."""
    grid = board.grid
    lows = tuple(o in board.low_orders for o in orders)
    low = any(lows)
    index = board.index
    path = tuple(
        s for s in (tuple(index[h] for h in step if h in index) for step in grid.line(a, b)) if s
    )
    hexes, names = board.hexes, board.labels
    labels = tuple(tuple(names[i] for i in step) for step in path)
    modifier = _smoke(path, hexes, smoke or {})
    if a == b:
        return Sight(True, "same hex", "12.0", modifier=modifier, path=labels)
    middle = path[1:-1]
    ia, ib = index[a], index[b]

    for end, other, lying in ((ia, ib, lows[0]), (ib, ia, lows[1])):
        if lying and hidden_low(board, end, other, middle):
            reach = max(1, board.level[other])
            return Sight(
                False,
                f"the soldier on {labels_of(board, end)} lies low in a {board.kind[end]}: "
                f"seen only from {reach} hex(es) away or along sunken ground",
                "11.08, 11.09, 12.1",
                (labels_of(board, end),),
                modifier,
                labels,
            )
    found = judge(board, ia, ib, middle, low)
    if found is None:
        return Sight(True, "clear", "12.0", modifier=modifier, path=labels)
    step, height, outright, rng, n = found
    where = "/".join(labels_of(board, i) for i in step)
    what = "+".join(sorted({board.kind[i] for i in step}))
    blocker = tuple(labels_of(board, i) for i in step)
    if outright:
        hi = max(board.level[ia], board.level[ib])
        return Sight(
            False,
            f"blocked by {what} at {where} (height {_fmt(height)}): no height "
            f"advantage over it from level {hi}",
            "12.0, 12.1",
            blocker,
            modifier,
            labels,
        )
    bottom = ib if board.level[ia] >= board.level[ib] else ia
    return Sight(
        False,
        f"{labels_of(board, bottom)} is a blind hex behind {what} at {where} "
        f"(height {_fmt(height)}, {rng} hexes from the higher end: {n} blind "
        "hex(es))",
        "12.1",
        blocker,
        modifier,
        labels,
    )


def hidden_low(board: Board, end: int, other: int, middle: Sequence[tuple[int, ...]]) -> bool:
    """A soldier lying low on sunken ground at ``end`` is out of sight of ``other``."""
    sunken = board.sunken
    if not sunken[end]:
        return False
    reach = max(1, board.level[other])
    if board.grid.distance(board.hexes[end], board.hexes[other]) <= reach:
        return False
    return not all(any(sunken[i] for i in step) for step in middle)


def labels_of(board: Board, i: int) -> str:
    return board.labels[i]


def judge(
    board: Board, ia: int, ib: int, middle: Sequence[tuple[int, ...]], low: bool
) -> tuple[tuple[int, ...], Fraction, bool, int, int] | None:
    """The first obstacle that hides one end from the other, or None (heights and blind hexes).

    Returns (hexes, height, blocks outright, range from the higher end, blind hexes).
    """
    level = board.level
    half = board.half_low if low else board.half_now
    blocks = board.blocks_low if low else board.blocks_now
    la, lb = level[ia], level[ib]
    top, bottom = (ia, ib) if la >= lb else (ib, ia)
    hi2, lo2 = 2 * max(la, lb), 2 * min(la, lb)
    steps = middle if top == ia else middle[::-1]
    slope, previous = True, hi2
    distance = board.grid.distance
    hexes = board.hexes
    for step in steps:
        h2 = min(half[i] for i in step)
        blocking = all(blocks[i] for i in step)
        if slope and not blocking:
            lv2 = 2 * min(level[i] for i in step)
            if lv2 < previous:
                previous = lv2  # still on a continuous slope falling away from the higher end
                continue
        slope = False
        if h2 > hi2 or (h2 == hi2 and blocking):
            return step, Fraction(h2, 2), True, 0, 0
        if h2 <= lo2:
            continue  # it hides only hexes lower than itself
        rng = distance(hexes[top], hexes[step[0]])
        n = blind_hexes(board.table.blind_hexes_per, rng, Fraction(hi2 - h2, 2))
        if min(distance(hexes[i], hexes[bottom]) for i in step) <= n:
            return step, Fraction(h2, 2), False, rng, n
    return None


def _smoke(
    path: tuple[tuple[int, ...], ...],
    hexes: Sequence[Offset],
    smoke: Mapping[Offset, Sequence[str]],
) -> int:
    if not smoke:
        return 0
    total = 0
    for step in path:
        total += max(sum(SMOKE[m] for m in smoke.get(hexes[i], ())) for i in step)
    return total
