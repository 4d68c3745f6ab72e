"""The heuristic agent: greedy play to objectives with an evaluation of the board.

It never reads hidden information: each decision starts from ``sample_hidden``, a state
redrawn from what its own view shows. Each top-level action is scored by finishing its
sub-choices greedily and evaluating the result; attacks are scored as the exact mix of
their hit and miss outcomes.
"""

from __future__ import annotations

from wartable.core.action import Action
from wartable.core.agent import Heuristic
from wartable.core.rng import Rng
from wartable.core.state import GameState
from wartable.games.undaunted.evaluation import CARD_WORTH, evaluate
from wartable.games.undaunted.model import BID
from wartable.games.undaunted.rules.combat import hit_chance, total_defence
from wartable.games.undaunted.scenario import COMMAND, FOG
from wartable.games.undaunted.state import UndauntedState

BLAST_SAMPLES = 6
DEPTH = 4  # sub-choices of one action looked ahead (a move's steps, a bolster's cards)


class HeuristicAgent(Heuristic):
    def act(self, state: GameState, player: str) -> Action:
        if not isinstance(state, UndauntedState):
            raise TypeError("the Undaunted heuristic plays Undaunted only")
        if state.phase == BID:  # a bid is chosen from the own hand alone: nothing to draw
            legal = state.legal_actions(player)
            return legal[0] if len(legal) == 1 else self._bid(state, legal)
        return super().act(state, player)

    def choose(self, world: GameState, player: str, legal: list[Action]) -> Action:
        return self._choose(world, player, legal, DEPTH)

    def choose_quickly(self, world: GameState, player: str, legal: list[Action]) -> Action:
        """Only the action's own result, not the sub-choices it opens: 35 times faster."""
        return self._choose(world, player, legal, 1)

    def _choose(self, world: GameState, player: str, legal: list[Action], depth: int) -> Action:
        if not isinstance(world, UndauntedState):
            raise TypeError("the Undaunted heuristic plays Undaunted only")
        if world.phase == BID:
            return self._bid(world, legal)
        me = world.players.index(player)
        best, best_score = legal[0], -float("inf")
        for action in legal:
            score = self._score(world, me, player, action, depth)
            if score > best_score:
                best, best_score = action, score
        return best

    def _bid(self, st: UndauntedState, legal: list[Action]) -> Action:
        """Bid Fog of War when holding one; otherwise the least useful card."""
        sc = st.sc

        def cost(a: Action) -> float:
            kind = sc.kinds[sc.kind_index[a.args[0]]]
            if kind.category == FOG:
                return -10.0
            worth = CARD_WORTH.get(kind.title, 1.0) + (1.0 if kind.category == COMMAND else 0.0)
            return worth + 0.05 * kind.initiative

        return min(legal, key=cost)

    def _score(self, st: UndauntedState, me: int, player: str, action: Action, depth: int) -> float:
        outcomes = self._outcomes(st, me, player, action)
        value = 0.0
        for weight, after in outcomes:
            if depth > 1 and after.pending is not None and after.current_players == (player,):
                options = after.legal_actions(player)
                value += weight * max(self._score(after, me, player, a, depth - 1) for a in options)
            else:
                value += weight * evaluate(after, me)
        return value

    def _outcomes(
        self, st: UndauntedState, me: int, player: str, action: Action
    ) -> list[tuple[float, UndauntedState]]:
        """The states an action can lead to, with their chances."""
        sc = st.sc
        if action.verb in ("attack", "suppress") and st.pending is not None:
            p = st.pending
            o = st.sides[1 - me]
            unit = sc.unit_index[action.args[0]]
            total = total_defence(sc, unit, o.pos[unit], st.sides[me].pos[p.unit], False)[0]
            chance = hit_chance(total, p.left)
            out = []
            for weight, die in ((chance, 0), (1 - chance, 1)):
                if weight <= 0 or (die == 1 and total <= 1):
                    continue
                twin = st.clone()
                twin.rng.force([die] * p.left)
                twin.apply(player, action)
                out.append((weight, twin))
            return out
        if action.verb == "play" and action.args[1] == "blast":
            out = []
            for _ in range(BLAST_SAMPLES):
                twin = st.clone()
                twin.rng = Rng(self.rng.next64())
                twin.apply(player, action)
                out.append((1 / BLAST_SAMPLES, twin))
            return out
        twin = st.clone()
        twin.apply(player, action)
        return [(1.0, twin)]
