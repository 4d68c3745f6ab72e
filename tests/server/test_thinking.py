"""AI seats think in worker processes (issue 47): a search never holds the server's event
loop, and the game it plays is the one it would play in the server's own process."""

from __future__ import annotations

import asyncio
import os
import time

import pytest

import wartable
from tests.server.helpers import run_async
from wartable.agents.ismcts import ISMCTSAgent
from wartable.agents.registry import make_agent
from wartable.server.thinking import Thinkers, searches


class Where(ISMCTSAgent):
    """A search that says which process it thought in."""

    def act(self, state, player):
        action = super().act(state, player)
        self.pid = os.getpid()
        return action


def decision():
    game = wartable.get_game("undaunted")
    state = game.new_game("la-raye", seed=3)
    return game, state, state.current_players[0]


def test_a_search_thinks_in_a_worker_and_plays_as_it_would_here():
    game, state, seat = decision()
    here = make_agent(game, "ismcts:iterations=30", 5)
    there = make_agent(game, "ismcts:iterations=30", 5)
    thinkers = Thinkers(1)

    async def both_decisions():
        first, agent = await thinkers.act(there, state.clone(), seat)
        second, agent = await thinkers.act(agent, state.clone(), seat)  # its generator moved on
        return first, second, agent

    try:
        first, second, agent = run_async(both_decisions())
    finally:
        thinkers.close()
    assert (first, second) == (here.act(state.clone(), seat), here.act(state.clone(), seat))
    assert agent.rng.next64() == here.rng.next64()  # the agent came back as it stands now


def test_a_search_runs_in_another_process_and_quick_agents_in_this_one():
    game, state, seat = decision()
    agent = Where(7, iterations=10)
    thinkers = Thinkers(1)
    try:
        _, back = run_async(thinkers.act(agent, state.clone(), seat))
    finally:
        thinkers.close()
    assert back.pid != os.getpid()
    assert searches(make_agent(game, "hard", 1))
    assert not searches(make_agent(game, "random", 1))
    assert not searches(make_agent(game, "heuristic", 1))


@pytest.mark.slow  # a search left to think 1.5 s in a worker (make slow; CI runs it)
def test_the_event_loop_answers_while_a_search_thinks():
    """A long search in a worker: the loop's timers keep firing on time meanwhile."""
    game, state, seat = decision()
    agent = make_agent(game, "ismcts:iterations=100000:seconds=1.5", 2)
    thinkers = Thinkers(1)

    async def watched():
        lags = []
        thinking = asyncio.ensure_future(thinkers.act(agent, state.clone(), seat))
        while not thinking.done():
            began = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append(time.perf_counter() - began - 0.01)
        await thinking
        return lags

    try:
        run_async(thinkers.act(make_agent(game, "ismcts:iterations=2", 1), state, seat))
        lags = run_async(watched())  # the worker started above: only the thinking is timed
    finally:
        thinkers.close()
    assert len(lags) > 50
    assert sorted(lags)[int(len(lags) * 0.99)] < 0.05


def test_a_worker_rebuilds_a_game_from_its_record_catching_up_from_what_it_kept():
    """The worker's copy of a game: replayed once, then played on by the actions since; a
    record that is no longer a continuation of the kept one (another game from the same
    set-up, an undo) is replayed whole."""
    from wartable.agents.random import RandomAgent
    from wartable.server import thinking

    game, state, _ = decision()
    other = state.clone()
    mover = RandomAgent(4)
    for _ in range(30):
        p = state.current_players[0]
        state.apply(p, mover.act(state, p))
        if state.action_count == 12:
            early = state.record()
    thinking._kept.clear()
    assert thinking.rebuilt(early).full_state() == game.replay(early).full_state()
    kept = next(iter(thinking._kept.values()))[1]
    assert thinking.rebuilt(state.record()).full_state() == state.full_state()
    assert next(iter(thinking._kept.values()))[1] is kept  # caught up, not replayed
    for _ in range(5):
        p = other.current_players[0]
        other.apply(p, RandomAgent(9).act(other, p))
    assert thinking.rebuilt(other.record()).full_state() == other.full_state()  # replayed
    assert next(iter(thinking._kept.values()))[1] is not kept


@pytest.mark.slow  # a worker process killed (make slow; CI runs it)
def test_a_worker_that_dies_is_replaced_and_the_decision_still_comes():
    """A worker killed between two decisions (out of memory, an operator's kill) breaks the
    pool: the next decision starts a fresh one rather than leaving the AI seat stuck."""
    import signal

    game, state, seat = decision()
    thinkers = Thinkers(1)

    async def two_decisions():
        first, agent = await thinkers.act(make_agent(game, "ismcts:iterations=5", 1), state, seat)
        pool = thinkers._pool
        for pid in list(pool._processes):  # the only worker
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.5)  # the pool notices its worker is gone
        second, _ = await thinkers.act(agent, state.clone(), seat)
        return first, second, pool

    try:
        first, second, pool = run_async(two_decisions())
    finally:
        thinkers.close()
    assert second in state.legal_actions(seat) and first in state.legal_actions(seat)
    assert thinkers._pool is None and pool is not None  # the broken pool was let go
