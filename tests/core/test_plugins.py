"""Games are plug-ins (issue 11): the built-in ones register through entry points exactly as
another package's would; a broken plug-in is named with its error and hides no other game;
nothing generic names a game; a game without drawings of its own still plays everywhere."""

from __future__ import annotations

import re
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest
from typer.testing import CliRunner

import wartable
from wartable.cli.main import app
from wartable.core import registry
from wartable.core.errors import ArgumentError
from wartable.core.game import GameOption

SRC = Path(wartable.__file__).resolve().parent
GENERIC = ("core", "geometry", "content", "agents", "sim", "cli", "server", "rl")


@pytest.fixture
def plugins(monkeypatch):
    """A registry that discovers again, from entry points the test may add to."""
    found = list(entry_points(group=registry.GROUP))
    monkeypatch.setattr(registry, "_FACTORIES", {})
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_BROKEN", {})
    monkeypatch.setattr(registry, "_found", False)
    monkeypatch.setattr(registry, "entry_points", lambda group: found)
    return found


def test_the_built_in_games_are_found_through_their_entry_points():
    points = {e.name: e.value for e in entry_points(group=registry.GROUP)}
    assert {"undaunted", "combat", "duel"} <= set(points)
    assert set(points) <= set(wartable.game_names())
    for name in points:
        assert wartable.get_game(name).info.name == name


def test_a_broken_plug_in_is_named_with_its_error_and_hides_no_other_game(plugins):
    plugins.append(EntryPoint("ghost", "no_such_package.games:Ghost", registry.GROUP))
    plugins.append(EntryPoint("impostor", "wartable.games.duel:Duel", registry.GROUP))
    names = wartable.game_names()
    assert {"ghost", "impostor", "undaunted", "duel"} <= set(names)
    with pytest.raises(wartable.PluginError, match="game 'ghost' could not be loaded: Module"):
        wartable.get_game("ghost")
    with pytest.raises(wartable.PluginError, match="calls itself 'duel'"):
        wartable.get_game("impostor")
    loaded = {i.name for i in wartable.list_games()}
    assert "ghost" not in loaded and {"undaunted", "combat", "duel"} <= loaded
    assert set(wartable.broken_games()) == {"ghost", "impostor"}
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "undaunted" in result.output and "game 'ghost' could not be loaded" in result.output
    # the other games play on
    assert wartable.get_game("duel").new_game(seed=1).players == ("north", "south")


def test_a_plug_in_that_is_not_a_game_is_refused_by_name(plugins):
    plugins.append(EntryPoint("text", "wartable.core.errors:quote", registry.GROUP))
    with pytest.raises(wartable.PluginError, match="game 'text' could not be loaded"):
        wartable.get_game("text")


def test_no_generic_module_names_a_game():
    """Interfaces, agents, simulations, the core and shared geometry know games only through
    the registry: a game's name, title or scenario id written there would be a special case."""
    words = set()
    for info in wartable.list_games():
        words.add(info.name.lower())
        words.update(w.lower() for w in re.findall(r"[A-Za-z]{5,}", info.title))
        words.update(s.id for s in wartable.get_game(info.name).scenarios())
    words -= {"example", "volume", "standard"}  # plain English in the titles
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b", re.I)
    found = []
    for layer in GENERIC:
        for path in sorted((SRC / layer).rglob("*")):
            if path.suffix in (".py", ".js", ".html", ".css") and path.is_file():
                for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                    if pattern.search(line):
                        found.append(f"{path.relative_to(SRC)}:{n}: {line.strip()[:80]}")
    assert not found, "generic code names a game:\n" + "\n".join(found)


def test_options_are_checked_the_same_way_for_every_game():
    for name in wartable.game_names():
        game = wartable.get_game(name)
        with pytest.raises(ArgumentError, match="has no option 'fog'"):
            game.new_game(seed=1, options={"fog": True})
        for option in game.options().values():
            assert isinstance(option, GameOption) and option.help
            bad = "maybe" if option.kind != "str" else 3
            with pytest.raises(ArgumentError, match=option.name):
                game.new_game(seed=1, options={option.name: bad})
    undaunted = wartable.get_game("undaunted").options()["max_rounds"]
    assert undaunted.parse("12") == 12
    with pytest.raises(ArgumentError, match="at least 1"):
        undaunted.parse("0")
    night = wartable.get_game("combat").options()["night"]
    assert night.parse("yes") is True and night.parse("off") is False


def test_a_game_without_drawings_of_its_own_plays_in_the_terminal():
    """The example game brings no terminal drawing: the generic one shows its view as text,
    and the session lists its actions and log as for any game."""
    assert wartable.get_game("duel").interfaces.terminal is None
    result = CliRunner().invoke(
        app, ["play", "duel", "--vs", "random", "--seed", "3"], input="1\n" * 60 + "quit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Card Duel" in result.output and "strength: 8" in result.output
    assert "play " in result.output and "Traceback" not in result.output
    assert "north wins" in result.output or "south wins" in result.output or "draw" in result.output


def test_statistics_come_from_the_game_not_from_its_view():
    result = CliRunner().invoke(
        app, ["simulate", "duel", "--agents", "random,random", "--games", "6", "--workers", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "rounds mean" in result.output
    result = CliRunner().invoke(
        app, ["simulate", "combat", "--agents", "random", "--games", "2", "--workers", "1"]
    )
    assert result.exit_code == 0 and "turns mean" in result.output
