"""Maps made of tiles laid in rows, each row offset by half a tile (a tile touches up to six).

Positions are axial coordinates ``(col, row)``: a tile touches ``(c±1, r)``, ``(c, r±1)``,
``(c+1, r+1)`` and ``(c-1, r-1)``, so up to six others, like hexes. Distance is the fewest
tile steps through tiles that exist (a breadth-first search), so gaps in a map are walked
around rather than jumped.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence

AXIAL_STEPS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))

UNREACHABLE = 1 << 30


def axial_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two positions on a full, gap-free map."""
    dc = a[0] - b[0]
    dr = a[1] - b[1]
    if dc * dr >= 0:
        return max(abs(dc), abs(dr))
    return abs(dc) + abs(dr)


class TileGraph:
    """Tiles indexed 0..n-1 with neighbour tuples and an all-pairs distance table."""

    __slots__ = ("coords", "distance", "ids", "index", "neighbours")

    def __init__(self, coords: Mapping[str, tuple[int, int]]) -> None:
        self.ids: tuple[str, ...] = tuple(coords)
        self.index: dict[str, int] = {t: i for i, t in enumerate(self.ids)}
        self.coords: tuple[tuple[int, int], ...] = tuple(coords[t] for t in self.ids)
        seen: dict[tuple[int, int], str] = {}
        for t, c in coords.items():
            if c in seen:
                raise ValueError(f"tiles {seen[c]} and {t} share position {c}")
            seen[c] = t
        at = {c: i for i, c in enumerate(self.coords)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(at[(c + dc, r + dr)] for dc, dr in AXIAL_STEPS if (c + dc, r + dr) in at)
            for c, r in self.coords
        )
        self.distance: tuple[tuple[int, ...], ...] = tuple(
            self._bfs(i) for i in range(len(self.ids))
        )

    def _bfs(self, start: int) -> tuple[int, ...]:
        dist = [UNREACHABLE] * len(self.ids)
        dist[start] = 0
        queue = deque([start])
        while queue:
            i = queue.popleft()
            for j in self.neighbours[i]:
                if dist[j] == UNREACHABLE:
                    dist[j] = dist[i] + 1
                    queue.append(j)
        return tuple(dist)

    def __len__(self) -> int:
        return len(self.ids)

    def adjacent(self, a: str, b: str) -> bool:
        return self.index[b] in self.neighbours[self.index[a]]

    def steps(self, a: str, b: str) -> int:
        return self.distance[self.index[a]][self.index[b]]

    def is_connected(self) -> bool:
        return all(d < UNREACHABLE for d in self.distance[0]) if self.ids else True

    def screen_x(self, i: int) -> float:
        """Horizontal position in tile widths when rows are drawn offset by half a tile."""
        c, r = self.coords[i]
        return c - r / 2

    def rows(self) -> Sequence[int]:
        return sorted({r for _, r in self.coords})
