"""The fitted weights of the search's estimate, per scenario (``data/estimates.yaml``, written
by ``tools/fit_estimate.py``, validated by ``wartable.content.estimates``). A scenario without
weights, or a player's own file without one, falls back on the HQs' hit points."""

from __future__ import annotations

from pathlib import Path

from wartable.content import estimates
from wartable.games.tactics2gm.content import DATA
from wartable.games.tactics2gm.outlook import FACTS

ESTIMATES = DATA / "estimates.yaml"


def load(scenarios: list[str], path: Path = ESTIMATES) -> dict[str, tuple[float, ...]]:
    """Each scenario's weights; ContentError naming the file, the field and the reason."""
    return estimates.load(path, scenarios, FACTS)
