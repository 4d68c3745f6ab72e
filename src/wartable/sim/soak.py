"""A soak: random legal play of every game, scenario, line-up and option set, for as long as
it is given, stopping at the first fault with the case that replays it.

Random agents reach positions no scripted test thinks of (an assault's way back taken by
a swap, 312 actions into one game). Every exception counts as a fault, the game's own
deliberate errors too: a legal action must apply, and a game must end within ``LONGEST``
actions. The case is the format of a recorded case (``GameState.case``): game, scenario,
options, seed, the history, and the step that failed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from wartable.agents.random import RandomAgent
from wartable.core.errors import ArgumentError, InvariantError
from wartable.core.game import Game, OptionValue
from wartable.core.registry import get_game
from wartable.core.rng import derive_seed
from wartable.core.state import GameState

LINE_UP = "players"  # the option that seats a game's line-up, where it has one
LONGEST = 20_000  # actions: a random game still going after this many never ends


@dataclass(frozen=True)
class Setting:
    """One game set up one way: what a soak plays again and again with fresh seeds."""

    game: str
    scenario: str
    options: tuple[tuple[str, OptionValue], ...]

    def __str__(self) -> str:
        opts = " ".join(f"{k}={v}" for k, v in self.options)
        return f"{self.game}:{self.scenario}" + (f" {opts}" if opts else "")


@dataclass
class Report:
    """What a soak played, and the first fault it met (None: none)."""

    games: int = 0
    actions: int = 0
    settings: set[Setting] = field(default_factory=set)  # those that played a game
    refused: set[Setting] = field(default_factory=set)  # option sets the game turns down
    fault: dict[str, Any] | None = None


def option_sets(game: Game) -> list[dict[str, OptionValue]]:
    """The option sets worth playing besides the line-up: the defaults, every switch on,
    and each other value of each choice (a deck, a novice side, two fields) alone. Numbers
    keep their defaults: a round limit changes when a game ends, not what can happen."""
    opts = {k: o for k, o in game.options().items() if not o.internal and k != LINE_UP}
    switches: dict[str, OptionValue] = {
        k: True for k, o in opts.items() if isinstance(o.default, bool)
    }
    out: list[dict[str, OptionValue]] = [{}, switches] if switches else [{}]
    for k, o in opts.items():
        out += [{k: c} for c in o.choices if c != o.default]
    return out


def settings(names: list[str]) -> list[Setting]:
    """Every scenario of each game, in each of its line-ups, with each option set."""
    out = []
    for name in names:
        game = get_game(name)
        line_ups = game.options()[LINE_UP].choices if LINE_UP in game.options() else ()
        for sc in game.scenarios():
            for extra in option_sets(game):
                for line_up in line_ups or (None,):
                    opts = dict(extra) if line_up is None else {**extra, LINE_UP: line_up}
                    out.append(Setting(name, sc.id, tuple(sorted(opts.items()))))
    return out


def play(setting: Setting, seed: int) -> tuple[int, dict[str, Any] | None]:
    """One random game of ``setting``: how many actions it took, and the case of its fault.
    Raises ArgumentError where the game turns the option set down."""
    game = get_game(setting.game)
    state = game.new_game(setting.scenario, seed=seed, options=dict(setting.options))
    agent = RandomAgent(derive_seed(seed, 1))
    while not state.is_over:
        if state.action_count >= LONGEST:
            return state.action_count, _case(state, "", "", f"no end after {LONGEST} actions")
        player = agent.rng.choice(list(state.current_players))
        try:
            action = agent.act(state, player)
        except Exception as exc:  # the legal actions themselves failed
            return state.action_count, _case(state, player, "", f"legal actions: {exc!r}")
        try:
            state.apply(player, action)
        except InvariantError as fault:
            return state.action_count, fault.case
        except Exception as exc:  # a legal action refused or failed: a fault all the same
            return state.action_count, state.case(player, action, exc)
    return state.action_count, None


def _case(state: GameState, player: str, action: str, error: str) -> dict[str, Any]:
    """The case of a fault no exception of ``apply`` carries, ``error`` said as it is."""
    return {**state.case(player, action, RuntimeError(error)), "error": error}


def soak(
    names: list[str],
    seconds: float,
    seed: int = 0,
    clock: Callable[[], float] = time.monotonic,
) -> Report:
    """Random games of ``names``' settings in turn, a fresh seed each round, until
    ``seconds`` have passed (every setting plays at least one game) or a fault is met."""
    report = Report()
    every = settings(names)
    end = clock() + seconds
    for setting, game_seed in _rounds(every, seed):
        if len(report.refused) == len(every):
            break
        if setting in report.refused:
            continue
        if clock() >= end and report.settings | report.refused >= set(every):
            break
        try:
            n, fault = play(setting, game_seed)
        except ArgumentError:
            report.refused.add(setting)
            continue
        report.games += 1
        report.actions += n
        report.settings.add(setting)
        if fault is not None:
            report.fault = fault
            break
    return report


def _rounds(every: list[Setting], seed: int) -> Iterator[tuple[Setting, int]]:
    for k in count():
        for i, setting in enumerate(every):
            yield setting, derive_seed(seed, k * len(every) + i) % 2**63
