"""Lessons: a guided first battle for each game, as data in the game's folder, played on the
real rules (docs/learn.md)."""

from wartable.lessons.model import Lesson, Step, lessons_of
from wartable.lessons.setup import opponents, seats, start
from wartable.lessons.teacher import Teacher

__all__ = ["Lesson", "Step", "Teacher", "lessons_of", "opponents", "seats", "start"]
