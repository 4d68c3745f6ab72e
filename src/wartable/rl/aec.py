"""Every game as a PettingZoo AEC environment: the seats take turns as the rules call them.

One step is one action of the game's fixed action space (``Game.action_space``), by number.
Each observation is the acting seat's view as numbers with the mask of its legal actions;
a seat that is not called has an all-zero mask. Rewards come at the end (+1 win, -1 loss,
0 draw), unless ``shaped`` asks for the game's estimate after every step (marked so in the
infos). Simultaneous choices (a sealed bid) are taken one seat after the other: neither
seat's observation shows the other's choice before both are made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # no py.typed

from wartable.core.events import Event
from wartable.core.game import Game
from wartable.core.state import GameState
from wartable.rl.table import Seeds, Table, check_render_mode, reward, shaped, spectator_text


class WartableEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    def __init__(
        self,
        game: str | Game,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        shaped_reward: bool = False,
        max_actions: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.table = Table(game, scenario, options)
        t = self.table
        self.metadata = {
            "render_modes": ["ansi"],
            "is_parallelizable": False,
            "name": f"wartable_{t.game.name}_{t.scenario}",
        }
        self.render_mode = render_mode
        self.shaped_reward = shaped_reward
        self.max_actions = max_actions
        self.possible_agents = list(t.players)
        self.observation_spaces = dict.fromkeys(self.possible_agents, t.observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, t.action_space)
        self._seeds = Seeds()
        self.state_: GameState | None = None
        self._events: list[Event] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        if self.state_ is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        game_seed = self._seeds.next(seed)
        self.state_ = self.table.new_game(game_seed)
        self._shaping_seed = game_seed + 1
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {p: {} for p in self.agents}
        self._events = []
        self._standing = {  # shaped rewards pay the change from here on (docs/rl.md)
            p: shaped(self.state_, p, self._shaping_seed) if self.shaped_reward else 0.0
            for p in self.agents
        }
        self.agent_selection = self.state_.current_players[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self.table.observe(self.game_state, agent)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        chosen = self.table.action(action)
        self._events = state.apply(agent, chosen)  # an illegal action raises, changing nothing
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_over:
            for p in self.agents:
                self.rewards[p] = reward(state, p)
                self.terminations[p] = True
        elif self.max_actions is not None and state.action_count >= self.max_actions:
            self.truncations = dict.fromkeys(self.agents, True)
        if self.shaped_reward and not state.is_over:
            for p in self.agents:
                now = shaped(state, p, self._shaping_seed)
                self.rewards[p] = now - self._standing[p]
                self._standing[p] = now
                self.infos[p] = {"shaped": True}
        elif self.shaped_reward:
            for p in self.agents:  # the end's reward less the estimate already paid
                self.rewards[p] -= self._standing[p]
        if not state.is_over:
            self.agent_selection = state.current_players[0]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        return spectator_text(self.game_state, self.table.game.info.title, self._events)

    def close(self) -> None:
        self.state_ = None
