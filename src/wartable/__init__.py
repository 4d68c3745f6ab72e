"""wartable: rules-enforcing digital editions of WW2 tactical tabletop wargames.

>>> import wartable
>>> game = wartable.get_game("undaunted")
>>> state = game.new_game(scenario="la-raye", seed=42)
>>> state.players
('us', 'germany')
"""

from wartable.core.action import Action
from wartable.core.errors import (
    ActionParseError,
    ArgumentError,
    ContentError,
    IllegalActionError,
    RecordError,
    UnknownNameError,
    WartableError,
)
from wartable.core.events import Event
from wartable.core.game import CardFace, Game, GameInfo, ScenarioInfo
from wartable.core.outcome import Outcome
from wartable.core.registry import game_names, get_game, list_games, register
from wartable.core.state import GameState

__version__ = "0.1.0"


def _undaunted() -> Game:
    from wartable.games.undaunted import Undaunted

    return Undaunted()


def _combat() -> Game:
    from wartable.games.combat.game import Combat

    return Combat()


register("undaunted", _undaunted)
register("combat", _combat)

__all__ = [
    "Action",
    "ActionParseError",
    "ArgumentError",
    "CardFace",
    "ContentError",
    "Event",
    "Game",
    "GameInfo",
    "GameState",
    "IllegalActionError",
    "Outcome",
    "RecordError",
    "ScenarioInfo",
    "UnknownNameError",
    "WartableError",
    "game_names",
    "get_game",
    "list_games",
    "register",
]
