"""Combat! line-of-sight throughput on the Farmhouse map, one core.

Usage: python bench/combat.py [--seconds S]

Prints: explained checks (line_of_sight, with reasons), first-time answers of the fast
table, repeated answers of the fast table (the common case in play: soldiers occupy few
hexes and ask again every impulse), and the time to fill the table for every pair.
The issue's aim is 1,000,000 checks per second; a plain Python line walk does ~400k/s.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path
from random import Random

from wartable.content.loader import validate
from wartable.games.combat.board import Board
from wartable.games.combat.content import TerrainFile, load_map
from wartable.games.combat.los import line_of_sight
from wartable.games.combat.sight import SightTable

DATA = Path(__file__).resolve().parents[1] / "src" / "wartable" / "data" / "combat"


def farmhouse() -> Board:
    table = validate(DATA / "terrain.yaml", TerrainFile).model
    return Board(load_map(DATA / "maps" / "farmhouse.yaml", table).model, table)


def rate(fn, pairs, seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn(pairs)
        done += len(pairs)
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    board = farmhouse()
    n = len(board.hexes)
    rng = random.Random(1)

    hexes = board.hexes
    explained_pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(2000)]

    def explained(pairs):
        for a, b in pairs:
            line_of_sight(board, a, b)

    explained(explained_pairs)  # lines by offset computed once
    r_explained = rate(explained, explained_pairs, args.seconds)

    table = SightTable(board)
    cold_pairs = [(rng.randrange(n), rng.randrange(n)) for _ in range(20_000)]
    start = time.perf_counter()
    for a, b in cold_pairs:
        table.sees(a, b)
    r_cold = len(cold_pairs) / (time.perf_counter() - start)

    occupied = rng.sample(range(n), 40)
    warm_pairs = [(a, b) for a in occupied for b in occupied] * 25
    sees = table.sees

    def warm(pairs):
        for a, b in pairs:
            sees(a, b)

    warm(warm_pairs)
    r_warm = rate(warm, warm_pairs, args.seconds)

    full = SightTable(board)
    start = time.perf_counter()
    for a in range(n):
        for b in range(a, n):
            full.sees(a, b)
    t_full = time.perf_counter() - start

    print(f"Combat! line of sight, Farmhouse map ({n} hexes), one core")
    print(f"  explained (line_of_sight, with reasons): {r_explained:>12,.0f} checks/s")
    print(f"  fast table, first answers:               {r_cold:>12,.0f} checks/s")
    print(f"  fast table, repeated answers:            {r_warm:>12,.0f} checks/s (aim 1,000,000)")
    print(f"  fill the table for all {n * (n + 1) // 2:,} pairs:     {t_full:>12.1f} s")
    game_figures(args.seconds)


def game_figures(seconds: float) -> None:
    """Random play of the registered game: actions and games per second, clone() time."""
    import wartable

    game = wartable.get_game("combat")
    for scenario in ("a-meeting-of-patrols", "attack-the-farmhouse"):
        rng = Random(5)
        steps = games = seed = 0
        mids = []
        state = game.new_game(scenario, seed=seed)
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            if state.is_over:
                games += 1
                seed += 1
                state = game.new_game(scenario, seed=seed)
            state.apply("us", rng.choice(state.legal_actions("us")))
            steps += 1
            if steps % 97 == 0 and len(mids) < 200:
                mids.append(state.clone())
        elapsed = time.perf_counter() - start
        t0 = time.perf_counter()
        for _ in range(20):
            for m in mids:
                m.clone()
        clone_us = (time.perf_counter() - t0) / (20 * max(1, len(mids))) * 1e6
        print(
            f"  {scenario}: random play {steps / elapsed:,.0f} actions/s, "
            f"{games / elapsed:.2f} games/s, clone() {clone_us:.1f} us"
        )


if __name__ == "__main__":
    main()
