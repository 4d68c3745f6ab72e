"""The game-agnostic core: the contract every game implements and every interface uses.

Nothing here knows a particular game; games plug in through :class:`~wartable.core.game.Game`.
"""

from wartable.core.action import Action
from wartable.core.agent import Agent
from wartable.core.errors import (
    ActionParseError,
    ContentError,
    IllegalActionError,
    RecordError,
    UnknownNameError,
    WartableError,
)
from wartable.core.events import Event
from wartable.core.game import CardFace, Game, GameInfo, ScenarioInfo
from wartable.core.marks import Mark
from wartable.core.outcome import Outcome
from wartable.core.rng import Rng
from wartable.core.state import GameState

__all__ = [
    "Action",
    "ActionParseError",
    "Agent",
    "CardFace",
    "ContentError",
    "Event",
    "Game",
    "GameInfo",
    "GameState",
    "IllegalActionError",
    "Mark",
    "Outcome",
    "RecordError",
    "Rng",
    "ScenarioInfo",
    "UnknownNameError",
    "WartableError",
]
