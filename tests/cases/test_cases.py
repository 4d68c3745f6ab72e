"""Recorded positions that once broke the engine, kept as tests: each JSON file here holds a
game, scenario, options and seed, the actions played (``history``, ``[seat, action]``) and
the step that failed (``player``, ``action``) with what it raised (``error``). Every one must
now replay to its end without an error, and leave a position the rules accept.
``InvariantError.case`` writes new ones in this format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import wartable

CASES = sorted(Path(__file__).parent.glob("*.json"))


def replay(path: Path) -> wartable.GameState:
    case = json.loads(path.read_text())
    game = wartable.get_game(case["game"])
    st = game.new_game(case["scenario"], seed=case["seed"], options=case["options"])
    for seat, text in case["history"]:
        st.apply(seat, text)
    st.apply(case["player"], case["action"])
    return st


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_a_recorded_case_replays_without_an_error(path):
    st = replay(path)
    for player in st.current_players:  # the game goes on from there
        assert st.legal_actions(player)
    assert st.full_state() == st.clone().full_state()


def test_the_cases_are_here():
    assert len(CASES) >= 2
