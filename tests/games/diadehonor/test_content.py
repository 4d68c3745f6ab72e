"""Día de Honor's data files: every battlefield fits the biggest line-up, and a malformed
file is refused with file, field and reason."""

from __future__ import annotations

import shutil

import pytest

from wartable.core.errors import ContentError
from wartable.games.diadehonor.content import DATA, battle, load


def test_eight_boards_and_every_start_zone_holds_three_whole_squads():
    lib = load()
    assert len(lib.boards.boards) == 8
    squad = sum(u.start for u in lib.units.values())
    for key in lib.boards.battlefields:
        field = battle(lib.boards, key)
        for side, zone in field.zones.items():
            assert len(zone) >= 3 * squad, (key, side)


def test_a_malformed_board_is_refused_with_file_field_and_reason(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    boards = data / "boards.yaml"
    boards.write_text(boards.read_text().replace('"..BB...."', '"..BX...."', 1))
    with pytest.raises(ContentError) as info:
        load(data)
    assert any(
        "boards.yaml" in p and "boards.farm.ground.1" in p and "unknown ground" in p
        for p in info.value.problems
    )


def test_a_battlefield_naming_no_board_is_refused(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    boards = data / "boards.yaml"
    boards.write_text(boards.read_text().replace("- [farm, woods]", "- [farm, moon]", 1))
    with pytest.raises(ContentError, match="no board 'moon'"):
        load(data)
