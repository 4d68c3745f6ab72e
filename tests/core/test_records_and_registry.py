from __future__ import annotations

import pytest

import wartable
from wartable import Action, ActionParseError, RecordError, UnknownNameError


def test_unknown_game_lists_the_choices():
    expected = "unknown game 'chess'; choose one of: combat, undaunted"
    with pytest.raises(UnknownNameError, match=expected):
        wartable.get_game("chess")


def test_unknown_scenario_lists_the_choices():
    with pytest.raises(UnknownNameError, match="la-raye"):
        wartable.get_game("undaunted").new_game("nowhere")


def test_list_games():
    info = {g.name: g for g in wartable.list_games()}
    assert info["undaunted"].players == ("us", "germany")


def test_action_text_and_json():
    a = Action("play", ("scout-B", "scout"))
    assert str(a) == "play scout-B scout"
    assert Action.from_text(" play  scout-B scout ") == a
    assert Action.from_data(a.to_json()) == a
    with pytest.raises(ActionParseError):
        Action.from_data(3)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("not a dict", "JSON object"),
        ({}, "not a wartable record"),
        ({"format": "wartable-record", "game": "chess"}, "is for game 'chess'"),
        ({"format": "wartable-record", "game": "undaunted", "version": "0"}, "version"),
        (
            {
                "format": "wartable-record",
                "game": "undaunted",
                "version": "1",
                "seed": "x",
                "actions": [],
            },
            "integer 'seed'",
        ),
        (
            {
                "format": "wartable-record",
                "game": "undaunted",
                "version": "1",
                "seed": 1,
                "scenario": "la-raye",
                "options": {},
                "actions": [["us", "fly"]],
            },
            "action 1",
        ),
        (
            {
                "format": "wartable-record",
                "game": "undaunted",
                "version": "1",
                "seed": 1,
                "scenario": "la-raye",
                "options": {},
                "actions": [["us", "end"]],
            },
            "does not replay",
        ),
        (
            {
                "format": "wartable-record",
                "game": "undaunted",
                "version": "1",
                "seed": 1,
                "scenario": "atlantis",
                "options": {},
                "actions": [],
            },
            "cannot be set up",
        ),
        (
            {
                "format": "wartable-record",
                "game": "undaunted",
                "version": "1",
                "seed": 1,
                "scenario": "la-raye",
                "options": {},
                "actions": ["end"],
            },
            "not \\[player, action\\]",
        ),
    ],
)
def test_corrupt_or_foreign_records_are_refused_clearly(record, message):
    with pytest.raises(RecordError, match=message):
        wartable.get_game("undaunted").replay(record)


def test_sampled_states_have_no_record():
    state = wartable.get_game("undaunted").new_game("la-raye", seed=1)
    with pytest.raises(RecordError):
        state.sample_hidden("us", 3).record()
