"""The agent protocol lives in the core so that games can ship their own AI without
importing the agents layer above them."""

from __future__ import annotations

from typing import Protocol

from wartable.core.action import Action
from wartable.core.state import GameState


class Agent(Protocol):
    name: str

    def act(self, state: GameState, player: str) -> Action:
        """Choose one of ``state.legal_actions(player)``; must not read hidden information."""
        ...
