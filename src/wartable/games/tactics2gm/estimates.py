"""The fitted weights of the search's estimate, per scenario, as validated data
(``data/estimates.yaml``, written by ``tools/fit_estimate.py``). A scenario without weights,
or a player's own file without one, falls back on the HQs' hit points."""

from __future__ import annotations

from pathlib import Path

from wartable.content.loader import validate
from wartable.content.types import Finite as Weight
from wartable.games.tactics2gm.content import DATA, Strict
from wartable.games.tactics2gm.outlook import PER_SIDE, SHARED
from wartable.games.tactics2gm.rules.common import SIDES

ESTIMATES = DATA / "estimates.yaml"


class Estimate(Strict):
    """The log-odds that the allies win: ``bias`` plus each fact times its weight."""

    bias: Weight
    shared: dict[str, Weight]
    sides: dict[str, dict[str, Weight]]


class EstimatesFile(Strict):
    estimates: dict[str, Estimate]


def check(scenarios: list[str]) -> object:
    def problems(doc: EstimatesFile) -> list[tuple[str, str]]:
        out = []
        for key, e in doc.estimates.items():
            where = f"estimates.{key}"
            if key not in scenarios:
                out.append((where, f"no scenario {key!r}"))
            out += _names(f"{where}.shared", set(e.shared), SHARED)
            out += _names(f"{where}.sides", set(e.sides), SIDES)
            for side, weights in e.sides.items():
                if side in SIDES:
                    out += _names(f"{where}.sides.{side}", set(weights), PER_SIDE)
        return out

    return problems


def _names(where: str, given: set[str], wanted: tuple[str, ...]) -> list[tuple[str, str]]:
    missing = [n for n in wanted if n not in given]
    unknown = sorted(given - set(wanted))
    out = [(where, f"missing {', '.join(missing)}")] if missing else []
    return out + [(f"{where}.{n}", f"not one of {', '.join(wanted)}") for n in unknown]


def weights(e: Estimate) -> tuple[float, ...]:
    """Bias, then one weight per fact in ``outlook.facts``' order."""
    return (
        e.bias,
        *(e.shared[n] for n in SHARED),
        *(e.sides[s][n] for s in SIDES for n in PER_SIDE),
    )


def load(scenarios: list[str], path: Path = ESTIMATES) -> dict[str, tuple[float, ...]]:
    """Each scenario's weights; ContentError naming the file, the field and the reason."""
    if not path.exists():
        return {}
    doc = validate(path, EstimatesFile, check(scenarios)).model  # type: ignore[arg-type]
    return {key: weights(e) for key, e in doc.estimates.items()}
