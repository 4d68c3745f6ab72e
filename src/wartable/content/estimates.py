"""Fitted estimates as data: per scenario, the weights of a logistic model of "the first side
wins" over a game's public facts of a position (each game's ``outlook.py`` says which). A
search scores the positions its play-outs reach by it. Games that fit theirs with
``tools/fit_estimate.py`` keep them in one file of this shape, validated here: file, field
and reason for an unknown scenario, a missing or unknown fact, a weight that is not finite."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from wartable.content.loader import validate
from wartable.content.types import Finite, Strict


class Estimate(Strict):
    """The log-odds that the first side wins: ``bias`` plus each fact times its weight."""

    bias: Finite
    shared: dict[str, Finite]
    sides: dict[str, dict[str, Finite]]


class EstimatesFile(Strict):
    estimates: dict[str, Estimate]


@dataclass(frozen=True, slots=True)
class Facts:
    """What a game's ``outlook.facts`` returns, in order: the ``shared`` facts, then the
    ``per_side`` facts of each of ``sides``."""

    shared: tuple[str, ...]
    per_side: tuple[str, ...]
    sides: tuple[str, ...]

    def names(self) -> list[str]:
        return [*self.shared, *(f"{s}.{n}" for s in self.sides for n in self.per_side)]


def load(path: Path, scenarios: Sequence[str], facts: Facts) -> dict[str, tuple[float, ...]]:
    """Each scenario's weights (bias first, then one per fact in ``facts``' order); {} when
    there is no file. ContentError naming the file, the field and the reason."""
    if not path.exists():
        return {}

    def problems(doc: EstimatesFile) -> list[tuple[str, str]]:
        out = []
        for key, e in doc.estimates.items():
            where = f"estimates.{key}"
            if key not in scenarios:
                out.append((where, f"no scenario {key!r}"))
            out += _names(f"{where}.shared", set(e.shared), facts.shared)
            out += _names(f"{where}.sides", set(e.sides), facts.sides)
            for side, weights in e.sides.items():
                if side in facts.sides:
                    out += _names(f"{where}.sides.{side}", set(weights), facts.per_side)
        return out

    doc = validate(path, EstimatesFile, problems).model
    return {
        key: (
            e.bias,
            *(e.shared[n] for n in facts.shared),
            *(e.sides[s][n] for s in facts.sides for n in facts.per_side),
        )
        for key, e in doc.estimates.items()
    }


def _names(where: str, given: set[str], wanted: tuple[str, ...]) -> list[tuple[str, str]]:
    missing = [n for n in wanted if n not in given]
    unknown = sorted(given - set(wanted))
    out = [(where, f"missing {', '.join(missing)}")] if missing else []
    return out + [(f"{where}.{n}", f"not one of {', '.join(wanted)}") for n in unknown]


def chance(weights: Sequence[float], values: Sequence[float]) -> float:
    """The fitted chance that the first side wins: ``weights`` are the bias, then one per
    fact of ``values``."""
    z = weights[0] + sum(w * x for w, x in zip(weights[1:], values, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
