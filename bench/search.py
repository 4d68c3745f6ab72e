"""The hard level's search speed: its iterations per CPU-second on each game's decisions.

Usage: python bench/search.py [--decisions N] [--json]

For each game (its first scenario; Día de Honor also 3v3), N positions are taken from a
game between two heuristic players (every 7th decision of a seat that has a choice), and
the game's ``hard`` agent is asked for each, its iterations cap lifted and its budget set
to a fixed CPU time. The figure is iterations per CPU-second (the median over the
decisions): the more a search gets through, the stronger the level plays in its 2 s. The
positions and the agents' seeds are fixed, so two builds or two commits are compared on the
same decisions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import wartable
from wartable.agents.registry import level, make_agent
from wartable.core.rng import derive_seed

CASES = (
    ("undaunted", None),
    ("combat", None),
    ("diadehonor", None),
    ("diadehonor", {"players": "3v3"}),
    ("tactics2gm", None),
)
BUDGET = 0.5  # CPU seconds a decision


def positions(name: str, options: dict[str, str] | None, count: int) -> list:
    """Decisions of a heuristic game (and of the next ones, seed by seed, until enough)."""
    game = wartable.get_game(name)
    scenario = game.scenarios()[0].id
    out: list = []
    seed = 0
    while len(out) < count:
        state = game.new_game(scenario, seed=seed, options=options or {})
        agents = {p: make_agent(game, "heuristic", derive_seed(seed, k)) for k, p in
                  enumerate(state.players)}  # fmt: skip
        asked = 0
        while not state.is_over and len(out) < count:
            p = state.current_players[0]
            if len(state.legal_actions(p)) > 1:
                asked += 1
                if asked % 7 == 0:
                    out.append((state.clone(), p))
            state.apply(p, agents[p].act(state, p))
        seed += 1
    return out


def hard_spec(name: str) -> str:
    """The game's hard level with its iteration cap lifted and a fixed CPU budget."""
    parts = [p for p in level(wartable.get_game(name), "hard").split(":")
             if not p.startswith(("iterations=", "seconds="))]  # fmt: skip
    return ":".join([*parts, f"seconds={BUDGET}"])


def iterations_per_second(name: str, options: dict[str, str] | None, count: int) -> float:
    game = wartable.get_game(name)
    rates = []
    for n, (state, player) in enumerate(positions(name, options, count)):
        agent = make_agent(game, hard_spec(name), derive_seed(11, n))
        began = time.thread_time()
        agent.act(state, player)
        rates.append(agent.last_iterations / (time.thread_time() - began))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name, options in CASES:
        rate = iterations_per_second(name, options, args.decisions)
        rows.append({"game": name, "options": options or {}, "iterations_per_s": rate,
                     "spec": hard_spec(name)})  # fmt: skip
        if not args.json:
            label = name + (f" {options}" if options else "")
            print(f"  {label:32s} {rate:8.1f} iterations/s  ({hard_spec(name)})", flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
