"""Where AI seats think. A search decides in a worker process of its own, so a server busy
with several AI games still answers people at once: a thread would share the interpreter's
lock with the event loop, and a search holding it for seconds stalls every request behind it
(and gets only a slice of the CPU itself). The agent goes to the worker with the game's
record, which the worker replays (catching up from the state it kept of the game, where it
has one: only the actions since), and comes back with the decision, its random generator
advanced as if it had thought here: the same seed gives the same game whichever worker
thinks. A record, not the state: it is small, and it travels in the compiled build too,
whose native classes do not pickle. Quick agents (random play, the heuristics) answer in a
thread: shipping the game would cost more than their thinking.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait
from typing import Any, TypeVar

from wartable.agents.ismcts import ISMCTSAgent
from wartable.core.action import Action
from wartable.core.agent import Agent
from wartable.core.registry import get_game
from wartable.core.state import GameState

T = TypeVar("T")


def searches(agent: Agent) -> bool:
    """Whether ``agent`` thinks long enough to be worth a process of its own."""
    return isinstance(agent, ISMCTSAgent)


KEEP = 16  # games each worker keeps as it last rebuilt them
_kept: dict[str, tuple[list[list[str]], GameState]] = {}  # in a worker: setup -> played, state


def decide(agent: Agent, record: dict[str, Any], seat: str) -> tuple[Action, Agent]:
    """In the worker: the decision, and the agent as it stands after it."""
    return agent.act(rebuilt(record).clone(), seat), agent


def rebuilt(record: dict[str, Any]) -> GameState:
    """The state of ``record``: the one kept of its game played on by the actions since,
    or replayed whole."""
    setup = {k: v for k, v in record.items() if k != "actions"}
    key = json.dumps(setup, sort_keys=True, default=repr)
    actions: list[list[str]] = record["actions"]
    game = get_game(record["game"])
    kept = _kept.pop(key, None)
    if kept is not None and kept[0] == actions[: len(kept[0])]:
        played, state = kept
        for player, text in actions[len(played) :]:
            state.apply(player, game.parse_action(text))
    else:
        state = game.replay(record)
    _kept[key] = (actions, state)
    while len(_kept) > KEEP:
        del _kept[next(iter(_kept))]
    return state


def die_with_the_server() -> None:
    """In each worker, from its start: a server killed outright (SIGKILL, out of memory) leaves
    no worker behind holding its terminal or its port's clients waiting."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="die-with-the-server", daemon=True).start()


def quick(agent: Agent, state: GameState, seat: str) -> tuple[Action, Agent]:
    return agent.act(state, seat), agent


def default_workers() -> int:
    """One worker a core: each search then has a core's time to itself."""
    return max(1, os.cpu_count() or 1)


class Thinkers:
    """The pool of worker processes AI searches run in, started when first needed (a server
    with no AI seat starts none) and stopped with the server."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # not forked from the server: its event loop, threads and sockets stay with it
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=ctx, initializer=die_with_the_server
            )
        return self._pool

    async def act(self, agent: Agent, state: GameState, seat: str) -> tuple[Action, Agent]:
        """``agent``'s decision for ``seat`` on ``state`` (its own copy), and the agent to
        keep for its next one."""
        if not searches(agent):
            return await asyncio.to_thread(quick, agent, state, seat)
        return await self.call(decide, agent, state.record(), seat)

    async def call(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a worker process (a search's decision, the coach's advice): off
        the event loop and its interpreter lock. A worker that died (killed, out of memory)
        costs one more try in a fresh pool; the broken pool is closed once, by whichever
        call finds it still in place, so a retry already sent to the fresh one is kept."""
        loop = asyncio.get_running_loop()
        pool = self._started()
        try:
            return await loop.run_in_executor(pool, work, *args)
        except BrokenProcessPool:
            if self._pool is pool:
                self.close()
        return await loop.run_in_executor(self._started(), work, *args)

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
