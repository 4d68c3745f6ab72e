"""Batch simulation: many games without a UI, on all cores or a Ray cluster, with
statistics; large studies stream to disk and can be resumed."""

from wartable.sim.runner import BatchResult, GameResult, Plan, plan, play_game, run_batch
from wartable.sim.stats import wilson_interval
from wartable.sim.tally import Tally

__all__ = [
    "BatchResult",
    "GameResult",
    "Plan",
    "Tally",
    "plan",
    "play_game",
    "run_batch",
    "wilson_interval",
]
