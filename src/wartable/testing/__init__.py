"""The conformance checks as a public function: a game from another package runs
``check_game(MyGame())`` in its own tests, as PettingZoo's ``api_test`` is run, and learns
every way it breaks the contract the interfaces rely on (wartable's own tests run the same
checks on every registered game, tests/conformance/)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wartable.core.game import Game
from wartable.core.state import GameState
from wartable.testing import checks
from wartable.testing.checks import ConformanceError
from wartable.testing.playing import mid_game_states, play_on, play_random

__all__ = ["ConformanceError", "check_game", "mid_game_states", "play_on", "play_random"]


def gather(game: Game, scenario: str, into: list[GameState]) -> None:
    """Mid-game states of two random games of ``scenario``, into ``into``."""
    into.extend(mid_game_states(game, scenario, seeds=range(2)))


def fresh(states: list[GameState]) -> list[GameState]:
    """Each check its own copies of the states: one cannot spoil them for another."""
    return [s.clone() for s in states]


@dataclass(frozen=True)
class Copies:
    """Stands in a check's arguments for fresh copies of ``states``."""

    states: list[GameState]


def check_game(game: Game, scenarios: Sequence[str] | None = None, playouts: int = 4) -> list[str]:
    """Run every check on ``game`` (every scenario, or those named; ``playouts`` random
    games each to their end). The checks passed, by name; ConformanceError listing every
    failure, each with its check and scenario."""
    failures: list[str] = []
    passed: list[str] = []

    def run(name: str, check: Callable[..., object], *args: object) -> None:
        try:  # the states each check gets are its own copies, made here: a broken clone
            check(*(fresh(a.states) if isinstance(a, Copies) else a for a in args))  # fails
        except Exception as exc:  # every failure is reported, not only the first
            failures.append(f"{name}: {type(exc).__name__}: {exc}")
        else:
            passed.append(name)

    run("actions_read_back", checks.actions_read_back, game)
    try:
        names = list(scenarios or [s.id for s in game.scenarios()])
    except Exception as exc:  # a game that cannot even list its scenarios
        names = []
        failures.append(f"scenarios: {type(exc).__name__}: {exc}")
    for sc in names:
        states: list[GameState] = []
        run(f"mid_game_states ({sc})", gather, game, sc, states)
        copies = Copies(states)
        each: list[tuple[Callable[..., object], tuple[object, ...]]] = [
            (checks.playouts_end, (game, sc, range(playouts))),
            (checks.kept_actions_are_fresh, (game, sc)),
            (checks.same_seed_same_game, (game, sc)),
            (checks.clone_is_independent, (copies,)),
            (checks.record_replays, (game, sc)),
            (checks.illegal_actions_change_nothing, (game, sc, copies)),
            (checks.finished_game_refuses, (game, sc)),
            (checks.views_hide_the_hidden, (copies, False)),
            (checks.samples_know_only_the_view, (copies,)),
            (checks.views_never_hold_the_seed, (game, sc)),
            (checks.undo_is_exact, (game, sc)),
            (checks.card_faces_are_public, (game, sc)),
            (checks.verbs_are_declared, (game, sc)),
            (checks.fields_are_declared, (copies,)),
            (checks.events_are_declared, (game, sc)),
        ]
        for check, args in each:
            run(f"{check.__name__} ({sc})", check, *args)
    if failures:
        raise ConformanceError(
            f"{game.info.title} breaks the contract:\n  " + "\n  ".join(failures)
        )
    return passed
