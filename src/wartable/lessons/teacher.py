"""Leading a person through a lesson's steps in a real game: what to do next, the move that
counts (another is explained and taken back before it is made: the player tries again), and
what just happened; after the last step the game goes on as a real battle."""

from __future__ import annotations

from wartable.core.action import RESIGN, Action
from wartable.lessons.model import Lesson, Step


class Teacher:
    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.at = 0  # the step the player is on
        self.told = -1  # the last step whose words were said

    @property
    def step(self) -> Step | None:
        """The step the player is on; None once the guided steps are done."""
        return self.lesson.steps[self.at] if self.at < len(self.lesson.steps) else None

    def prompt(self, player: str) -> str | None:
        """The step's words, the first time the player is asked in it."""
        step = self.step
        if step is None or player != self.lesson.seat or self.told == self.at:
            return None
        self.told = self.at
        return step.say

    def check(self, player: str, action: Action) -> str | None:
        """Why ``action`` is not the step's move (None: it is, or no step leads now)."""
        step = self.step
        if step is None or player != self.lesson.seat or str(action) in step.expect:
            return None
        if action == RESIGN:  # leaving the lesson is always allowed
            return None
        return step.wrong

    def taken(self, player: str, action: Action) -> list[str]:
        """What to say once the step's move is made: what happened, and after the last step
        the handing over to the battle."""
        step = self.step
        if step is None or player != self.lesson.seat or str(action) not in step.expect:
            return []
        self.at += 1
        said = [step.then] if step.then else []
        if self.step is None:
            said.append(self.lesson.battle)
        return said
