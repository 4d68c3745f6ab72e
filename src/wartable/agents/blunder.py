"""An easier opponent for people: a good agent that now and then plays any legal move.

Slips are what make a beatable opponent feel human; playing a worse evaluation instead
would make it weak in the same places every game."""

from __future__ import annotations

from wartable.core.action import Action
from wartable.core.agent import Agent
from wartable.core.rng import Rng
from wartable.core.state import GameState

SLIP = 0.3  # the share of real choices made at random


class BlunderAgent:
    name = "blunder"

    def __init__(self, inner: Agent, seed: int = 0, slip: float = SLIP) -> None:
        self.inner = inner
        self.rng = Rng(seed)
        self.slip = slip

    def act(self, state: GameState, player: str) -> Action:
        legal = state.legal_actions(player)
        if len(legal) > 1 and self.rng.below(1000) < self.slip * 1000:
            return self.rng.choice(legal)
        return self.inner.act(state, player)
