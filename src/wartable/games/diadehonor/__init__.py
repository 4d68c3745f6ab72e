"""Día de Honor: squads of two sides on a square grid (rules index DH-1 to DH-84)."""

from wartable.games.diadehonor.game import DiaDeHonor

__all__ = ["DiaDeHonor"]
