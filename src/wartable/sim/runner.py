"""Play many games between named agents, in parallel, reproducibly.

Game ``i`` of a batch with seed ``s`` uses ``derive_seed(s, i)`` for the game and
``derive_seed(s, i, seat + 1)`` for each seat's agent, so results do not depend on the
number of workers or the order in which workers finish.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from wartable.agents.registry import check_agent, make_agent
from wartable.core.errors import ArgumentError, InvariantError
from wartable.core.marks import INITIATIVE, Mark
from wartable.core.registry import get_game
from wartable.core.rng import check_seed, derive_seed
from wartable.core.state import GameState
from wartable.sim import backends
from wartable.sim.backends import Job
from wartable.sim.tally import Tally


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
    first: str | None = None  # the seat that took the first turn (see play_game)
    marks: tuple[Mark, ...] = ()  # what the game counts for a study (GameState.study_marks)


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
    first: str | None = None
    marks: list[Mark] = []
    together = False  # did the last step have several seats to act (a sealed bid)?
    while not state.is_over:
        movers = state.current_players
        player = movers[0]
        # the first turn: the first action one seat takes alone, the last of a sealed bid
        # (its other seats have chosen already) not counting
        if first is None and len(movers) == 1 and not together:
            first = player
        together = len(movers) > 1
        events = state.apply(player, seats[player].act(state, player))
        marks += state.study_marks(events)
    # a game that marks the initiative names its first player; else the rule above stands
    first = next((m.seat for m in marks if m.what == INITIATIVE), first)
    outcome = state.outcome
    if outcome is None:
        raise InvariantError("play_game: no outcome")
    return GameResult(
        index,
        game_seed,
        outcome.winner,
        outcome.reason,
        state.rounds_played(),
        state.action_count,
        dict(outcome.scores),
        outcome.kind or outcome.reason,
        dict(outcome.stats),
        first,
        tuple(marks),
    )


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

    def tally(self) -> Tally:
        return Tally(self.players, self.teams).extend(self.results)

    def sides(self) -> dict[str, Any] | None:
        """Wins by side, for games whose seats play in sides; None where each seat is one."""
        return self.tally().sides(dict(zip(self.players, self.agents, strict=True)))

    def summary(self) -> dict[str, Any]:
        return self.tally().summary(
            self.game,
            self.scenario,
            dict(zip(self.players, self.agents, strict=True)),
            self.seed,
            get_game(self.game).info.round_name,
            self.seconds,
        )


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


@dataclass(frozen=True, slots=True)
class Plan:
    """A study checked and ready to play: its job for the workers, and its seats."""

    job: Job
    players: tuple[str, ...]
    teams: dict[str, str]
    round_name: str

    @property
    def agents(self) -> dict[str, str]:
        return dict(zip(self.players, self.job.agents, strict=True))


def plan(
    game_name: str,
    scenario: str | None,
    agents: Sequence[str],
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> Plan:
    """Check a study before any game is played: a bad option, scenario, agent or count of
    agents fails here, once, not in every worker."""
    check_seed(seed, "the base seed")
    game = get_game(game_name)
    sc = game.scenarios()[0].id if scenario is None else scenario
    opts = game.check_options(options)
    first = game.new_game(sc, seed=0, options=opts)
    seated = seat_agents(first, agents)
    for name in seated:
        check_agent(game, name)
    return Plan(
        Job(game_name, sc, tuple(seated), seed, dict(opts)),
        tuple(first.players),
        {p: first.team_of(p) for p in first.players},
        game.info.round_name,
    )


def run_batch(
    game_name: str,
    scenario: str | None,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int | None = None,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> BatchResult:
    """Play ``games`` games and keep every result; ``progress(n)`` is called as each chunk
    of ``n`` games finishes. A study too large to keep in memory streams instead (see
    ``backends.play`` and ``study.StudyWriter``)."""
    p = plan(game_name, scenario, agents, seed, options)
    workers = default_workers() if workers is None else max(1, workers)
    start = time.perf_counter()
    results: list[GameResult] = []
    for chunk in backends.play(p.job, range(games), workers, backend, address):
        results.extend(chunk)
        if progress:
            progress(len(chunk))
    return BatchResult(
        game_name,
        p.job.scenario,
        p.players,
        p.job.agents,
        seed,
        results,
        time.perf_counter() - start,
        p.teams,
    )
