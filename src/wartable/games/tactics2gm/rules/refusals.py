"""Why an action is refused, verb by verb, naming the rule (verbs.py hands each verb its
function). A verb answers only what it knows of itself; where it has nothing to say, the
moment's words (what the phase or interruption asks for) explain the refusal. The words are
messages (core/words.py): the interfaces say them in the player's language."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.words import say, word
from wartable.games.tactics2gm.phases import OWN_PHASES, TURN_PHASES, Phase
from wartable.games.tactics2gm.rules import air, assault, carry, late_terrain, salvage, smoke
from wartable.games.tactics2gm.rules.common import SIDES, commander, label, mine, side_of
from wartable.games.tactics2gm.rules.legal import ALONE, may_move, react_actions

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

Refusal = Callable[["Tactics2GMState", int, Action], str]

PHASE_WORDS = {
    Phase.BID: word("both sides make a secret bid of 0 to 5 AP: bid N (GM-11)"),
    Phase.FIRST: word("the bid's winner chooses who plays first: first allies|axis (GM-11)"),
    Phase.TERRAIN: word("lay terrain bought with the bid on your lines 2-3, or done (GM-12)"),
    Phase.MULLIGAN: word("keep your opening hand or redraw it once: keep|redraw (GM-14)"),
    Phase.MOVE: word(
        "move your units: move UNIT SQUARE, assault UNIT ENEMY, advance UNIT VEHICLE, board "
        "UNIT CARRIER, unload UNIT SQUARE, swap, march, ride, or done (GM-29)"
    ),
    Phase.DEPLOY: word(
        "deploy units and play support cards: deploy CARD SQUARE, play CARD, move a unit "
        "that arrived with Movilidad, done (GM-38, GM-87)"
    ),
    Phase.FIRE: word(
        "fire: fire UNIT WEAPON TARGET, screen UNIT SQUARE [left|right|both] to lay smoke, "
        "repair|heal UNIT WOUNDED, clear SAPPER SQUARE, storm UNIT to resolve an assault, or "
        "done (GM-42, GM-77, GM-94, GM-95, GM-97)"
    ),
    Phase.FLIP: word("set up or pack away weapon teams: mount|fold UNIT, or done (GM-56)"),
    Phase.DISCARD: word("discard down to 7 cards: discard CARD (GM-26)"),
}
EQUIP_WHY = word("that option is not printed, not affordable, or breaks GM-8/GM-9")


def either(items: list[str]) -> str:
    """Choices one after another, "a or b or c": one message, nested, as ``listing``."""
    out = items[-1] if items else ""
    for item in reversed(items[:-1]):
        out = say("{first} or {rest}", first=item, rest=out)
    return out


def arg(action: Action, k: int) -> str:
    """The action's ``k``-th argument, or "" (an action given to ``apply`` by hand may lack
    it: a refusal never fails on it)."""
    return action.args[k] if len(action.args) > k else ""


# ---- the moments' words ------------------------------------------------------------------
def in_phase(st: Tactics2GMState, seat: int, action: Action) -> str:
    now = PHASE_WORDS.get(st.phase)
    text = str(action)
    if now is None:
        return say("{action} is not possible now", action=text)
    return say("{action} is not possible now: {phase}", action=text, phase=now)


def in_air(st: Tactics2GMState, seat: int, action: Action) -> str:
    return air.why_not(st, side_of(st, seat))


def in_smoke(st: Tactics2GMState, seat: int, action: Action) -> str:
    if side_of(st, seat) != smoke.asked(st):
        side = SIDES[smoke.asked(st)]
        return say("{side} is deciding whether to throw smoke first (GM-80)", side=side)
    choices = either([f"smoke {u}" for u in st.asking])
    aimed = ", ".join(st.asking)
    return say(
        "an enemy takes aim at {units}: {choices}, or pass (GM-80, A-15)",
        units=aimed,
        choices=choices,
    )


def in_reaction(st: Tactics2GMState, seat: int, action: Action) -> str:
    arms = ", ".join(str(a) for a in react_actions(st))
    return say(
        "fire back at {unit} with one ready weapon (GM-33): {choices}",
        unit=st.storming,
        choices=arms,
    )


def in_strike(st: Tactics2GMState, seat: int, action: Action) -> str:
    p = st.piece(st.storming)
    target = p.assaulting if p is not None else ""
    return say(
        "{unit} must fire one weapon at {target}: fire {unit} WEAPON {target}",
        unit=st.storming,
        target=target,
    )


def in_equipping(st: Tactics2GMState, seat: int, action: Action) -> str:
    if action.verb == "equip":
        return EQUIP_WHY
    return say("finish equipping {unit} first: equip OPTION, or done (GM-7)", unit=st.equipping)


# ---- the verbs' own -----------------------------------------------------------------------
def commanded(then: Refusal | None = None) -> Refusal:
    """A verb whose first word is a unit: the seat's to command first (A-25), then ``then``."""

    def refuse(st: Tactics2GMState, seat: int, action: Action) -> str:
        if action.args:
            p = st.piece(action.args[0])
            if p is None:
                return say("there is no unit {unit!r} in play", unit=action.args[0])
            if p.side != side_of(st, seat):
                return say("{unit} is not yours to command", unit=p.id)
            if commander(st, p) != seat:
                seat_name = st.players[commander(st, p)]
                return say("{unit} is {seat}'s to command (A-25)", unit=p.id, seat=seat_name)
        return then(st, seat, action) if then is not None else ""

    return refuse


def done(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase == Phase.FIRE and any(p.assaulting for p in mine(st, seat)):
        return say("every assault is resolved before the Fire phase ends: storm UNIT (GM-32)")
    return ""


def move(st: Tactics2GMState, seat: int, action: Action) -> str:
    args = action.args
    if st.phase != Phase.MOVE:
        return ""
    if args[2:] == (ALONE,):
        return say("only a vehicle with infantry beside it moves alone, leaving it behind (GM-36)")
    p = st.piece(arg(action, 0))
    kept = [q.id for q in st.pieces if q.origin is not None and label(q.origin) in args[1:]]
    if kept:
        return say("that square is kept for {unit} to fall back to (A-7)", unit=kept[0])
    if p is not None and not may_move(st, p):
        return say(
            "{unit} may not move now: it has moved, was deployed this turn, or is set up "
            "as a weapon team (GM-37, GM-79)",
            unit=p.id,
        )
    return say(
        "that square is out of its reach: orthogonal steps, difficult ground ends a move, "
        "never into an enemy, nor across a river but at a bridge (GM-29, GM-30, GM-57, "
        "GM-61)"
    )


def assaults(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase != Phase.MOVE:
        return ""
    p = st.piece(arg(action, 0))
    if p is not None and not assault.may_assault(st, p):
        return say("only infantry assaults (GM-32); {unit} is not infantry", unit=p.id)
    return say(
        "an assault is a move's last step into an enemy unit's square, by a unit that may "
        "still move (GM-32)"
    )


def kept_for(st: Tactics2GMState, action: Action) -> str:
    """A vehicle standing where an assaulter is to fall back to (A-7)."""
    v = st.piece(arg(action, 1))
    kept = [q.id for q in st.pieces if v is not None and q.origin == v.sq]
    if not kept:
        return ""
    return say(
        "{vehicle} stands where {unit} is to fall back to (A-7)",
        vehicle=arg(action, 1),
        unit=kept[0],
    )


def advance(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase != Phase.MOVE:
        return ""
    return kept_for(st, action) or say(
        "infantry that may still move advances beside a friendly tank or transport with "
        "armour, within its move, one infantry a vehicle (GM-35)"
    )


def board(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase != Phase.MOVE:
        return ""
    if why := kept_for(st, action):
        return why
    c = st.piece(arg(action, 1))
    if c is not None and carry.is_craft(st, c):
        return say(
            "a unit that may still move boards a landing craft with room from the square "
            "before its ramp, toward the enemy's edge (GM-81, GM-82, A-24)"
        )
    return say(
        "a unit that may still move boards a transport (infantry) or a tower (artillery) "
        "with room, moving onto its square; not again in a turn it left one (GM-92, GM-96)"
    )


def unload(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase != Phase.MOVE:
        return ""
    p = st.piece(arg(action, 0))
    c = st.piece(p.aboard) if p is not None and p.aboard else None
    if c is not None and carry.is_craft(st, c):
        return say(
            "a unit leaves a landing craft only by its ramp, onto the free square before "
            "it, and not in the turn it climbed aboard (GM-82, A-24)"
        )
    return say("a unit aboard is set down on a free square beside its carrier (GM-96, A-24)")


def mend(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase not in OWN_PHASES:
        return ""
    if action.verb == "repair":
        return say(
            "repair takes one wound off a friend within one square, once a turn, by a unit "
            "with that ability; mechanics mend vehicles and guns, medics infantry and guns "
            "(GM-94)"
        )
    return say(
        "heal takes one wound off a friend within one square, once a turn, by a unit with "
        "that ability; mechanics mend vehicles and guns, medics infantry and guns (GM-95)"
    )


def clear(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase not in OWN_PHASES:
        return ""
    return say(
        "sappers with their tools ready clear wire, a barrier or a mine within one square (GM-97)"
    )


def salvage_(st: Tactics2GMState, seat: int, action: Action) -> str:
    if not st.ground_equipment:
        return say("equipment stays on the ground only with the ground_equipment option (GM-106)")
    if st.phase != Phase.MOVE:
        return say("equipment is taken from the ground only in your Movement phase (GM-106, A-26)")
    return salvage.WHY


def terrain(st: Tactics2GMState, seat: int, action: Action) -> str:
    return late_terrain.why_not(st) if st.phase in TURN_PHASES else ""


def ride(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase != Phase.MOVE:
        return ""
    return say("only mounted troops that have neither moved nor fired ride on (GM-86)")


def screen(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase != Phase.FIRE:
        return ""
    p = st.piece(arg(action, 0))
    if p is not None and smoke.token(st, p, smoke.SCREEN) is None:
        return say(
            "{unit} has no smoke screen ready: none bought, or used (GM-77, GM-54)", unit=p.id
        )
    return say(
        "a smoke screen goes on a square within the unit's longest weapon's range, "
        "spread left, right or both only where the field goes on (GM-77, A-15)"
    )


def throw(st: Tactics2GMState, seat: int, action: Action) -> str:
    """smoke and pass, outside the moments that ask for them."""
    return say("smoke is thrown only when an enemy takes aim at the unit (GM-80, A-15)")


def aloft(st: Tactics2GMState, seat: int, action: Action) -> str:
    return say(
        "escorts, interceptors and anti-aircraft fire answer only an attack from the air, "
        "while it is coming in (GM-69 to GM-72)"
    )


def storm(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase != Phase.FIRE:
        return ""
    return say("storm takes up an assault your unit declared this turn (GM-33)")


def give(st: Tactics2GMState, seat: int, action: Action) -> str:
    return say(
        "only a team's Marshal gives, 1 AP to his teammate, once in each of their turns, "
        "in its Movement, Deployment, Fire or Flip phase (GM-104)"
    )


def held(st: Tactics2GMState, seat: int, action: Action) -> str:
    """deploy and play: a card of the hand."""
    if action.args and action.args[0] not in st.hands[seat]:
        return say("you hold no {card!r} card", card=action.args[0])
    return ""


def deploy(st: Tactics2GMState, seat: int, action: Action) -> str:
    if why := held(st, seat, action):
        return why
    if st.phase != Phase.DEPLOY:
        return ""
    unit = st.lib.units.get(arg(action, 0))
    if unit is not None and "landing_craft" in unit.abilities:
        return say("a landing craft deploys on the sea of your deployment line (GM-38, GM-81)")
    return say(
        "units deploy on a free square of your deployment line, or aboard a carrier "
        "there that may take them, and cost their AP (GM-38, GM-81, GM-96)"
    )


def play(st: Tactics2GMState, seat: int, action: Action) -> str:
    if why := held(st, seat, action):
        return why
    if st.phase != Phase.DEPLOY:
        return ""
    return say("that card cannot be played so now: its AP, or a target it may have (GM-39)")


def fire(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase != Phase.FIRE:
        return ""
    p = st.piece(arg(action, 0))
    if p is not None and p.assaulting:
        return say(
            "{unit} is assaulting {target}: storm {unit} first (GM-33, GM-34)",
            unit=p.id,
            target=p.assaulting,
        )
    return say(
        "that weapon cannot fire at that target: it has fired, is disabled or not set up, "
        "or the target is out of range; a square is fired at only for terrain with PI "
        "left and no unit on it (GM-42, GM-43, GM-52, GM-53)"
    )


def equip(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.phase != Phase.DEPLOY:
        return ""
    return EQUIP_WHY
