"""A study on disk: what was asked (study.json) and one CSV row per game (games.csv).

Rows are appended in game order as chunks finish and flushed each time, so a study that is
interrupted keeps every game it finished and goes on from the first missing one. The file
format is documented in docs/simulation.md; ``SCHEMA`` changes whenever it does.
"""

from __future__ import annotations

import csv
import dataclasses
import json
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import IO, Any

from wartable.core.errors import ArgumentError, InvariantError, RecordError, quote
from wartable.core.marks import Mark
from wartable.sim.runner import GameResult

SCHEMA = 1
SPEC_FILE = "study.json"
ROWS_FILE = "games.csv"
MARKS_FILE = "marks.csv"
FIXED = ("index", "seed", "winner", "side", "first", "kind", "reason", "rounds", "actions")
MARK_COLUMNS = ("index", "round", "seat", "what", "where")
# what must match for a study to go on: the games it already holds depend on all of these
SAME = ("game", "scenario", "agents", "seed", "options")


@dataclass
class StudySpec:
    game: str
    scenario: str
    agents: dict[str, str]  # seat -> agent, in seat order
    seed: int
    games: int  # how many the study is to have
    options: dict[str, Any] = field(default_factory=dict)
    teams: dict[str, str] = field(default_factory=dict)  # seat -> side
    round_name: str = "round"
    runs: list[dict[str, Any]] = field(default_factory=list)  # one entry per sitting
    places: dict[str, list[float]] = field(default_factory=dict)  # map place -> [x, y]

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "wartable": version(),
            "game": self.game,
            "scenario": self.scenario,
            "agents": self.agents,
            "seed": self.seed,
            "games": self.games,
            "options": self.options,
            "teams": self.teams,
            "round_name": self.round_name,
            "runs": self.runs,
            "places": self.places,
        }


def version() -> str:
    try:
        return metadata.version("wartable")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def load_spec(folder: Path) -> StudySpec:
    """The study in ``folder``, or a RecordError naming the file and what is wrong."""
    path = folder / SPEC_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise RecordError(f"{folder}: not a study (no {SPEC_FILE})") from exc
    except (OSError, ValueError) as exc:
        raise RecordError(f"{path}: cannot be read as JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a study is a JSON object")
    if data.get("schema") != SCHEMA:
        raise RecordError(
            f"{path}: schema {quote(data.get('schema'))}; this program reads schema {SCHEMA}"
        )
    kinds: dict[str, type | tuple[type, ...]] = {
        "game": str,
        "scenario": str,
        "agents": dict,
        "seed": int,
        "games": int,
        "options": dict,
        "teams": dict,
        "round_name": str,
        "runs": list,
        "places": dict,
    }
    for key, kind in kinds.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise RecordError(f"{path}: field {key!r} is {quote(data.get(key))}")
    return StudySpec(**{k: data[k] for k in kinds})


def columns(players: Sequence[str], stats: Sequence[str]) -> list[str]:
    return [*FIXED, *(f"score.{p}" for p in players), *(f"stat.{k}" for k in stats)]


def to_row(r: GameResult, teams: Mapping[str, str], header: Sequence[str]) -> list[str]:
    def number(v: float | None) -> str:
        return "" if v is None else repr(v)

    known = {
        "index": str(r.index),
        "seed": str(r.seed),
        "winner": r.winner or "",
        "side": teams.get(r.winner, r.winner) if r.winner else "",
        "first": r.first or "",
        "kind": r.kind,
        "reason": " ".join(r.reason.split()),  # one line a game, always
        "rounds": str(r.rounds),
        "actions": str(r.actions),
    }
    extra = set(r.stats) - {c[5:] for c in header if c.startswith("stat.")}
    if extra:
        raise RecordError(
            f"game {r.index} reports statistics the study's first game did not: "
            f"{', '.join(sorted(extra))}"
        )
    row = []
    for col in header:
        if col in known:
            row.append(known[col])
        elif col.startswith("score."):
            row.append(number(r.scores.get(col[6:])))
        else:
            row.append(number(r.stats.get(col[5:])))
    return row


def from_row(row: Mapping[str, str]) -> GameResult:
    return GameResult(
        index=int(row["index"]),
        seed=int(row["seed"]),
        winner=row["winner"] or None,
        reason=row["reason"],
        rounds=int(row["rounds"]),
        actions=int(row["actions"]),
        scores={c[6:]: float(v) for c, v in row.items() if c.startswith("score.") and v != ""},
        kind=row["kind"],
        stats={c[5:]: float(v) for c, v in row.items() if c.startswith("stat.") and v != ""},
        first=row["first"] or None,
    )


def read_results(folder: Path) -> Iterator[GameResult]:
    """The study's games in order, each with its marks, read one at a time (constant
    memory: both files are in game order, so they are read side by side)."""
    path = folder / ROWS_FILE
    if not path.exists():
        return
    marks = read_marks(folder)
    pending = next(marks, None)
    with path.open(newline="", encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f)):
            try:
                result = from_row(row)
            except (KeyError, TypeError, ValueError) as exc:
                raise RecordError(f"{path}: row {n + 1} cannot be read ({exc})") from exc
            if result.index != n:
                raise RecordError(f"{path}: row {n + 1} is game {result.index}, not game {n}")
            mine: list[Mark] = []
            while pending is not None and pending[0] == n:
                mine.append(pending[1])
                pending = next(marks, None)
            yield dataclasses.replace(result, marks=tuple(mine)) if mine else result


def read_marks(folder: Path) -> Iterator[tuple[int, Mark]]:
    """The study's marks (game index, mark), in game order, one at a time."""
    path = folder / MARKS_FILE
    if not path.exists():
        return
    with path.open(newline="", encoding="utf-8") as f:
        for n, row in enumerate(csv.DictReader(f)):
            try:
                mark = Mark(row["what"], row["seat"], int(row["round"]), row["where"])
                yield int(row["index"]), mark
            except (KeyError, TypeError, ValueError) as exc:
                raise RecordError(f"{path}: row {n + 1} cannot be read ({exc})") from exc


def keep_marks_before(folder: Path, done: int) -> None:
    """Marks are written before their games' rows: after a kill, drop those of games that
    did not make it into games.csv (they will be played again)."""
    path = folder / MARKS_FILE
    if not path.exists():
        return
    drop_torn_row(path)
    tmp = folder / (MARKS_FILE + ".tmp")
    with (
        path.open(newline="", encoding="utf-8") as src,
        tmp.open("w", newline="", encoding="utf-8") as dst,
    ):
        rows = csv.reader(src)
        out = csv.writer(dst)
        out.writerow(next(rows, MARK_COLUMNS))
        out.writerows(row for row in rows if row and int(row[0]) < done)
    tmp.replace(path)


def drop_torn_row(path: Path, chunk: int = 1 << 16) -> None:
    """A study killed in the middle of a write may end in half a row: cut it off. Reads the
    file backwards from its end, so a study of any size costs one chunk or so."""
    chunk = max(1, chunk)
    with path.open("r+b") as f:
        end = f.seek(0, 2)
        if not end:
            return
        f.seek(end - 1)
        if f.read(1) == b"\n":
            return
        at = end
        while at > 0:
            start = max(0, at - chunk)
            f.seek(start)
            cut = f.read(at - start).rfind(b"\n")
            if cut >= 0:
                f.truncate(start + cut + 1)
                return
            at = start
        f.truncate(0)


class StudyWriter:
    """Appends a study's rows; ``done`` games are already on disk."""

    def __init__(self, folder: Path, spec: StudySpec, resume: bool) -> None:
        self.folder = folder
        self.rows = folder / ROWS_FILE
        self.spec = spec
        self.header: list[str] | None = None
        self.done = 0
        self.file: IO[str] | None = None
        self.marks: IO[str] | None = None
        if (folder / SPEC_FILE).exists():
            old = load_spec(folder)
            if not resume:
                raise ArgumentError(
                    f"{folder} already holds a study; add --resume to go on with it, "
                    "or choose another --out"
                )
            for key in SAME:
                if getattr(old, key) != getattr(spec, key):
                    raise ArgumentError(
                        f"{folder} is a study with {key} {quote(getattr(old, key))}, "
                        f"not {quote(getattr(spec, key))}: it can only go on as it began"
                    )
            spec.runs = old.runs
            if self.rows.exists():
                drop_torn_row(self.rows)
                with self.rows.open(newline="", encoding="utf-8") as f:
                    self.header = next(csv.reader(f), None)
                self.done = sum(1 for _ in read_results(folder))
            keep_marks_before(folder, self.done)
            if self.done > spec.games:
                raise ArgumentError(
                    f"{folder} already has {self.done} games, more than the {spec.games} asked"
                )
        elif resume:
            raise ArgumentError(f"--resume: {folder} holds no study to go on with")
        folder.mkdir(parents=True, exist_ok=True)
        self.save_spec()

    def save_spec(self) -> None:
        tmp = self.folder / (SPEC_FILE + ".tmp")
        tmp.write_text(json.dumps(self.spec.to_json(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(self.folder / SPEC_FILE)

    def write(self, results: Sequence[GameResult]) -> None:
        if not results:
            return
        if self.file is None:
            fresh = self.header is None
            self.file = self.rows.open("w" if fresh else "a", newline="", encoding="utf-8")
            if self.header is None:
                self.header = columns(list(self.spec.agents), sorted(results[0].stats))
                csv.writer(self.file).writerow(self.header)
        if self.header is None:
            raise InvariantError("write: no self.header")
        if self.marks is None:
            path = self.folder / MARKS_FILE
            fresh = self.done == 0 or not path.exists()
            self.marks = path.open("w" if fresh else "a", newline="", encoding="utf-8")
            if fresh:
                csv.writer(self.marks).writerow(MARK_COLUMNS)
        csv.writer(self.marks).writerows(
            (r.index, m.round, m.seat, m.what, m.where) for r in results for m in r.marks
        )
        self.marks.flush()  # before the games' rows: a game in games.csv has all its marks
        out = csv.writer(self.file)
        for r in results:
            out.writerow(to_row(r, self.spec.teams, self.header))
        self.file.flush()
        self.done += len(results)

    def close(self, backend: str, workers: int, played: int, seconds: float) -> None:
        """Close the rows and note this sitting in study.json."""
        for f in (self.file, self.marks):
            if f is not None:
                f.close()
        self.file = self.marks = None
        if not played:
            return
        self.spec.runs.append(
            {
                "finished": time.strftime("%Y-%m-%dT%H:%M:%S"),
                "backend": backend,
                "workers": workers,
                "games": played,
                "seconds": round(seconds, 3),
            }
        )
        self.save_spec()
