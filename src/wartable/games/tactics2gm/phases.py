"""2GM Tactics' phases, named once: the opening's (the bid, who plays first, bid terrain,
opening hands), a turn's in the order of ruling A-1 (GM-23), and the end. A phase is a str
(views and full states read as before) that mypy checks: a misspelt phase is an error, not
a comparison that silently never holds."""

from __future__ import annotations

from enum import StrEnum


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
