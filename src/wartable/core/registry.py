"""Games register here by name; interfaces find them only through this registry."""

from __future__ import annotations

from collections.abc import Callable

from wartable.core.errors import UnknownNameError
from wartable.core.game import Game, GameInfo

_FACTORIES: dict[str, Callable[[], Game]] = {}
_GAMES: dict[str, Game] = {}


def register(name: str, factory: Callable[[], Game]) -> None:
    """Register a game lazily: ``factory`` runs on first use (content loads then)."""
    _FACTORIES[name] = factory


def get_game(name: str) -> Game:
    game = _GAMES.get(name)
    if game is None:
        factory = _FACTORIES.get(name)
        if factory is None:
            raise UnknownNameError("game", name, sorted(_FACTORIES))
        game = _GAMES[name] = factory()
    return game


def game_names() -> list[str]:
    return sorted(_FACTORIES)


def list_games() -> list[GameInfo]:
    return [get_game(n).info for n in game_names()]
