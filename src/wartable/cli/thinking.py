"""While the computer thinks longer than half a second, a spinner with the time it has
taken, and how long it may take where its agent has a time budget (the search's seconds):
a person at the terminal sees that the game has not hung."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console

from wartable.core.words import decimal
from wartable.i18n import Voice

QUIET = 0.5  # seconds of thinking shown by nothing at all


def words(who: str, elapsed: float, budget: float | None, voice: Voice | None = None) -> str:
    t = (voice or Voice()).t
    if budget:
        return t(
            "{seat} is thinking… {seconds} s (up to about {budget} s a move)",
            seat=who,
            seconds=decimal(elapsed, 1),
            budget=f"{budget:g}",
        )
    return t("{seat} is thinking… {seconds} s", seat=who, seconds=decimal(elapsed, 1))


@contextmanager
def thinking(
    console: Console, who: str, budget: float | None = None, voice: Voice | None = None
) -> Iterator[None]:
    """Shows the spinner, on a terminal only, once ``QUIET`` seconds have passed."""
    if not console.is_terminal:
        yield
        return
    done = threading.Event()
    start = time.monotonic()

    def show() -> None:
        if done.wait(QUIET):
            return
        with console.status(words(who, time.monotonic() - start, budget, voice)) as status:
            while not done.wait(0.1):
                status.update(words(who, time.monotonic() - start, budget, voice))

    spinner = threading.Thread(target=show, daemon=True)
    spinner.start()
    try:
        yield
    finally:
        done.set()
        spinner.join()
