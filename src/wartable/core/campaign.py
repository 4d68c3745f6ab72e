"""Campaigns: games in which a player's squad lives on from one battle to the next.

A game that has them answers ``Game.campaign()`` with a :class:`Campaign`: what a new
roster holds, the rank a record of missions gives, the options that field a roster's
soldiers in a battle, and who of them a finished battle leaves standing. Interfaces keep the
rosters (the server's store); the game never sees where they live, only the soldiers an
option brings, so a battle's record still replays exactly on its own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wartable.core.game import OptionValue
    from wartable.core.state import GameState


@dataclass(frozen=True, slots=True)
class Soldier:
    """One soldier of a roster: the roster's id for him, his unit type, his name, and the
    missions he has survived."""

    id: str
    type: str
    name: str
    missions: int


@dataclass(frozen=True, slots=True)
class Fielded:
    """A unit a seat fielded in a battle, as the battle left it. ``id`` is the roster's id of
    the soldier it was, or "" for a unit that came from no roster (a recruit filling a gap, a
    unit a card brought when the roster had nobody of its type)."""

    id: str
    type: str
    name: str
    missions: int
    alive: bool
    # whether the battle counts as a mission for it: a side that resigned gets none (a
    # mission abandoned is no mission survived, and resigning at once must not farm ranks)
    mission: bool = True


@dataclass(frozen=True, slots=True)
class RankInfo:
    title: str
    bonus: int  # added to attack and resistance


class Campaign(ABC):
    """What a game with campaigns tells an interface that keeps rosters."""

    @abstractmethod
    def recruits(self) -> list[tuple[str, str]]:
        """The soldiers of a new roster, in order: (unit type, default name) each."""

    @abstractmethod
    def type_title(self, type_: str) -> str:
        """A unit type in words ("Light infantry")."""

    @abstractmethod
    def rank(self, missions: int) -> RankInfo:
        """The rank ``missions`` survived give."""

    @abstractmethod
    def options(self, squads: Mapping[str, Sequence[Soldier]]) -> dict[str, OptionValue]:
        """The game options that make each seat of ``squads`` field its soldiers (a whole
        roster each: the game picks who starts and who waits for a card to bring him)."""

    @abstractmethod
    def fielded(self, state: GameState, seat: str) -> list[Fielded]:
        """Every unit ``seat`` fielded in ``state``'s battle, dead ones included, in the
        order they joined it."""
