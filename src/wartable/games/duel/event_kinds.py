"""Every kind of event the duel's log holds, each declared once with what it tells (the
template: the rules emit these names, a misspelt one fails mypy, and the conformance check
holds every event to them)."""

from __future__ import annotations

from wartable.core.events import Kinds


class EventKind(Kinds):
    PLAY = "play"  # a card played
    ATTACK = "attack"  # an attack's dice and the damage, or the guard that stopped it
    RALLY = "rally"  # strength regained
    GUARD = "guard"  # a guard raised against the next attack
    DRAW_MADE = "draw-made"  # a player drew a card (told to everyone)
    DRAW = "draw"  # the card a player drew (told to that player only)
    PASS = "pass"  # a player with no card left passes
    GAME_OVER = "game-over"  # the cards are spent or a player has no strength left
