"""A study's statistics, kept as running totals.

A study of 100,000 games must not keep 100,000 results in memory: every figure of the
summary is a count or a sum, so games are added one at a time and forgotten.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wartable.sim.stats import wilson_interval

if TYPE_CHECKING:
    from wartable.sim.runner import GameResult


@dataclass
class Tally:
    players: tuple[str, ...]
    teams: Mapping[str, str] = field(default_factory=dict)  # seat -> side
    games: int = 0
    wins: Counter[str | None] = field(default_factory=Counter)
    rounds: Counter[int] = field(default_factory=Counter)  # rounds played -> games
    actions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    scores: dict[str, float] = field(default_factory=dict)  # sums
    stats: dict[str, float] = field(default_factory=dict)  # sums

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.wins[r.winner] += 1
        self.rounds[r.rounds] += 1
        self.actions += r.actions
        self.kinds[r.kind] += 1
        for p, v in r.scores.items():
            self.scores[p] = self.scores.get(p, 0.0) + v
        for k, v in r.stats.items():
            self.stats[k] = self.stats.get(k, 0.0) + v

    def extend(self, results: Iterable[GameResult]) -> Tally:
        for r in results:
            self.add(r)
        return self

    def side_of(self, seat: str) -> str:
        return self.teams.get(seat, seat)

    def side_names(self) -> list[str]:
        """The sides in seat order (each seat its own side where the game has no sides)."""
        return list(dict.fromkeys(self.side_of(p) for p in self.players))

    def side_wins(self) -> Counter[str]:
        """Games won by each side (every side present, 0 where it never won)."""
        out = Counter(dict.fromkeys(self.side_names(), 0))
        for winner, count in self.wins.items():
            if winner is not None:
                out[self.side_of(winner)] += count
        return out

    def sides(self, agents: Mapping[str, str]) -> dict[str, Any] | None:
        """Wins by side, for games whose seats play in sides; None where each seat is one."""
        if not self.teams or len(set(self.teams.values())) == len(self.teams):
            return None
        n = self.games
        side_wins = self.side_wins()
        out: dict[str, Any] = {}
        for side in dict.fromkeys(self.teams.values()):
            seats = [p for p, t in self.teams.items() if t == side]
            out[side] = {
                "seats": seats,
                "agents": sorted({agents[p] for p in seats}),
                "wins": side_wins[side],
                "rate": side_wins[side] / n if n else 0.0,
                "ci95": list(wilson_interval(side_wins[side], n)),
            }
        return out

    def summary(
        self,
        game: str,
        scenario: str | None,
        agents: Mapping[str, str],
        seed: int,
        round_name: str,
        seconds: float,
    ) -> dict[str, Any]:
        """The figures `wartable simulate` prints, plots and writes as JSON."""
        n = self.games

        def mean(total: float) -> float:
            return total / n if n else 0.0

        draws = self.wins.get(None, 0)
        return {
            "game": game,
            "scenario": scenario,
            "agents": dict(agents),
            "seed": seed,
            "games": n,
            "wins": {p: self.wins.get(p, 0) for p in self.players},
            "win_rate": {
                p: {
                    "rate": mean(self.wins.get(p, 0)),
                    "ci95": list(wilson_interval(self.wins.get(p, 0), n)),
                }
                for p in self.players
            },
            "draws": draws,
            "sides": self.sides(agents),
            "mean_scores": {p: mean(self.scores.get(p, 0.0)) for p in self.players},
            "rounds": {
                "name": round_name,
                "mean": mean(sum(r * c for r, c in self.rounds.items())),
                "max": max(self.rounds, default=0),
                "histogram": {str(r): self.rounds[r] for r in sorted(self.rounds)},
            },
            "actions": {"mean": mean(self.actions)},
            "reasons": dict(self.kinds.most_common()),
            "reason_rates": {
                k: {"rate": v / n, "ci95": list(wilson_interval(v, n))}
                for k, v in self.kinds.most_common()
            },
            "stats": {key: mean(self.stats[key]) for key in sorted(self.stats)},
            "seconds": round(seconds, 3),
            "games_per_second": round(n / seconds, 2) if seconds > 0 else None,
        }
