"""Play many games between named agents, in parallel, reproducibly.

Game ``i`` of a batch with seed ``s`` uses ``derive_seed(s, i)`` for the game and
``derive_seed(s, i, seat + 1)`` for each seat's agent, so results do not depend on the
number of workers or the order in which workers finish.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from wartable.agents.registry import make_agent
from wartable.core.errors import ArgumentError
from wartable.core.registry import get_game
from wartable.core.rng import derive_seed
from wartable.core.state import GameState
from wartable.sim.stats import wilson_interval


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    seed: int
    winner: str | None
    reason: str
    rounds: int
    actions: int
    scores: Mapping[str, float] = field(default_factory=dict)
    kind: str = ""
    stats: Mapping[str, float] = field(default_factory=dict)


def play_game(
    game_name: str,
    scenario: str | None,
    agents: Sequence[str],
    seed: int,
    index: int = 0,
    options: Mapping[str, Any] | None = None,
) -> GameResult:
    game = get_game(game_name)
    game_seed = derive_seed(seed, index)
    state = game.new_game(scenario, seed=game_seed, options=options)
    seats = {
        p: make_agent(game, name, derive_seed(seed, index, n + 1))
        for n, (p, name) in enumerate(zip(state.players, agents, strict=True))
    }
    while not state.is_over:
        player = state.current_players[0]
        state.apply(player, seats[player].act(state, player))
    outcome = state.outcome
    assert outcome is not None
    rounds = state.rounds_played()
    return GameResult(
        index,
        game_seed,
        outcome.winner,
        outcome.reason,
        rounds,
        state.action_count,
        dict(outcome.scores),
        outcome.kind or outcome.reason,
        dict(outcome.stats),
    )


def _play_chunk(
    args: tuple[str, str | None, tuple[str, ...], int, list[int], dict[str, Any]],
) -> list[GameResult]:
    game_name, scenario, agents, seed, indices, options = args
    return [play_game(game_name, scenario, agents, seed, i, options) for i in indices]


@dataclass
class BatchResult:
    game: str
    scenario: str | None
    players: tuple[str, ...]
    agents: tuple[str, ...]
    seed: int
    results: list[GameResult]
    seconds: float
    teams: dict[str, str] = field(default_factory=dict)  # seat -> side, where seats share one

    def sides(self) -> dict[str, Any] | None:
        """Wins by side, for games whose seats play in sides; None where each seat is one."""
        if not self.teams or len(set(self.teams.values())) == len(self.teams):
            return None
        return sides_summary(
            self.results, self.teams, dict(zip(self.players, self.agents, strict=True))
        )

    def summary(self) -> dict[str, Any]:
        n = len(self.results)
        wins = Counter(r.winner for r in self.results)
        draws = wins.pop(None, 0)
        rounds = [r.rounds for r in self.results]
        reasons = Counter(r.kind for r in self.results)
        return {
            "game": self.game,
            "scenario": self.scenario,
            "agents": dict(zip(self.players, self.agents, strict=True)),
            "seed": self.seed,
            "games": n,
            "wins": {p: wins.get(p, 0) for p in self.players},
            "win_rate": {
                p: {
                    "rate": wins.get(p, 0) / n if n else 0.0,
                    "ci95": list(wilson_interval(wins.get(p, 0), n)),
                }
                for p in self.players
            },
            "draws": draws,
            "sides": self.sides(),
            "mean_scores": {
                p: sum(r.scores.get(p, 0.0) for r in self.results) / n if n else 0.0
                for p in self.players
            },
            "rounds": {
                "name": get_game(self.game).info.round_name,
                "mean": sum(rounds) / n if n else 0.0,
                "max": max(rounds, default=0),
            },
            "actions": {"mean": sum(r.actions for r in self.results) / n if n else 0.0},
            "reasons": dict(reasons.most_common()),
            "reason_rates": {
                k: {"rate": v / n, "ci95": list(wilson_interval(v, n))}
                for k, v in reasons.most_common()
            },
            "stats": {
                key: sum(r.stats.get(key, 0.0) for r in self.results) / n
                for key in sorted({k for r in self.results for k in r.stats})
            },
            "seconds": round(self.seconds, 3),
            "games_per_second": round(n / self.seconds, 2) if self.seconds > 0 else None,
        }


def sides_summary(
    results: Sequence[GameResult], teams: Mapping[str, str], agents: Mapping[str, str]
) -> dict[str, Any]:
    """Wins by side, where a side has several seats (they win or lose together)."""
    n = len(results)
    wins = Counter(teams[r.winner] for r in results if r.winner is not None)
    out: dict[str, Any] = {}
    for side in dict.fromkeys(teams.values()):
        seats = [p for p, t in teams.items() if t == side]
        out[side] = {
            "seats": seats,
            "agents": sorted({agents[p] for p in seats}),
            "wins": wins.get(side, 0),
            "rate": wins.get(side, 0) / n if n else 0.0,
            "ci95": list(wilson_interval(wins.get(side, 0), n)),
        }
    return out


def default_workers() -> int:
    return max(
        1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    )


def seat_agents(state: GameState, agents: Sequence[str]) -> list[str]:
    """The agent of each seat: one name a seat, or one a side for every seat of it (a game
    whose seats play in sides); any other count is an ArgumentError saying which fit."""
    players = state.players
    teams = [state.team_of(p) for p in players]
    sides = list(dict.fromkeys(teams))
    if len(agents) == len(sides) < len(players):
        return [agents[sides.index(t)] for t in teams]
    if len(agents) != len(players):
        one_a_side = f", or one a side ({', '.join(sides)})" if len(sides) < len(players) else ""
        raise ArgumentError(
            f"needs {len(players)} names, one per seat ({', '.join(players)}){one_a_side}; "
            f"got {len(agents)}"
        )
    return list(agents)


def run_batch(
    game_name: str,
    scenario: str | None,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> BatchResult:
    """Play ``games`` games; ``progress(n)`` is called as each batch of ``n`` games finishes."""
    game = get_game(game_name)
    sc = game.scenarios()[0].id if scenario is None else scenario
    opts = game.check_options(options)  # a bad option fails here, not in every worker
    first = game.new_game(sc, seed=0, options=opts)
    players = first.players
    teams = {p: first.team_of(p) for p in players}
    agents = seat_agents(first, agents)
    for name in agents:
        make_agent(game, name)  # fail early on an unknown agent name
    workers = default_workers() if workers is None else max(1, workers)
    start = time.perf_counter()
    results: list[GameResult] = []
    if workers == 1 or games < 4:
        for i in range(games):
            results.append(play_game(game_name, sc, agents, seed, i, opts))
            if progress:
                progress(1)
    else:
        size = max(1, min(25, games // (workers * 8) or 1))
        chunks = [list(range(i, min(i + size, games))) for i in range(0, games, size)]
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            futures = [
                pool.submit(_play_chunk, (game_name, sc, tuple(agents), seed, c, opts))
                for c in chunks
            ]
            for fut in as_completed(futures):
                chunk = fut.result()
                results.extend(chunk)
                if progress:
                    progress(len(chunk))
    results.sort(key=lambda r: r.index)
    return BatchResult(
        game_name,
        sc,
        tuple(players),
        tuple(agents),
        seed,
        results,
        time.perf_counter() - start,
        teams,
    )
