"""Every whole-number game option has both bounds, by construction: a game cannot declare one
without them, and every interface refuses a value outside them in one line (issue 43, item
14: Undaunted took ``max_rounds=10**15``)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import wartable
from wartable.cli.main import app
from wartable.core.errors import ArgumentError
from wartable.core.game import GameOption


@pytest.mark.parametrize(
    ("declared", "why"),
    [
        (lambda: GameOption("n", 5, "x"), "needs a minimum and a maximum"),
        (lambda: GameOption("n", 5, "x", minimum=1), "needs a minimum and a maximum"),
        (lambda: GameOption("n", 5, "x", maximum=9), "needs a minimum and a maximum"),
        (lambda: GameOption("n", 10, "x", minimum=1, maximum=9), "default is outside 1 to 9"),
        (lambda: GameOption("n", 0, "x", minimum=1, maximum=9), "default is outside 1 to 9"),
        (lambda: GameOption("n", True, "x", minimum=0), "only a whole-number option"),
        (lambda: GameOption("n", "a", "x", maximum=3), "only a whole-number option"),
    ],
)
def test_an_option_cannot_be_declared_without_bounds_that_hold_its_default(declared, why):
    with pytest.raises(ValueError, match=why):
        declared()


def test_a_bounded_option_takes_its_bounds_and_nothing_past_them():
    option = GameOption("n", 5, "x", minimum=1, maximum=9)
    assert option.check(1) == 1 and option.check(9) == 9 and option.parse("9") == 9
    for wrong in (0, 10, 10**15, -(10**40)):
        with pytest.raises(ArgumentError, match=r"^option n must be at least 1 and at most 9, not"):
            option.check(wrong)
    assert GameOption("on", False, "x").check(True) is True  # other kinds need no bounds


def int_options() -> list[tuple[str, str, GameOption]]:
    return [
        (name, key, option)
        for name in wartable.game_names()
        for key, option in wartable.get_game(name).options().items()
        if option.kind == "int"
    ]


@pytest.mark.parametrize(("name", "key", "option"), int_options())
def test_every_whole_number_option_of_every_game_is_bounded_and_refused_past_them(
    name, key, option
):
    assert option.minimum is not None and option.maximum is not None
    assert option.minimum <= option.default <= option.maximum
    if "round" in key or "limit" in key:  # round limits: a few hundred at most
        assert option.maximum <= 300
    game = wartable.get_game(name)
    for wrong in (option.minimum - 1, option.maximum + 1, 10**15):
        with pytest.raises(ArgumentError, match=f"option {key} must be at least"):
            game.new_game(seed=1, options={key: wrong})


def test_undaunted_keeps_its_round_limit_to_two_hundred():
    game = wartable.get_game("undaunted")
    with pytest.raises(ArgumentError, match="at most 200, not 1000000000000000"):
        game.new_game(seed=1, options={"max_rounds": 10**15})
    assert game.new_game(seed=1, options={"max_rounds": 200}).max_rounds == 200


@pytest.mark.parametrize(
    "args",
    [
        ("play", "undaunted", "--max-rounds", "1000000000000000"),
        ("play", "undaunted", "--option", "max_rounds=201"),
        ("simulate", "undaunted", "--agents", "random,random", "--option", "max_rounds=201"),
        ("simulate", "diadehonor", "--agents", "random,random", "--max-rounds", "500"),
    ],
)
def test_the_command_line_refuses_an_option_past_its_bounds_in_one_line(args):
    result = CliRunner().invoke(app, list(args), input="quit\n")
    assert result.exit_code == 2, result.output
    assert "must be at least 1 and at most 200" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) <= 2
