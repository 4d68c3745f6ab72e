"""A Combat! map ready for play: hexes indexed 0..n-1 with terrain and level tables."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from wartable.games.combat.content import MapFile, Terrain, TerrainFile
from wartable.geometry.hexgrid import Cube, HexGrid, Offset, cube_distance


class Board:
    def __init__(self, m: MapFile, table: TerrainFile, changes: Mapping[int, str] | None = None):
        """``changes``: hexes whose terrain shells have changed (craters, rubble: 20.0)."""
        self.map = m
        self.id = m.id
        self.title = m.title
        g = m.grid
        self.grid = HexGrid(g.columns, g.rows_odd, g.rows_even, g.layout)
        self.hexes: tuple[Offset, ...] = self.grid.cells
        self.index: dict[Offset, int] = {h: i for i, h in enumerate(self.hexes)}
        # each hex's neighbours on the map, by index, in the grid's direction order: paths and
        # scatter ask for them thousands of times a game
        self.next_to: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index[n] for n in self.grid.neighbours(h)) for h in self.hexes
        )
        self.cube: tuple[Cube, ...] = tuple(map(self.grid.to_cube, self.hexes))
        # each hex's index by its label: every move names its hex, and play-outs read
        # hundreds of thousands of them
        self.labels: tuple[str, ...] = tuple(map(self.grid.label, self.hexes))  # by index
        self._at: dict[str, int] = {label: i for i, label in enumerate(self.labels)}
        self.table = table
        kinds = ["open"] * len(self.hexes)
        for kind, labels in m.terrain.items():
            for label in labels:
                kinds[self.index[self.grid.parse(label)]] = kind
        for h, kind in (changes or {}).items():
            kinds[h] = kind
        levels = [0] * len(self.hexes)
        for level, labels in m.levels.items():
            for label in labels:
                levels[self.index[self.grid.parse(label)]] = level
        self.low_orders = frozenset(table.low_orders)
        self._derive(kinds, levels)

    def _derive(self, kinds: list[str], levels: list[int]) -> None:
        """Per hex, for line of sight: does it block (normally / with a soldier lying low), and
        its height in half levels in each case (rule 12.1: level + size of blocking terrain)."""
        table = self.table
        self.kind: tuple[str, ...] = tuple(kinds)
        self.level: tuple[int, ...] = tuple(levels)
        terrain = [table.terrain[k] for k in kinds]
        self.blocks_now: tuple[bool, ...] = tuple(t.blocks == "always" for t in terrain)
        self.blocks_low: tuple[bool, ...] = tuple(t.blocks != "never" for t in terrain)
        self.half_now: tuple[int, ...] = tuple(
            2 * lv + (int(2 * t.size) if b else 0)
            for lv, t, b in zip(levels, terrain, self.blocks_now, strict=True)
        )
        self.half_low: tuple[int, ...] = tuple(
            2 * lv + (int(2 * t.size) if b else 0)
            for lv, t, b in zip(levels, terrain, self.blocks_low, strict=True)
        )
        self.sunken: tuple[bool, ...] = tuple(t.sunken for t in terrain)

    def with_kinds(self, changes: dict[int, str]) -> Board:
        """The same map with some hexes' terrain replaced (shell craters, rubble: 20.0)."""
        return Board(self.map, self.table, changes)

    def distance(self, a: int, b: int) -> int:
        """Hexes between the hexes of indices ``a`` and ``b``: the rules ask it millions of
        times a batch."""
        return cube_distance(self.cube[a], self.cube[b])

    def terrain(self, h: Offset) -> Terrain:
        return self.table.terrain[self.kind[self.index[h]]]

    def label(self, h: Offset) -> str:
        return self.grid.label(h)

    def parse(self, text: str) -> Offset:
        return self.grid.parse(text)

    def at(self, text: str) -> int:
        """The index of the hex labelled ``text``; a clear ValueError as ``parse`` gives
        for a label that is malformed or off the map."""
        found = self._at.get(text)
        return found if found is not None else self.index[self.grid.parse(text)]

    def height(self, h: Offset, low_order: bool) -> Fraction:
        """Level plus the size of terrain that blocks sight now (12.1)."""
        t = self.terrain(h)
        level = Fraction(self.level[self.index[h]])
        if t.blocks == "always" or (t.blocks == "low_order" and low_order):
            return level + t.height
        return level

    def blocks(self, h: Offset, low_order: bool) -> bool:
        t = self.terrain(h)
        return t.blocks == "always" or (t.blocks == "low_order" and low_order)
