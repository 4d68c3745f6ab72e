"""Combat! terrain table and maps load, and bad map data is refused with file and field."""

from __future__ import annotations

import pytest
import yaml

from tests.games.combat.helpers import DATA, TABLE
from wartable import ContentError
from wartable.games.combat.board import Board
from wartable.games.combat.content import load_map


def test_the_farmhouse_loads_with_its_published_counts():
    loaded = load_map(DATA / "maps" / "farmhouse.yaml", TABLE)
    board = Board(loaded.model, TABLE)
    assert len(board.hexes) == 683
    counts = {k: board.kind.count(k) for k in set(board.kind)}
    assert counts["trees"] == 111 and counts["building"] == 9 and counts["hedgerow"] == 45
    assert sum(1 for lv in board.level if lv == 1) == 25
    assert board.kind[board.index[board.parse("22.03")]] == "building"
    assert loaded.provenance_of("terrain.building") == "published"


def test_a_hex_is_found_by_its_label_as_parsing_finds_it():
    board = Board(load_map(DATA / "maps" / "farmhouse.yaml", TABLE).model, TABLE)
    for i, h in enumerate(board.hexes):
        assert board.at(board.label(h)) == i == board.index[board.parse(board.label(h))]
    assert board.at("22.3") == board.at("22.03"), "a label without its zero still parses"
    for bad in ("99.99", "22-03", ""):
        with pytest.raises(ValueError, match=r"hex label|not on this map"):
            board.at(bad)


def test_terrain_table_follows_the_rulebook():
    t = TABLE.terrain
    assert (t["trees"].size, t["trees"].blocks) == (1, "always")
    assert (t["hedgerow"].size, t["hedgerow"].rough) == (0.5, True)
    assert t["long_grass"].blocks == "low_order" and t["logs"].blocks == "low_order"
    assert t["stream"].sunken and t["depression"].sunken and t["depression"].blocks == "never"
    assert t["field"].size == 0 and not t["field"].cover


def test_bad_maps_are_refused_with_every_problem(tmp_path):
    doc = yaml.safe_load((DATA / "maps" / "farmhouse.yaml").read_text())
    doc["terrain"]["lava"] = ["01.01"]
    doc["terrain"]["trees"].append("22.03")  # also a building
    doc["terrain"]["rocks"].append("40.40")
    doc["levels"][9] = ["05.05"]
    doc["grid"]["layout"] = "sideways"
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(ContentError) as info:
        load_map(path, TABLE)
    problems = "\n".join(info.value.problems)
    assert "bad.yaml: grid.layout:" in problems
    doc["grid"]["layout"] = "even-q"
    path.write_text(yaml.safe_dump(doc))
    with pytest.raises(ContentError) as info:
        load_map(path, TABLE)
    problems = "\n".join(info.value.problems)
    assert "bad.yaml: terrain.lava: no such terrain" in problems
    assert "22.03 is also building" in problems or "22.03 is also trees" in problems
    assert "hex 40.40 is not on this map" in problems
    assert "bad.yaml: levels.9: levels run from 0 to 5" in problems
