"""The coach (issue 48): the hard level's move from the seat's view alone, with the chance
to win before and after, and a review of the seat's last move; the same advice whatever the
seat cannot see."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import wartable
from wartable.agents.coach import Coach
from wartable.agents.random import RandomAgent
from wartable.cli.main import app
from wartable.core.errors import ArgumentError

GAMES = ["undaunted", "combat", "diadehonor", "tactics2gm"]


def mid_game(name: str, steps: int = 14, seed: int = 4):
    game = wartable.get_game(name)
    state = game.new_game(None, seed=seed)
    agent = RandomAgent(seed)
    for _ in range(steps):
        player = state.current_players[0]
        state.apply(player, agent.act(state, player))
    return game, state


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_is_the_same_whatever_the_seat_cannot_see(name):
    game, state = mid_game(name)
    player = state.current_players[0]
    coach = Coach(game, samples=3, iterations=6)
    before = state.full_state()
    advice = coach.hint(state, player)
    assert state.full_state() == before  # asking changes nothing
    assert advice.action in state.legal_actions(player)
    assert 0 <= advice.chance_now <= 1 and 0 <= advice.chance_after <= 1
    words = advice.words(state)
    differ = False
    for seed in (11, 12):  # twins: the same view, other hidden cards, decks and identities
        twin = state.sample_hidden(player, seed)
        differ = differ or twin.full_state() != before
        again = coach.hint(twin, player)
        assert again == advice
        assert again.words(twin) == words
    assert differ  # the twins did hold other hidden facts


def test_a_review_sets_the_move_played_beside_the_coach_s():
    game, state = mid_game("undaunted", steps=3)
    player = state.current_players[0]
    coach = Coach(game, samples=3, iterations=6)
    advice = coach.hint(state, player)
    same = coach.review(state, player, advice.action)
    assert same.advice == advice and same.chance_played == advice.chance_after
    assert "is the coach's choice too" in same.words(state)
    other = next(a for a in state.legal_actions(player) if a != advice.action)
    review = coach.review(state, player, other)
    text = review.words(state)
    assert text.startswith(f"Your last move, {state.describe(player, other)}: about ")
    assert state.describe(player, advice.action) in text


def test_the_coach_advises_only_a_seat_that_is_to_act():
    game, state = mid_game("undaunted", steps=3)
    idle = next(p for p in state.players if p not in state.current_players)
    with pytest.raises(ArgumentError, match="has no move to be advised on now"):
        Coach(game).hint(state, idle)
    with pytest.raises(ArgumentError, match="samples must be at least 1"):
        Coach(game, samples=0)


runner = CliRunner()


def test_hint_and_review_in_the_terminal_against_the_computer():
    result = runner.invoke(
        app, ["play", "undaunted", "--seed", "3"], input="review\nhint\n1\nreview\nquit\n"
    )
    out = result.output
    assert result.exit_code == 0, out
    assert "No move of yours to review yet." in out
    assert "The coach would play " in out and "Your chance to win: about " in out
    assert "Your last move, " in out


def test_the_coach_is_off_between_people_unless_they_turn_it_on():
    off = runner.invoke(app, ["play", "undaunted", "--vs", "human"], input="\nhint\nquit\n")
    assert "The coach is off in a game between people" in off.output
    on = runner.invoke(
        app, ["play", "undaunted", "--vs", "human", "--coach"], input="\nhint\nquit\n"
    )
    assert "The coach would play " in on.output
    refused = runner.invoke(app, ["play", "undaunted", "--no-coach"], input="hint\nquit\n")
    assert "The coach is off in this game (--no-coach)." in refused.output
