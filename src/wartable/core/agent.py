"""The agent protocol lives in the core so that games can ship their own AI without
importing the agents layer above them."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Protocol, runtime_checkable

from wartable.core.action import Action
from wartable.core.rng import Rng
from wartable.core.state import GameState


class Agent(Protocol):
    name: str

    def act(self, state: GameState, player: str) -> Action:
        """Choose one of ``state.legal_actions(player)``; must not read hidden information."""
        ...


@runtime_checkable
class Guide(Agent, Protocol):
    """An agent that can also choose, quickly, on a whole state, hidden parts and all. A
    search plays its play-outs with one on states it drew itself (``sample_hidden``), where
    nothing is left to hide; it needs thousands of such choices a second, so a guide may
    trade some strength for speed there."""

    widen: float
    """How fast a search may widen over ``rank``: 0 where ``rank`` knows no more than the
    choice itself, and a search should weigh every legal move."""

    horizon: int
    """How many turns a search plays on with this guide before it asks the game's estimate:
    the turn its new move is in, then the next player's reply (2), or that turn alone (1)
    where a turn is long and the estimate reads its end well."""

    def decide(self, world: GameState, player: str) -> Action:
        """Choose one of ``world.legal_actions(player)``, reading all of ``world``: call it
        only on a state that is itself a sample, never on the true one."""
        ...

    def rank(self, world: GameState, player: str, legal: list[Action], k: int) -> list[Action]:
        """At most ``k`` moves of ``legal`` (at least one), the most promising first, read
        on ``world`` as ``decide`` does: where moves number in the hundreds, a search widens
        over these rather than trying each once."""
        ...


class Heuristic(ABC):
    """A game's hand-written agent: it draws one state that agrees with what the player
    knows and chooses on that, so it stays blind by construction; a search's play-outs skip
    the draw on the states it drew itself (``decide``)."""

    name = "heuristic"
    widen = 0.0  # a game whose ``rank`` orders more than the choice sets how fast to widen
    horizon = 2  # turns a search plays on with it: its own, then the reply

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, state: GameState, player: str) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        return self.choose(state.sample_hidden(player, self.rng.next64()), player, legal)

    def decide(self, world: GameState, player: str) -> Action:
        legal = world.legal_actions(player)
        return legal[0] if len(legal) == 1 else self.choose_quickly(world, player, legal)

    @abstractmethod
    def choose(self, world: GameState, player: str, legal: list[Action]) -> Action:
        """One of ``legal`` (at least two), chosen on ``world``, a whole state drawn for
        ``player``."""

    def choose_quickly(self, world: GameState, player: str, legal: list[Action]) -> Action:
        """``choose`` for play-outs: a heuristic that looks ahead may look less far here."""
        return self.choose(world, player, legal)

    def rank(self, world: GameState, player: str, legal: list[Action], k: int) -> list[Action]:
        """The quick choice, then the other moves as the rules list them."""
        best = self.choose_quickly(world, player, legal) if len(legal) > 1 else legal[0]
        return [best, *(a for a in legal if a != best)][:k]
