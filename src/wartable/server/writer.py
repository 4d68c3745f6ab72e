"""The one thread that talks to the database, so that no commit stalls the event loop.

A commit waits for the disk (WAL with a full fsync: a few milliseconds on a slow disk). Done
on the event loop, every game would wait for every other game's fsync. Here a coroutine hands
its operation to the writer and awaits it; the writer takes whatever has queued up meanwhile
and commits it all in one transaction (group commit: one fsync for many games), then wakes
each waiter with its own result. The rule that no client hears of an action before it is
durable holds, because the waiter is woken only after the commit returned.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from contextlib import suppress
from typing import Any, TypeVar

from wartable.server.store import Failed, Op, Store

T = TypeVar("T")
BATCH = 256  # operations in one transaction at most

Job = tuple[Op[Any], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


class Writer:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="wartable-store", daemon=True)
        self._thread.start()

    async def __call__(self, op: Op[T]) -> T:
        """Run ``op`` in the next transaction; returns once it is committed (or raises what
        the operation raised, with nothing of it stored)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._jobs.put((op, loop, done))
        return await done

    def close(self) -> None:
        """Commit what is queued, then stop the thread."""
        self._jobs.put(None)
        self._thread.join()

    def _work(self) -> None:
        stopping = False
        while not stopping:
            first = self._jobs.get()
            if first is None:
                return
            jobs = [first]
            while len(jobs) < BATCH:
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stopping = True
                    break
                jobs.append(job)
            try:
                results = self.store.batch([op for op, _, _ in jobs])
            except Exception as exc:  # the commit itself failed: nothing of the batch is kept
                results = [Failed(exc)] * len(jobs)
            for (_, loop, done), result in zip(jobs, results, strict=True):
                with suppress(RuntimeError):  # that loop has closed: nobody waits any more
                    loop.call_soon_threadsafe(_settle, done, result)


def _settle(done: asyncio.Future[Any], result: Any) -> None:
    if done.cancelled():
        return
    if isinstance(result, Failed):
        done.set_exception(result.error)
    else:
        done.set_result(result)
