"""Grenades (7.09, 10.09, 14.2) and off-board artillery (20.0): where they land, whom they
catch and how many hits they score. Wound cards, Morale Checks and markers are the caller's."""

from __future__ import annotations

from dataclasses import dataclass

from wartable.core.errors import InvariantError
from wartable.core.rng import Rng
from wartable.games.combat.rules.checks import ZeroRoll, roll_against
from wartable.games.combat.rules.compass import Compass
from wartable.games.combat.schema import Artillery, Grenade
from wartable.geometry.hexgrid import Offset

SCATTER_AT = 9
UNSEEN_PENALTY = 3


@dataclass(frozen=True, slots=True)
class Landing:
    hex: Offset
    roll: int
    scattered: int  # compass direction of the scatter, 0 if none


def throw(rng: Rng, compass: Compass, target: Offset, in_sight: bool) -> Landing:
    """1d10, +3 if the thrower cannot see the target hex; 9 or more scatters one hex in a
    1D6 direction (7.09, 10.09)."""
    roll = rng.die(10, 0) + (0 if in_sight else UNSEEN_PENALTY)
    if roll < SCATTER_AT:
        return Landing(target, roll, 0)
    direction = rng.die(6)
    return Landing(compass.step(target, direction), roll, direction)


def placement(rng: Rng, grenade_ws: int, modifier: int, tq: int) -> ZeroRoll:
    """For each soldier in the landing hex: a roll against the thrower's grenade WS, modified
    (friendly thrower: the Order/Terrain chart; enemy thrower: -3 if out of sight). Success
    puts a Near marker on him, failure a Far one."""
    return roll_against(rng, grenade_ws + modifier, tq)


def damage(rng: Rng, rolls: int, frag: int, modifier: int) -> tuple[int, list[int]]:
    """``rolls`` d10, each at or under ``frag`` plus the target's Order/Terrain modifier is a
    hit (14.2, 20.0). Returns (hits, dice)."""
    dice = [rng.die(10, 0) for _ in range(rolls)]
    return sum(1 for d in dice if d <= frag + modifier), dice


def grenade_damage(rng: Rng, g: Grenade, near: bool, modifier: int) -> tuple[int, list[int]]:
    if g.damage is None or g.frag is None:
        raise InvariantError("grenade_damage: no g.damage or g.frag")
    i = 0 if near else 1
    return damage(rng, g.damage[i], g.frag[i], modifier)


@dataclass(frozen=True, slots=True)
class Strike:
    aim: Offset
    hex: Offset
    aim_roll: int
    direction: int
    distance: int


def strike(
    rng: Rng, compass: Compass, aim_table: dict[int, Offset], scatter_die: int = 6
) -> Strike:
    """One off-board strike (20.0): 1d10 on the event's aim table, then a 1D6 direction and a
    distance die of the size the event gives."""
    roll = rng.die(10, 0)
    aim = aim_table[roll]
    direction = rng.die(6)
    distance = rng.die(scatter_die)
    return Strike(aim, compass.walk(aim, direction, distance), roll, direction, distance)


def crater_or_rubble(
    rng: Rng, a: Artillery, building: bool, adjacent: bool = False
) -> tuple[str, int] | None:
    """After the damage rolls: a building hex may become rubble (killing everyone in it),
    another hex a crater. Returns (what, roll) when it happens."""
    i = 1 if adjacent else 0
    threshold = (a.rubble if building else a.crater)[i]
    if threshold is None:
        return None
    roll = rng.die(10, 0)
    if roll <= threshold:
        return ("rubble" if building else "crater", roll)
    return None
