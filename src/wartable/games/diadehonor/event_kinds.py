"""Every kind of event Día de Honor's log holds, each declared once with what it tells: the rules
emit these names (a misspelt one fails mypy), the conformance check holds every event a game
emits to them, and ``tools/doc_tables.py`` lists them in the developers' notes."""

from __future__ import annotations

from wartable.core.events import Kinds


class EventKind(Kinds):
    OBJECTIVES = "objectives"  # each player is dealt a secret objective
    OBJECTIVE = "objective"  # a player's secret objective (told to that player only)
    DEPLOY = "deploy"  # a unit deploys on a square at set-up
    DRAW_MADE = "draw-made"  # a player draws a situation card and keeps it, shown if known
    DRAW = "draw"  # the situation card a player drew (told to that player only)
    CARD = "card"  # a situation card shown, taking effect, played, or put under the deck
    NO_EFFECT = "no-effect"  # an immediate card finds no target or its squad is full
    PICK = "pick"  # the soldier a mine is laid under, at random or by a player's choice
    ARRIVE = "arrive"  # a soldier brought by a unit card joins the squad on a square
    SABOTAGE = "sabotage"  # the spy sabotages an enemy tank
    INITIATIVE = "initiative"  # the initiative roll (again on a tie) and which side acts first
    MOVE = "move"  # a unit moves to a square, with the points it cost
    CRAWL = "crawl"  # a unit crawls to a square, with the points it cost
    PRONE = "prone"  # a unit goes prone
    STAND = "stand"  # a unit stands up
    AIM = "aim"  # a sniper aims at a unit, stops aiming, or loses its mark
    FIRE = "fire"  # a unit fires at another: the die and totals against the defence
    BLAST = "blast"  # a tank shell's blast rolled against a unit near the target
    MELEE = "melee"  # a duel between two units: the dice, a tie rolled again, the winner
    GRENADE = "grenade"  # a soldier throws a grenade (card) at an enemy soldier
    MISS = "miss"  # an attack leaves its target unwounded
    WOUND = "wound"  # a unit takes wounds and the state it is left in
    DEATH = "death"  # a unit dies or is destroyed, a machine left as a wreck
    EFFECT = "effect"  # a combat card changes a player's attack and resistance this round
    HEAL = "heal"  # a medic, first aid or mechanic card heals a unit
    DONE = "done"  # a player ends their activation
    ROUND_END = "round-end"  # a round ends
    OBJECTIVE_MET = "objective-met"  # a player fulfils their secret objective
    GAME_OVER = "game-over"  # a side wins, both squads fall together, or the last round is played
