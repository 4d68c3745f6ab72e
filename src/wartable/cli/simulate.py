"""Running a study for ``wartable simulate``: in memory, or streamed to a study folder
that survives an interruption, on local processes or on Ray; then its figures."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from wartable.cli.common import console, usage
from wartable.core.errors import ArgumentError, said_by
from wartable.core.game import Game
from wartable.core.words import say
from wartable.sim import backends
from wartable.sim.runner import Plan, default_workers
from wartable.sim.study import SPEC_FILE, StudySpec, StudyWriter, load_spec, read_results
from wartable.sim.tally import Tally


def stored(out: Path | None, resume: bool) -> StudySpec | None:
    """The study ``--resume`` goes on with; its settings fill in what the command omits."""
    if not resume:
        return None
    if out is None:
        usage("--resume", say("needs --out, the study's folder"))
    return load_spec(out) if (out / SPEC_FILE).exists() else None


@contextlib.contextmanager
def progress_bar(total: int, done: int) -> Iterator[Callable[[int], None]]:
    """A bar on a terminal (stderr); nothing where the output goes to a file or a pipe."""
    err = Console(stderr=True)
    if not err.is_terminal:
        yield lambda n: None
        return
    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task("games", total=total, completed=done)
        yield lambda n: bar.advance(task, n)


def run(
    g: Game,
    p: Plan,
    games: int,
    workers: int | None,
    backend: str,
    address: str | None,
    out: Path | None,
    resume: bool,
) -> dict[str, Any]:
    """Play the study and return its summary. With ``out`` every game is written as it
    finishes and the summary is read back from the folder (all its games, earlier sittings
    included); without, games are tallied and forgotten. Either way memory stays flat."""
    workers = default_workers() if workers is None else workers
    writer = None
    if out is not None:
        spec = StudySpec(
            g.info.name,
            p.job.scenario,
            p.agents,
            p.job.seed,
            games,
            p.job.options,
            p.teams,
            p.round_name,
            places={k: list(v) for k, v in g.places(p.job.scenario).items()},
        )
        try:
            writer = StudyWriter(out, spec, resume)
        except ArgumentError as exc:
            usage("--out", said_by(exc))
    done = writer.done if writer else 0
    tally = Tally(p.players, p.teams)
    start = time.perf_counter()
    played = 0
    try:
        with progress_bar(games, done) as advance:
            for chunk in backends.play(p.job, range(done, games), workers, backend, address):
                if writer:
                    writer.write(chunk)
                else:
                    tally.extend(chunk)
                played += len(chunk)
                advance(len(chunk))
    except KeyboardInterrupt:
        if writer is None:
            raise
        writer.close(backend, workers, played, time.perf_counter() - start)
        Console(stderr=True, highlight=False).print(
            f"stopped after {writer.done} of {games} games; they are kept in {out}: "
            "run the same command with --resume to go on"
        )
        raise
    seconds = time.perf_counter() - start
    if writer is not None and out is not None:
        writer.close(backend, workers, played, seconds)
        tally.extend(read_results(out))
    summary = tally.summary(
        g.info.name, p.job.scenario, p.agents, p.job.seed, p.round_name, seconds
    )
    summary["played"] = played  # this sitting; "games" counts the whole study
    summary["games_per_second"] = round(played / seconds, 2) if seconds > 0 and played else None
    return summary


def print_summary(g: Game, summary: dict[str, Any]) -> None:
    out = console()
    seats = list(summary["agents"])
    out.print(
        f"{g.info.title}, {summary['scenario']}: {summary['games']} games, seed {summary['seed']}"
    )
    table = Table("seat", "agent", "wins", "win rate", "95% CI", box=None)
    for p in seats:
        wr = summary["win_rate"][p]
        table.add_row(
            p,
            summary["agents"][p],
            str(summary["wins"][p]),
            f"{wr['rate']:.1%}",
            f"{wr['ci95'][0]:.1%} – {wr['ci95'][1]:.1%}",
        )
    if not summary["sides"]:  # where seats play in sides, a side wins, not a seat
        out.print(table)
    else:
        by_side = Table("side", "seats", "agents", "wins", "win rate", "95% CI", box=None)
        for side, row in summary["sides"].items():
            by_side.add_row(
                side,
                ", ".join(row["seats"]),
                ", ".join(row["agents"]),
                str(row["wins"]),
                f"{row['rate']:.1%}",
                f"{row['ci95'][0]:.1%} – {row['ci95'][1]:.1%}",
            )
        out.print(by_side)
    out.print(
        f"{'not won' if len(seats) == 1 else 'draws'} {summary['draws']}; "
        f"{summary['rounds']['name']}s mean {summary['rounds']['mean']:.1f}, "
        f"max {summary['rounds']['max']}; actions mean {summary['actions']['mean']:.0f}"
    )
    rates = summary["reason_rates"]
    out.print(
        "endings: "
        + ", ".join(
            f"{k} {v} ({rates[k]['ci95'][0]:.0%}-{rates[k]['ci95'][1]:.0%})"
            for k, v in summary["reasons"].items()
        )
    )
    if summary["stats"]:
        means = ", ".join(f"{k.replace('_', ' ')} {v:.2f}" for k, v in summary["stats"].items())
        out.print(f"per game: {means}")
    if summary["played"]:
        out.print(
            f"{summary['games_per_second']} games/s: {summary['played']} games "
            f"in {summary['seconds']} s"
        )
    else:
        out.print("no games left to play: the study was complete")
