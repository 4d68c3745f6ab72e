"""A game as a Gymnasium environment for one learner: the other seats are registered agents.

The learner sits at ``seat``; every other seat is played by an agent named as on the
command line (``random``, ``heuristic``, ``ismcts``...), seeded from the episode's seed, so
an episode is the same for the same seed and the same actions. A step is the learner's
action, then the other seats' until the learner is called again or the game ends.
``action_masks()`` gives the mask to maskable learners (sb3-contrib's MaskablePPO).

An action the mask forbids changes nothing in the game; by default (``illegal="lose"``) it
ends the episode as a loss (-1, with the rule's reason in the info), the usual contract of
learning environments, so a learner that ignores the mask learns to heed it. With
``illegal="raise"`` it raises the game's IllegalActionError instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from wartable.agents.registry import make_agent
from wartable.core.agent import Agent
from wartable.core.errors import ArgumentError, IllegalActionError, UnknownNameError
from wartable.core.events import Event
from wartable.core.game import Game
from wartable.core.rng import derive_seed
from wartable.core.state import GameState
from wartable.rl.table import Seeds, Table, check_render_mode, reward, shaped, spectator_text


class SeatEnv(gymnasium.Env[dict[str, Any], np.int64]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  # gymnasium reads it from the class

    def __init__(
        self,
        game: str | Game,
        scenario: str | None = None,
        seat: str | None = None,
        opponents: str | Mapping[str, str] = "random",
        options: Mapping[str, Any] | None = None,
        *,
        shaped_reward: bool = False,
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        if illegal not in ("lose", "raise"):
            raise ArgumentError(f"illegal is 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        check_render_mode(render_mode)
        self.table = t = Table(game, scenario, options)
        self.seat = t.players[0] if seat is None else seat
        if self.seat not in t.players:
            raise UnknownNameError("seat", self.seat, list(t.players))
        others = [p for p in t.players if p != self.seat]
        if isinstance(opponents, str):
            self.opponents = dict.fromkeys(others, opponents)
        else:
            self.opponents = dict(opponents)
            if sorted(self.opponents) != sorted(others):
                raise ArgumentError(f"opponents must name an agent for each of {others}")
        for name in self.opponents.values():
            make_agent(t.game, name, 0)  # an unknown agent is refused now, not mid-episode
        self.shaped_reward = shaped_reward
        self.render_mode = render_mode
        self.observation_space = t.observation_space
        self.action_space = t.action_space
        self._seeds = Seeds()
        self.state: GameState | None = None
        self._agents: dict[str, Agent] = {}
        self._events: list[Event] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = self._seeds.next(seed)
        self.state = self.table.new_game(game_seed)
        self._shaping_seed = game_seed + 1
        self._agents = {
            p: make_agent(self.table.game, name, derive_seed(game_seed, n + 1))
            for n, (p, name) in enumerate(sorted(self.opponents.items()))
        }
        self._events = []
        self._forfeit = False
        self._others_play()
        self._standing = self._estimate()
        return self._observe(), {}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self._state()
        if state.is_over or self._forfeit:
            raise ArgumentError("the episode is over: call reset()")
        try:
            chosen = self.table.action(action)
            self._events = state.apply(self.seat, chosen)
        except IllegalActionError as exc:
            if self.illegal == "raise":
                raise
            self._forfeit = True  # the game is as it was; the learner has lost the episode
            return self._observe(), -1.0 - self._standing, True, False, {"illegal": exc.reason}
        self._others_play()
        info: dict[str, Any] = {}
        if self.shaped_reward:
            now = self._estimate()
            gain, self._standing = now - self._standing, now
            info["shaped"] = True
        else:
            gain = reward(state, self.seat)
        if state.is_over:
            info["outcome"] = state.outcome.to_json() if state.outcome else None
        return self._observe(), float(gain), state.is_over, False, info

    def action_masks(self) -> npt.NDArray[np.int8]:
        return self.table.mask(self._state(), self.seat)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        return spectator_text(self._state(), self.table.game.info.title, self._events)

    def _state(self) -> GameState:
        if self.state is None:
            raise ArgumentError("call reset() before using the environment")
        return self.state

    def _others_play(self) -> None:
        state = self._state()
        while not state.is_over and self.seat not in state.current_players:
            player = state.current_players[0]
            self._events += state.apply(player, self._agents[player].act(state, player))

    def _observe(self) -> dict[str, Any]:
        return self.table.observe(self._state(), self.seat)

    def _estimate(self) -> float:
        return shaped(self._state(), self.seat, self._shaping_seed) if self.shaped_reward else 0.0
