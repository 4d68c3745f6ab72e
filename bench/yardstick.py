"""The yardstick every bench measures against, in the same run: OpenSpiel's C++ backgammon
played at random (in an environment of its own, `make bench`), and the one-core pinning that
makes figures comparable."""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

OPENSPIEL_LOOP = r"""
import json, random, sys, time
import pyspiel
seconds = float(sys.argv[1])
game = pyspiel.load_game("backgammon")
rng = random.Random(1)
state = game.new_initial_state()
steps = 0
end = time.perf_counter() + seconds
start = time.perf_counter()
while True:
    for _ in range(1000):
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    if time.perf_counter() > end:
        break
print(json.dumps({"steps_per_second": steps / (time.perf_counter() - start)}))
"""


def measured_arguments(doc: str, seconds: float) -> argparse.Namespace:
    """The options of a bench measured against the yardstick (``--seconds``, where OpenSpiel's
    Python is, ``--json``), read; then the process is pinned to one core."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=seconds)
    parser.add_argument("--openspiel-python", default=os.environ.get("OPENSPIEL_PYTHON"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pin_to_one_core()
    return args


class RandomPlay:
    """Random legal games one after another, from seeds 0, 1, 2...: what the benches time.
    ``start(seed)`` sets a game up."""

    def __init__(self, start: Callable[[int], Any]) -> None:
        self.start = start
        self.rng = random.Random(1)
        self.seed = 0
        self.state = start(0)

    def step(self) -> bool:
        """One random action; True when it began a new game (the last one was over)."""
        ended = self.state.is_over
        if ended:
            self.seed += 1
            self.state = self.start(self.seed)
        player = self.state.current_players[0]
        self.state.apply(player, self.rng.choice(self.state.legal_actions(player)))
        return ended

    def timed(
        self, seconds: float, keep: Callable[[Any], bool], every: int, most: int = 200
    ) -> tuple[dict[str, float], list]:
        """Actions and full games per second over ``seconds``; and a copy of the state every
        ``every`` actions where ``keep`` says so, ``most`` at most."""
        steps = games = 0
        mids: list = []
        start = time.perf_counter()
        last_end = start
        end = start + seconds
        while time.perf_counter() < end:
            for _ in range(100):
                if self.step():
                    games += 1
                    last_end = time.perf_counter()
                steps += 1
                if steps % every == 0 and len(mids) < most and keep(self.state):
                    mids.append(self.state.clone())
        elapsed = time.perf_counter() - start
        figures = {
            "actions_per_second": steps / elapsed,
            # over the games finished only: a battle takes a second or two, so the one cut off
            # at the end of the run would weigh on a run of a few seconds
            "games_per_second": games / (last_end - start) if games else 0.0,
            "games": games,
        }
        return figures, mids


def per_call(fn, states: list, repeat: int) -> float:
    """Microseconds a call of ``fn`` takes, over ``states`` ``repeat`` times."""
    start = time.perf_counter()
    for _ in range(repeat):
        for s in states:
            fn(s)
    return (time.perf_counter() - start) / (repeat * len(states)) * 1e6


def beside_backgammon(figures: dict, keys: list, python: str | None, seconds: float) -> None:
    """OpenSpiel's backgammon through the same loop, and each figure's ratio to it."""
    result = openspiel(python, seconds)
    figures["openspiel_backgammon"] = result
    if isinstance(result, dict):
        for key in keys:
            line = figures[key]
            line["ratio_vs_openspiel"] = line["actions_per_second"] / result["steps_per_second"]


def build() -> str:
    """Which build runs: the compiled one (mypyc: the core's state is an extension module)
    or pure Python."""
    from wartable.core import state

    return "compiled (mypyc)" if state.__file__.endswith((".so", ".pyd")) else "pure Python"


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def openspiel(python: str | None, seconds: float) -> dict[str, float] | str:
    candidates = [python] if python else [sys.executable]
    for exe in candidates:
        try:
            out = subprocess.run([exe, "-c", OPENSPIEL_LOOP, str(seconds)], capture_output=True,
                                 text=True, timeout=seconds * 10 + 60, check=True)  # fmt: skip
            return json.loads(out.stdout.strip().splitlines()[-1])
        except (OSError, subprocess.SubprocessError, ValueError, IndexError):
            continue
    return "OpenSpiel not available (run `make bench`, which installs it for the benchmark)"
