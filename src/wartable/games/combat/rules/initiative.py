"""The initiative track (5.1, 9.1): every team's initiative for the turn, lowest acts first.

Friendly cards carry even numbers and enemy cards odd ones, so no two teams ever tie.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from wartable.core.words import word
from wartable.games.combat.vocabulary import TEAMS

FRIENDLY_TEAMS = ("able", "baker", "charlie")
# the teams as the track names them: the squad's in lower case, as their ids
ON_TRACK = {**TEAMS, "able": word("able"), "baker": word("baker"), "charlie": word("charlie")}


def track(
    friendly: Sequence[int], enemy: Mapping[str, int], squad: Collection[str] = FRIENDLY_TEAMS
) -> list[tuple[int, str]]:
    """(initiative, team) for every team, in the order they act in each impulse; of the
    squad's teams only those in ``squad`` (a scenario may field fewer than three)."""
    ours = [(v, t) for v, t in zip(friendly, FRIENDLY_TEAMS, strict=True) if t in squad]
    return sorted(ours + [(v, t) for t, v in enemy.items()])
