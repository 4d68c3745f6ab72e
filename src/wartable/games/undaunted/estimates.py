"""The fitted weights of the search's estimate, per scenario (``data/estimates.yaml``, written
by ``tools/fit_estimate.py``, validated by ``wartable.content.estimates``), as the other games
keep theirs. A scenario without weights (a player's own) falls back on the board value."""

from __future__ import annotations

from pathlib import Path

from wartable.content import estimates
from wartable.games.undaunted.content import DATA
from wartable.games.undaunted.outlook import FACTS

ESTIMATES = DATA / "estimates.yaml"


def load(scenarios: list[str], path: Path = ESTIMATES) -> dict[str, tuple[float, ...]]:
    """Each scenario's weights; ContentError naming the file, the field and the reason."""
    return estimates.load(path, scenarios, FACTS)
