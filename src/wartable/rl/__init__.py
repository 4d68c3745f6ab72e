"""Every game as a standard environment for learning agents (the ``rl`` extra).

``env(game, scenario)`` is a PettingZoo AEC environment with a seat per player;
``gym_env(game, scenario, seat, opponents)`` a Gymnasium environment for one learner
against registered agents. docs/rl.md gives each game's action numbering and observation
layout. Both need ``pip install 'wartable[rl]'`` (gymnasium, pettingzoo, numpy).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wartable.core.game import Game
    from wartable.rl.aec import WartableEnv
    from wartable.rl.single import SeatEnv

NEEDS = "the RL environments need gymnasium and pettingzoo: pip install 'wartable[rl]'"


def env(
    game: str | Game,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> WartableEnv:
    """A PettingZoo AEC environment of ``game`` (``shaped_reward``, ``max_actions`` and
    ``render_mode`` as keywords)."""
    try:
        from wartable.rl.aec import WartableEnv
    except ImportError as exc:
        raise ImportError(NEEDS) from exc
    return WartableEnv(game, scenario, options, **kwargs)


def gym_env(
    game: str | Game,
    scenario: str | None = None,
    seat: str | None = None,
    opponents: str | Mapping[str, str] = "random",
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> SeatEnv:
    """A Gymnasium environment: the learner at ``seat`` (the first seat if None), the
    others played by ``opponents`` (an agent's name for all, or one per seat)."""
    try:
        from wartable.rl.single import SeatEnv
    except ImportError as exc:
        raise ImportError(NEEDS) from exc
    return SeatEnv(game, scenario, seat, opponents, options, **kwargs)


__all__ = ["env", "gym_env"]
