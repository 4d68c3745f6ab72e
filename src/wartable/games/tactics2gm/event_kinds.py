"""Every kind of event 2GM Tactics' log holds, each declared once with what it tells: the rules
emit these names (a misspelt one fails mypy), the conformance check holds every event a game
emits to them, and ``tools/doc_tables.py`` lists them in the developers' notes."""

from __future__ import annotations

from wartable.core.events import Kinds


class EventKind(Kinds):
    BID = "bid"  # a side has made its secret bid of AP, still hidden
    BIDS = "bids"  # both sides' bids shown
    BID_ROLL = "bid_roll"  # each side rolls a die and adds its bid (again on a tie)
    BID_WON = "bid_won"  # the side that wins the bid, to choose who plays first
    FIRST = "first"  # the side that will play the first turn
    TERRAIN = "terrain"  # a terrain card laid on the field: bought with the bid, or later
    TERRAIN_DONE = "terrain_done"  # a side is done laying its terrain
    OPENING_HAND = "opening_hand"  # the scenario's cards a seat starts with, shown to all
    DRAW = "draw"  # the cards a seat drew (told to its own side only)
    DRAWS = "draws"  # how many cards a seat drew (told to the other side)
    MULLIGAN = "mulligan"  # a seat has decided whether to keep its opening hand
    REDRAW = "redraw"  # a seat shuffles its opening hand back to draw a new one
    KEEP = "keep"  # a seat keeps its opening hand
    TURN = "turn"  # a side's turn begins
    UNSUPPRESSED = "unsuppressed"  # a unit's suppression ends at the Inicio
    SMOKE_CLEARS = "smoke_clears"  # the grenade smoke around a unit clears
    SCREEN_CLEARS = "screen_clears"  # a side's smoke screen lifts from its squares
    HQ = "hq"  # the HQ phase: income, supply line and command, the AP now in the pool
    PLAY = "play"  # a support card played, at its cost in AP
    AP = "ap"  # a card gives its player AP
    REPAIR = "repair"  # a card repairs the player's HQ
    GENERAL = "general"  # a general takes command at an HQ
    PROMOTED = "promoted"  # a unit becomes veteran or elite
    HEALED = "healed"  # a card takes wounds off a unit
    ATTACHED = "attached"  # a card fitted to a unit, staying on it
    MINE_LAID = "mine_laid"  # an anti-tank mine card laid on a square
    GIVE = "give"  # the Marshal gives 1 AP to his teammate
    MOVE = "move"  # a unit moves from one square to another, with any unit beside it
    MARCH = "march"  # a unit pays 1 AP to move one square more this turn
    RIDE = "ride"  # mounted troops ride one square more, giving up their fire
    SWAP = "swap"  # two adjacent friendly units change places
    BOARD = "board"  # a unit goes aboard a transport, tower or landing craft
    SET_DOWN = "set_down"  # a unit leaves its carrier for a square
    COVER = "cover"  # infantry advances beside a friendly vehicle, under its cover
    UNCOVERED = "uncovered"  # infantry loses the cover of its vehicle
    MINE = "mine"  # a unit runs onto an enemy mine, which attacks it
    PICK_UP = "pick_up"  # a unit picks up equipment lying on its square, or trades for it
    DROPPED = "dropped"  # a destroyed unit's equipment stays on its square
    KIT_LOST = "kit_lost"  # equipment lying on a square that can no longer be entered is lost
    CLEARED = "cleared"  # sappers clear wire, a barrier or a mine from a square
    MENDED = "mended"  # a mechanic or medic takes a wound off a unit
    ASSAULT = "assault"  # a unit declares an assault on an enemy's square
    DEPLOY = "deploy"  # a unit deployed from the hand for its AP, or paratroopers land
    LANDING = "landing"  # paratroopers land hard on terrain and take a wound
    EQUIP = "equip"  # a unit just deployed buys an equipment option
    EQUIPPED = "equipped"  # a unit just deployed is done choosing its equipment
    BOMBER = "bomber"  # a bomber sent against a target for its AP
    DROP = "drop"  # paratroopers dropped over a square for their AP
    ESCORT_CALL = "escort_call"  # the attacking side may name escorts for its aircraft
    AIR_ALERT = "air_alert"  # an aircraft comes in: the other side may fire flak or intercept
    ESCORT = "escort"  # a fighter flies escort for the attacking aircraft
    INTERCEPT = "intercept"  # a fighter takes off to intercept the attacking aircraft
    SHOT_DOWN = "shot_down"  # the attacking aircraft is shot down before its attack
    CALLED_OFF = "called_off"  # an aircraft's target is gone: it flies back to its HQ
    FIGHTER_HOME = "fighter_home"  # a fighter that has fought or attacked leaves the battle
    AIM = "aim"  # units fired at: their side may throw smoke first
    SMOKE = "smoke"  # a unit throws smoke, harder to hit until the next turn
    NO_SMOKE = "no_smoke"  # the units aimed at throw no smoke: the shot goes ahead
    SCREEN = "screen"  # a smoke screen laid on squares
    STORM = "storm"  # the Fire phase takes up an assault: the defender fires first
    NO_REACTION = "no_reaction"  # the assault's defender has no weapon ready to fire back
    NO_STRIKE = "no_strike"  # the assaulter has no weapon ready: the assault fails
    SUPPRESSED = "suppressed"  # a unit is suppressed: a second enemy unit fires at it
    MISS = "miss"  # a shot at a unit or HQ misses
    NO_EFFECT = "no_effect"  # a shot hits but does not get through the armour
    HIT = "hit"  # a shot hits a unit and deals wounds
    CRITICAL = "critical"  # a shot scores a critical and destroys the unit
    HQ_HIT = "hq_hit"  # a shot hits an HQ and takes off PI
    GENERAL_LEAVES = "general_leaves"  # an HQ is destroyed: its general leaves the battle
    TERRAIN_HIT = "terrain_hit"  # fire at an empty square's terrain, which cannot miss
    WORN = "worn"  # terrain or a building loses PI
    FELLED = "felled"  # a forest or hedge worn to 0 PI: open ground now
    RUINS = "ruins"  # a building worn to 0 PI collapses into ruins
    RAZED = "razed"  # a terrain card worn to 0 PI is taken off the field
    BURIED = "buried"  # a unit is buried in a building's ruins
    DESTROYED = "destroyed"  # a unit is destroyed
    TAKES = "takes"  # an assaulter takes the fallen defender's square
    FALLS_BACK = "falls_back"  # an assaulter falls back to the square it started from
    FLIP = "flip"  # the Flip phase: a side turns its disabled tokens back
    MOUNT = "mount"  # a weapon team sets up its weapon: it may fire, not move
    FOLD = "fold"  # a weapon team packs up its weapon: it may move next turn
    DISCARD = "discard"  # a player discards a card from the hand
    DETACHED = "detached"  # a card lasting the turn comes off its unit
    END_TURN = "end_turn"  # a side ends its turn, with the AP it keeps
    OVER = "over"  # the battle ends: the side that wins, or a draw, and why
