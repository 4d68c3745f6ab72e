from __future__ import annotations

from pathlib import Path

from wartable.content.loader import validate
from wartable.games.combat.board import Board
from wartable.games.combat.content import MapFile, TerrainFile

DATA = Path(__file__).resolve().parents[3] / "src" / "wartable" / "games" / "combat" / "data"
TABLE: TerrainFile = validate(DATA / "terrain.yaml", TerrainFile).model


def board(terrain=None, levels=None, columns=(16, 34), rows=(0, 16)) -> Board:
    m = MapFile(
        id="test",
        title="test",
        grid={"columns": list(columns), "rows_odd": list(rows), "rows_even": list(rows)},
        terrain=terrain or {},
        levels=levels or {},
    )
    return Board(m, TABLE)
