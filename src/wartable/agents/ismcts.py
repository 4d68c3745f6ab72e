"""Information-set Monte Carlo tree search (single observer): a search agent for every game.

Each iteration draws a whole state that agrees with what the player knows
(``sample_hidden``), walks one shared tree of actions down it - at each node choosing among
the actions legal in this draw, by UCB with availability counts (Cowling, Powley and
Whitehouse 2012) - adds one node, plays on at random for a while and scores the result:
+1 / -1 for a finished game, else the game's own ``estimate`` if it has one. It never sees
hidden information: everything it touches comes from samples.

It knows games only through the core API, so a new game gets a search agent the day its
rules work; a game's ``estimate`` makes it far stronger than random play-outs alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from wartable.core.action import Action
from wartable.core.rng import Rng
from wartable.core.state import GameState


@dataclass(slots=True)
class Node:
    mover: str = ""  # who chose the action that leads here
    visits: int = 0
    total: float = 0.0  # the mover's rewards, summed
    available: int = 0  # how often this action was legal when its parent was visited
    children: dict[Action, Node] = field(default_factory=dict)


PLAY_ON = 500


class ISMCTSAgent:
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 300,
        rollout: int | None = None,
        exploration: float = 0.7,
    ) -> None:
        """``rollout``: random actions played on from each new node before scoring; by default
        none where the game estimates a position (its estimate beats random play), else up
        to ``PLAY_ON`` (most games end by then)."""
        self.rng = Rng(seed)
        self.iterations = iterations
        self.rollout = rollout
        self.exploration = exploration

    def act(self, state: GameState, player: str) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        root = Node(player)
        play_on = self.rollout
        for _ in range(self.iterations):
            world = state.sample_hidden(player, self.rng.next64())
            if play_on is None:  # whether a game estimates is the game's, not the position's
                play_on = 0 if world.estimate(player) is not None else PLAY_ON
            self._iterate(world, root, play_on)
        # the most visited of the moves legal here (a sample may have offered others)
        return max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)

    def _iterate(self, world: GameState, root: Node, play_on: int) -> None:
        path = [root]
        node = root
        while not world.is_over:  # selection, then one expansion
            mover = world.current_players[0]
            actions = world.legal_actions(mover)
            for a in actions:
                child = node.children.get(a)
                if child is None:
                    child = node.children[a] = Node(mover)
                child.available += 1
            fresh = [a for a in actions if node.children[a].visits == 0]
            if fresh:
                chosen = self.rng.choice(fresh)
            else:
                chosen = max(actions, key=lambda a: self._ucb(node.children[a]))
            world.apply(mover, chosen)
            node = node.children[chosen]
            path.append(node)
            if node.visits == 0:
                break
        for _ in range(play_on):  # play on at random
            if world.is_over:
                break
            mover = world.current_players[0]
            world.apply(mover, self.rng.choice(world.legal_actions(mover)))
        rewards = score(world)
        for n in path[1:]:
            n.visits += 1
            n.total += rewards.get(n.mover, 0.0)

    def _ucb(self, n: Node) -> float:
        return n.total / n.visits + self.exploration * math.sqrt(
            math.log(max(n.available, 1)) / n.visits
        )


def score(world: GameState) -> dict[str, float]:
    """Each player's reward in [-1, 1]: the result of a finished game, else the game's own
    estimate of the position (0, an even game, where it offers none)."""
    out = world.outcome
    if out is not None:
        if out.winner is None:
            return dict.fromkeys(world.players, -1.0 if len(world.players) == 1 else 0.0)
        return {p: 1.0 if p == out.winner else -1.0 for p in world.players}
    return {p: world.estimate(p) or 0.0 for p in world.players}
