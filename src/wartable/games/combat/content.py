"""Schemas of Combat!'s terrain table and map files."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from wartable.content.loader import Loaded, validate
from wartable.content.types import Strict
from wartable.geometry.hexgrid import HexGrid

Blocks = Literal["always", "never", "low_order"]


class Terrain(Strict):
    cover: bool
    rough: bool
    size: float = Field(ge=0, le=2, multiple_of=0.5)
    blocks: Blocks
    sunken: bool = False

    @property
    def height(self) -> Fraction:
        return Fraction(str(self.size))


class TerrainFile(Strict):
    terrain: dict[str, Terrain]
    blind_hexes_per: int = Field(ge=1)
    low_orders: list[str]


class Grid(Strict):
    columns: tuple[int, int]
    rows_odd: tuple[int, int]
    rows_even: tuple[int, int]
    layout: Literal["even-q", "odd-q"] = "even-q"


class MapFile(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str
    grid: Grid
    terrain: dict[str, list[str]] = {}
    levels: dict[int, list[str]] = {}


def load_terrain(path: Path) -> Loaded[TerrainFile]:
    return validate(path, TerrainFile)


def check_map(terrain: TerrainFile) -> Callable[[MapFile], list[tuple[str, str]]]:
    def check(m: MapFile) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        g = m.grid
        grid = HexGrid(g.columns, g.rows_odd, g.rows_even, g.layout)
        for kind in m.terrain:
            if kind not in terrain.terrain:
                problems.append((f"terrain.{kind}", "no such terrain in terrain.yaml"))
        problems += _hex_lists(grid, "terrain", m.terrain, "")
        for level in m.levels:
            if not 0 <= level <= 5:
                problems.append((f"levels.{level}", "levels run from 0 to 5 (rule 12.1)"))
        problems += _hex_lists(grid, "levels", m.levels, "level ")
        return problems

    return check


def _hex_lists(
    grid: HexGrid, field: str, groups: Mapping[Any, list[str]], what: str
) -> list[tuple[str, str]]:
    """Hex labels grouped by a key: each must be on the map and in one group only."""
    problems: list[tuple[str, str]] = []
    seen: dict[str, object] = {}
    for key, labels in groups.items():
        for i, label in enumerate(labels):
            try:
                grid.parse(label)
            except ValueError as exc:
                problems.append((f"{field}.{key}[{i}]", str(exc)))
            if label in seen:
                problems.append((f"{field}.{key}[{i}]", f"{label} is also {what}{seen[label]}"))
            seen[label] = key
    return problems


def load_map(path: Path, terrain: TerrainFile) -> Loaded[MapFile]:
    return validate(path, MapFile, check_map(terrain))
