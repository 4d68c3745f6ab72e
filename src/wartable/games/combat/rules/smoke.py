"""Smoke markers' life cycle (18.0).

A grenade or shell leaves one Smoke marker where it explodes. At the end of every later turn a
marker is added downwind of the last one until the weapon's smoke value is reached; at the end
of the turn it is reached, all turn to Dispersing Smoke; from then on one is removed each turn,
the farthest downwind first.

``set_clouds`` puts clouds on the map of a game; grenades (their drift) and deck.py (a
blast's smoke) both call it, so it lives here, below both, rather than with either.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from wartable.geometry.hexgrid import Offset

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

SMOKE, DISPERSING = "smoke", "dispersing"
MODIFIER = {SMOKE: -4, DISPERSING: -2}  # on WS or TQ, per marker on the line


@dataclass(frozen=True, slots=True)
class Cloud:
    value: int  # the weapon's smoke value
    hexes: tuple[Offset, ...]  # upwind first
    born: int  # the turn it exploded
    state: str = SMOKE

    @property
    def done(self) -> bool:
        return not self.hexes


def end_of_turn(cloud: Cloud, turn: int, downwind: Offset | None) -> Cloud:
    """The cloud after the end phase of ``turn``; ``downwind`` is the hex downwind of its
    last marker (None if that is off the map: the marker drifts away)."""
    if turn <= cloud.born or cloud.done:
        return cloud
    if cloud.state == DISPERSING:
        return replace(cloud, hexes=cloud.hexes[:-1])
    if len(cloud.hexes) >= cloud.value:
        return replace(cloud, state=DISPERSING)
    grown = cloud.hexes + ((downwind,) if downwind is not None else ())
    return replace(cloud, hexes=grown)


def markers(clouds: list[Cloud]) -> dict[Offset, list[str]]:
    """Every smoke marker on the map, by hex (markers add up, 18.0)."""
    out: dict[Offset, list[str]] = {}
    for c in clouds:
        for h in c.hexes:
            out.setdefault(h, []).append(c.state)
    return out


def set_clouds(st: CombatState, clouds: tuple[Cloud, ...]) -> None:
    """The game's clouds are now ``clouds``; the smoke modifier of each hex follows."""
    st.clouds = clouds
    index = st.sc.board.index
    at: dict[int, int] = {}
    for h, hex_markers in markers(list(clouds)).items():
        at[index[h]] = sum(MODIFIER[m] for m in hex_markers)
    st.smoke_at = at
