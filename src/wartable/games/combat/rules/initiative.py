"""The initiative track (5.1, 9.1): every team's initiative for the turn, lowest acts first.

Friendly cards carry even numbers and enemy cards odd ones, so no two teams ever tie.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

FRIENDLY_TEAMS = ("able", "baker", "charlie")


def track(friendly: Sequence[int], enemy: Mapping[str, int]) -> list[tuple[int, str]]:
    """(initiative, team) for every team, in the order they act in each impulse."""
    teams = list(zip(friendly, FRIENDLY_TEAMS, strict=True)) + [(v, t) for t, v in enemy.items()]
    return sorted(teams)
