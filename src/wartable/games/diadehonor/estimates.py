"""The fitted weights of the search's estimate, per battlefield (``data/estimates.yaml``,
written by ``tools/fit_estimate.py``, validated by ``wartable.content.estimates``). A
battlefield without weights, or a player's own file without one, falls back on the squads'
health (``victory.standing``)."""

from __future__ import annotations

from pathlib import Path

from wartable.content import estimates
from wartable.games.diadehonor.content import DATA
from wartable.games.diadehonor.outlook import FACTS

FILE = "estimates.yaml"
ESTIMATES = DATA / FILE


def load(battlefields: list[str], path: Path = ESTIMATES) -> dict[str, tuple[float, ...]]:
    """Each battlefield's weights; ContentError naming the file, the field and the reason."""
    return estimates.load(path, battlefields, FACTS)
