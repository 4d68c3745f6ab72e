"""Step through a saved game, forwards and back."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from wartable.cli.render import render
from wartable.core.events import Event
from wartable.core.game import Game
from wartable.core.state import GameState

KEYS = "Enter/n next, p back, g N go to action N, e end, s start, q quit"


def positions(game: Game, record: dict[str, Any]) -> tuple[list[GameState], list[list[Event]]]:
    """The state before each action and after the last one, with each action's events."""
    start = game.replay({**record, "actions": []})
    states: list[GameState] = [start.clone()]
    events: list[list[Event]] = [[]]
    state = start
    for player, text in record["actions"]:
        events.append(state.apply(player, game.parse_action(text)))
        states.append(state.clone())
    return states, events


def show(
    console: Console,
    states: list[GameState],
    events: list[list[Event]],
    record: dict[str, Any],
    k: int,
    viewer: str | None,
) -> None:
    total = len(states) - 1
    console.print(Text(f"\n=== after action {k} of {total}", style="bold"), end="")
    if k:
        player, text = record["actions"][k - 1]
        console.print(Text(f": {player} {text}", style="bold"))
        for e in events[k]:
            if e.visible(viewer):
                console.print("  · " + e.text)
    else:
        console.print()
    console.print(render(states[k].view(viewer)))


def run(
    game: Game,
    record: dict[str, Any],
    console: Console,
    ask: Callable[[str], str],
    viewer: str | None,
    step: int | None,
) -> None:
    states, events = positions(game, record)
    last = len(states) - 1
    if step is not None:
        show(console, states, events, record, max(0, min(step, last)), viewer)
        return
    k = 0
    show(console, states, events, record, k, viewer)
    while True:
        answer = ask(f"[{KEYS}] ").strip().lower()
        if answer in ("q", "quit"):
            return
        if answer in ("", "n"):
            k = min(k + 1, last)
        elif answer == "p":
            k = max(k - 1, 0)
        elif answer == "e":
            k = last
        elif answer == "s":
            k = 0
        elif answer.startswith("g") and answer[1:].strip().isdigit():
            k = max(0, min(int(answer[1:].strip()), last))
        else:
            console.print(KEYS)
            continue
        show(console, states, events, record, k, viewer)
