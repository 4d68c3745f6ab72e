"""2GM Tactics' scenarios as data: a fixed battlefield (its tiles, a river with its bridges,
terrain laid before the bid), a year limit and a points limit for the decks (GM-4), the
decks each side fields unless it brings its own, the rounds the battle lasts, and the
objective that decides it instead of the HQs (GM-100)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field

from wartable.content.loader import validate
from wartable.games.tactics2gm.content import DATA, Library, Strict
from wartable.games.tactics2gm.rules.field import COLUMNS, GRID, ROWS

SCENARIOS = DATA / "scenarios.yaml"


class Objective(Strict):
    """What ``side`` must do for the win; the other side wins by stopping it. ``hold``: at
    the end of the last round, ``count`` of ``squares`` each hold a unit of ``side``.
    ``destroy``: ``count`` enemy units destroyed, the battle won at once. With ``hq``, the
    enemy HQ's fall wins it at once as well."""

    kind: Literal["hold", "destroy"]
    side: Literal["allies", "axis"]
    squares: list[str] = Field(default_factory=list, max_length=12)
    count: int = Field(ge=1, le=40)
    hq: bool = False  # the enemy HQ's fall meets it too (its side wins at once)
    text: str


class Scenario(Strict):
    title: str
    text: str
    # the twelve tiles, left to right from the allies' edge up: (tile, face, turned round)
    tiles: list[tuple[str, int, bool]] = Field(min_length=12, max_length=12)
    # a river across the whole field between this row and the next (rows from 1, the allies'
    # edge), crossed only at its bridges, by sappers, or where two sappers face each other
    river: int | None = Field(default=None, ge=1, le=ROWS - 1)
    bridges: list[str] = Field(default_factory=list)  # the columns a bridge spans it in
    terrain: dict[str, str] = Field(default_factory=dict)  # square -> card, laid at set-up
    year: int | None = Field(default=None, ge=1935, le=1945)  # the decks' year limit (GM-4)
    points: int = Field(ge=1, le=500)  # the decks' points limit
    rounds: int = Field(ge=1, le=60)  # the objective is decided at the end of this round
    decks: dict[Literal["allies", "axis"], str]  # the ready-made deck each side fields
    objective: Objective


def is_square(label: str) -> bool:
    try:
        GRID.parse(label)
    except ValueError:
        return False
    return label == GRID.label(GRID.parse(label))


class ScenariosFile(Strict):
    scenarios: dict[str, Scenario]


def check(lib: Library, decks: set[str]) -> object:
    def problems(doc: ScenariosFile) -> list[tuple[str, str]]:
        out = []
        columns = "ABCDEFGH"[:COLUMNS]
        for key, sc in doc.scenarios.items():
            where = f"scenarios.{key}"
            for k, (tile, face, _) in enumerate(sc.tiles):
                if tile not in lib.tiles:
                    out.append((f"{where}.tiles.{k}", f"no tile {tile!r}"))
                elif face not in (0, 1):
                    out.append((f"{where}.tiles.{k}", "a tile has faces 0 and 1"))
            if len({t for t, _, _ in sc.tiles}) < len(sc.tiles):
                out.append((f"{where}.tiles", "a tile is laid once"))
            for col in sc.bridges:
                if col not in columns:
                    out.append((f"{where}.bridges", f"a column {columns[0]} to {columns[-1]}"))
            if sc.bridges and sc.river is None:
                out.append((f"{where}.bridges", "bridges span a river: give its row"))
            for label, card in sc.terrain.items():
                if not is_square(label):
                    out.append((f"{where}.terrain.{label}", "not a square of the field"))
                if card not in lib.terrain:
                    out.append((f"{where}.terrain.{label}", f"no terrain card {card!r}"))
            for label in sc.objective.squares:
                if not is_square(label):
                    out.append((f"{where}.objective.squares", f"{label!r} is not a square"))
            if sc.objective.kind == "hold" and sc.objective.count > len(sc.objective.squares):
                out.append((f"{where}.objective.count", "more squares than the objective has"))
            for seat, name in sc.decks.items():
                if name not in decks:
                    out.append((f"{where}.decks.{seat}", f"no ready-made deck {name!r}"))
        return out

    return problems


def load(lib: Library, decks: set[str], path: Path = SCENARIOS) -> dict[str, Scenario]:
    """The scenarios; ContentError naming the file, the field and the reason."""
    return validate(path, ScenariosFile, check(lib, decks)).model.scenarios  # type: ignore[arg-type]
