"""Spotting checks (12.0): the spotter's TQ, modified by the target's terrain and order, range,
wounds (not morale) and smoke, rolled with the rule of 0."""

from __future__ import annotations

from dataclasses import dataclass

from wartable.core.rng import Rng
from wartable.games.combat.rules.checks import ZeroRoll, roll_against
from wartable.games.combat.rules.fire import order_group
from wartable.games.combat.schema import ChartsFile


def range_modifier(charts: ChartsFile, rng: int) -> int:
    """Adjacent +2, up to 4 hexes +1, ... then one less for every further 10 hexes."""
    bands = charts.spotting.range
    for up_to, modifier in bands:
        if rng <= up_to:
            return modifier
    last_range, last_mod = bands[-1]
    return last_mod + charts.spotting.beyond_per_10 * ((rng - last_range + 9) // 10)


@dataclass(frozen=True, slots=True)
class Spot:
    chance: int
    reasons: tuple[tuple[str, int], ...]
    roll: ZeroRoll

    @property
    def spotted(self) -> bool:
        return self.roll.success


def spot(
    rng: Rng,
    charts: ChartsFile,
    *,
    tq: int,
    wounds: tuple[str, ...],
    target_terrain: str,
    target_order: str,
    distance: int,
    smoke: int = 0,
    night: int = 0,
) -> Spot:
    col = order_group(charts.spotting.groups, target_order)
    reasons: list[tuple[str, int]] = [
        ("TQ", tq),
        (
            f"target {target_order} in {target_terrain}",
            charts.spotting.modifiers[target_terrain][col],
        ),
        (f"range {distance}", range_modifier(charts, distance)),
    ]
    reasons += [(w.replace("_", " "), charts.firer.wounds[w]) for w in wounds]
    if smoke:
        reasons.append(("smoke", smoke))
    if night:
        reasons.append(("night", night))
    chance = sum(v for _, v in reasons)
    return Spot(chance, tuple(reasons), roll_against(rng, chance, tq))
