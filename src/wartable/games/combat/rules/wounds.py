"""What a hit does (16.0-16.2): the wound stamp of a drawn friendly card, and death.

Wound markers lower TQ and WS (light -1, bad -3). A friendly soldier whose wounds add up to
his TQ can only hide or be carried; beyond it he dies. An enemy dies as soon as they reach it.
"""

from __future__ import annotations

from dataclasses import dataclass

LIVELY, INCAPACITATED, DEAD = "fit", "incapacitated", "dead"
SEVERITY = {"close_call": 0, "light_wound": 1, "bad_wound": 2, "kia": 3}


@dataclass(frozen=True, slots=True)
class Hit:
    wound: str  # the card's stamp: close_call, light_wound, bad_wound, kia
    wounds: tuple[str, ...]  # the soldier's wound markers afterwards
    condition: str  # fit, incapacitated, dead
    morale_check: str | None  # "MC" or "WMC", if one must be taken
    duck_back: bool  # order replaced by Duck Back / take cover (not in melee)


def wound_total(wounds: tuple[str, ...], values: dict[str, int]) -> int:
    return -sum(values[w] for w in wounds)


def condition(tq: int, wounds: tuple[str, ...], values: dict[str, int], friendly: bool) -> str:
    total = wound_total(wounds, values)
    if friendly:
        return DEAD if total > tq else INCAPACITATED if total == tq else LIVELY
    return DEAD if total >= tq else LIVELY


def least_harmful(stamps: list[str]) -> str:
    """A tough soldier draws an extra card and keeps the least harmful result (8.1)."""
    return min(stamps, key=SEVERITY.__getitem__)


def take_hit(
    stamp: str,
    *,
    tq: int,
    wounds: tuple[str, ...],
    values: dict[str, int],
    friendly: bool,
    in_melee: bool = False,
) -> Hit:
    if stamp == "kia":
        return Hit(wound=stamp, wounds=wounds, condition=DEAD, morale_check=None, duck_back=False)
    if stamp == "close_call":
        state = condition(tq, wounds, values, friendly)
        return Hit(wound=stamp, wounds=wounds, condition=state, morale_check="MC", duck_back=False)
    after = (*wounds, stamp)
    state = condition(tq, after, values, friendly)
    return Hit(
        wound=stamp,
        wounds=after,
        condition=state,
        morale_check="WMC" if state != DEAD else None,
        duck_back=not in_melee and state != DEAD,
    )
