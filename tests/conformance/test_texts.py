"""Texts a player reads, for every game: event lines spelt right (issue 10, item 23)."""

from __future__ import annotations

import re

import pytest

import wartable
from tests.conformance.playing import CASES, IDS
from wartable.agents.random import RandomAgent

TRIPLED = re.compile(r"([a-z])\1\1")  # "suppresss": a verb given an "s" it already had


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_event_texts_have_no_tripled_letters(game_name, scenario):
    kinds = set()
    for seed in range(3):
        state = wartable.get_game(game_name).new_game(scenario, seed=seed)
        agent = RandomAgent(seed)
        while not state.is_over:
            player = state.current_players[0]
            for event in state.apply(player, agent.act(state, player)):
                kinds.add(event.kind)
                assert not TRIPLED.search(event.text), event.text
    assert len(kinds) > 5
