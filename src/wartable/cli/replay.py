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
    game: Game,
    states: list[GameState],
    events: list[list[Event]],
    k: int,
    viewer: str | None,
) -> None:
    total = len(states) - 1
    console.print(Text(f"\n=== after action {k} of {total}", style="bold"), end="")
    if k:
        player, action = states[k].history()[-1]
        text = game.public_action(player, action, viewer)  # a sealed bid stays sealed
        console.print(Text(f": {player} {text}", style="bold"))
        for e in events[k]:
            if e.visible(viewer):
                console.print("  · " + e.text)
    else:
        console.print()
    console.print(render(game, states[k].view(viewer)))


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
        show(console, game, states, events, max(0, min(step, last)), viewer)
        return
    k = 0
    show(console, game, states, events, k, viewer)
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
        elif answer.startswith("g"):
            number = answer[1:].strip()
            if not number.isdigit():
                console.print(Text(f"Go to which action? e.g. g {last} (0 to {last})", style="red"))
                continue
            k = max(0, min(int(number), last))
        else:
            console.print(KEYS)
            continue
        show(console, game, states, events, k, viewer)
