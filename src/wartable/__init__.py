"""wartable: rules-enforcing digital editions of WW2 tactical tabletop wargames.

Games are plug-ins (the entry point group ``wartable.games``); the ones installed:

>>> import wartable
>>> names = wartable.game_names()
>>> game = wartable.get_game(names[0])
>>> state = game.new_game(seed=42)
>>> isinstance(state.players, tuple)
True
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
from wartable.core.game import CardFace, Game, GameInfo, GameOption, Interfaces, ScenarioInfo
from wartable.core.outcome import Outcome
from wartable.core.registry import (
    PluginError,
    broken_games,
    game_names,
    get_game,
    list_games,
    register,
)
from wartable.core.state import GameState

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionParseError",
    "ArgumentError",
    "CardFace",
    "ContentError",
    "Event",
    "Game",
    "GameInfo",
    "GameOption",
    "GameState",
    "IllegalActionError",
    "Interfaces",
    "Outcome",
    "PluginError",
    "RecordError",
    "ScenarioInfo",
    "UnknownNameError",
    "WartableError",
    "broken_games",
    "game_names",
    "get_game",
    "list_games",
    "register",
]
