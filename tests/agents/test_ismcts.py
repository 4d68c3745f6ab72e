"""The generic search agent: legal, reproducible, blind to hidden information, and better than
random play in every game."""

from __future__ import annotations

import pytest

import wartable
from wartable.agents.ismcts import ISMCTSAgent, score
from wartable.agents.random import RandomAgent
from wartable.agents.registry import agent_names, check_agent, make_agent
from wartable.core.action import Action

CASES = [
    (name, sc.id) for name in wartable.game_names() for sc in wartable.get_game(name).scenarios()
]


def some_decision(game_name: str, scenario: str, seed: int = 2):
    """A state a few random actions in, where the first player to act has a real choice."""
    state = wartable.get_game(game_name).new_game(scenario, seed=seed)
    agent = RandomAgent(seed)
    for _ in range(12):
        player = state.current_players[0]
        if len(state.legal_actions(player)) > 1:
            break
        state.apply(player, agent.act(state, player))
    return state, state.current_players[0]


@pytest.mark.parametrize(("game_name", "scenario"), CASES)
def test_every_game_gets_the_search_agent_and_it_plays_legally(game_name, scenario):
    game = wartable.get_game(game_name)
    assert "ismcts" in agent_names(game)
    state, player = some_decision(game_name, scenario)
    agent = make_agent(game, "ismcts", 5)
    agent.iterations = 25
    before = state.full_state()
    action = agent.act(state, player)
    assert action in state.legal_actions(player)
    assert state.full_state() == before, "searching changes nothing in the real game"
    again = make_agent(game, "ismcts", 5)
    again.iterations = 25
    assert again.act(state, player) == action, "same seed, same choice"


@pytest.mark.parametrize(("game_name", "scenario"), CASES)
def test_what_the_player_cannot_see_does_not_sway_the_search(game_name, scenario):
    state, player = some_decision(game_name, scenario)
    one, other = state.sample_hidden(player, 1), state.sample_hidden(player, 2)
    assert one.view(player) == other.view(player)
    choices = {ISMCTSAgent(7, iterations=25).act(s, player) for s in (one, other)}
    assert len(choices) == 1


def test_scores_are_the_result_or_the_games_own_estimate():
    game = wartable.get_game("undaunted")
    state = game.new_game("la-raye", seed=1)
    guess = score(state)
    assert set(guess) == {"us", "germany"} and all(-1 <= v <= 1 for v in guess.values())
    assert guess["us"] == pytest.approx(state.estimate("us"))
    assert guess["us"] != 0  # La Raye starts with Germany 3 points up: not an even game
    while not state.is_over:
        p = state.current_players[0]
        state.apply(p, state.legal_actions(p)[0])
    final = score(state)
    assert final[state.outcome.winner] == 1.0 and sorted(final.values()) == [-1.0, 1.0]


@pytest.mark.slow
def test_the_search_beats_random_play():
    game = wartable.get_game("undaunted")
    for seed, side in ((1, "us"), (2, "germany")):
        state = game.new_game("la-raye", seed=seed)
        agents = {p: RandomAgent(seed) for p in state.players}
        agents[side] = ISMCTSAgent(seed, iterations=30)
        while not state.is_over:
            p = state.current_players[0]
            state.apply(p, agents[p].act(state, p))
        assert state.outcome is not None and state.outcome.winner == side


def test_a_time_budget_stops_the_search_and_still_tries_every_move():
    game = wartable.get_game("undaunted")
    state, player = some_decision("undaunted", "la-raye")
    agent = make_agent(game, "ismcts:seconds=0.05", 1)
    assert agent.act(state, player) in state.legal_actions(player)
    assert agent.last_iterations >= len(state.legal_actions(player))


@pytest.mark.parametrize(
    ("cost", "draw", "iterations"), [(0.3, 0, 3), (0.25, 0, 3), (0.6, 0, 1), (0.25, 0.1, 2)]
)
def test_a_time_budget_is_a_limit_the_search_stops_before_an_iteration_may_overrun(
    monkeypatch, cost, draw, iterations
):
    """A clock of our own: each iteration takes ``cost`` of a 1 s budget to search and
    ``draw`` to draw its state, the rest nothing."""
    from types import SimpleNamespace

    import wartable.agents.ismcts as ismcts

    clock = [0.0]
    monkeypatch.setattr(ismcts, "time", SimpleNamespace(thread_time=lambda: clock[0]))
    game = wartable.get_game("undaunted")
    state, player = some_decision("undaunted", "la-raye")
    agent = make_agent(game, "ismcts:seconds=1", 1)
    assert agent.widen  # so one iteration is enough to answer
    iterate = agent._iterate

    def timed(*args):
        iterate(*args)
        clock[0] += cost

    monkeypatch.setattr(agent, "_iterate", timed)
    sample = state.sample_hidden

    def drawn(*args):
        clock[0] += draw
        return sample(*args)

    monkeypatch.setattr(state, "sample_hidden", drawn)
    assert agent.act(state, player) in state.legal_actions(player)
    assert agent.last_iterations == iterations
    assert clock[0] <= 1.0


def test_with_a_wide_margin_the_search_keeps_the_heuristics_choice():
    from wartable.core.rng import derive_seed

    game = wartable.get_game("undaunted")
    for seed in (1, 2, 3):
        state, player = some_decision("undaunted", "crossroads", seed)
        kept = make_agent(game, "ismcts:iterations=20:margin=3", seed).act(state, player)
        heuristic = make_agent(game, "heuristic", derive_seed(seed, 1))
        assert kept == heuristic.act(state, player)


def test_a_move_tried_too_few_times_never_overrules_the_guide():
    """Día de Honor offers hundreds of moves a decision: at 60 iterations most are tried once
    or never, so ``confirm`` asks a number of play-outs of the move that would overrule."""
    from wartable.core.rng import derive_seed

    game = wartable.get_game("diadehonor")
    for seed in (1, 2):
        state, player = some_decision("diadehonor", "crossroads", seed)
        while len(state.legal_actions(player)) <= 20:  # on to a real activation
            state.apply(player, RandomAgent(seed).act(state, player))
            player = state.current_players[0]
        agent = make_agent(game, "ismcts:iterations=12:margin=0:confirm=13", seed)
        heuristic = make_agent(game, "heuristic", derive_seed(seed, 1))
        assert agent.act(state, player) == heuristic.act(state, player)


def test_with_confirm_the_guides_choice_is_tried_first():
    game = wartable.get_game("undaunted")
    state, player = some_decision("undaunted", "crossroads", 3)
    agent = make_agent(game, "ismcts:iterations=1:confirm=2", 3)
    tried = []
    iterate = agent._iterate

    def spy(world, root, play_on, first=None):
        iterate(world, root, play_on, first)
        tried.extend(a for a, n in root.children.items() if n.visits)

    agent._iterate = spy
    anchor = make_agent(game, "heuristic", 0)
    anchor.rng = agent.guide.rng.clone()
    expected = anchor.act(state, player)
    agent.act(state, player)
    assert tried == [expected]
    with pytest.raises(wartable.ArgumentError, match="confirm must be at least 1"):
        make_agent(game, "ismcts:confirm=0", 1)


def an_activation(seed: int):
    """A Día de Honor state where the seat to act has over 20 moves (a real activation)."""
    state, player = some_decision("diadehonor", "crossroads", seed)
    while len(state.legal_actions(player)) <= 20:
        state.apply(player, RandomAgent(seed).act(state, player))
        player = state.current_players[0]
    return state, player


def searched_root(agent, state, player):
    """The search's choice and the root of its tree."""
    roots = []
    iterate = agent._iterate

    def spy(world, root, play_on, first=None):
        roots.append(root)
        iterate(world, root, play_on, first)

    agent._iterate = spy
    return agent.act(state, player), roots[0]


def test_widening_weighs_only_the_guides_most_promising_moves():
    """16 iterations at widen=1: the root's width grows 1, 2, 2, 2, 3, ... 4 (1 + sqrt of
    its visits), so exactly the guide's four best moves are tried, the best first."""
    game = wartable.get_game("diadehonor")
    for seed in (1, 2):
        state, player = an_activation(seed)
        agent = make_agent(game, "ismcts:iterations=16", seed)
        assert agent.widen == 1.0, "Día de Honor's heuristic asks for widening"
        choice, root = searched_root(agent, state, player)
        tried = {a for a, n in root.children.items() if n.visits}
        ranked = list(root.ranked or ())
        assert tried == set(ranked[:4])
        heuristic = make_agent(game, "heuristic", 0)  # its choice rests on the seat's view
        assert ranked[0] == heuristic.act(state, player), "the heuristic's choice leads"
        assert choice in tried and len(root.ranked) == len(state.legal_actions(player))


def test_without_widening_every_move_may_be_tried():
    game = wartable.get_game("diadehonor")
    state, player = an_activation(1)
    agent = make_agent(game, "ismcts:iterations=16:widen=0", 1)
    _, root = searched_root(agent, state, player)
    assert sum(1 for n in root.children.values() if n.visits) == 16  # each new, none ranked
    assert root.ranked is None


def test_with_widening_a_time_budget_need_not_try_every_move():
    game = wartable.get_game("diadehonor")
    state, player = an_activation(2)
    agent = make_agent(game, "ismcts:seconds=0.01", 2)
    assert agent.act(state, player) in state.legal_actions(player)
    assert 1 <= agent.last_iterations < len(state.legal_actions(player))


def test_widening_is_checked_and_needs_a_heuristic():
    game = wartable.get_game("undaunted")
    for bad in ("-1", "nan", "inf"):
        with pytest.raises(wartable.ArgumentError, match="widen must be a number, 0 or more"):
            check_agent(game, f"ismcts:widen={bad}")
    with pytest.raises(wartable.ArgumentError, match="widen needs a game with a heuristic"):
        ISMCTSAgent(1, widen=1.0)
    assert make_agent(wartable.get_game("combat"), "ismcts", 1).widen == 0.0, "its choice alone"
    assert make_agent(game, "ismcts:widen=0.5", 1).widen == 0.5


def test_the_horizon_is_the_guides_unless_given():
    """Combat!'s heuristic asks for play-outs to the end of the turn; the others for the
    turn and the reply; an option overrides either, and the range is checked."""
    combat = wartable.get_game("combat")
    assert make_agent(combat, "ismcts", 1).horizon == 1
    assert make_agent(combat, "ismcts:horizon=3", 1).horizon == 3
    assert make_agent(wartable.get_game("undaunted"), "ismcts", 1).horizon == 2
    assert make_agent(wartable.get_game("duel"), "ismcts", 1).horizon == 2, "no guide"
    with pytest.raises(wartable.ArgumentError, match="horizon must be at least 1, not 0"):
        check_agent(combat, "ismcts:horizon=0")


def a_choice_of_four(game_name: str):
    """A state a few random actions in where the player to act has at least four moves."""
    state, player = some_decision(game_name, wartable.get_game(game_name).scenarios()[0].id, 3)
    while len(state.legal_actions(player)) < 4:
        state.apply(player, RandomAgent(3).act(state, player))
        player = state.current_players[0]
    return state, player, state.legal_actions(player)


def test_a_heuristic_ranks_its_choice_first_then_the_rest_as_listed():
    """The ranking every heuristic has unless it scores its moves: its quick choice, then
    the rules' order."""
    from wartable.core.agent import Heuristic

    class Last(Heuristic):
        def choose(self, world, player, legal):
            return legal[-1]

    state, player, legal = a_choice_of_four("combat")
    assert Last().rank(state, player, legal, 3) == [legal[-1], legal[0], legal[1]]
    assert Last().widen == 0.0, "no widening over a ranking that knows only its choice"


def test_the_widened_moves_are_the_ranked_then_the_unranked_legal_ones():
    """A node's ranking comes from the first draw that reached it; another draw may offer
    moves it lacks (a card, a result of the dice): they follow the ranked ones."""
    from wartable.agents.ismcts import Node

    game = wartable.get_game("diadehonor")
    state, player = an_activation(1)
    a0, a1, a2, a3, *_ = state.legal_actions(player)
    agent = make_agent(game, "ismcts", 1)
    node = Node(player, visits=9)  # width 1 + 3
    node.ranked = dict.fromkeys([a1, a0, Action("fire", ("nobody", "here"))])
    assert agent._widened(state, node, player, [a0, a1, a2, a3]) == [a1, a0, a2, a3]
    node.visits = 1  # width 2
    assert agent._widened(state, node, player, [a0, a1, a2, a3]) == [a1, a0]
    node.ranked = dict.fromkeys([Action("fire", ("nobody", "here"))])  # none legal: rank anew
    fresh = agent._widened(state, node, player, [a0, a1, a2, a3])
    assert fresh == agent.guide.rank(state, player, [a0, a1, a2, a3], 2)


def test_with_widening_the_guides_choice_is_tried_first():
    """Undaunted's quick ranking often leads with another move than the heuristic's full
    choice (as here): widening still tries that choice first, so it has a score to beat."""
    game = wartable.get_game("undaunted")
    state = game.new_game("crossroads", seed=1)
    walk = RandomAgent(1)
    for steps in (8, 2, 1):  # random actions on to the next position looked at
        for _ in range(steps):
            player = state.current_players[0]
            state.apply(player, walk.act(state, player))
        player = state.current_players[0]
        agent = make_agent(game, "ismcts:iterations=3:widen=1", 1)
        anchor = make_agent(game, "heuristic", 0)
        anchor.rng = agent.guide.rng.clone()
        expected = anchor.act(state, player)
        _, root = searched_root(agent, state, player)
        assert next(iter(root.ranked or ())) == expected
        assert root.children[expected].visits >= 1


@pytest.mark.parametrize("game_name", ["undaunted", "tactics2gm"])
def test_a_scoring_heuristic_ranks_every_move_by_its_score(game_name):
    """Undaunted's and 2GM's heuristics score every move: the ranking is that order, led by
    the quick choice."""
    game = wartable.get_game(game_name)
    state, player, legal = a_choice_of_four(game_name)
    world = state.sample_hidden(player, 9)
    guide, twin = make_agent(game, "heuristic", 4), make_agent(game, "heuristic", 4)
    scores = scores_of(game_name, world, player, legal, make_agent(game, "heuristic", 4).rng)
    ranked = guide.rank(world, player, legal, len(legal))
    assert ranked[0] == twin.choose_quickly(world, player, legal)
    assert sorted(ranked) == sorted(legal) and guide.rank(world, player, legal, 2) == ranked[:2]
    assert [scores[a] for a in ranked] == sorted(scores.values(), reverse=True)
    assert len(set(scores.values())) > 1, "a decision the scores tell apart"


def scores_of(game_name, world, player, legal, rng):
    """What the game's heuristic thinks each move is worth (drawing as its own agent does)."""
    if game_name == "undaunted":
        from wartable.games.undaunted import lookahead

        values = lookahead.scored(world, world.players.index(player), legal, 1, rng)
    else:
        from wartable.games.tactics2gm.mind import Mind

        seat = world.players.index(player)
        mind = Mind(world, world.seat_side[seat], seat)
        values = [mind.score(a) for a in legal]
    return dict(zip(legal, values, strict=True))


def test_guided_play_outs_only_ever_see_drawn_states():
    game = wartable.get_game("undaunted")
    state, player = some_decision("undaunted", "crossroads")
    agent = make_agent(game, "ismcts:iterations=15", 4)
    seen = []
    decide = agent.guide.decide

    def spy(world, who):
        seen.append(world.full_state()["state"] is not None and world is not state)
        seen.append(world._setup.get("sampled", False))
        return decide(world, who)

    agent.guide.decide = spy
    agent.act(state, player)
    assert seen and all(seen)


def test_a_sides_seats_share_its_result():
    game = wartable.get_game("diadehonor")
    state = game.new_game(seed=3, options={"players": "2v2"})
    agent = RandomAgent(3)
    while not state.is_over:
        p = state.current_players[0]
        state.apply(p, agent.act(state, p))
    rewards = score(state)
    for p in state.players:
        for q in state.players:
            if state.team_of(p) == state.team_of(q):
                assert rewards[p] == rewards[q]
    if state.outcome.winner is not None:
        assert sorted(set(rewards.values())) == [-1.0, 1.0]


def test_a_time_budget_counts_the_deciding_threads_own_cpu_not_the_clock():
    """On a busy machine a search still gets its thinking (issue 47): time spent waiting,
    here asleep in every iteration, does not count against its budget."""
    import time as clock

    game = wartable.get_game("undaunted")
    state, player = some_decision("undaunted", "la-raye")
    agent = make_agent(game, "ismcts:seconds=0.3:iterations=6", 1)
    iterate = agent._iterate

    def waiting(*args):
        clock.sleep(0.1)  # the CPU goes to others meanwhile
        iterate(*args)

    agent._iterate = waiting
    began = clock.perf_counter()
    agent.act(state, player)
    assert agent.last_iterations == 6  # the wall clock's 0.3 s would have stopped it at 3
    assert clock.perf_counter() - began >= 0.6
