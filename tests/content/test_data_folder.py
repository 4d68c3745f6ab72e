"""WARTABLE_DATA works for every game: ``$WARTABLE_DATA/GAME`` replaces the data that game's
package ships (each game keeps it in ``games/GAME/data/``), a game without a copy there
keeps its own, and a WARTABLE_DATA that is no folder is refused."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import wartable
from wartable.content.loader import data_folder
from wartable.core import registry
from wartable.core.errors import ContentError

GAMES = ["undaunted", "combat", "diadehonor", "tactics2gm"]
SRC = Path(wartable.__file__).parent


@pytest.fixture
def fresh(monkeypatch):
    registry.reset()
    yield monkeypatch
    registry.reset()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_keeps_its_data_in_its_own_folder(game):
    assert (SRC / "games" / game / "data").is_dir()
    assert sorted((SRC / "games" / game / "data").rglob("*.yaml"))
    assert not (SRC / "data").exists()  # no second place for data


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_under_wartable_data_is_what_the_game_reads(game, tmp_path, fresh):
    copy = tmp_path / game
    shutil.copytree(SRC / "games" / game / "data", copy)
    fresh.setenv("WARTABLE_DATA", str(tmp_path))
    assert wartable.get_game(game).scenarios()  # the copy loads as the original does
    broken = sorted(copy.rglob("*.yaml"))[0]
    broken.write_text("{ this is not yaml")
    registry.reset()
    with pytest.raises(wartable.WartableError, match="could not be loaded") as caught:
        wartable.get_game(game).scenarios()
    assert f"{copy}/" in str(caught.value)  # the player's copy, named by file


def test_a_game_without_a_copy_keeps_its_own_data(tmp_path, fresh):
    (tmp_path / "undaunted").mkdir()  # a copy of one game only
    fresh.setenv("WARTABLE_DATA", str(tmp_path))
    packaged = SRC / "games" / "combat" / "data"
    assert data_folder("combat", packaged) == packaged
    assert data_folder("undaunted", packaged) == tmp_path / "undaunted"


def test_a_wartable_data_that_is_no_folder_is_refused(tmp_path, fresh):
    fresh.setenv("WARTABLE_DATA", str(tmp_path / "nowhere"))
    with pytest.raises(ContentError, match=r"WARTABLE_DATA=.*nowhere: no such folder"):
        data_folder("combat", SRC / "games" / "combat" / "data")
