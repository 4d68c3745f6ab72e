"""The heuristic agent: greedy play to objectives with an evaluation of the board.

It never reads hidden information: each decision starts from ``sample_hidden``, a state
redrawn from what its own view shows. Each top-level action is scored by finishing its
sub-choices greedily and evaluating the result (``lookahead.py``).
"""

from __future__ import annotations

from wartable.core.action import Action
from wartable.core.agent import Heuristic
from wartable.core.state import GameState
from wartable.games.undaunted import lookahead
from wartable.games.undaunted.evaluation import CARD_WORTH
from wartable.games.undaunted.phases import Phase
from wartable.games.undaunted.scenario import COMMAND, FOG
from wartable.games.undaunted.state import UndauntedState

DEPTH = 4  # sub-choices of one action looked ahead (a move's steps, a bolster's cards)


def played(world: GameState) -> UndauntedState:
    if not isinstance(world, UndauntedState):
        raise TypeError("the Undaunted heuristic plays Undaunted only")
    return world


class HeuristicAgent(Heuristic):
    # a search widens over its quick scores: on 100 paired deals a scenario, 60 iterations
    # won 3 to 10 points more with widening than without (docs/agents.md)
    widen = 1.0

    def act(self, state: GameState, player: str) -> Action:
        st = played(state)
        if st.phase == Phase.BID:  # a bid is chosen from the own hand alone: nothing to draw
            legal = st.legal_actions(player)
            return legal[0] if len(legal) == 1 else self._bid(st, legal)
        return super().act(state, player)

    def choose(self, world: GameState, player: str, legal: list[Action]) -> Action:
        return self._choose(world, player, legal, DEPTH)

    def choose_quickly(self, world: GameState, player: str, legal: list[Action]) -> Action:
        """Only the action's own result, not the sub-choices it opens: 35 times faster."""
        return self._choose(world, player, legal, 1)

    def _choose(self, world: GameState, player: str, legal: list[Action], depth: int) -> Action:
        st = played(world)
        if st.phase == Phase.BID:
            return self._bid(st, legal)
        return lookahead.best(st, st.players.index(player), legal, depth, self.rng)

    def rank(self, world: GameState, player: str, legal: list[Action], k: int) -> list[Action]:
        """Every action by its quick score (``choose_quickly``'s), the best first."""
        st = played(world)
        if st.phase == Phase.BID:
            scores = [-self._bid_cost(st, a) for a in legal]
        else:
            scores = lookahead.scored(st, st.players.index(player), legal, 1, self.rng)
        order = sorted(range(len(legal)), key=lambda n: (-scores[n], n))
        return [legal[n] for n in order[:k]]

    def _bid(self, st: UndauntedState, legal: list[Action]) -> Action:
        """Bid Fog of War when holding one; otherwise the least useful card."""
        return min(legal, key=lambda a: self._bid_cost(st, a))

    def _bid_cost(self, st: UndauntedState, a: Action) -> float:
        sc = st.sc
        kind = sc.kinds[sc.kind_index[a.args[0]]]
        if kind.category == FOG:
            return -10.0
        worth = CARD_WORTH.get(kind.title, 1.0) + (1.0 if kind.category == COMMAND else 0.0)
        return worth + 0.05 * kind.initiative
