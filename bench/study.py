"""How fast studies run and how much memory they hold: local processes against Ray.

Usage: python bench/study.py [--game G] [--scenario S] [--agents A,B] [--games N]
       [--memory-games M] [--plot PNG] [--json]

1. Throughput: the same N games on 1 local process, on 2, and on a Ray instance started
   here with 2 CPUs (its start-up timed apart). Ray's overhead per game is its time past the
   2-process run's, divided by N. Every run's games must be the same, or the bench fails.
2. Memory: a streamed study of M games written to a study folder, as `wartable simulate
   --out` does. The resident memory of this process and of its workers is sampled as it
   runs; it should stay flat however large M is. --plot draws it.

    python bench/study.py --games 2000 --memory-games 100000 --plot memory.png
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from wartable.sim import backends
from wartable.sim.runner import GameResult, Plan, plan
from wartable.sim.study import StudySpec, StudyWriter

PAGE = os.sysconf("SC_PAGE_SIZE")


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * PAGE / 2**20
    except OSError:
        return 0.0


def children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            out += [int(c) for c in (task / "children").read_text().split()]
    return out


def timed(p: Plan, n: int, workers: int, backend: str) -> tuple[float, list[GameResult]]:
    start = time.perf_counter()
    games = [r for c in backends.play(p.job, range(n), workers, backend) for r in c]
    return time.perf_counter() - start, games


def throughput(p: Plan, n: int) -> dict[str, Any]:
    one, want = timed(p, n, 1, "local")
    two, got = timed(p, n, 2, "local")
    assert got == want, "2 processes played other games than 1"
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    boot = time.perf_counter() - start
    try:
        on_ray, got = timed(p, n, 2, "ray")
    finally:
        ray.shutdown()
    assert got == want, "Ray played other games than the local processes"
    return {
        "games": n,
        "local_1_games_per_s": round(n / one, 1),
        "local_2_games_per_s": round(n / two, 1),
        "ray_2_games_per_s": round(n / on_ray, 1),
        "ray_start_s": round(boot, 2),
        "ray_overhead_ms_per_game": round(1000 * (on_ray - two) / n, 3),
    }


def memory(p: Plan, n: int, folder: Path) -> dict[str, Any]:
    spec = StudySpec(
        p.job.game, p.job.scenario, p.agents, p.job.seed, n, p.job.options, p.teams,
        p.round_name,
    )  # fmt: skip
    writer = StudyWriter(folder, spec, resume=False)
    me = os.getpid()
    samples: list[tuple[int, float, float]] = []  # games done, parent MB, workers' MB
    start = time.perf_counter()
    step = max(1, n // 200)
    for chunk in backends.play(p.job, range(n), 2):
        writer.write(chunk)
        if writer.done // step != (writer.done - len(chunk)) // step or writer.done == n:
            samples.append((writer.done, rss_mb(me), sum(rss_mb(c) for c in children(me))))
            if len(samples) % 20 == 0:
                print(f"  {writer.done}/{n} games, {samples[-1][1]:.0f} MB", flush=True)
    seconds = time.perf_counter() - start
    writer.close("local", 2, n, seconds)
    tenth = next(s for s in samples if s[0] >= n // 10)
    return {
        "games": n,
        "seconds": round(seconds, 1),
        "games_per_s": round(n / seconds, 1),
        "parent_mb_at_10pct": round(tenth[1], 1),
        "parent_mb_at_end": round(samples[-1][1], 1),
        "parent_mb_peak": round(max(s[1] for s in samples), 1),
        "workers_mb_peak": round(max(s[2] for s in samples), 1),
        "csv_mb": round((folder / "games.csv").stat().st_size / 2**20, 1),
        "samples": samples,
    }


def draw(result: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    done, parent, workers = zip(*result["samples"], strict=True)
    fig, ax = plt.subplots(figsize=(7, 3.6))
    ax.plot(done, parent, label="the study's process", color="#3b5ba3")
    ax.plot(done, workers, label="its 2 workers together", color="#a33a3a")
    ax.set_xlabel("games played")
    ax.set_ylabel("resident memory (MB)")
    ax.set_ylim(0, max(max(parent), max(workers)) * 1.3)
    ax.set_title(f"memory over a {result['games']:,}-game study")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="undaunted")
    ap.add_argument("--scenario", default="la-raye")
    ap.add_argument("--agents", default="random,random")
    ap.add_argument("--games", type=int, default=2000, help="games for the throughput runs")
    ap.add_argument("--memory-games", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", type=Path, help="draw the memory samples into this PNG/SVG")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    p = plan(args.game, args.scenario, args.agents.split(","), args.seed)
    load = os.getloadavg()[0]
    speed = throughput(p, args.games) if args.games else {}
    if speed:
        print(json.dumps(speed), flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        mem = memory(p, args.memory_games, Path(tmp)) if args.memory_games else {}
    if args.plot and mem:
        draw(mem, args.plot)
    mem.pop("samples", None)
    out = {
        "study": f"{args.game} {args.scenario} {args.agents}",
        "cores": os.cpu_count(),
        "load_before": round(load, 2),
        "throughput": speed,
        "memory": mem,
    }
    print(json.dumps(out, indent=None if args.json else 1))


if __name__ == "__main__":
    main()
