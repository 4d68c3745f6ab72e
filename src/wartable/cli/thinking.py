"""While the computer thinks longer than half a second, a spinner with the time it has
taken, and how long it may take where its agent has a time budget (the search's seconds):
a person at the terminal sees that the game has not hung."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console

QUIET = 0.5  # seconds of thinking shown by nothing at all


def words(who: str, elapsed: float, budget: float | None) -> str:
    say = f"{who} is thinking… {elapsed:.1f} s"
    return say + (f" (up to about {budget:g} s a move)" if budget else "")


@contextmanager
def thinking(console: Console, who: str, budget: float | None = None) -> Iterator[None]:
    """Shows the spinner, on a terminal only, once ``QUIET`` seconds have passed."""
    if not console.is_terminal:
        yield
        return
    done = threading.Event()
    start = time.monotonic()

    def show() -> None:
        if done.wait(QUIET):
            return
        with console.status(words(who, time.monotonic() - start, budget)) as status:
            while not done.wait(0.1):
                status.update(words(who, time.monotonic() - start, budget))

    spinner = threading.Thread(target=show, daemon=True)
    spinner.start()
    try:
        yield
    finally:
        done.set()
        spinner.join()
