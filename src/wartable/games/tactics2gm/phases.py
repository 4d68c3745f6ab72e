"""2GM Tactics' phases, named once: the opening's (the bid, who plays first, bid terrain,
opening hands), a turn's in the order of ruling A-1 (GM-23), and the end. A phase is a str
(views and full states read as before) that mypy checks: a misspelt phase is an error, not
a comparison that silently never holds."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState


class Phase(StrEnum):
    BID = "bid"
    FIRST = "first"
    TERRAIN = "terrain"
    MULLIGAN = "mulligan"
    MOVE = "move"
    DEPLOY = "deploy"
    FIRE = "fire"
    FLIP = "flip"
    DISCARD = "discard"
    OVER = "over"


TURN_PHASES = (Phase.MOVE, Phase.DEPLOY, Phase.FIRE, Phase.FLIP, Phase.DISCARD)
OWN_PHASES = (Phase.MOVE, Phase.DEPLOY, Phase.FIRE, Phase.FLIP)  # a turn's with orders in them


class Interruption(StrEnum):
    """A choice held over a phase that must be made before play goes on; a moment is a
    phase or one of these (verbs.py declares each with who acts and what it offers)."""

    AIR = "air"  # the air combat over an attack from the air (GM-69 to GM-74, A-13)
    SMOKE = "smoke"  # the units aimed at may throw smoke first (GM-80, A-15)
    REACT = "react"  # the defender of an assault fires back, out of its turn (GM-33)
    EQUIP = "equip"  # the unit just deployed takes its options (GM-7)
    STRIKE = "strike"  # the assaulter fires its one shot at the defender (GM-33)


Moment = Phase | Interruption

# the stage of an assault being resolved (the state's ``stage``): the defender chooses its
# weapon, then the assaulter fires; "" when none is. A literal type, which mypy checks as an
# enum at no cost in the rules' loops
AssaultStage = Literal["", "react", "strike"]
# the stage of an air combat (``Sortie.stage``): escorts named, the defence, the dogfight
AirStage = Literal["escort", "defend", "dogfight"]
OPENING = (Phase.BID, Phase.MULLIGAN, Phase.OVER)  # no interruption can hold over these


def moment(st: Tactics2GMState) -> Moment:
    """The one place the interruptions' order is written: the air combat over smoke over
    an assault's reaction over equipping over an assault's shot, over the phase."""
    if st.phase in OPENING:
        return st.phase
    if st.sortie is not None:
        return Interruption.AIR
    if st.asking:
        return Interruption.SMOKE
    if st.stage == "react":
        return Interruption.REACT
    if st.equipping:
        return Interruption.EQUIP
    if st.stage == "strike":
        return Interruption.STRIKE
    return st.phase
