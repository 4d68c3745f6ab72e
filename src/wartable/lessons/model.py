"""A lesson as data: the game it sets up (scenario, seat, seed, options, opponent) and its
steps, each what to do and why, the move or moves that count, why another is not what the
step asks, and what just happened. Every text is the lesson's own, said in the player's
language through the catalogs: tools/catalogs.py reads the texts of a lesson's fields
(``i18n.keep.LESSON_TEXTS``) from its file as it reads the messages of the code."""

from __future__ import annotations

import inspect
from pathlib import Path

from pydantic import Field

from wartable.content.loader import content_files, validate
from wartable.content.types import Strict
from wartable.core.game import Game


class Step(Strict):
    say: str  # what to do now, and why
    expect: list[str] = Field(min_length=1)  # the actions (the game's notation) that count
    wrong: str  # why another choice is not what this step asks: then the player tries again
    then: str = ""  # what just happened, said after the action


class Lesson(Strict):
    id: str
    title: str
    scenario: str
    seat: str  # the player's seat
    seed: int  # the same dice and decks every time: the steps rely on them
    options: dict[str, str | int | bool] = Field(default_factory=dict)
    opponent: str = "easy"  # who plays the other seats, in the steps and the battle after
    # moves played for everyone before the first step, each [seat, action] (a squad deployed
    # for the player, where setting up is not what the lesson teaches)
    prelude: list[tuple[str, str]] = Field(default_factory=list)
    intro: str  # what the game is about, before the first step
    steps: list[Step] = Field(min_length=1)
    battle: str  # the words that hand over to a real battle, played on to its end


def folder_of(game: Game) -> Path:
    """Where a game keeps its lessons: ``lessons/`` beside its code (a game of another
    package brings its own)."""
    return Path(inspect.getfile(type(game))).parent / "lessons"


def lessons_of(game: Game) -> list[Lesson]:
    """The game's lessons, in file-name order; [] for a game without any. A malformed file
    is a ContentError naming its file, field and reason."""
    folder = folder_of(game)
    if not folder.is_dir():
        return []
    return [validate(path, Lesson).model for path in content_files(folder, "lesson")]
