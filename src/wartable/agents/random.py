"""Uniformly random legal play: the baseline every other agent must beat."""

from __future__ import annotations

from wartable.core.action import Action
from wartable.core.rng import Rng
from wartable.core.state import GameState


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: GameState, player: str) -> Action:
        return self.rng.choice(state.legal_actions(player))
