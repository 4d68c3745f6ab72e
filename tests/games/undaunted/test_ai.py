"""The heuristic agent beats random play from both seats and never reads hidden information."""

from __future__ import annotations

import pytest

import wartable
from wartable.agents import make_agent
from wartable.sim import run_batch


@pytest.mark.slow
@pytest.mark.parametrize("agents", [("heuristic", "random"), ("random", "heuristic")])
def test_heuristic_beats_random_from_both_seats(agents):
    # random play would win about half: 16 of 20 or more happens to it 6 times in 1,000
    result = run_batch("undaunted", "la-raye", agents, games=20, seed=11, workers=1)
    seat = result.players[agents.index("heuristic")]
    wins = sum(r.winner == seat for r in result.results)
    assert wins >= 16, f"heuristic won only {wins}/20 as {seat}"


def test_heuristic_decides_the_same_whatever_the_hidden_cards():
    """Its choice depends only on what its own view shows."""
    game = wartable.get_game("undaunted")
    state = game.new_game("crossroads", seed=5)
    random_agent = make_agent(game, "random", 1)
    checked = 0
    while not state.is_over and checked < 25:
        player = state.current_players[0]
        if len(state.legal_actions(player)) > 1:
            other = state.sample_hidden(player, seed=checked)  # the opponent's cards redrawn
            a = make_agent(game, "heuristic", 3).act(state, player)
            b = make_agent(game, "heuristic", 3).act(other, player)
            assert a == b
            checked += 1
        state.apply(player, random_agent.act(state, player))
    assert checked == 25


def test_heuristic_only_plays_undaunted():
    agent = make_agent(wartable.get_game("undaunted"), "heuristic")
    with pytest.raises(TypeError):
        agent.act(object(), "us")  # type: ignore[arg-type]


def test_the_look_ahead_leaves_what_a_checked_apply_leaves():
    """The look-ahead applies actions through the rules, skipping the core's checks (each
    action was just listed as legal on that state): the state it reaches, dice, notes and
    outcome included, is the one ``apply`` reaches, and its legal actions are asked afresh."""
    from wartable.games.undaunted import lookahead
    from wartable.games.undaunted.phases import Phase

    game = wartable.get_game("undaunted")
    compared = set()
    for scenario in ("la-raye", "rearguard"):
        state = game.new_game(scenario, seed=3)
        walker = make_agent(game, "random", 4)
        while not state.is_over:
            player = state.current_players[0]
            me = state.players.index(player)
            legal = state.legal_actions(player)
            if len(state.current_players) == 1 and state.phase != Phase.BID:
                for action in legal:
                    checked = state.clone()
                    checked.apply(player, action)
                    direct = lookahead._after(state, me, action, -1, None)
                    assert direct.full_state()["state"] == checked.full_state()["state"]
                    assert direct.outcome == checked.outcome
                    assert direct.notes == checked.notes
                    assert direct._legal_cache is None
                    assert direct.legal_actions(player) == checked.legal_actions(player)
                    compared.add(action.verb)
            state.apply(player, walker.act(state, player))
    assert {"play", "move", "attack", "suppress", "bolster", "end"} <= compared, compared


def _plain_score(st, me, player, action, depth, rng):
    """The look-ahead as first written: every sub-choice copied and applied through the
    core's checked ``apply``, nothing remembered."""
    from wartable.core.rng import Rng
    from wartable.games.undaunted.evaluation import evaluate
    from wartable.games.undaunted.lookahead import BLAST_SAMPLES
    from wartable.games.undaunted.rules.combat import hit_chance, total_defence

    sc, p = st.sc, st.pending
    outcomes = []
    if action.verb in ("attack", "suppress") and p is not None:
        unit = sc.unit_index[action.args[0]]
        total = total_defence(sc, unit, st.sides[1 - me].pos[unit], st.sides[me].pos[p.unit], False)
        chance = hit_chance(total[0], p.left)
        for weight, die in ((chance, 0), (1 - chance, 1)):
            if weight > 0 and not (die == 1 and total[0] <= 1):
                twin = st.clone()
                twin.rng.force([die] * p.left)
                twin.apply(player, action)
                outcomes.append((weight, twin))
    elif action.verb == "play" and action.args[1] == "blast":
        for _ in range(BLAST_SAMPLES):
            twin = st.clone()
            twin.rng = Rng(rng.next64())
            twin.apply(player, action)
            outcomes.append((1 / BLAST_SAMPLES, twin))
    else:
        twin = st.clone()
        twin.apply(player, action)
        outcomes.append((1.0, twin))
    value = 0.0
    for weight, after in outcomes:
        if depth > 1 and after.pending is not None and after.current_players == (player,):
            options = after.legal_actions(player)
            value += weight * max(
                _plain_score(after, me, player, a, depth - 1, rng) for a in options
            )
        else:
            value += weight * evaluate(after, me)
    return value


def test_the_look_ahead_scores_as_the_plain_one_does_bolsters_included():
    """Bolstered cards judged once per set (in any order they leave the same position) and
    actions applied unchecked: every score is still exactly the plain look-ahead's."""
    from wartable.core.rng import Rng
    from wartable.games.undaunted import lookahead
    from wartable.games.undaunted.ai import DEPTH
    from wartable.games.undaunted.phases import Phase

    game = wartable.get_game("undaunted")
    bolstering = opening_one = 0
    for seed in range(6):
        state = game.new_game("la-raye", seed=seed)
        agents = [make_agent(game, "heuristic", seed), make_agent(game, "random", seed)]
        while not state.is_over and bolstering < 12:
            player = state.current_players[0]
            me = state.players.index(player)
            legal = state.legal_actions(player)
            starts = any(a.verb == "play" and a.args[1] == "bolster" for a in legal)
            deciding = (
                state.phase != Phase.BID and len(state.current_players) == 1 and len(legal) > 1
            )
            if deciding and (lookahead._bolstering(state) or starts):
                world = state.sample_hidden(player, seed)
                memo = {} if lookahead._bolstering(world) else None
                for action in legal:
                    fast = lookahead._score(world, me, action, DEPTH, Rng(9), (), memo)
                    plain = _plain_score(world, me, player, action, DEPTH, Rng(9))
                    assert fast == plain, (str(action), fast, plain)
                bolstering += lookahead._bolstering(state)
                opening_one += starts
            state.apply(player, agents[me].act(state, player))
    assert bolstering >= 4 and opening_one >= 4, (bolstering, opening_one)
