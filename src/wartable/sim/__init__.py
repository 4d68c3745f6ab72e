"""Batch simulation: many games without a UI, on all cores, with statistics."""

from wartable.sim.runner import BatchResult, GameResult, play_game, run_batch
from wartable.sim.stats import wilson_interval

__all__ = ["BatchResult", "GameResult", "play_game", "run_batch", "wilson_interval"]
