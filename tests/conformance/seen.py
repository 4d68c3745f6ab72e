"""The cases of the checks that keep hidden information hidden, split between make test and
make slow (the variants of a game's choices are many, and each plays random games)."""

from __future__ import annotations

import pytest

import wartable
from tests.conformance.playing import SEEN, VARIANTS


def teamed(variant: tuple[str, str, tuple[tuple[str, str], ...]]) -> tuple[bool, int]:
    """Whether every side of the variant's game has two seats or more, and how many seats."""
    name, scenario, options = variant
    state = wartable.get_game(name).new_game(scenario, seed=0, options=dict(options))
    return all(len(t) >= 2 for t in state.teams().values()), len(state.players)


def seen_cases() -> list:
    """The hidden-information checks' cases: every scenario, and per game the smallest line-up
    with teammates on every side (where the most can go wrong with what each seat may see);
    make slow checks the other variants (each other line-up, deck, option) too."""
    found = {v: teamed(v) for v in VARIANTS}
    quick = set()
    for name in wartable.game_names():
        teams = [(seats, n) for n, v in enumerate(VARIANTS) for both, seats in [found[v]]
                 if v[0] == name and both]  # fmt: skip
        if teams:
            quick.add(VARIANTS[min(teams)[1]])
    return [
        case
        if case not in VARIANTS or case in quick
        else pytest.param(*case, marks=pytest.mark.slow)
        for case in SEEN
    ]


SEEN_CASES = seen_cases()
