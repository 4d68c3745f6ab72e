"""The coach: the move the hard level would make from where a seat stands, and the chance to
win before and after it; and a review of the seat's last move beside the coach's choice.

The coach sees what the seat sees and nothing else. It never reads the state it is given:
it first draws one world from the seat's view (``sample_hidden``, with a seed made of public
facts), and searches and plays out only on that world and the worlds it draws from it. Two
states that differ only in what the seat cannot see (the opponent's hand, the order of the
decks, unknown identities) get the same advice, word for word (tests/agents/test_coach.py).

A chance to win is measured the same way for every move compared: from the same ``samples``
worlds (common draws, so that two moves meet the same luck), the move is played and the
game played on with the game's heuristic for the search's horizon (this turn and the reply),
then the position is scored: won, lost, or the game's own estimate of it, from -1 to 1, read
as a chance from 0 to 100%.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartable.agents.ismcts import PLAY_ON, ISMCTSAgent, score
from wartable.agents.registry import level, make_agent, parse_spec
from wartable.core.action import Action
from wartable.core.errors import ArgumentError
from wartable.core.game import Game
from wartable.core.rng import Rng, derive_seed
from wartable.core.state import GameState
from wartable.core.words import Said, say

SAMPLES = 16  # worlds each chance is measured on
COACH_SEED = 0x0C0AC4  # public: what the coach draws depends on the position, never the deal


@dataclass(frozen=True)
class Advice:
    """The coach's move for ``player`` and the chances to win, 0 to 1, before and after."""

    player: str
    action: Action
    chance_now: float
    chance_after: float

    def words(self, state: GameState) -> Said:
        return say(
            "The coach would play {move}. Your chance to win: about {now}% now, about {after}% "
            "after it.",
            move=state.describe(self.player, self.action),
            now=percent(self.chance_now),
            after=percent(self.chance_after),
        )


@dataclass(frozen=True)
class Review:
    """The seat's move beside the coach's, each with the chance to win after it."""

    player: str
    played: Action
    chance_played: float
    advice: Advice

    def words(self, before: GameState) -> Said:
        played = before.describe(self.player, self.played)
        if self.played == self.advice.action:
            return say(
                "Your last move, {move}, is the coach's choice too: about {chance}% to win "
                "after it.",
                move=played,
                chance=percent(self.chance_played),
            )
        better = before.describe(self.player, self.advice.action)
        if round(100 * self.chance_played) >= round(100 * self.advice.chance_after):
            return say(
                "Your last move, {move}: about {chance}% to win after it, as good as the "
                "coach's choice, {better}.",
                move=played,
                chance=percent(self.chance_played),
                better=better,
            )
        return say(
            "Your last move, {move}: about {chance}% to win after it. The coach would have "
            "played {better}: about {other}%.",
            move=played,
            chance=percent(self.chance_played),
            better=better,
            other=percent(self.advice.chance_after),
        )


def percent(chance: float) -> int:
    """A chance as a whole percentage (the words put the sign, as each language writes it)."""
    return round(100 * chance)


class Coach:
    """Advice at the hard level's strength, the same for the same view: the hard level's
    search with its iterations (never a time budget, which would make the advice depend on
    the machine's speed) and a seed made of the position's public facts."""

    def __init__(self, game: Game, samples: int = SAMPLES, iterations: int | None = None):
        if samples < 1:
            raise ArgumentError(f"samples must be at least 1, not {samples}")
        self.game = game
        self.samples = samples
        name, raw = parse_spec(level(game, "hard"))
        if name != "ismcts":
            raise ArgumentError(f"the coach needs the search as the hard level, not {name!r}")
        raw.pop("seconds", None)
        if iterations is not None:
            raw["iterations"] = str(iterations)
        raw.setdefault("iterations", "60")
        self.spec = ":".join([name, *(f"{k}={v}" for k, v in raw.items())])

    def _agent(self, state: GameState) -> ISMCTSAgent:
        agent = make_agent(self.game, self.spec, derive_seed(COACH_SEED, state.action_count))
        if not isinstance(agent, ISMCTSAgent):
            raise ArgumentError("the coach's search is not a search")
        return agent

    def _world(self, state: GameState, player: str) -> GameState:
        """The one world the coach starts from: drawn from the seat's view alone."""
        return state.sample_hidden(player, derive_seed(COACH_SEED, state.action_count, 1))

    def hint(self, state: GameState, player: str) -> Advice:
        """The move the coach would make for ``player``, who must be to act."""
        if state.is_over or player not in state.current_players:
            raise ArgumentError(f"{player} has no move to be advised on now")
        world = self._world(state, player)
        agent = self._agent(state)
        action, _ = agent.think(world, player)
        now = self.chance(world, player, None, agent)
        after = self.chance(world, player, action, agent)
        return Advice(player, action, now, after)

    def review(self, before: GameState, player: str, played: Action) -> Review:
        """``played``, the move ``player`` made from ``before``, beside the coach's choice
        there."""
        advice = self.hint(before, player)
        world = self._world(before, player)
        chance = (
            advice.chance_after
            if played == advice.action
            else self.chance(world, player, played, self._agent(before))
        )
        return Review(player, played, chance, advice)

    def chance(
        self, world: GameState, player: str, action: Action | None, agent: ISMCTSAgent
    ) -> float:
        """The chance to win for ``player`` after ``action`` (None: with the heuristic's own
        move), over ``samples`` worlds drawn from ``world``, the same draws for every move."""
        total = 0.0
        for k in range(self.samples):
            w = world.sample_hidden(player, derive_seed(COACH_SEED, world.action_count, 2, k))
            if action is not None:
                w.apply(player, action)
            agent.rng = Rng(derive_seed(COACH_SEED, k, 3))  # each move meets the same dice
            # as the search plays on: where the game estimates a position, at random not at all
            agent.play_on(w, player, 0 if w.estimate(player) is not None else PLAY_ON)
            total += score(w).get(player, 0.0)
        return (1 + total / self.samples) / 2
