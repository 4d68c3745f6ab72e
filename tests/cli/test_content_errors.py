"""Broken content met from the terminal: the problems by file, field and reason, exit code 2,
never a traceback (issue 10, item 19). WARTABLE_DATA points the engine at a copy."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wartable.cli.main import app
from wartable.core import registry
from wartable.games.undaunted.game import PACKAGE_DATA

runner = CliRunner()


@pytest.fixture
def data(tmp_path, monkeypatch) -> Iterator[Path]:
    """A copy of the Undaunted data that WARTABLE_DATA points at; games load afresh."""
    shutil.copytree(PACKAGE_DATA, tmp_path / "undaunted")
    monkeypatch.setenv("WARTABLE_DATA", str(tmp_path))
    registry.reset()
    yield tmp_path / "undaunted"
    registry.reset()


def run(*args: str):
    return runner.invoke(app, list(args), input="quit\n")


def test_games_lists_what_loads_and_names_what_does_not(data):
    tiles = data / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("1A:  {cover: 0}", "1A:  {cover: '3'}"))
    result = run("games")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)
    assert "combat" in result.output  # the game that loads is still listed
    assert "game 'undaunted' could not be loaded: 1 problem(s) in content" in result.output
    assert "tiles.yaml: faces.1A.cover: Input should be a valid integer" in result.output


@pytest.mark.parametrize("command", [("play", "undaunted"), ("scenarios", "undaunted")])
def test_no_scenarios_is_an_error_not_a_crash_or_an_empty_table(data, command):
    for path in (data / "scenarios").iterdir():
        path.unlink()
    result = run(*command)
    assert result.exit_code == 2
    assert "no scenario files (*.yaml)" in result.output
    assert isinstance(result.exception, SystemExit)


def test_a_file_that_is_not_utf8(data):
    (data / "cards.yaml").write_bytes(b"kinds: \xff\n")
    result = run("scenarios", "undaunted")
    assert result.exit_code == 2
    assert "cards.yaml: not UTF-8 text (byte 0xff at offset 7)" in result.output
