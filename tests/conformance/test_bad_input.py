"""Bad input to the public API, for every registered game: the documented WartableError with
a reason, and the state untouched (issue 10, item 17). The checks live in the core's public
methods, so a new game gets them without a line of its own."""

from __future__ import annotations

import json

import pytest

import wartable
from tests.conformance.playing import CASES, IDS, play_random
from tests.conformance.test_conformance import mid_game_states
from wartable import (
    Action,
    ActionParseError,
    ArgumentError,
    IllegalActionError,
    RecordError,
    UnknownNameError,
)


def not_actions(legal: list[Action]) -> list[object]:
    """Values that are not actions, the first of them equal to a legal one."""
    first = legal[0]
    return [
        tuple(first),  # equal to a legal action, but recorded as something else
        first.to_json(),  # JSON is for Game.parse_action
        list(first),
        None,
        3,
        str(first).encode(),
        Action(first.verb, tuple(len(a) for a in first.args) or (13,)),  # not words
        Action(3, first.args),  # type: ignore[arg-type]
        Action(first.verb, list(first.args)),  # type: ignore[arg-type]
        Action(first.verb, ("two words",)),
    ]


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_apply_takes_only_an_action_or_its_text(game_name, scenario):
    for state in mid_game_states(game_name, scenario, seeds=range(1), stops=(0, 40)):
        before = state.full_state()
        player = state.current_players[0]
        for bad in not_actions(state.legal_actions(player)):
            with pytest.raises(ActionParseError, match=r"action|argument|verb"):
                state.apply(player, bad)  # type: ignore[arg-type]
            with pytest.raises(ActionParseError):
                state.action_info(player, bad)  # type: ignore[arg-type]
        assert state.full_state() == before
        assert state.action_count == len(state.record()["actions"])


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_action_info_refuses_what_apply_refuses(game_name, scenario):
    game = wartable.get_game(game_name)
    for state in mid_game_states(game_name, scenario, seeds=range(1), stops=(0, 40)):
        before = state.full_state()
        player = state.current_players[0]
        legal = state.legal_actions(player)
        assert isinstance(state.action_info(player, legal[0]), dict)
        assert state.action_info(player, str(legal[0])) == state.action_info(player, legal[0])
        shapes = {(a.verb, len(a.args)) for a in game.action_space(scenario)}
        for verb, n in sorted(shapes):
            stranger = Action(verb, ("nobody",) * n)
            if stranger in legal:  # a verb without arguments names nobody
                continue
            with pytest.raises(IllegalActionError) as info:
                state.action_info(player, stranger)
            assert info.value.reason
            with pytest.raises(IllegalActionError):
                state.apply(player, stranger)
        with pytest.raises(UnknownNameError, match="unknown player 'nobody'"):
            state.action_info("nobody", legal[0])
        assert state.full_state() == before


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_unknown_players_are_unknown_everywhere(game_name, scenario):
    state = play_random(game_name, scenario, 2, stop_after=5)
    before = state.full_state()
    for bad in ("nobody", ["us"], None, 0):
        with pytest.raises(UnknownNameError, match="unknown player"):
            state.hints(bad)  # type: ignore[arg-type]
        with pytest.raises(UnknownNameError, match="unknown player"):
            state.legal_actions(bad)  # type: ignore[arg-type]
        if bad is not None:  # None is a spectator's view
            with pytest.raises(UnknownNameError, match="unknown player"):
                state.view(bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError, match="unknown player"):
            state.apply(bad, "end")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="seed"):
        state.sample_hidden(state.players[0], 1.5)  # type: ignore[arg-type]
    assert state.full_state() == before


@pytest.mark.parametrize("game_name", wartable.game_names())
def test_new_game_refuses_arguments_of_the_wrong_kind(game_name):
    game = wartable.get_game(game_name)
    for seed in (1.5, "7", None, True, 10**30, -(10**30)):
        with pytest.raises(ArgumentError, match="seed"):
            game.new_game(seed=seed)  # type: ignore[arg-type]
    for scenario in (["la-raye"], 3, {"id": "x"}):
        with pytest.raises(UnknownNameError, match="unknown scenario"):
            game.new_game(scenario)  # type: ignore[arg-type]
    for options in ([("night", True)], "night", {1: True}):
        with pytest.raises(ArgumentError, match="options"):
            game.new_game(options=options)  # type: ignore[arg-type]
    assert game.new_game(seed=2**64 - 1).action_count == 0  # every 64-bit seed is fine


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_replay_upto_must_count_actions_of_the_record(game_name, scenario):
    game = wartable.get_game(game_name)
    record = play_random(game_name, scenario, 3, stop_after=6).record()
    n = len(record["actions"])
    assert game.replay(record, upto=n).action_count == n
    assert game.replay(record, upto=0).action_count == 0
    for upto in (-1, n + 1, 2.0, "3", True):
        with pytest.raises(ArgumentError, match=f"0 to {n}"):
            game.replay(record, upto=upto)  # type: ignore[arg-type]


@pytest.mark.parametrize(("game_name", "scenario"), CASES, ids=IDS)
def test_records_with_fields_of_the_wrong_kind_are_refused(game_name, scenario):
    game = wartable.get_game(game_name)
    good = json.loads(json.dumps(play_random(game_name, scenario, 3, stop_after=4).record()))
    bad = {
        "scenario": ([scenario], "scenario id"),
        "seed": (10**100, "seed"),
        "version": (int(good["version"]) if good["version"].isdigit() else 1, "must be text"),
        "options": ([], "'options' must be an object"),
    }
    for key, (value, message) in bad.items():
        with pytest.raises(RecordError, match=message):
            game.replay({**good, key: value})
    missing = {k: v for k, v in good.items() if k != "scenario"}
    with pytest.raises(RecordError, match="scenario"):
        game.replay(missing)
    with pytest.raises(RecordError, match="version"):
        game.replay({**good, "version": "x" * 100_000})
    with pytest.raises(RecordError) as info:
        game.replay({**good, "actions": [["us", "x" * 100_000]]})
    assert len(str(info.value)) < 1000  # the message quotes, it does not echo
