"""Every kind of event Undaunted's log holds, each declared once with what it tells: the rules
emit these names, the undo guard and the study marks test them, and a misspelt name fails
mypy rather than passing silently. The conformance check holds every event a game emits to its
declared kinds; ``tools/doc_tables.py`` lists them in the developers' notes."""

from __future__ import annotations

from wartable.core.events import Kinds


class EventKind(Kinds):
    ROUND = "round"  # a round begins
    DRAW = "draw"  # the cards a player drew (told to that player only)
    DRAW_COUNT = "draw-count"  # how many cards a player drew (told to everyone)
    RESHUFFLE = "reshuffle"  # a discard pile shuffled into a new deck
    BID = "bid"  # the card a player bid for initiative (told to that player only)
    BID_MADE = "bid-made"  # a player has chosen a card for initiative, still hidden
    INITIATIVE = "initiative"  # the bids shown and who leads the round
    PLAY = "play"  # a card played for its actions
    SPAWN = "spawn"  # a counter enters the board with its card
    MOVE = "move"  # a counter moves, scouts or stalks to a tile
    SCOUTED = "scouted"  # a scouted marker placed, a Fog of War card taken
    CONTROL = "control"  # a control marker placed on a tile
    ATTACK = "attack"  # an attack rolled against a counter
    SUPPRESS = "suppress"  # a suppressing attack rolled against a counter
    BLAST = "blast"  # the mortar's blast rolled against a counter on the target tile
    SUPPRESSED = "suppressed"  # a counter flipped to its suppressed side
    CASUALTY = "casualty"  # a hit: a card of the counter's kind removed from the game
    COUNTER_LOST = "counter-lost"  # a counter leaves the board: no card of its kind is left
    TARGET = "target"  # the mortar's target marker placed
    TARGET_LOST = "target-lost"  # the target marker leaves the board with its mortar
    BOLSTER = "bolster"  # a card moved from supply to discard
    INSPIRE = "inspire"  # a card returned from the play area to the hand
    CONCEAL = "conceal"  # a Fog of War card moved from the opponent's supply to discard
    RECON = "recon"  # a Fog of War card removed from the game, a card drawn
    HUNKER = "hunker"  # a card discarded to hunker down
    RALLY = "rally"  # a suppressed counter rallied
    END_TURN = "end-turn"  # a player ends the turn
    GAME_OVER = "game-over"  # the scenario's victory reached, or its last round played
