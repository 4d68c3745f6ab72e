"""Plain data of a Combat! game: the soldiers (fixed at set-up) and small constants.

A soldier's identity and printed values never change once the squad is rolled and the enemy
counters are drawn from the cup, so they live in one shared tuple; everything that changes
(hex, order, morale, wounds...) lives in per-soldier lists of the state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, NamedTuple

US, GERMANY = "us", "germany"
TEAMS_US = ("able", "baker", "charlie")
TEAMS_DE = ("blue", "red", "yellow", "white")


class Status(StrEnum):
    """What has become of a soldier (the state's ``status``, a str the view shows as it is)."""

    ACTIVE = "active"  # in play (on the map, or a reinforcement still to come)
    DEAD = "dead"  # killed
    GONE = "gone"  # off the map by an edge
    IN_CUP = "cup"  # a German counter still in the cup
    CAPTURED = "captured"  # a prisoner (17.0)


# the members by plain names, which the rules test in their inner loops: Python 3.11 reads
# an enum's member in about 100 ns, a module's name in 20 (random play lost 15% without)
ACTIVE, DEAD, GONE = Status.ACTIVE, Status.DEAD, Status.GONE
IN_CUP, CAPTURED = Status.IN_CUP, Status.CAPTURED


@dataclass(frozen=True, slots=True)
class Soldier:
    index: int
    side: str  # us / germany
    team: str
    key: str  # unique id used in actions: "sgt-taylor", "blue-3"
    name: str
    tq: int
    ldr: int
    weapon: str | None  # the weapon it fires (None: cannot fire)
    ws: int
    grenade: str | None
    grenade_ws: int
    skills: tuple[str, ...] = ()
    role: str = ""  # German role template (recruit, nco, officer...)
    decoy: bool = False
    smoke: str | None = None  # smoke grenade he may try for (7.10)
    rifle: str | None = None  # rifle grenade his firearm takes (7.11)

    @property
    def label(self) -> str:
        return "decoy" if self.decoy else self.name


# what an activation still waits on: a step of his move, marking a grenade's target (moving
# too), a throw, a shot, a blow in melee, the end of it; or card 11's one hex or shot out of
# turn. A literal type, which mypy checks as an enum at no cost in the rules' loops
ActStage = Literal["move", "aim", "throw", "fire", "melee", "end", "snap"]


class Activation(NamedTuple):
    """The friendly soldier acting now and what he still has to decide."""

    soldier: int
    stage: ActStage
    moves: int  # hexes he may still move this impulse
    must: bool  # the move is compulsory
    moved: int = 0  # hexes moved so far this impulse
    came_from: int = -1  # the hex he left last, -1 none (no going back within one activation, 6.0)
    rough: bool = False  # he sprinted into rough ground: he ducks back at the end (7.07)
