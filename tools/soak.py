"""A long soak: random legal play of every game, scenario, line-up and option set, as long as
asked, on several processes; the first fault's case is written into tests/cases/ (where
tests/cases/test_cases.py keeps it as a test once the fault is fixed).

    python tools/soak.py --minutes 30 [--workers 2] [--seed 0] [GAME ...]

``make slow`` runs a short soak of each game (tests/conformance/test_soak.py); this is the
same soak for longer, each worker on its own seeds.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import wartable
from wartable.core.rng import derive_seed
from wartable.sim.soak import Report, soak

CASES = Path(__file__).resolve().parents[1] / "tests" / "cases"


def one(args: tuple[list[str], float, int]) -> Report:
    names, seconds, seed = args
    return soak(names, seconds, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games to soak (default: all)")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=CASES, help="where a fault's case goes")
    opts = parser.parse_args(argv)
    names = opts.games or wartable.game_names()
    unknown = sorted(set(names) - set(wartable.game_names()))
    if unknown or opts.minutes < 0 or opts.workers < 1:
        parser.error(f"unknown game(s) {', '.join(unknown)}" if unknown else "bad numbers")
    jobs = [(names, opts.minutes * 60, derive_seed(opts.seed, k)) for k in range(opts.workers)]
    with ProcessPoolExecutor(opts.workers) as pool:
        reports = list(pool.map(one, jobs))
    games = sum(r.games for r in reports)
    actions = sum(r.actions for r in reports)
    played = set().union(*(r.settings for r in reports))
    print(f"{games} games, {actions} actions over {len(played)} settings")
    faults = [r.fault for r in reports if r.fault is not None]
    for case in faults:
        name = f"{case['game']}-{case['scenario']}-{case['seed']}.json"
        opts.out.mkdir(parents=True, exist_ok=True)
        (opts.out / name).write_text(json.dumps(case, indent=1) + "\n")
        print(f"fault: {case['error']}\n  written to {opts.out / name}")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
