"""The HQ's action points (GM-18 to GM-21, GM-108, A-3): income in the HQ phase, the storage
cap, and what a destroyed HQ stops giving."""

from __future__ import annotations

from wartable.games.tactics2gm.content import HQ


def hq_phase(
    pool: int,
    hq: HQ,
    *,
    destroyed: bool,
    supply: int,
    command: int,
    bonus: int = 0,
) -> int:
    """The pool after the HQ phase. The HQ's own income (with a general's or a novice's
    ``bonus``) never lifts the pool over the storage cap, the excess is lost; the supply line
    and the command groups are then added in full (A-3). A destroyed HQ pays nothing itself,
    but its supply line and command groups still do (GM-21)."""
    if not destroyed:
        pool = max(pool, min(pool + hq.income + bonus, hq.cap))
    return pool + supply + command


def end_of_turn(pool: int, hq: HQ, *, destroyed: bool) -> int:
    """The pool kept into the next turn: cut to the storage cap; nothing at all once the HQ
    is destroyed, since it can store no points (GM-21)."""
    return 0 if destroyed else min(pool, hq.cap)


def split(gain: int, seats: int) -> list[int]:
    """A team's share of the HQ phase's AP: the odd point to the Marshal (GM-104)."""
    if seats == 1:
        return [gain]
    return [gain - gain // 2, gain // 2]


def cut(pools: list[int], kept: int) -> list[int]:
    """The pools once a team's sum is cut to ``kept``: the larger pool loses first, the
    Marshal's on a tie (A-25: the storage cap holds for their sum)."""
    pools = list(pools)
    while sum(pools) > kept:
        k = max(range(len(pools)), key=lambda i: (pools[i], -i))
        pools[k] -= 1
    return pools
