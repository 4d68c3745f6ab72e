"""A rules fault is an InvariantError that carries its position, never a bare assert: the
core's ``apply`` fills in the case (game, scenario, options, seed, history, the action) so
it can be replayed, and the message a player may read names neither seed nor history."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import wartable
from wartable.core.errors import InvariantError, known

SRC = Path(wartable.__file__).parent


def test_no_assert_statement_guards_the_package():
    """``python -O`` drops asserts, and an AssertionError says nothing of where it happened:
    a state play can reach is checked by an explicit InvariantError instead."""
    found = [
        f"{path.relative_to(SRC)}:{node.lineno}"
        for path in SRC.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Assert)
    ]
    assert found == []


def _broken_game(monkeypatch, error):
    st = wartable.get_game("duel").new_game(None, seed=12345)
    player = st.current_players[0]
    st.apply(player, st.legal_actions(player)[0])
    player = st.current_players[0]
    action = st.legal_actions(player)[0]
    before = json.dumps(st.full_state(), sort_keys=True)

    def fails(self, who, what):
        raise error

    monkeypatch.setattr(type(st), "_apply", fails)
    return st, player, action, before


@pytest.mark.parametrize(
    "error", [KeyError("card-7"), AssertionError("x"), InvariantError("the deck is short")]
)
def test_a_fault_in_the_rules_leaves_with_the_position_that_replays_it(monkeypatch, error):
    st, player, action, before = _broken_game(monkeypatch, error)
    history = [[p, str(a)] for p, a in st.history()]
    with pytest.raises(InvariantError) as caught:
        st.apply(player, action)
    case = caught.value.case
    assert case is not None
    assert case["game"] == "duel" and case["seed"] == 12345 and case["scenario"] == "standard"
    assert case["history"] == history and len(history) == 1
    assert case["player"] == player and case["action"] == str(action)
    assert "12345" not in str(caught.value) and "card-7" not in str(caught.value)
    assert json.dumps(case)  # plain data, written as a case file as it is
    assert st.action_count == 1  # the failed action was not recorded
    assert json.dumps(st.full_state(), sort_keys=True) == before  # nothing here was changed


def test_known_narrows_or_names_what_is_missing():
    assert known(3, "a count") == 3
    with pytest.raises(InvariantError, match="a count is missing"):
        known(None, "a count")
