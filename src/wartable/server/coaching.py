"""The coach on the server (docs/server.md, agents/coach.py): who may ask it, and the advice
worked out in a worker process, as AI seats think there, so a hint never stalls the games.

Against the computer (one person in the game) the coach is on. In a game between people it
is on only once every person's seat has allowed it: no one gets advice the others did not
agree to. The server has no ranked or timed games; if it gets them, the coach stays off
there. The worker is sent the game's record, as a search is, but the coach reads only the
seat's view of it (it draws its world from the view before anything else), and what comes
back is the advice alone: a move of the seat's own, words, chances."""

from __future__ import annotations

from typing import Any

from wartable.agents.coach import Coach
from wartable.core.registry import get_game
from wartable.i18n import Voice
from wartable.server.store import HUMAN
from wartable.server.thinking import rebuilt


def people(seats: dict[str, tuple[str, str]]) -> list[str]:
    return [s for s, (who, _) in seats.items() if who == HUMAN]


def coach_on(seats: dict[str, tuple[str, str]], allowed: set[str]) -> bool:
    """Whether the coach may be asked: one person against the computer, or every person
    has allowed it."""
    humans = people(seats)
    return len(humans) <= 1 or set(humans) <= allowed


def hint(record: dict[str, Any], seat: str, language: str) -> dict[str, Any]:
    """In the worker: the coach's move for ``seat`` in the game of ``record``."""
    game = get_game(record["game"])
    state = rebuilt(record).clone()
    advice = Coach(game).hint(state, seat)
    return {
        "action": str(advice.action),
        "text": Voice(language, game.name)(advice.words(state)),
        "chance_now": round(advice.chance_now, 3),
        "chance_after": round(advice.chance_after, 3),
    }


def review(record: dict[str, Any], seat: str, language: str) -> dict[str, Any]:
    """In the worker: ``record``'s last action, ``seat``'s, beside the coach's choice then."""
    game = get_game(record["game"])
    *before, (who, text) = record["actions"]
    state = rebuilt({**record, "actions": before}).clone()
    played = game.parse_action(text)
    found = Coach(game).review(state, who, played)
    return {
        "played": str(played),
        "action": str(found.advice.action),
        "text": Voice(language, game.name)(found.words(state)),
        "chance_played": round(found.chance_played, 3),
        "chance_after": round(found.advice.chance_after, 3),
    }
