"""The RL environments beside raw play, one core: each game's PettingZoo environment played
at random (``observe`` then ``step``, the environment's work only: a random pick from the
mask is the agent's), then the very same actions replayed on the bare state
(``legal_actions`` and ``apply``), so both sides of the ratio play the same games.

Usage: python bench/rl.py [--seconds S] [--json]

The aim (issue 47): every environment at least half the speed of raw play. It says which
build it timed: `make bench` runs it under pure Python and under the compiled build.
"""

from __future__ import annotations

import json
import time

import numpy as np

import wartable.rl as rl
from wartable.core.action import Action
from wartable.core.state import GameState
from yardstick import build, measured_arguments

# (game, scenario, options): the environments the docs quote
TABLES = (
    ("undaunted", "la-raye", {}),
    ("combat", "a-meeting-of-patrols", {}),
    ("combat", "attack-the-farmhouse", {}),
    ("diadehonor", "crossroads", {}),
    ("diadehonor", "crossroads", {"players": "3v3"}),
    ("tactics2gm", "pitched-battle", {}),
)
AIM = 0.5


def through_the_environment(
    game: str, scenario: str, options: dict, seconds: float
) -> tuple[float, list[tuple[GameState, list[Action]]], int]:
    """CPU seconds of ``observe`` + ``step`` over ``seconds`` of episodes, the episodes as
    (their first state, the actions taken), and the steps taken."""
    env = rl.env(game, scenario, options=options or None)
    picks = np.random.default_rng(1)
    spent, steps, episodes = 0.0, 0, []
    seed = 0
    clock = time.process_time
    while spent < seconds:
        env.reset(seed=seed)
        played: list[Action] = []
        episodes.append((env.game_state.clone(), played))
        while spent < seconds:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                break
            start = clock()
            mask = env.observe(agent)["action_mask"]
            spent += clock() - start
            number = int(picks.choice(np.flatnonzero(mask.view(bool))))
            played.append(env.table.actions[number])
            start = clock()
            env.step(number)
            spent += clock() - start
            steps += 1
        seed += 1
    return spent, episodes, steps


def raw(episodes: list[tuple[GameState, list[Action]]]) -> float:
    """CPU seconds of the same actions on the bare state: ``legal_actions`` and ``apply``
    of the listed action (found in the list untimed)."""
    spent = 0.0
    clock = time.process_time
    for first, played in episodes:
        state = first.clone()
        for action in played:
            start = clock()
            player = state.current_players[0]
            legal = state.legal_actions(player)
            listed = clock()
            chosen = legal[legal.index(action)]
            picked = clock()
            state.apply(player, chosen)
            spent += (listed - start) + (clock() - picked)
    return spent


def main() -> None:
    args = measured_arguments(__doc__, 4.0)
    figures: dict[str, dict[str, float]] = {}
    for game, scenario, options in TABLES:
        name = f"{game} {scenario}" + "".join(f" {k}={v}" for k, v in options.items())
        spent, episodes, steps = through_the_environment(game, scenario, options, args.seconds)
        bare = raw(episodes)
        figures[name] = {
            "environment_steps_per_second": steps / spent,
            "raw_actions_per_second": steps / bare,
            "ratio": bare / spent,
        }
        if not args.json:
            f = figures[name]
            print(
                f"{name}: environment {f['environment_steps_per_second']:,.0f} steps/s, raw "
                f"{f['raw_actions_per_second']:,.0f} actions/s, ratio {f['ratio']:.2f} "
                f"(aim {AIM})",
                flush=True,
            )
    if args.json:
        print(json.dumps({"build": build(), "figures": figures}, indent=2))
    else:
        print(f"build: {build()}")


if __name__ == "__main__":
    main()
