"""Lookups every rules module needs, kept below them all so none imports another for them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState


def find(st: DiaDeHonorState, key: str) -> int:
    """The unit called ``key``, or -1."""
    return next((u.index for u in st.units if u.key == key), -1)


def first_seat(st: DiaDeHonorState, side: str, after: int = -1) -> int:
    """The first seat of ``side`` after seat ``after`` that still has a unit on the map (an
    eliminated player is skipped: Q32), or -1."""
    for s, who in enumerate(st.sides):
        if s > after and who == side and any(u.seat == s and st.on_map(u.index) for u in st.units):
            return s
    return -1
