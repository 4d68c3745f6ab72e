"""A lesson's game as it starts, the same in the terminal and on the server: the scenario,
seed and options it names, its prelude played, the player in its seat, and the other seats
played by its opponent, each seeded from the lesson's seed by its place among the seats.
The steps rely on those exact moves."""

from __future__ import annotations

from wartable.agents.registry import make_agent
from wartable.core.agent import Agent
from wartable.core.game import Game
from wartable.core.rng import derive_seed
from wartable.core.state import GameState
from wartable.lessons.model import Lesson


def start(game: Game, lesson: Lesson) -> tuple[GameState, dict[str, str]]:
    """The game, its prelude played, and who sits where (``human`` in the lesson's seat)."""
    state = game.new_game(lesson.scenario, seed=lesson.seed, options=dict(lesson.options))
    for seat, text in lesson.prelude:
        state.apply(seat, game.parse_action(text))
    return state, seats(lesson, state.players)


def seats(lesson: Lesson, players: tuple[str, ...]) -> dict[str, str]:
    """Who sits where: a person in the lesson's seat, its opponent in every other."""
    return {p: ("human" if p == lesson.seat else lesson.opponent) for p in players}


def opponents(game: Game, lesson: Lesson, players: tuple[str, ...]) -> dict[str, Agent]:
    """The agents of the other seats, seeded as the lesson was written with."""
    return {
        p: make_agent(game, lesson.opponent, derive_seed(lesson.seed, k))
        for k, p in enumerate(players)
        if p != lesson.seat
    }
