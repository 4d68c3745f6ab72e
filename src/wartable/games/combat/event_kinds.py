"""Every kind of event Combat!'s log holds, each declared once with what it tells: the rules
emit these names (a misspelt one fails mypy), the conformance check holds every event a game
emits to them, and ``tools/doc_tables.py`` lists them in the developers' notes."""

from __future__ import annotations

from wartable.core.events import Kinds


class EventKind(Kinds):
    DEPLOY = "deploy"  # a friendly soldier deploys on a hex at set-up
    TURN = "turn"  # a turn begins
    REINFORCEMENT = "reinforcement"  # an unknown enemy counter arrives on a hex
    DRAW = "draw"  # the hand is empty, so one friendly card is drawn
    RESHUFFLE = "reshuffle"  # the friendly discard pile shuffled into a new deck
    PLAN_CARDS = "plan-cards"  # the cards set aside by planning join the hand
    DISCARD = "discard"  # a card discarded down to the hand limit
    INITIATIVE_CARD = "initiative-card"  # the card played onto the initiative track, its numbers
    EVENT_CARD = "event-card"  # an event card drawn: play stops for the event
    EVENT = "event"  # an event rolled on the scenario's table, or what it does
    ARTILLERY = "artillery"  # a bombardment: its strikes, where each lands, damage, craters
    FLARE = "flare"  # a flare or illumination round lights a hex, drifts off or goes out
    CARD = "card"  # a friendly card's effect: held ready, played on a man, or spent
    MORALE = "morale"  # a soldier's morale level changed by a card, an event or his comrades
    ORDER = "order"  # a friendly soldier's order, or the check that fails to give it
    CHECK = "check"  # a check rolled: to take an order, a Morale Check, to steady or take cover
    ENEMY_ORDER = "enemy-order"  # the order an enemy soldier draws or rolls, and why
    ALERT = "alert"  # an enemy soldier is alerted, and why
    INITIATIVE = "initiative"  # the initiative track: each team's number this turn
    IMPULSE = "impulse"  # an impulse begins
    MOVE = "move"  # a friendly soldier moves to a hex, by his order or a card
    ENEMY_MOVE = "enemy-move"  # an enemy soldier moves, charges or bolts to a hex
    SPOTTED = "spotted"  # a soldier spots an enemy, or an event turns a counter over
    DECOY = "decoy"  # an enemy counter turned over is a decoy and is removed
    AIM = "aim"  # a grenade's target marker placed or moved
    GRENADE = "grenade"  # a grenade armed, thrown, dropped or kept; its markers and damage
    EXPLOSION = "explosion"  # a grenade on the map explodes in the end phase
    FIRE = "fire"  # a soldier fires: the odds, the dice and the hits
    WOUND = "wound"  # a hit draws a wound card for a soldier
    KILLED = "killed"  # a soldier is killed
    DUCK_BACK = "duck-back"  # a soldier ducks back: hit, by choice, or after a charge or melee
    TAKE_COVER = "take-cover"  # an enemy soldier takes cover, and why
    HIDE = "hide"  # a soldier goes to ground, or tries to hide again
    MELEE = "melee"  # a melee starts on a hex, or one soldier strikes at another
    SURRENDER = "surrender"  # a soldier surrenders to an enemy, who guards him
    GUARD = "guard"  # a comrade takes the prisoners over from their guard
    CAPTURED = "captured"  # a prisoner is led off the map
    FREED = "freed"  # a prisoner is free again, and why
    CREW = "crew"  # a gun's assistant takes the gun over
    MEDICAL_AID = "medical-aid"  # a medic treats a wounded soldier's wound
    SEARCH = "search"  # a soldier searches a body for papers
    PLAN = "plan"  # a leader's planning check, which sets cards aside for the next turn
    RALLY = "rally"  # a soldier's Rally Check and the morale it leaves him in
    LEAVES = "leaves"  # a soldier leaves the map by an edge
    OBJECTIVE = "objective"  # a soldier reaches a scenario's objective point
    GAME_OVER = "game-over"  # the game ends: the victory level and points
