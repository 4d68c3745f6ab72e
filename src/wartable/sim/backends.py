"""Where a study's games are played: in this process, in local processes, or on Ray.

Every backend hands back the games in index order, a chunk at a time, keeping only a
bounded window of chunks in flight: a study of any size runs in constant memory and
writes its rows in the same order whatever the backend or the number of workers. Game
``i`` depends only on the study's seed and ``i`` (see runner.py), so the rows are the same
too.
"""

from __future__ import annotations

import importlib.util
import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from wartable.core.errors import ArgumentError, quote

if TYPE_CHECKING:
    from wartable.sim.runner import GameResult

BACKENDS = ("local", "ray")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Job:
    """What a worker needs to play games of a study: plain data, cheap to send."""

    game: str
    scenario: str
    agents: tuple[str, ...]
    seed: int
    options: dict[str, Any]


def play_chunk(job: Job, indices: range) -> list[GameResult]:
    from wartable.sim.runner import play_game

    return [
        play_game(job.game, job.scenario, job.agents, job.seed, i, job.options) for i in indices
    ]


def chunks(indices: range, workers: int) -> list[range]:
    """Chunks small enough to share the work evenly and show progress, large enough that
    sending them costs little beside playing them."""
    size = max(1, min(25, len(indices) // (workers * 8) or 1))
    return [range(i, min(i + size, indices.stop)) for i in range(indices.start, indices.stop, size)]


def in_order(
    submit: Callable[[range], T],
    result: Callable[[T], list[GameResult]],
    parts: list[range],
    window: int,
) -> Iterator[list[GameResult]]:
    """Run ``parts`` with at most ``window`` in flight, yielding their results in order."""
    pending: deque[T] = deque()
    todo = iter(parts)
    for part in todo:
        pending.append(submit(part))
        if len(pending) >= window:
            break
    while pending:
        done = result(pending.popleft())
        nxt = next(todo, None)
        if nxt is not None:
            pending.append(submit(nxt))
        yield done


def ignore_interrupts() -> None:
    """Ctrl-C is the parent's to handle (it keeps what finished); workers just stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def local(job: Job, indices: range, workers: int) -> Iterator[list[GameResult]]:
    if workers == 1 or len(indices) < 4:
        for i in indices:
            yield play_chunk(job, range(i, i + 1))
        return
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(workers, ctx, initializer=ignore_interrupts) as pool:

        def submit(part: range) -> Future[list[GameResult]]:
            return pool.submit(play_chunk, job, part)

        try:
            yield from in_order(submit, Future.result, chunks(indices, workers), workers * 4)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def ray_backend(
    job: Job, indices: range, workers: int | None, address: str | None
) -> Iterator[list[GameResult]]:
    """Play on a Ray cluster (``address``) or on a Ray instance started here. Every node
    needs the same wartable installed: the workers import it to play."""
    import ray

    started = not ray.is_initialized()
    if started:
        ray.init(
            address=address,
            num_cpus=workers if address is None else None,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    try:
        remote: Any = ray.remote(play_chunk)
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = int(resources.get("CPU", 1))
        ref = ray.put(job)

        def submit(part: range) -> Any:
            return remote.remote(ref, part)

        def result(handle: Any) -> list[GameResult]:
            done: list[GameResult] = ray.get(handle)
            return done

        yield from in_order(submit, result, chunks(indices, cpus), cpus * 4)
    finally:
        if started:
            ray.shutdown()


def play(
    job: Job, indices: range, workers: int, backend: str = "local", address: str | None = None
) -> Iterator[list[GameResult]]:
    """The games ``indices`` of ``job``, in order, a chunk at a time."""
    if backend == "local":
        if address is not None:
            raise ArgumentError("--address is for --backend ray")
        return local(job, indices, workers)
    if backend == "ray":
        if importlib.util.find_spec("ray") is None:
            raise ArgumentError("--backend ray needs Ray: pip install 'wartable[distributed]'")
        return ray_backend(job, indices, workers, address)
    raise ArgumentError(f"unknown backend {quote(backend)}; choose from {', '.join(BACKENDS)}")
