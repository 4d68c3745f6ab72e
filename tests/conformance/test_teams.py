"""Sides and returns, over every line-up of every game: a win gives every seat of the
winning side +1 and every other seat -1, in the outcome, in the search's score and in the
RL reward; a resignation concedes for the resigning seat's whole side. Expectations are
worked out here from the sides the game declares (``teams``), never from the functions
under test."""

from __future__ import annotations

import pytest

import wartable
from tests.conformance.playing import play_on
from wartable.agents.ismcts import score
from wartable.agents.random import RandomAgent
from wartable.core.action import RESIGN
from wartable.rl.table import reward

LINE_UPS = [
    (name, game.scenarios()[0].id, line_up)
    for name in wartable.game_names()
    for game in [wartable.get_game(name)]
    for line_up in (game.options()["players"].choices if "players" in game.options() else (None,))
]
IDS = [f"{g}:{s}:{lu or 'seats'}" for g, s, lu in LINE_UPS]


def new(name, scenario, line_up, seed):
    options = {} if line_up is None else {"players": line_up}
    return wartable.get_game(name).new_game(scenario, seed=seed, options=options)


def expected(teams, winning_side):
    if winning_side is None:
        seats = [p for team in teams.values() for p in team]
        return dict.fromkeys(seats, -1.0 if len(seats) == 1 else 0.0)
    return {p: 1.0 if side == winning_side else -1.0 for side, team in teams.items() for p in team}


@pytest.mark.parametrize(("name", "scenario", "line_up"), LINE_UPS, ids=IDS)
def test_the_declared_sides_seat_every_player_once(name, scenario, line_up):
    st = new(name, scenario, line_up, 1)
    teams = st.teams()
    seats = [p for team in teams.values() for p in team]
    assert sorted(seats) == sorted(st.players) and len(seats) == len(set(seats))
    if line_up is not None:  # "2v1": two sides, of those sizes, in some order
        assert sorted(len(t) for t in teams.values()) == sorted(int(n) for n in line_up.split("v"))
    for side, team in teams.items():
        assert all(st.team_of(p) == side for p in team)


@pytest.mark.parametrize(("name", "scenario", "line_up"), LINE_UPS, ids=IDS)
def test_a_win_is_every_seat_of_the_side_and_a_loss_every_other(name, scenario, line_up):
    for seed in (1, 2, 3):
        st = play_on(new(name, scenario, line_up, seed), RandomAgent(seed))
        teams = st.teams()
        winner = st.outcome.winner
        side = None if winner is None else next(s for s, t in teams.items() if winner in t)
        want = expected(teams, side)
        assert dict(st.outcome.returns) == want
        assert score(st) == want  # the search reads the same
        assert {p: reward(st, p) for p in st.players} == want  # and the RL reward


@pytest.mark.parametrize(("name", "scenario", "line_up"), LINE_UPS, ids=IDS)
def test_one_seat_resigns_for_its_whole_side(name, scenario, line_up):
    st = play_on(new(name, scenario, line_up, 4), RandomAgent(4), stop_after=5)
    assert not st.is_over
    quitter = st.players[-1]  # in turn or not
    assert RESIGN not in st.legal_actions(st.current_players[0])  # no agent chooses it
    teams = st.teams()
    mine = next(s for s, t in teams.items() if quitter in t)
    others = [s for s in teams if s != mine]
    events = st.apply(quitter, "resign")
    assert st.is_over and st.outcome.kind == "resignation" and st.outcome.conceded == quitter
    assert quitter in st.outcome.reason and events[0].kind == "resign"
    want = expected(teams, others[0] if len(others) == 1 else None)
    for p in teams[mine]:
        want[p] = -1.0
    assert dict(st.outcome.returns) == want == score(st)
    again = wartable.get_game(name).replay(st.record())  # the replay says who conceded
    assert again.outcome == st.outcome and again.history()[-1] == (quitter, RESIGN)
    with pytest.raises(wartable.IllegalActionError, match="over"):
        st.apply(st.players[0], "resign")


def test_2gm_team_play_is_scored_by_side_and_simulated_one_agent_a_side():
    """2GM Tactics in 2v2: the winning side's second seat wins too; simulate takes one agent
    a side, as it does for Día de Honor."""
    from wartable.sim.runner import run_batch

    st = play_on(new("tactics2gm", "pitched-battle", "2v2", 5), RandomAgent(5))
    teams = st.teams()
    assert teams == {"allies": ("allies-1", "allies-2"), "axis": ("axis-1", "axis-2")}
    won = [p for p, v in st.outcome.returns.items() if v > 0]
    assert len(won) in (0, 2) and (not won or st.team_of(won[0]) == st.team_of(won[1]))
    results = run_batch(
        "tactics2gm", "pitched-battle", ["random", "random"], 2, seed=1, workers=1,
        options={"players": "2v2"},
    )  # fmt: skip
    assert len(results.results) == 2
    assert results.teams == {p: st.team_of(p) for p in st.players}
    sides = results.sides()
    assert sides is not None and sum(s["wins"] for s in sides.values()) <= 2
