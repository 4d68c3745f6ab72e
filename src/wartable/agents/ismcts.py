"""Information-set Monte Carlo tree search (single observer): a search agent for every game.

Each iteration draws a whole state that agrees with what the player knows
(``sample_hidden``), walks one shared tree of actions down it - at each node choosing among
the actions legal in this draw, by UCB with availability counts (Cowling, Powley and
Whitehouse 2012) - adds one node, plays on for a while and scores the result: +1 / -1 for a
finished game, else the game's own ``estimate``. It never sees hidden information: it only
ever touches states it drew itself.

Where a decision offers more moves than the iterations can try (hundreds, in some games),
the search widens progressively over the heuristic's ranking (``widen``): a node weighs its
few most promising moves, more as its visits grow, and a node first reached is played on as
the heuristic would play it rather than by a move drawn at random.

The play-out is what makes it strong. Where the game has a heuristic, the search plays on
with it (``playout="guide"``) until ``horizon`` turns have ended - the rest of the turn the
new node is in, then the next player's reply - and only then asks the estimate: a state in
the middle of a turn (a card played, its target not yet chosen) is misjudged by any
estimate, and a move is only as good as the reply it allows. So the search sees what the
heuristic sees one decision ahead, plus the opponent's answer and the chances of the dice
and the unseen cards. Without a heuristic it plays on at random (``playout="random"``).

Budget: ``iterations`` per decision (reproducible: same seed, same choice), or ``seconds``
(the same strength on any machine, but a choice then depends on the machine's speed). The
seconds are the deciding thread's own CPU time, not the clock's: on a busy server a search
gets the thinking it was given, however many others share the machine (it takes longer to
answer instead). A time budget is a limit, not a target: the search stops when its slowest
iteration so far (the draw of a state included) would no longer fit, so a decision overruns
only by an iteration slower than any before it, or where, without widening, every move must
still be tried once.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from wartable.core.action import Action
from wartable.core.agent import Guide
from wartable.core.errors import ArgumentError, InvariantError
from wartable.core.rng import Rng
from wartable.core.state import GameState


@dataclass(slots=True)
class Node:
    mover: str = ""  # who chose the action that leads here
    visits: int = 0
    total: float = 0.0  # the mover's rewards, summed
    available: int = 0  # how often this action was legal when its parent was visited
    children: dict[Action, Node] = field(default_factory=dict)
    ranked: dict[Action, None] | None = None  # the guide's ranking, from the first draw here


PLAY_ON = 500  # random actions at most in a play-out without a guide or an estimate
GUIDED_STEPS = 100  # guided actions at most in one play-out (a turn is rarely over 20)
PLAYOUTS = ("guide", "random")


class ISMCTSAgent:
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        playout: str | None = None,
        horizon: int | None = None,
        exploration: float = 0.7,
        margin: float = 0.1,
        confirm: int = 1,
        widen: float | None = None,
        guide: Guide | None = None,
    ) -> None:
        """``iterations``: samples per decision (300 unless ``seconds`` is given, then as
        many as fit, ``iterations`` capping them). ``playout``: ``guide`` plays on with
        ``guide`` (the game's heuristic) for ``horizon`` turns (by default the guide's own
        ``horizon``, 2 without a guide), ``random`` plays on at
        random (up to ``PLAY_ON`` actions, none where the game estimates positions).
        ``margin``: how much better on average another move must score than the guide's
        own choice to be played instead. ``confirm``: how many play-outs that move needs
        at least; above 1, the guide's choice is also the first move tried, so it always
        has a score (where moves outnumber the iterations, most are tried once or never,
        and one lucky play-out would otherwise overrule the guide). ``widen``: progressive
        widening over the guide's ranking (``Guide.rank``): a node visited n times weighs
        only its ``1 + widen * sqrt(n)`` most promising moves, and tries them in that
        order, the guide's own choice first at the root; 0 weighs every legal move, and
        tries new ones at random; by default the guide's own ``widen``."""
        if iterations is not None and iterations < 1:
            raise ArgumentError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and not seconds > 0:
            raise ArgumentError(f"seconds must be more than 0, not {seconds}")
        if horizon is None:
            horizon = guide.horizon if guide is not None else 2
        if horizon < 1:
            raise ArgumentError(f"horizon must be at least 1, not {horizon}")
        nonnegative("margin", margin)
        if confirm < 1:
            raise ArgumentError(f"confirm must be at least 1, not {confirm}")
        if widen is not None:
            nonnegative("widen", widen)
        if widen and guide is None:
            raise ArgumentError("widen needs a game with a heuristic to rank the moves")
        nonnegative("exploration", exploration)
        if playout is None:
            playout = "guide" if guide is not None else "random"
        if playout not in PLAYOUTS:
            raise ArgumentError(f"playout must be one of {', '.join(PLAYOUTS)}, not {playout!r}")
        if playout == "guide" and guide is None:
            raise ArgumentError("playout=guide needs a game with a heuristic")
        self.rng = Rng(seed)
        self.iterations = iterations if iterations is not None else 300 if seconds is None else 0
        self.seconds = seconds
        self.playout = playout
        self.horizon = horizon
        self.exploration = exploration
        self.margin = margin
        self.confirm = confirm
        self.widen = widen if widen is not None else guide.widen if guide is not None else 0.0
        self.guide = guide
        self.last_iterations = 0  # how many the latest decision ran (for benches and tests)

    def act(self, state: GameState, player: str) -> Action:
        return self.think(state, player)[0]

    def think(self, state: GameState, player: str) -> tuple[Action, Node]:
        """The move chosen and the tree searched for it (its root's children: each move
        tried, with its play-outs and their total; agents/coach.py reads them)."""
        # the budget counts the whole decision, the guide's own choice included
        deadline = None if self.seconds is None else time.thread_time() + self.seconds
        legal = state.legal_actions(player)
        root = Node(player)
        if len(legal) == 1:
            return legal[0], root
        # the guide's own choice, kept unless the search finds a move clearly better
        anchor = self.guide.act(state, player) if self.guide is not None else None
        play_on: int | None = None
        done = 0
        slowest = 0.0  # the longest iteration so far: the next may take as long
        # a time budget still tries every move once; widening tries the most promising only
        least = 1 if self.widen else len(legal)
        while True:
            began = time.thread_time()
            world = state.sample_hidden(player, self.rng.next64())
            if play_on is None:  # whether a game estimates is the game's, not the position's
                play_on = 0 if world.estimate(player) is not None else PLAY_ON
            # the guide's choice is tried first where it must keep a score to beat
            first = anchor if done == 0 and (self.confirm > 1 or self.widen) else None
            self._iterate(world, root, play_on, first)
            done += 1
            if self.iterations and done >= self.iterations:
                break
            if deadline is not None:
                now = time.thread_time()
                slowest = max(slowest, now - began)
                # stop before an iteration that may overrun
                if done >= least and now + slowest >= deadline:
                    break
        self.last_iterations = done
        # the most visited of the moves legal here (a sample may have offered others)
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        kept = root.children.get(anchor) if anchor is not None else None
        if anchor is not None and best != anchor and kept is not None and kept.visits:
            found = root.children[best]
            if found.visits < self.confirm:  # too few play-outs to overrule the guide
                return anchor, root
            if found.total / found.visits < kept.total / kept.visits + self.margin:
                return anchor, root
        return best, root

    def _iterate(
        self, world: GameState, root: Node, play_on: int, first: Action | None = None
    ) -> None:
        """One sample down the tree; ``first``, where given, is the root's move to try."""
        path = [root]
        node = root
        mover = root.mover
        while not world.is_over:  # selection, then one expansion
            mover = world.current_players[0]
            actions = world.legal_actions(mover)
            if self.widen and len(actions) > 1:
                actions = self._widened(world, node, mover, actions, first)
            for a in actions:
                child = node.children.get(a)
                if child is None:
                    child = node.children[a] = Node(mover)
                child.available += 1
            fresh = [a for a in actions if node.children[a].visits == 0]
            if first is not None and first in fresh:
                chosen = first
            elif fresh:  # the most promising untried, where ranked
                chosen = fresh[0] if self.widen else self.rng.choice(fresh)
            else:
                chosen = max(actions, key=lambda a: self._ucb(node.children[a]))
            world.apply(mover, chosen)
            first = None  # the root's only
            node = node.children[chosen]
            path.append(node)
            if node.visits == 0:
                break
        self.play_on(world, mover, play_on)
        rewards = score(world)
        root.visits += 1  # its width grows with it (its total is no one's)
        for n in path[1:]:
            n.visits += 1
            n.total += rewards.get(n.mover, 0.0)

    def play_on(self, world: GameState, mover: str, steps: int = PLAY_ON) -> None:
        """A play-out from ``world``, whose last action ``mover`` took: with the guide for
        ``horizon`` turns, else up to ``steps`` random actions."""
        if self.guide is not None and self.playout == "guide":
            self._guided(world, mover)
            return
        for _ in range(steps):  # play on at random
            if world.is_over:
                break
            who = world.current_players[0]
            world.apply(who, self.rng.choice(world.legal_actions(who)))

    def _widened(
        self,
        world: GameState,
        node: Node,
        mover: str,
        actions: list[Action],
        first: Action | None = None,
    ) -> list[Action]:
        """The node's most promising moves legal in this draw, as many as its visits allow:
        ranked ones first, then any this draw offers that the ranking did not (a card, a
        result of the dice). The ranking is read once, on the first draw to reach the node
        (``first``, the guide's own choice, put at its head): draws differ only in what
        the player cannot see and in the dice, and ranking costs as much as a choice."""
        if self.guide is None:
            raise InvariantError("_widened: no self.guide")
        width = 1 + int(self.widen * math.sqrt(node.visits))
        if node.ranked is None:
            ranked = self.guide.rank(world, mover, actions, len(actions))
            if first is not None and first in ranked:
                ranked = [first, *(a for a in ranked if a != first)]
            node.ranked = dict.fromkeys(ranked)
        here = set(actions)
        shown = []
        for a in node.ranked:
            if a in here:
                shown.append(a)
                if len(shown) == width:
                    return shown
        if not shown:  # nothing ranked is legal here: rank this draw
            return self.guide.rank(world, mover, actions, width)
        return shown + [a for a in actions if a not in node.ranked][: width - len(shown)]

    def _guided(self, world: GameState, mover: str) -> None:
        """Play on with the guide until ``horizon`` turns have ended: the turn of ``mover``
        (who took the last action in the tree), then whoever acts after. A turn ends when
        another player acts or a new round begins."""
        if self.guide is None:
            raise InvariantError("_guided: no self.guide")
        turns = 0
        rounds = world.rounds_played()
        for _ in range(GUIDED_STEPS):
            if world.is_over:
                return
            who = world.current_players[0]
            now = world.rounds_played()
            if who != mover or now != rounds:  # a solitaire game's turns end with its rounds
                turns += 1
                if turns >= self.horizon:
                    return
                mover, rounds = who, now
            world.apply(who, self.guide.decide(world, who))

    def _ucb(self, n: Node) -> float:
        return n.total / n.visits + self.exploration * math.sqrt(
            math.log(max(n.available, 1)) / n.visits
        )


def nonnegative(name: str, value: float) -> None:
    """Refuse a number below 0, or not a number at all (nan, infinity)."""
    if not (math.isfinite(value) and value >= 0):
        raise ArgumentError(f"{name} must be a number, 0 or more, not {value}")


def score(world: GameState) -> dict[str, float]:
    """Each player's reward in [-1, 1]: a finished game's returns (the outcome's, where a
    side's seats share the result), else the game's own estimate of the position (0, an
    even game, where it offers none)."""
    if world.outcome is not None:
        return world.returns()
    return {p: world.estimate(p) or 0.0 for p in world.players}
