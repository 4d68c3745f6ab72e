"""Where AI seats think. A search decides in a worker process of its own, so a server busy
with several AI games still answers people at once: a thread would share the interpreter's
lock with the event loop, and a search holding it for seconds stalls every request behind it
(and gets only a slice of the CPU itself). The agent goes to the worker with a copy of the
state and comes back with the decision, its random generator advanced as if it had thought
here: the same seed gives the same game whichever worker thinks. Quick agents (random play,
the heuristics) answer in a thread: shipping the state would cost more than their thinking.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait

from wartable.agents.ismcts import ISMCTSAgent
from wartable.core.action import Action
from wartable.core.agent import Agent
from wartable.core.state import GameState


def searches(agent: Agent) -> bool:
    """Whether ``agent`` thinks long enough to be worth a process of its own."""
    return isinstance(agent, ISMCTSAgent)


def decide(agent: Agent, state: GameState, seat: str) -> tuple[Action, Agent]:
    """In the worker: the decision, and the agent as it stands after it."""
    return agent.act(state, seat), agent


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
            return await asyncio.to_thread(decide, agent, state, seat)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._started(), decide, agent, state, seat)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            self.close()
            raise

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
