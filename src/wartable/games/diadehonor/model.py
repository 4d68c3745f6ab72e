"""Plain data of Día de Honor's state: who a unit is, what becomes of it, a roster soldier
waiting on his bench. What happens to each unit lives in the state's lists, by its index."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    """What has become of a unit (the state's ``status``, a str the view shows as it is)."""

    RESERVE = "reserve"  # not yet on the map
    ACTIVE = "active"  # on the map
    DEAD = "dead"  # a soldier killed
    WRECK = "wreck"  # a tank or gun destroyed: it still holds its square


# the members by plain names, which the rules test in their inner loops: Python 3.11 reads
# an enum's member in about 100 ns, a module's name in 20 (random play lost 8% without)
RESERVE, ACTIVE, DEAD, WRECK = Status.RESERVE, Status.ACTIVE, Status.DEAD, Status.WRECK
LIVING = (Status.RESERVE, Status.ACTIVE)
ON_GROUND = (Status.ACTIVE, Status.WRECK)  # what holds a square


@dataclass(frozen=True, slots=True)
class Unit:
    """Who a unit is; what happens to it lives in the state's lists, by ``index``."""

    index: int
    key: str  # typed in actions: "axis-1/light-3"
    seat: int
    side: str
    type: str
    name: str
    missions: int
    roster: str = ""  # the roster's id for the soldier it is (DH-50); "" if from no roster


# a roster soldier waiting on his seat's bench for a card to bring his type (DH-50):
# roster id, unit type, name, missions
Benched = tuple[str, str, str, int]
