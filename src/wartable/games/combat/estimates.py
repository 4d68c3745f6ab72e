"""The fitted weights of the search's estimate, per scenario (``estimates.yaml`` in the
library's folder, written by ``tools/fit_estimate.py``, validated by
``wartable.content.estimates``). A scenario without weights, or a player's own library
without the file, falls back on the points scored so far (``scoring.standing``)."""

from __future__ import annotations

from pathlib import Path

from wartable.content import estimates
from wartable.games.combat.library import PACKAGE_DATA
from wartable.games.combat.outlook import FACTS

FILE = "estimates.yaml"
ESTIMATES = PACKAGE_DATA / FILE


def load(scenarios: list[str], path: Path = ESTIMATES) -> dict[str, tuple[float, ...]]:
    """Each scenario's weights; ContentError naming the file, the field and the reason."""
    return estimates.load(path, scenarios, FACTS)
