"""The conformance checks as a public function: a game from another package runs
``check_game(MyGame())`` in its own tests, as PettingZoo's ``api_test`` is run, and learns
every way it breaks the contract the interfaces rely on (wartable's own tests run the same
checks on every registered game, tests/conformance/)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wartable.core.game import Game
from wartable.core.state import GameState
from wartable.testing import checks
from wartable.testing.checks import ConformanceError
from wartable.testing.playing import mid_game_states, play_on, play_random

__all__ = ["ConformanceError", "check_game", "mid_game_states", "play_on", "play_random"]


def check_game(game: Game, scenarios: Sequence[str] | None = None, playouts: int = 4) -> list[str]:
    """Run every check on ``game`` (every scenario, or those named; ``playouts`` random
    games each to their end). The checks passed, by name; ConformanceError listing every
    failure, each with its check and scenario."""
    failures: list[str] = []
    passed: list[str] = []

    def run(name: str, check: Callable[..., object], *args: object) -> None:
        try:
            check(*args)
        except Exception as exc:  # every failure is reported, not only the first
            failures.append(f"{name}: {type(exc).__name__}: {exc}")
        else:
            passed.append(name)

    run("actions_read_back", checks.actions_read_back, game)
    for sc in scenarios or [s.id for s in game.scenarios()]:
        states: list[GameState] = list(mid_game_states(game, sc, seeds=range(2)))
        each: list[tuple[Callable[..., object], tuple[object, ...]]] = [
            (checks.playouts_end, (game, sc, range(playouts))),
            (checks.same_seed_same_game, (game, sc)),
            (checks.clone_is_independent, (states,)),
            (checks.record_replays, (game, sc)),
            (checks.illegal_actions_change_nothing, (game, sc, states)),
            (checks.finished_game_refuses, (game, sc)),
            (checks.views_hide_the_hidden, (states,)),
            (checks.samples_know_only_the_view, (states,)),
            (checks.views_never_hold_the_seed, (game, sc)),
            (checks.undo_is_exact, (game, sc)),
            (checks.card_faces_are_public, (game, sc)),
        ]
        for check, args in each:
            run(f"{check.__name__} ({sc})", check, *args)
    if failures:
        raise ConformanceError(
            f"{game.info.title} breaks the contract:\n  " + "\n  ".join(failures)
        )
    return passed
