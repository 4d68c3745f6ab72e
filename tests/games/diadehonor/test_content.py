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


def test_a_battlefield_knows_its_distances_and_where_the_ground_gives_cover():
    """Worked out once per battlefield for the rules and the heuristic: squares apart with
    diagonals counting one, and cover from a trench or next to a building, wall or trench."""
    from tests.games.diadehonor.scene import field

    rows = ["." * 16] * 24
    rows = [*rows[:5], "...W............", *rows[6:10], "......t.........", *rows[11:]]
    b = field(rows)
    q = b.grid.index
    assert b.apart[q((0, 0)) * len(b.ground) + q((3, 7))] == 7
    assert b.apart[q((3, 7)) * len(b.ground) + q((0, 0))] == 7
    assert b.apart[q((5, 5)) * len(b.ground) + q((5, 5))] == 0
    assert b.sheltered[q((2, 4))] and b.sheltered[q((4, 6))]  # next to the wall, diagonals too
    assert not b.sheltered[q((3, 5))] and not b.sheltered[q((5, 5))]  # on it; two away
    assert b.sheltered[q((6, 10))] and b.sheltered[q((7, 11))]  # in the trench, next to it
    assert not b.sheltered[q((8, 10))]
