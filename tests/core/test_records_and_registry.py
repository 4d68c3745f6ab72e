from __future__ import annotations

import pytest

import wartable
from wartable import Action, ActionParseError, RecordError, UnknownNameError

VERSION = wartable.get_game("undaunted").info.version


def test_unknown_game_lists_the_choices():
    expected = (
        "unknown game 'chess'; choose one of: combat, diadehonor, duel, tactics2gm, undaunted"
    )
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
                "version": VERSION,
                "seed": "x",
                "actions": [],
            },
            "integer 'seed'",
        ),
        (
            {
                "format": "wartable-record",
                "game": "undaunted",
                "version": VERSION,
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
                "version": VERSION,
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
                "version": VERSION,
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
                "version": VERSION,
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


def test_actions_must_be_words_and_short():
    for bad in (
        Action("move", (13,)),  # type: ignore[arg-type]
        Action("move", ["13B"]),  # type: ignore[arg-type]
        {"verb": "move 13B"},
        {"verb": "move", "args": ["13B 14A"]},
        "x" * 1000,
        ("move", ("13B",)),
    ):
        with pytest.raises(ActionParseError) as info:
            Action.from_data(bad) if not isinstance(bad, tuple | str) else Action.checked(bad)
        assert len(str(info.value)) < 200


def test_quote_keeps_messages_short():
    from wartable.core.errors import quote

    assert quote("abc") == "'abc'"
    assert quote("x" * 10_000).endswith("... (10000 characters)")
    assert len(quote(list(range(10_000)))) < 100
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    assert quote(nested) == "(list too large to show)"
