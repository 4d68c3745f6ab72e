"""What a balance report shows, gathered from a study folder in one pass over its files.

Everything is a count: games are read one at a time and dropped, so a report of a
100,000-game study needs no more memory than one of 100.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from wartable.core.marks import OBJECTIVE_TAKEN
from wartable.sim.runner import GameResult
from wartable.sim.study import StudySpec, load_spec, read_results
from wartable.sim.tally import Tally


@dataclass
class Digest:
    spec: StudySpec
    tally: Tally
    actions: Counter[int] = field(default_factory=Counter)  # actions a game -> games
    endings: Counter[tuple[str, str]] = field(default_factory=Counter)  # (kind, side) -> games
    first: Counter[tuple[str, str]] = field(default_factory=Counter)  # (first, side won) -> games
    values: dict[str, Counter[float]] = field(default_factory=lambda: defaultdict(Counter))
    where: Counter[tuple[str, str, str]] = field(default_factory=Counter)  # what, seat, place
    when: Counter[tuple[str, str, int]] = field(default_factory=Counter)  # what, seat, round
    # objectives: in how many games each place was first taken by each seat, and when
    first_taken: Counter[tuple[str, str]] = field(default_factory=Counter)
    first_round: dict[tuple[str, str], list[int]] = field(
        default_factory=lambda: defaultdict(lambda: [0, 0])
    )  # (place, seat) -> [sum of rounds, games]; only objective-like marks

    def side_of(self, seat: str | None) -> str:
        return "" if seat is None else self.tally.side_of(seat)

    def add(self, r: GameResult) -> None:
        self.tally.add(r)
        self.actions[r.actions] += 1
        won = self.side_of(r.winner)
        self.endings[(r.kind, won or "none")] += 1
        if r.first is not None:
            self.first[(self.side_of(r.first), won or "none")] += 1
        for seat, v in r.scores.items():
            self.values[f"score of {seat}"][round(v, 2)] += 1
        for key, v in r.stats.items():
            self.values[key.replace("_", " ")][round(v, 2)] += 1
        seen: set[tuple[str, str]] = set()
        for m in r.marks:
            self.where[(m.what, m.seat, m.where)] += 1
            self.when[(m.what, m.seat, m.round)] += 1
            place = (m.where, m.seat)
            if m.what == OBJECTIVE_TAKEN and place not in seen:
                seen.add(place)
                self.first_taken[place] += 1
                self.first_round[place][0] += m.round
                self.first_round[place][1] += 1


def digest(folder: Path) -> Digest:
    spec = load_spec(folder)
    d = Digest(spec, Tally(tuple(spec.agents), spec.teams))
    for r in read_results(folder):
        d.add(r)
    return d
