"""One shot, from the die to its effect (GM-44 to GM-49): the thresholds with their
modifiers, the hit, the critical, penetration against armour, damage and wounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

WOUND_PENALTY_MAX = 3  # wounds raise a unit's own thresholds by at most +3/+3 (GM-49)
SMOKE = {"grenade": (1, 1), "screen": (2, 2)}  # never added together (GM-77, GM-80, A-15)


@dataclass(frozen=True)
class Mods:
    """A pair of modifiers added to the hit and the critical threshold (GM-45)."""

    hit: int = 0
    crit: int = 0

    def __add__(self, other: Mods) -> Mods:
        return Mods(self.hit + other.hit, self.crit + other.crit)


def wound_penalty(wounds: int) -> Mods:
    """+1/+1 for each wound the firer carries, +3/+3 at most (GM-49)."""
    n = min(wounds, WOUND_PENALTY_MAX)
    return Mods(n, n)


def smoke(kinds: set[str]) -> Mods:
    """Smoke on the firer's or the target's square: the thickest counts, never the sum."""
    return max((Mods(*SMOKE[k]) for k in kinds), default=Mods(), key=lambda m: m.hit)


def thresholds(hit: int, crit: int, mods: Mods) -> tuple[int, int]:
    """The rolls needed to hit and to land a critical; neither is ever above 10, so a natural
    10 always hits and is always a critical (GM-44)."""
    return min(hit + mods.hit, 10), min(crit + mods.crit, 10)


Effect = Literal["miss", "no_effect", "destroyed", "wounded"]


@dataclass(frozen=True)
class Shot:
    die: int
    need: tuple[int, int]  # (hit, critical) thresholds
    hit: bool
    critical: bool
    penetrates: bool
    effect: Effect
    wounds: int  # wounds dealt (0 unless wounded)


def resolve(
    die: int,
    need: tuple[int, int],
    pen: int,
    armour: int,
    damage: int,
    *,
    assault: bool = False,
    immune_to_criticals: bool = False,
) -> Shot:
    """The effect of a roll of ``die``: a miss; a hit whose penetration is below the armour
    does nothing at all, critical included (GM-46; an assault shot skips that check, GM-33);
    a critical destroys (GM-47; not a HQ or a building); else the damage becomes wounds
    (GM-48)."""
    if not 1 <= die <= 10:
        raise ValueError(f"a D10 reads 1 to 10, not {die} (GM-1)")
    hit = die >= need[0]
    critical = hit and die >= need[1]
    penetrates = assault or pen >= armour
    if not hit:
        return Shot(die, need, False, False, penetrates, "miss", 0)
    if not penetrates:
        return Shot(die, need, True, critical, False, "no_effect", 0)
    if critical and not immune_to_criticals:
        return Shot(die, need, True, True, True, "destroyed", 0)
    return Shot(die, need, True, critical, True, "wounded", damage)


def odds(need: tuple[int, int]) -> tuple[float, float]:
    """The chance of a hit and of a critical with one D10."""
    return (11 - need[0]) / 10, (11 - need[1]) / 10
