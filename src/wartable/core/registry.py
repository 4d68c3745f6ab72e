"""Games are plug-ins: interfaces find them only through this registry.

Every game, the ones shipped with wartable included, is found through the package entry
points of the group ``wartable.games`` (``[project.entry-points."wartable.games"]`` in a
pyproject: ``name = "package.module:GameClass"``), so a game from another package installs
and registers exactly like a built-in one. An entry is loaded on first use. One that fails to
import or to build is remembered as broken, with its error, and never hides the others.
``register`` adds a game by hand (tests, notebooks).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points

from wartable.core.errors import UnknownNameError, WartableError
from wartable.core.game import Game, GameInfo

GROUP = "wartable.games"

_FACTORIES: dict[str, Callable[[], Game]] = {}
_GAMES: dict[str, Game] = {}
_BROKEN: dict[str, str] = {}
_found = False


class PluginError(WartableError):
    """A registered game that could not be loaded."""


def register(name: str, factory: Callable[[], Game]) -> None:
    """Register a game lazily: ``factory`` runs on first use (content loads then)."""
    _FACTORIES[name] = factory
    _GAMES.pop(name, None)
    _BROKEN.pop(name, None)


def reset() -> None:
    """Forget the games loaded so far (and those that failed): the next use loads each
    afresh, e.g. after its content files were edited."""
    _GAMES.clear()
    _BROKEN.clear()


def _discover() -> None:
    global _found
    if _found:
        return
    _found = True
    for entry in entry_points(group=GROUP):
        if entry.name not in _FACTORIES:
            _FACTORIES[entry.name] = _loader(entry.value, entry.load)


def _loader(where: str, load: Callable[[], object]) -> Callable[[], Game]:
    def make() -> Game:
        factory = load()
        if not callable(factory):
            raise TypeError(f"{where} is not a Game class or factory")
        game = factory()
        if not isinstance(game, Game):
            raise TypeError(f"{where} made a {type(game).__name__}, not a Game")
        return game

    return make


def get_game(name: str) -> Game:
    game = _GAMES.get(name)
    if game is not None:
        return game
    _discover()
    if name in _BROKEN:
        raise PluginError(_BROKEN[name])
    factory = _FACTORIES.get(name)
    if factory is None:
        raise UnknownNameError("game", name, sorted(_FACTORIES))
    try:
        game = factory()
        if game.info.name != name:
            raise TypeError(f"it is registered as {name!r} but calls itself {game.info.name!r}")
    except WartableError as exc:  # content that fails to load: its own clear message
        _BROKEN[name] = f"game {name!r} could not be loaded: {exc}"
        raise PluginError(_BROKEN[name]) from exc
    except Exception as exc:  # a plug-in's own bug: named, never a traceback for the others
        _BROKEN[name] = f"game {name!r} could not be loaded: {type(exc).__name__}: {exc}"
        raise PluginError(_BROKEN[name]) from exc
    _GAMES[name] = game
    return game


def game_names() -> list[str]:
    """Every registered game, loaded or not (a broken one included)."""
    _discover()
    return sorted(_FACTORIES)


def list_games() -> list[GameInfo]:
    """The games that load; those that do not are in ``broken_games()``."""
    infos = []
    for name in game_names():
        try:
            infos.append(get_game(name).info)
        except PluginError:
            continue
    return infos


def broken_games() -> dict[str, str]:
    """Each registered game that failed to load, with why (after trying them all)."""
    list_games()
    return dict(_BROKEN)
