"""How strong is an agent against another: a match on paired deals, with decision times.

Usage: python bench/match.py GAME SCENARIO AGENT [OPPONENT] [--deals N] [--seed S]
       [--workers W] [--record FILE] [--json]

Every deal is played twice, the agent in each seat, from the same game seed: what the deal
favours cancels out, and the result says how the agent fares, with a 95% interval, overall
and per seat. In a solitaire game both agents play each deal alone and the agent takes the
pair when it wins where the other loses, a half when both win or both lose; it says too how
many games each won alone and its points a game (the outcome's scores). It also times
each of the agent's real choices (more than one legal action): mean, 95th percentile and
worst, in seconds of this machine under the load it was under (given beside the figures).

    python bench/match.py undaunted crossroads ismcts:seconds=2 heuristic --deals 100

``--record FILE`` appends each deal to FILE (a JSON line) as soon as it is played, and plays
only the deals FILE does not hold yet for the same match: a long match can be stopped and
taken up again (with more workers, or more deals), and the summary covers every deal
recorded below ``--deals``. The times of deals played on another run are timed under that
run's load. A match is known by its game, scenario, agents and seed, not by the code that
played it: start a new file when the code has changed what an agent does. bench/tally.py
adds up the deals of several files (the seeds of one match).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import wartable
from wartable.agents.registry import check_agent, make_agent
from wartable.core.rng import derive_seed
from wartable.sim.stats import wilson_interval
from wartable.sim.study import drop_torn_row


def play(game_name: str, scenario: str, seats: dict[str, str], seed: int, timed: str) -> dict:
    """One game; the choices of every seat played by ``timed`` are timed."""
    game = wartable.get_game(game_name)
    state = game.new_game(scenario, seed=seed)
    agents = {
        p: make_agent(game, seats[p], derive_seed(seed, n + 1)) for n, p in enumerate(state.players)
    }
    times: list[float] = []
    while not state.is_over:
        p = state.current_players[0]
        choice = len(state.legal_actions(p)) > 1
        start = time.perf_counter()
        action = agents[p].act(state, p)
        if choice and seats[p] == timed:
            times.append(time.perf_counter() - start)
        state.apply(p, action)
    assert state.outcome is not None
    winner = state.outcome.winner
    return {
        "winner": None if winner is None else state.team_of(winner),
        "points": sum(state.outcome.scores.values()),
        "times": times,
    }


def deal(args: tuple[str, str, str, str, int, int]) -> dict[str, Any]:
    """Both games of deal ``i``: the agent in each seat (solitaire: each agent alone)."""
    game_name, scenario, agent, other, seed, i = args
    game = wartable.get_game(game_name)
    first = game.new_game(scenario, seed=0)  # the seats and their sides, read once
    players = first.players
    game_seed = derive_seed(seed, i)
    games = []
    if len(players) == 1:
        for who in (agent, other):
            games.append(play(game_name, scenario, {players[0]: who}, game_seed, agent))
        won = [g["winner"] is not None for g in games]
        score = 1.0 if won[0] > won[1] else 0.0 if won[0] < won[1] else 0.5
        alone = {"won": won, "points": [g["points"] for g in games]}
        return {
            "score": score,
            "seats": {players[0]: score},
            "times": games[0]["times"],
            "alone": alone,
        }
    sides = list(dict.fromkeys(first.team_of(p) for p in players))
    seats: dict[str, float] = {}
    times: list[float] = []
    for side in sides:  # the agent plays every seat of one side
        line_up = {p: agent if first.team_of(p) == side else other for p in players}
        g = play(game_name, scenario, line_up, game_seed, agent)
        seats[side] = 1.0 if g["winner"] == side else 0.5 if g["winner"] is None else 0.0
        times += g["times"]
    return {"score": sum(seats.values()) / len(seats), "seats": seats, "times": times}


def recorded(path: str, match: list[Any]) -> dict[int, dict[str, Any]]:
    """The deals of this match that ``path`` already holds (none where it does not exist)."""
    if not os.path.exists(path):
        return {}
    drop_torn_row(Path(path))  # a run killed while writing leaves half a line: play it again
    with open(path) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return {r.pop("deal"): r for r in rows if r.pop("match") == match}


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results)
    points = sum(r["score"] for r in results)
    games = sum(len(r["seats"]) for r in results)
    won = sum(sum(r["seats"].values()) for r in results)
    per_seat = {}
    for seat in results[0]["seats"]:
        w = sum(r["seats"][seat] for r in results)
        per_seat[seat] = {"score": w / n, "ci95": list(wilson_interval(w, n))}
    times = sorted(t for r in results for t in r["times"])
    alone = {}
    if "alone" in results[0]:  # solitaire: how each agent fared on its own
        wins = [r["alone"]["won"] for r in results]
        scored = [r["alone"]["points"] for r in results]
        alone["alone"] = {
            "agent_won": sum(w[0] for w in wins),
            "other_won": sum(w[1] for w in wins),
            "agent_points_total": sum(p[0] for p in scored),
            "other_points_total": sum(p[1] for p in scored),
        }
    return alone | {
        "deals": n,
        "games": games,
        "score": won / games,
        "ci95": list(wilson_interval(won, games)),
        "deal_score": points / n,
        "per_seat": per_seat,
        "decisions": len(times),
        "seconds_mean": sum(times) / len(times) if times else 0.0,
        "seconds_p95": times[int(0.95 * (len(times) - 1))] if times else 0.0,
        "seconds_max": times[-1] if times else 0.0,
    }


def report(out: dict[str, Any]) -> list[str]:
    """A summary in words: the score with its interval, per seat, alone, the times."""
    lo, hi = out["ci95"]
    n = out["deals"]
    unit = "deal pairs" if len(out["per_seat"]) == 1 else "games"  # solitaire: paired deals
    lines = [
        f"{out['agent']} v {out['opponent']}, {out['game']} {out['scenario']}: "
        f"{out['score']:.1%} of {out['games']} {unit} (95% CI {lo:.1%}-{hi:.1%})"
    ]
    for seat, s in out["per_seat"].items():
        lines.append(f"  as {seat}: {s['score'] * n:g} of {n} ({s['score']:.1%})")
    if "alone" in out:  # solitaire: how each agent fared on its own
        a = out["alone"]
        lines.append(
            f"  alone: the agent won {a['agent_won']:g} of {n} "
            f"({a['agent_points_total'] / n:.2f} points a game), the other "
            f"{a['other_won']:g} ({a['other_points_total'] / n:.2f} points a game)"
        )
    lines.append(
        f"  decisions {out['decisions']}: mean {out['seconds_mean']:.3f} s, "
        f"95th percentile {out['seconds_p95']:.3f} s, worst {out['seconds_max']:.3f} s"
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("scenario")
    parser.add_argument("agent")
    parser.add_argument("opponent", nargs="?", default="heuristic")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--record", metavar="FILE")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    game = wartable.get_game(args.game)
    for spec in (args.agent, args.opponent):
        check_agent(game, spec)
    match = [args.game, args.scenario, args.agent, args.opponent, args.seed]
    played = recorded(args.record, match) if args.record else {}
    jobs = [(*match, i) for i in range(args.deals) if i not in played]
    start = time.perf_counter()
    load = os.getloadavg()[0]
    results = {i: r for i, r in played.items() if i < args.deals}
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=args.workers, mp_context=ctx) as pool:
        running = {pool.submit(deal, job): job[-1] for job in jobs}
        try:
            for done in as_completed(running):
                i = running[done]
                results[i] = done.result()
                if args.record:
                    row = {"match": match, "deal": i} | results[i]
                    row["times"] = [round(t, 4) for t in row["times"]]  # 0.1 ms is plenty
                    with open(args.record, "a") as f:
                        f.write(json.dumps(row) + "\n")
                print(f"\rdeal {len(results)}/{args.deals}", end="", file=sys.stderr, flush=True)
        except BaseException:  # a deal failed or the run was stopped: play no more
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    print(file=sys.stderr)
    out = summary([results[i] for i in sorted(results)])
    out |= {
        "game": args.game,
        "scenario": args.scenario,
        "agent": args.agent,
        "opponent": args.opponent,
        "seed": args.seed,
        "workers": args.workers,
        "load_before": round(load, 2),
        "wall_seconds": round(time.perf_counter() - start, 1),
    }
    if args.json:
        print(json.dumps(out))
        return 0
    print("\n".join(report(out)))
    print(f"  ({args.workers} workers, load {load:.1f} before, {out['wall_seconds']} s in all)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
