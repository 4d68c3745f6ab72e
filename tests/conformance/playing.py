"""Random games of every registered scenario, shared by the conformance tests.

Kept free of pytest and hypothesis: the hash-salt test imports it in fresh processes, where
those imports would cost more than the games themselves."""

from __future__ import annotations

import hashlib

import wartable
from wartable import testing
from wartable.agents.random import RandomAgent
from wartable.core.rng import derive_seed
from wartable.testing import play_on

__all__ = ["CASES", "IDS", "SEEN", "SEEN_IDS", "VARIANTS", "play_on", "play_random"]

CASES = [
    (name, sc.id) for name in wartable.game_names() for sc in wartable.get_game(name).scenarios()
]
IDS = [f"{g}:{s}" for g, s in CASES]
# Each choice a game offers besides its default (a line-up of Día de Honor), on the game's
# first scenario: the checks that keep hidden information hidden run on these too, since
# who sits beside whom (teammates) changes what each seat may see.
VARIANTS = [
    (name, game.scenarios()[0].id, ((option, choice),))
    for name in wartable.game_names()
    for game in [wartable.get_game(name)]
    for option, o in game.options().items()
    if o.choices and not o.internal
    for choice in o.choices
    if choice != o.default
]
SEEN = [(g, s, ()) for g, s in CASES] + VARIANTS  # cases for the hidden-information checks
SEEN_IDS = IDS + [f"{g}:{s}:{'-'.join(f'{k}={v}' for k, v in o)}" for g, s, o in VARIANTS]


def play_random(game_name: str, scenario: str, seed: int, stop_after: int | None = None):
    return testing.play_random(wartable.get_game(game_name), scenario, seed, stop_after)


def digest_of_a_game(game_name: str, scenario: str) -> str:
    """A hash of a sample drawn mid-game and of the game played on (to its end, or 400 more
    actions: enough for anything that follows a set's order to show)."""
    state = wartable.get_game(game_name).new_game(scenario, seed=3)
    agent = RandomAgent(derive_seed(3, 1))
    play_on(state, agent, stop_after=40)
    p = state.current_players[0] if state.current_players else state.players[0]
    sample = state.sample_hidden(p, 11)
    play_on(state, agent, stop_after=400)
    seen = (sample.full_state(), state.full_state(), state.outcome)
    return hashlib.sha256(repr(seen).encode()).hexdigest()
