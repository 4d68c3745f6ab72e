"""Agents named with options (``ismcts:seconds=2``) and difficulty levels: what they build,
and a clear error, naming the option, for anything else."""

from __future__ import annotations

import pytest

import wartable
from wartable.agents.blunder import BlunderAgent
from wartable.agents.ismcts import ISMCTSAgent
from wartable.agents.registry import (
    LEVELS,
    agent_names,
    check_agent,
    level,
    make_agent,
    parse_spec,
)
from wartable.core.agent import Guide, Heuristic
from wartable.core.errors import ArgumentError, UnknownNameError

UNDAUNTED = wartable.get_game("undaunted")
DUEL = wartable.get_game("duel")  # a game with no heuristic


def test_a_spec_is_a_name_and_options():
    assert parse_spec("ismcts") == ("ismcts", {})
    assert parse_spec(" ismcts:seconds=1.5:horizon=1 ") == (
        "ismcts",
        {"seconds": "1.5", "horizon": "1"},
    )


def test_options_reach_the_agent_typed():
    agent = make_agent(UNDAUNTED, "ismcts:iterations=40:horizon=1:exploration=0.5", 3)
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.iterations, agent.horizon, agent.exploration) == (40, 1, 0.5)
    assert agent.seconds is None and agent.playout == "guide"
    assert isinstance(agent.guide, Heuristic), "the search plays on with the game's heuristic"
    timed = make_agent(UNDAUNTED, "ismcts:seconds=0.5", 3)
    assert isinstance(timed, ISMCTSAgent) and timed.seconds == 0.5 and timed.iterations == 0


def test_without_a_heuristic_the_search_plays_on_at_random():
    agent = make_agent(DUEL, "ismcts", 1)
    assert isinstance(agent, ISMCTSAgent) and agent.guide is None and agent.playout == "random"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "unknown agent 'wizard'; choose one of: "),
        ("ismcts:depth=3", "ismcts takes no option 'depth' (options: iterations, seconds"),
        ("ismcts:iterations=many", "iterations='many' must be a whole number"),
        ("ismcts:seconds=soon", "seconds='soon' must be a number"),
        ("ismcts:iterations=0", "iterations must be at least 1"),
        ("ismcts:seconds=-1", "seconds must be more than 0"),
        ("ismcts:horizon=0", "horizon must be at least 1"),
        ("ismcts:playout=smart", "playout must be one of guide, random"),
        ("ismcts:seconds", "agent option 'seconds' in 'ismcts:seconds' is not KEY=VALUE"),
        ("ismcts:horizon=1:horizon=2", "'horizon' is given twice"),
        ("random:seed=1", "random takes no option 'seed' (options: none)"),
        ("hard:seconds=9", "the level 'hard' takes no options"),
        ("", "an agent is named by a non-empty text"),
        ("ismcts:" + "x" * 10_000, "characters)"),
    ],
)
def test_a_bad_spec_says_why(spec, message):
    with pytest.raises((ArgumentError, UnknownNameError)) as info:
        check_agent(UNDAUNTED, spec)
    assert message in str(info.value)
    assert len(str(info.value)) < 400
    with pytest.raises((ArgumentError, UnknownNameError)):
        make_agent(UNDAUNTED, spec)


def test_guided_play_outs_need_a_heuristic():
    with pytest.raises(ArgumentError, match="playout=guide needs a heuristic"):
        check_agent(DUEL, "ismcts:playout=guide")
    with pytest.raises(UnknownNameError):
        check_agent(DUEL, "blunder")  # slips of a heuristic the duel does not have


def test_levels_are_offered_and_stand_for_agents():
    for game in (UNDAUNTED, DUEL):
        names = agent_names(game)
        assert names[-3:] == list(LEVELS) == ["easy", "normal", "hard"]
    assert level(UNDAUNTED, "normal") == "heuristic"
    assert level(DUEL, "normal") == "ismcts"
    assert isinstance(make_agent(UNDAUNTED, "easy", 1), BlunderAgent)
    hard = make_agent(UNDAUNTED, "hard", 1)
    assert isinstance(hard, ISMCTSAgent) and hard.seconds == 2 and hard.guide is not None
    assert hard.iterations == 60  # anchored on the heuristic, more searched no better
    assert isinstance(make_agent(DUEL, "easy", 1), ISMCTSAgent)


def test_a_game_may_set_a_level_itself():
    """Combat!'s search needed more play-outs than the generic ``hard`` gives; every level a
    game sets is an agent of that game, and the levels it leaves stay the generic ones."""
    combat = wartable.get_game("combat")
    assert level(combat, "hard") == "ismcts:iterations=200:seconds=2"
    hard = make_agent(combat, "hard", 1)
    assert isinstance(hard, ISMCTSAgent) and hard.iterations == 200 and hard.seconds == 2
    assert hard.horizon == 1, "the heuristic's own horizon"
    assert level(combat, "normal") == "heuristic"
    for info in wartable.list_games():
        game = wartable.get_game(info.name)
        for lv, spec in game.levels().items():
            assert lv in LEVELS, f"{info.name} sets an unknown level {lv}"
            check_agent(game, spec)


def test_a_blunder_slips_about_as_often_as_it_says_and_always_legally():
    state = UNDAUNTED.new_game("la-raye", seed=4)
    player = state.current_players[0]
    legal = state.legal_actions(player)
    assert len(legal) > 1

    class Fixed:
        name = "fixed"

        def act(self, state, player):
            return legal[0]

    agent = BlunderAgent(Fixed(), seed=9, slip=0.3)
    picks = [agent.act(state, player) for _ in range(2000)]
    assert set(picks) <= set(legal)
    other = sum(a != legal[0] for a in picks) / len(picks)
    # a slip picks any legal action, legal[0] too: 0.3 * (n - 1) / n of picks differ
    expected = 0.3 * (len(legal) - 1) / len(legal)
    assert abs(other - expected) < 0.04


@pytest.mark.parametrize("game_name", [g for g in wartable.game_names() if g != "duel"])
def test_every_heuristic_guides_play_outs_on_a_drawn_state(game_name):
    game = wartable.get_game(game_name)
    guide = game.agents()["heuristic"](1)
    assert isinstance(guide, Guide)
    state = game.new_game(seed=3)
    for _ in range(30):
        if state.is_over:
            break
        player = state.current_players[0]
        world = state.sample_hidden(player, 11)
        action = guide.decide(world, player)
        assert action in state.legal_actions(player)
        state.apply(player, action)
