"""Fit a scenario's estimate to who wins: the value the search scores play-outs by.

Usage: python tools/fit_estimate.py SCENARIO [SCENARIO ...] [--game G] [--games N]
       [--seed S] [--workers W] [--write]

It plays ``--games`` heuristic games of the scenario (the heuristic in every seat), takes
the position at the start of every turn, and fits a logistic model of "the first side
wins" over the facts of the game's ``outlook.py`` (L2-regularised, by Newton's method, with
numpy from the dev extra). It fits on four games in five first and prints the Brier score on
the fifth it held out, beside the scenario's present estimate and beside always saying the
overall rate; then it fits on every game and, with ``--write``, puts the weights where the
game keeps them (``house`` provenance), replacing those there: Undaunted, 2GM Tactics and
Día de Honor in their ``data/estimates.yaml``, Combat! in its library's ``estimates.yaml``.
Same scenario, games and seed: the same weights. Games: undaunted (the default), tactics2gm,
diadehonor, combat (solitaire: "the first side wins" is the squad's win, a narrow victory or
better).

    python tools/fit_estimate.py crossroads hill-203 la-raye rearguard --write
    python tools/fit_estimate.py --game tactics2gm pitched-battle kasserine-pass --write
    python tools/fit_estimate.py --game diadehonor crossroads hedgerow --games 2000 --write
    python tools/fit_estimate.py --game combat a-meeting-of-patrols attack-the-farmhouse --write
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import yaml

import wartable
from wartable.agents.registry import make_agent
from wartable.content.estimates import Facts
from wartable.core.rng import derive_seed
from wartable.games.combat import estimates as combat_estimates
from wartable.games.combat import outlook as combat_outlook
from wartable.games.diadehonor import estimates as diadehonor_estimates
from wartable.games.diadehonor import outlook as diadehonor_outlook
from wartable.games.tactics2gm import estimates as tactics2gm_estimates
from wartable.games.tactics2gm import outlook as tactics2gm_outlook
from wartable.games.undaunted import estimates as undaunted_estimates
from wartable.games.undaunted.outlook import facts

HELD_OUT = 5  # every fifth game is held out to score the fit
RIDGE = 1.0  # L2 penalty on the standardised weights: enough to tame facts that move together


FACTS: dict[str, Callable[[Any], list[float]]] = {
    "undaunted": facts,
    "tactics2gm": tactics2gm_outlook.facts,
    "diadehonor": diadehonor_outlook.facts,
    "combat": combat_outlook.facts,
}


def play(task: tuple[str, str, int]) -> tuple[list[list[float]], list[float], float]:
    """One heuristic game: the facts at each turn's start, the present estimate there, and
    1 if the first side won (0 if not)."""
    game_name, scenario, seed = task
    game = wartable.get_game(game_name)
    facts_of = FACTS[game_name]
    state = game.new_game(scenario, seed=seed)
    first = state.players[0]
    agents = {
        p: make_agent(game, "heuristic", derive_seed(seed, n + 1))
        for n, p in enumerate(state.players)
    }
    rows: list[list[float]] = []
    present: list[float] = []
    alone = len(state.players) == 1  # a solitaire game's turns end with its rounds
    last: object = None
    while not state.is_over:
        p = state.current_players[0]
        turn = (p, state.rounds_played()) if alone else p
        if turn != last:  # a new turn: where a search's play-outs stop and ask the estimate
            rows.append(facts_of(state))
            present.append(state.estimate(first) or 0.0)
        state.apply(p, agents[p].act(state, p))
        last = turn
    assert state.outcome is not None
    winner = state.outcome.winner
    won = winner is not None and state.team_of(winner) == state.team_of(first)
    return rows, present, 1.0 if won else 0.0


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Bias and weights (in the facts' own units) of the ridge logistic fit."""
    mean, spread = x.mean(0), x.std(0)
    spread[spread == 0] = 1.0  # a fact that never moves gets no weight
    z = np.c_[np.ones(len(x)), (x - mean) / spread]
    penalty = RIDGE * np.diag(np.r_[0.0, np.ones(z.shape[1] - 1)])
    w = np.zeros(z.shape[1])
    for _ in range(100):
        p = 1 / (1 + np.exp(-z @ w))
        gradient = z.T @ (p - y) + penalty @ w
        hessian = (z * (p * (1 - p))[:, None]).T @ z + penalty
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    weights = w[1:] / spread
    return np.r_[w[0] - weights @ mean, weights]


def chance(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-(w[0] + x @ w[1:])))


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((p - y) ** 2))


def number(v: float) -> str:
    """A weight as YAML reads a float back (never ``1e-05``, which it reads as text)."""
    text = f"{v:.6f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


@dataclass(frozen=True)
class Table:
    """A game that keeps every scenario's weights in one file (``data/estimates.yaml``)."""

    estimates: ModuleType  # the game's estimates module: its ESTIMATES path and FACTS
    outlook: str  # where its facts are defined, for the file's heading
    wins: str  # what the log-odds are of

    def head(self) -> str:
        return (
            f"# The search's estimate for each scenario ({self.outlook}): the\n"
            f"# log-odds that {self.wins} are the bias plus each fact times its weight.\n"
            "# Written by tools/fit_estimate.py --write; each note says how it was fitted.\n"
            "provenance: house\n\nestimates:"
        )


TABLES = {
    "undaunted": Table(undaunted_estimates, "wartable/games/undaunted/outlook.py", "us wins"),
    "tactics2gm": Table(
        tactics2gm_estimates, "wartable/games/tactics2gm/outlook.py", "the allies win"
    ),
    "diadehonor": Table(
        diadehonor_estimates, "wartable/games/diadehonor/outlook.py", "the axis wins"
    ),
    "combat": Table(combat_estimates, "wartable/games/combat/outlook.py", "the squad wins"),
}


def table_entry(w: np.ndarray, note: str, facts: Facts) -> dict[str, Any]:
    """One scenario's weights, named, in the shape of ``data/estimates.yaml``."""
    values = iter(float(v) for v in w[1:])
    return {
        "note": note,
        "bias": float(w[0]),
        "shared": {n: next(values) for n in facts.shared},
        "sides": {side: {n: next(values) for n in facts.per_side} for side in facts.sides},
    }


def write_table(path: Path, order: list[str], key: str, entry: dict[str, Any], head: str) -> None:
    """Put ``entry`` in ``path``'s table under ``key``, keeping the other scenarios' entries,
    in the game's order of scenarios."""
    table = {}
    if path.exists():
        table = yaml.safe_load(path.read_text(encoding="utf-8")).get("estimates") or {}
    table[key] = entry
    lines = [head]
    for name in sorted(table, key=lambda n: order.index(n) if n in order else len(order)):
        e = table[name]
        lines += [
            f"  {name}:",
            f"    note: {json.dumps(e['note'])}",
            f"    bias: {number(e['bias'])}",
        ]
        lines.append("    shared:")
        lines += [f"      {n}: {number(v)}" for n, v in e["shared"].items()]
        lines.append("    sides:")
        for side, weights in e["sides"].items():
            lines.append(f"      {side}:")
            lines += [f"        {n}: {number(v)}" for n, v in weights.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def save(
    game_name: str, name: str, w: np.ndarray, games: int, seed: int, held: float, flat: float
) -> Path:
    """Write the weights where the game keeps them; the file written."""
    game = wartable.get_game(game_name)
    note = (
        f"fitted to {games} heuristic games (seed {seed}); Brier score on held-out games "
        f"{held:.3f}, against {flat:.3f} for always saying the overall rate"
    )
    table = TABLES[game_name]
    path = table.estimates.ESTIMATES
    entry = table_entry(w, note, table.estimates.FACTS)
    write_table(path, [s.id for s in game.scenarios()], name, entry, table.head())
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenarios", nargs="+")
    parser.add_argument("--game", choices=sorted(FACTS), default="undaunted")
    parser.add_argument("--games", type=int, default=2000)  # the shipped weights' count
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write the weights into the file")
    args = parser.parse_args(argv)
    if args.games < 2 * HELD_OUT or args.workers < 1:
        parser.error(f"--games must be at least {2 * HELD_OUT} and --workers at least 1")
    game = wartable.get_game(args.game)
    known = [s.id for s in game.scenarios()]
    for name in args.scenarios:
        if name not in known:
            parser.error(f"{args.game} has no scenario {name!r}: one of {', '.join(known)}")
    ctx = multiprocessing.get_context("fork")
    for name in args.scenarios:
        tasks = [(args.game, name, derive_seed(args.seed, i)) for i in range(args.games)]
        x, present, y, held, wins = [], [], [], [], 0.0
        with ctx.Pool(args.workers) as pool:
            for i, (rows, now, won) in enumerate(pool.imap(play, tasks, chunksize=4)):
                x += rows
                present += now
                y += [won] * len(rows)
                held += [i % HELD_OUT == 0] * len(rows)
                wins += won
                print(f"\r{name}: game {i + 1}/{args.games}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        xs, ys, out = np.array(x), np.array(y), np.array(held)
        w = fit(xs[~out], ys[~out])
        rate = ys[~out].mean()
        held_brier = brier(chance(w, xs[out]), ys[out])
        flat = brier(np.full(out.sum(), rate), ys[out])
        now_brier = brier((np.array(present)[out] + 1) / 2, ys[out])
        print(
            f"{name}: {len(ys)} positions from {args.games} games, the first side won "
            f"{wins / args.games:.1%} of the games. "
            f"Brier on held-out games: fitted {held_brier:.3f}, present estimate "
            f"{now_brier:.3f}, always {rate:.2f} {flat:.3f}"
        )
        if args.write:
            path = save(args.game, name, fit(xs, ys), args.games, args.seed, held_brier, flat)
            print(f"  written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
