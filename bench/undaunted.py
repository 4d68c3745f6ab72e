"""Undaunted throughput on one core: random play, full games, clone() and legal_actions().

Usage: python bench/undaunted.py [--seconds S] [--openspiel-python PATH]

Beside our figures it runs the same Python loop (ask the legal actions, apply a random one)
over OpenSpiel's C++ backgammon and prints the ratio. OpenSpiel is no dependency of the
project: ``make bench`` installs it into a separate benchmark environment and passes that
interpreter here. Without it the comparison is skipped and says so.
"""

from __future__ import annotations

import json
import random
import sys
import time

import wartable
from yardstick import measured_arguments, openspiel, per_call


def random_play(seconds: float) -> dict[str, float]:
    game = wartable.get_game("undaunted")
    rng = random.Random(1)
    steps = games = 0
    seed = 0
    state = game.new_game("la-raye", seed=seed)
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(1000):
            if state.is_over:
                games += 1
                seed += 1
                state = game.new_game("la-raye", seed=seed)
            player = state.current_players[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
            steps += 1
    elapsed = time.perf_counter() - start
    return {"actions_per_second": steps / elapsed, "games_per_second": games / elapsed}


def mid_game_states(n: int) -> list:
    game = wartable.get_game("undaunted")
    rng = random.Random(2)
    out = []
    for seed in range(n):
        state = game.new_game("la-raye", seed=seed)
        for _ in range(rng.randrange(10, 120)):
            if state.is_over:
                break
            p = state.current_players[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
        if not state.is_over:
            out.append(state)
    return out


def legal_uncached(s) -> None:
    s._legal_cache = None
    s.legal_actions(s.current_players[0])


def main() -> None:
    args = measured_arguments(__doc__, 5.0)
    figures: dict[str, object] = {"scenario": "la-raye", "python": sys.version.split()[0]}
    figures.update(random_play(args.seconds))
    states = mid_game_states(300)
    figures["clone_us"] = per_call(lambda s: s.clone(), states, 50)
    figures["legal_actions_us"] = per_call(legal_uncached, states, 50)
    os_result = openspiel(args.openspiel_python, args.seconds)
    figures["openspiel_backgammon"] = os_result
    if isinstance(os_result, dict):
        figures["ratio_vs_openspiel"] = (
            figures["actions_per_second"] / os_result["steps_per_second"]
        )
    if args.json:
        print(json.dumps(figures))
        return
    print(f"Undaunted, La Raye, one core, Python {figures['python']}")
    print(f"  random play:       {figures['actions_per_second']:>10,.0f} actions/s")
    print(f"  full games:        {figures['games_per_second']:>10,.1f} games/s")
    print(f"  clone():           {figures['clone_us']:>10.2f} µs")
    print(f"  legal_actions():   {figures['legal_actions_us']:>10.2f} µs (uncached)")
    if isinstance(os_result, dict):
        print(
            f"  OpenSpiel C++ backgammon, same loop: {os_result['steps_per_second']:,.0f} steps/s"
        )
        print(f"  ratio ours / OpenSpiel: {figures['ratio_vs_openspiel']:.2f} (target >= 0.6)")
    else:
        print(f"  {os_result}")


if __name__ == "__main__":
    main()
