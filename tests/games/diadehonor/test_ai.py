"""The heuristic: legal, blind to what its seat cannot see, playing to its objective, and far
stronger than random play (the 400-game figures are in docs/games/diadehonor.md)."""

from __future__ import annotations

import pytest

import wartable
from tests.games.diadehonor.scene import put, scene
from wartable.agents.random import RandomAgent
from wartable.core.action import Action
from wartable.games.diadehonor.ai import HeuristicAgent

GAME = wartable.get_game("diadehonor")


def battle(lineup: str, seed: int, heuristic_side: str) -> str | None:
    """The winning side of a battle between the heuristic (one side) and random play."""
    st = GAME.new_game(None, seed=seed, options={"players": lineup})
    agents = {
        p: HeuristicAgent(seed) if side == heuristic_side else RandomAgent(seed)
        for p, side in zip(st.players, st.sides, strict=True)
    }
    while not st.is_over:
        p = st.current_players[0]
        st.apply(p, agents[p].act(st, p))
    winner = st.outcome.winner
    return None if winner is None else st.sides[st.players.index(winner)]


@pytest.mark.slow
def test_the_heuristic_beats_random_play_from_either_side():
    """6 battles, 3 a side, all to be won but one: a player who wins 80% of battles, the goal,
    does so 66% of the time; one who wins 96%, as measured, 98%."""
    wins = sum(
        battle("1v1", seed, side) == side for seed in range(3) for side in ("axis", "allies")
    )
    assert wins >= 5, wins


def whole(st):
    """A scene dealing every objective, so that samples have some to deal."""
    st.pool = tuple(sorted(st.lib.objectives))
    st.ruled_out = [set() for _ in st.players]
    return st


def test_it_fires_where_the_odds_are_best():
    st = whole(scene())
    put(st, "able", "allies", "assault", 0, 0)
    put(st, "far", "axis", "light", 0, -8)  # beyond range 4: -4
    put(st, "near", "axis", "light", 2, -3)
    action = HeuristicAgent(1).act(st, "allies-1")
    assert action == Action("fire", ("able", "near"))


def test_it_prefers_the_kind_its_objective_names():
    st = whole(scene())
    put(st, "able", "allies", "assault", 0, 0)
    put(st, "rifle", "axis", "light", 1, -3)
    put(st, "rocket", "axis", "heavy", -1, -3)
    st.objectives[1] = "attrition"  # any kill: the rifleman, easier to wound, is the shot
    assert HeuristicAgent(1).act(st, "allies-1") == Action("fire", ("able", "rifle"))
    st.objectives[1] = "no_more_rockets"  # it names the heavy infantryman
    assert HeuristicAgent(1).act(st, "allies-1") == Action("fire", ("able", "rocket"))


def test_its_choice_is_the_same_whatever_the_others_hold():
    """Its decisions rest on what its seat knows: other seats' cards and objectives changed,
    the same choice."""
    st = GAME.new_game("crossroads", seed=3, options={"players": "2v2"})
    agent_seed = 5
    for _ in range(90):
        if st.is_over:
            break
        p = st.current_players[0]
        twin = st.clone()
        me = st.players.index(p)
        others = [s for s in range(len(st.players)) if s != me]
        twin.objectives = list(st.objectives)
        a, b = others[0], others[-1]
        twin.objectives[a], twin.objectives[b] = twin.objectives[b], twin.objectives[a]
        if len(st.hands[a]) == len(st.hands[b]):  # how many each holds is public
            twin.hands[a], twin.hands[b] = list(st.hands[b]), list(st.hands[a])
        choice = HeuristicAgent(agent_seed).act(st, p)
        assert HeuristicAgent(agent_seed).act(twin, p) == choice
        st.apply(p, choice)


def test_its_ranking_starts_with_its_choice_and_holds_every_move():
    """What a search widens over (``rank``): the choice first, then every other legal move
    once; ``k`` cuts it short."""
    st = GAME.new_game("crossroads", seed=4)
    agent = HeuristicAgent(2)
    ranked_some = 0
    for _ in range(60):
        if st.is_over:
            break
        p = st.current_players[0]
        legal = st.legal_actions(p)
        if len(legal) > 1:
            world = st.sample_hidden(p, 3)
            ranked = agent.rank(world, p, legal, len(legal))
            assert ranked[0] == agent.choose(world, p, legal)
            assert sorted(ranked) == sorted(legal)
            assert agent.rank(world, p, legal, 2) == ranked[:2]
            ranked_some += 1
        st.apply(p, agent.act(st, p))
    assert ranked_some > 20


def test_its_ranking_puts_good_shots_then_each_units_best_move_before_ending():
    st = whole(scene())
    put(st, "able", "allies", "assault", 0, 0)
    put(st, "baker", "allies", "light", 4, 2)
    put(st, "near", "axis", "light", 2, -3)
    legal = st.legal_actions("allies-1")
    ranked = HeuristicAgent(1).rank(st, "allies-1", legal, len(legal))
    assert ranked[0] == Action("fire", ("able", "near"))  # its choice, a good shot
    ending = ranked.index(Action("done", ()))
    assert all(a.verb in ("move", "crawl") for a in ranked[1:ending])
    assert sorted(a.args[0] for a in ranked[1:ending]) == ["able", "baker"]  # a move each
    poor, down = (
        ranked.index(Action("fire", ("baker", "near"))),
        ranked.index(Action("prone", ("baker",))),
    )
    assert ending < poor < down, "after ending: a poor shot, then lying down"
    assert ranked[-1].verb in ("move", "crawl"), "the other moves last, by what they gain"
