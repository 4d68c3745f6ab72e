"""Each game's guide for players (data/guide.yaml; issue 44, item 9): it loads, it explains
every rule the game's log can cite and every verb the game's actions use, and a malformed
guide is refused with its file, field and reason."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import wartable
from tests.conformance.playing import play_random
from wartable.content import guide
from wartable.core import rulecite
from wartable.core.errors import ContentError

GAMES = wartable.game_names()
SRC = Path(wartable.__file__).resolve().parent / "games"


def _cited_in_source(game: str) -> set[str]:
    """The rules the game's code cites: ``rule=`` arguments, the rule of a ``log(events, kind,
    text, rule)`` call and ``RULE_*`` constants that are plain strings (a rule built at run
    time is met by the random games instead)."""
    found: set[str] = set()
    for path in (SRC / game).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            value = None
            if isinstance(node, ast.keyword) and node.arg == "rule":
                value = node.value
            elif (  # Combat!'s log(events, kind, text, rule, ...)
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "log"
                and len(node.args) >= 4
            ):
                value = node.args[3]
            elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id.startswith("RULE_") for t in node.targets
            ):
                value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
                found.add(value.value)
            elif isinstance(value, ast.JoinedStr | ast.BinOp):  # implicit concatenation only
                try:
                    text = ast.literal_eval(value)
                except ValueError:
                    continue
                if isinstance(text, str) and text:
                    found.add(text)
    return found


def _cited_in_play(game: str) -> tuple[set[str], set[str]]:
    """The rules the log cites and the verbs of the actions played in random games of every
    scenario (a few hundred actions each)."""
    rules: set[str] = set()
    verbs: set[str] = set()
    for sc in wartable.get_game(game).scenarios():
        state = play_random(game, sc.id, seed=1, stop_after=0)
        for _ in range(500):
            if state.is_over:
                break
            player = state.current_players[0]
            legal = state.legal_actions(player)
            verbs.update(str(a).split(" ")[0] for a in legal)
            action = legal[(len(legal) * 7919 + state.action_count * 31) % len(legal)]
            rules.update(e.rule for e in state.apply(player, action) if e.rule)
    return rules, verbs


@pytest.mark.parametrize("game", GAMES)
def test_the_guide_loads_with_every_part(game: str) -> None:
    g = wartable.get_game(game).guide()
    assert g["summary"] and g["sequence"] and g["actions"] and g["legend"] and g["rules"]
    assert all(step["title"] and step["text"] for step in g["sequence"])


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_the_code_cites_is_explained(game: str) -> None:
    rules = wartable.get_game(game).guide()["rules"]
    missing = sorted(
        r
        for r in _cited_in_source(game)
        if len(rulecite.explain(rules, r)) < len(rulecite.rule_keys(r))
    )
    assert not missing, f"{game}'s guide explains none of: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_and_verb_of_play_is_explained(game: str) -> None:
    g = wartable.get_game(game).guide()
    rules, verbs = _cited_in_play(game)
    unexplained = sorted(
        r for r in rules if len(rulecite.explain(g["rules"], r)) < len(rulecite.rule_keys(r))
    )
    assert not unexplained, f"{game}'s log cites rules its guide does not explain: {unexplained}"
    assert not verbs - set(g["actions"]) - {"resign"}, sorted(verbs - set(g["actions"]))


def test_a_citation_splits_into_its_ids() -> None:
    assert rulecite.rule_keys("DH-27") == ["DH-27"]
    assert rulecite.rule_keys("9.5, 10.07") == ["9.5", "10.07"]
    assert rulecite.rule_keys("Attack step 3: one die at or above the total hits") == [
        "Attack step 3"
    ]
    rules = {"5.0": "the turn's steps", "9.5": "leaving the map"}
    assert rulecite.explain(rules, "5.0 step 1d") == [("5.0 step 1d", "the turn's steps")]
    assert rulecite.explain(rules, "9.5, 10.07") == [("9.5", "leaving the map")]


def test_a_malformed_guide_is_refused_with_file_field_and_reason(tmp_path: Path) -> None:
    bad = tmp_path / "guide.yaml"
    bad.write_text(
        "summary: a game\nsequence: []\nactions: {move: go}\n"
        "legend: [{symbol: X, name: x, text: y}]\nrules: {'A:1': text}\n",
        encoding="utf-8",
    )
    with pytest.raises(ContentError) as err:
        guide.load(bad)
    text = str(err.value)
    assert "guide.yaml: sequence" in text and "at least 1" in text


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_a_declared_verb_carries_out_is_explained(name):
    """The rules a verb names in its declaration (core/verbs.py) are in the guide, and each
    declared verb has its own entry among the actions."""
    game = wartable.get_game(name)
    grammar = game.grammar()
    if grammar is None:
        pytest.skip(f"{name} declares no grammar yet")
    explained = game.guide()["rules"]
    missing = [f"{v.name}: {r}" for v in grammar.verbs for r in v.rules if r not in explained]
    assert not missing, missing
    assert not [v.name for v in grammar.verbs if v.name not in game.guide()["actions"]]
