"""Random games for the conformance checks: played by the random agent from fixed seeds, so
every check sees the same games in every process."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from wartable.agents.random import RandomAgent
from wartable.core.game import Game
from wartable.core.rng import derive_seed
from wartable.core.state import GameState

STOPS = (0, 7, 40, 150)  # where mid-game states are taken, in actions from the start


def play_on(state: GameState, agent: RandomAgent, stop_after: int | None = None) -> GameState:
    """``state`` played on by ``agent`` in every seat, to its end or ``stop_after`` actions."""
    steps = 0
    while not state.is_over and (stop_after is None or steps < stop_after):
        player = state.current_players[0]
        state.apply(player, agent.act(state, player))
        steps += 1
    return state


def play_random(game: Game, scenario: str, seed: int, stop_after: int | None = None) -> GameState:
    """A random game of ``scenario`` from ``seed`` (its agent's seed follows from it)."""
    state = game.new_game(scenario, seed=seed)
    return play_on(state, RandomAgent(derive_seed(seed, 1)), stop_after)


def mid_game_states(
    game: Game,
    scenario: str,
    seeds: Sequence[int] = range(4),
    stops: Sequence[int] = STOPS,
    options: dict[str, object] | None = None,
) -> Iterator[GameState]:
    """States of random games stopped along the way, each a fresh copy, the finished left
    out."""
    for seed in seeds:
        state = game.new_game(scenario, seed=seed, options=dict(options or {}))
        agent = RandomAgent(derive_seed(seed, 1))
        done = 0
        for stop in stops:
            play_on(state, agent, stop - done)
            done = stop
            if not state.is_over:
                yield state.clone()
