"""Actions in players' words ("Fire M4 Sherman 1's 75 mm M3 gun at Tiger 2"), and the odds
beside a shot. Only what the acting side may see is named: every word here is public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.core.action import Action
from wartable.games.tactics2gm.deck import launch_cost
from wartable.games.tactics2gm.model import HQS, weapons
from wartable.games.tactics2gm.phases import Phase
from wartable.games.tactics2gm.rules import pairs, shots, wear
from wartable.games.tactics2gm.rules.field import GRID, WIDE
from wartable.games.tactics2gm.rules.fire import odds

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

SQUARES = frozenset(GRID.label(sq) for sq in WIDE.grid.squares)  # target words naming terrain


def unit_words(st: Tactics2GMState, unit: str) -> str:
    """``tiger-2`` is "Tiger 2": the card's title and the copy's number."""
    card, _, n = unit.rpartition("-")
    title = st.lib.units[card].title if card in st.lib.units else card
    return f"{title} {n}"


def card_words(st: Tactics2GMState, key: str) -> str:
    lib = st.lib
    for table in (lib.units, lib.support, lib.terrain, lib.generals):
        if key in table:
            return table[key].title
    return key


def hq_words(st: Tactics2GMState, word: str, whose: str) -> str:
    """An HQ named in an action: "the enemy HQ"; on two fields, which one (GM-105)."""
    if st.field.copies == 1:
        return f"the {whose}HQ"
    return f"the {whose}HQ behind columns {'A-H' if word == HQS[0] else 'I-P'}"


def target_words(st: Tactics2GMState, target: str) -> str:
    """A support card's or a bomber's target: the HQ, a general, a unit or a square."""
    if target in HQS:
        return hq_words(st, target, "enemy ")
    if target in st.lib.generals:
        return card_words(st, target)
    return unit_words(st, target) if st.piece(target) is not None else target


def token_words(st: Tactics2GMState, token: str) -> str:
    return st.lib.tokens[token].title if token in st.lib.tokens else token


def weapon_words(st: Tactics2GMState, unit: str, key: str) -> str:
    p = st.piece(unit)
    arms = weapons(st.lib, p) if p is not None else {}
    if key not in arms:
        return key
    name = arms[key].name
    alike = [k for k, w in arms.items() if w.name == name]
    # two weapons of one name (a tank's two machine guns) are told apart by their order
    return f"{name} {alike.index(key) + 1}" if len(alike) > 1 else name


def move_words(st: Tactics2GMState, a: tuple[str, ...]) -> str:
    """A move, naming the infantry a vehicle takes along or leaves behind (GM-35, GM-36)."""
    p = st.piece(a[0])
    q = pairs.partner(st, p) if p is not None else None
    words = f"Move {unit_words(st, a[0])} to {a[1]}"
    if q is None:
        return words
    if p is not None and p.beside:
        return f"{words}, leaving the cover of {unit_words(st, q.id)}"
    if a[2:] == ("alone",):
        return f"{words} alone, leaving {unit_words(st, q.id)} behind"
    return f"{words} with {unit_words(st, q.id)} beside it"


# ---- each verb's words (verbs.py hands them over) -----------------------------------------
def fire(st: Tactics2GMState, seat: int, action: Action) -> str:
    a = action.args
    if a[2] in HQS:
        target = hq_words(st, a[2], "enemy ")
    elif a[2] in SQUARES:
        target = wear.name(st, st.field.grid.parse(a[2]))
    else:
        target = unit_words(st, a[2])
    strike = " (the assault: armour aside)" if a[0] == st.storming else ""
    return f"Fire {unit_words(st, a[0])}'s {weapon_words(st, a[0], a[1])} at {target}{strike}"


def react(st: Tactics2GMState, seat: int, action: Action) -> str:
    a = action.args
    weapon = weapon_words(st, a[0], a[1])
    return f"Fire back with {unit_words(st, a[0])}'s {weapon} at {unit_words(st, st.storming)}"


def move(st: Tactics2GMState, seat: int, action: Action) -> str:
    return move_words(st, action.args)


def assault(st: Tactics2GMState, seat: int, action: Action) -> str:
    a = action.args
    d = st.piece(a[1])
    where = f" on {GRID.label(d.sq)}" if d is not None and d.sq is not None else ""
    return f"Assault {unit_words(st, a[1])}{where} with {unit_words(st, a[0])}"


def board(st: Tactics2GMState, seat: int, action: Action) -> str:
    return f"Board {unit_words(st, action.args[1])} with {unit_words(st, action.args[0])}"


def unload(st: Tactics2GMState, seat: int, action: Action) -> str:
    return f"Set {unit_words(st, action.args[0])} down on {action.args[1]}"


def advance(st: Tactics2GMState, seat: int, action: Action) -> str:
    a = action.args
    return f"Advance {unit_words(st, a[0])} beside {unit_words(st, a[1])} (+1/+1 to be hit)"


def mend(st: Tactics2GMState, seat: int, action: Action) -> str:
    """repair, heal."""
    word = "Repair" if action.verb == "repair" else "Heal"
    a = action.args
    return f"{word} one wound of {unit_words(st, a[1])} with {unit_words(st, a[0])}"


def clear(st: Tactics2GMState, seat: int, action: Action) -> str:
    return f"Clear the obstacle on {action.args[1]} with {unit_words(st, action.args[0])}"


def salvage(st: Tactics2GMState, seat: int, action: Action) -> str:
    """pick, trade: equipment from the ground (GM-106)."""
    a = action.args
    p = st.piece(a[0])
    where = f" on {GRID.label(p.sq)}" if p is not None and p.sq is not None else ""
    title = token_words(st, a[-1])
    if action.verb == "pick":
        return f"Pick up the {title}{where} with {unit_words(st, a[0])} (free)"
    own = st.lib.units[p.card].options.get(a[1]) if p is not None else None
    mine = token_words(st, own.token) if own is not None else a[1]
    return f"Trade {unit_words(st, a[0])}'s {mine} for the {title}{where}"


def ride(st: Tactics2GMState, seat: int, action: Action) -> str:
    return f"Ride on with {unit_words(st, action.args[0])}: 1 square more, no fire this turn"


def screen(st: Tactics2GMState, seat: int, action: Action) -> str:
    a = action.args
    spread = {"left": " and the square to its left", "right": " and the square to its right"}
    extra = spread.get(a[2], " and the squares either side") if a[2:] else ""
    return f"Lay a smoke screen from {unit_words(st, a[0])} on {a[1]}{extra} (+2/+2)"


def smoke(st: Tactics2GMState, seat: int, action: Action) -> str:
    return f"Throw smoke around {unit_words(st, action.args[0])} (+1/+1 to hit it this turn)"


def pass_(st: Tactics2GMState, seat: int, action: Action) -> str:
    if st.sortie is not None:
        return "Nothing more: let the air combat go on"
    return "No smoke: let the shot come"


def escort(st: Tactics2GMState, seat: int, action: Action) -> str:
    return f"Send {unit_words(st, action.args[0])} to escort the bomber"


def intercept(st: Tactics2GMState, seat: int, action: Action) -> str:
    a = action.args
    return f"Intercept with {unit_words(st, a[0])}'s {weapon_words(st, a[0], a[1])}"


def aloft(st: Tactics2GMState, seat: int, action: Action) -> str:
    """flak, engage."""
    a = action.args
    word = "Fire anti-aircraft" if action.verb == "flak" else "Engage"
    weapon = weapon_words(st, a[0], a[1])
    return f"{word}: {unit_words(st, a[0])}'s {weapon} at {unit_words(st, a[2])}"


def storm(st: Tactics2GMState, seat: int, action: Action) -> str:
    p = st.piece(action.args[0])
    who = unit_words(st, p.assaulting) if p is not None and p.assaulting else "the defender"
    return f"Resolve {unit_words(st, action.args[0])}'s assault: {who} fires first"


def unit_order(st: Tactics2GMState, seat: int, action: Action) -> str:
    """march, mount, fold."""
    words = {"march": "March", "mount": "Set up", "fold": "Pack up"}[action.verb]
    return f"{words} {unit_words(st, action.args[0])}"


def swap(st: Tactics2GMState, seat: int, action: Action) -> str:
    return f"Swap {unit_words(st, action.args[0])} and {unit_words(st, action.args[1])}"


def deploy(st: Tactics2GMState, seat: int, action: Action) -> str:
    a = action.args
    where = f"at {hq_words(st, a[1], '')}" if a[1] in HQS else f"on {a[1]}"
    aboard = " aboard the carrier there" if a[2:] == ("aboard",) else ""
    return f"Deploy {card_words(st, a[0])} {where}{aboard}"


def equip(st: Tactics2GMState, seat: int, action: Action) -> str | None:
    p = st.piece(st.equipping)
    if p is None or action.args[0] not in st.lib.units[p.card].options:
        return None
    o = st.lib.units[p.card].options[action.args[0]]
    return f"Equip {st.lib.tokens[o.token].title} (+{o.price} AP)"


def play(st: Tactics2GMState, seat: int, action: Action) -> str:
    a = action.args
    return f"Play {card_words(st, a[0])}" + (f" on {target_words(st, a[1])}" if a[1:] else "")


def terrain(st: Tactics2GMState, seat: int, action: Action) -> str:
    a = action.args
    extent = f", spread {a[2]}" if len(a) > 2 else ""
    words = f"Lay {card_words(st, a[0])} on {a[1]}{extent}"
    if st.phase != Phase.TERRAIN and a[0] in st.lib.terrain:  # bought with AP (GM-13)
        words += f" for {st.lib.terrain[a[0]].cost + (1 if extent else 0)} AP"
    return words


def discard(st: Tactics2GMState, seat: int, action: Action) -> str:
    return f"Discard {card_words(st, action.args[0])}"


def give(st: Tactics2GMState, seat: int, action: Action) -> str:
    return "Give 1 AP to your teammate"


def action_info(st: Tactics2GMState, action: Action) -> dict[str, Any]:
    """What a card costs to deploy or play (its AP); a shot's numbers and chances: what it
    needs to hit and to land a critical (an assault's shot ignores armour, a reaction is
    aimed at the assaulter); fire at terrain cannot miss."""
    if action.verb in ("deploy", "play"):  # what the card costs, before it (a legal action's)
        return {"text": f"{launch_cost(st.lib.card(action.args[0]))} AP"}
    if action.verb not in ("fire", "react", "flak", "engage", "intercept"):
        return {}
    p = st.piece(action.args[0])
    if p is None:
        return {}
    weapon = weapons(st.lib, p)[action.args[1]]
    if action.verb == "intercept" and st.sortie is not None:  # at the attacker
        target = st.sortie.plane
    elif action.verb == "react":
        target = st.storming
    else:
        target = action.args[2]
    t = st.piece(target)
    if target in SQUARES:
        left = wear.points_left(st, st.field.grid.parse(target))
        return {"text": f"a sure hit on terrain with {left} PI left", "chance": 1.0}
    if t is None and target in HQS:
        hit, crit = shots.need(st, p, weapon, None)
    elif t is None:
        return {}
    else:
        storm = action.verb == "fire" and p.id == st.storming
        k = shots.terms(st, p, weapon, t, assault=storm, aimed=action.verb in ("fire", "react"))
        if not k.pierces:
            return {"text": f"{k.need[0]}+ to hit, but it cannot pierce the armour", "chance": 0.0}
        hit, crit = k.need
    chance, critical = odds((hit, crit))
    return {"text": f"{hit}+ to hit, {crit}+ critical", "chance": chance, "critical": critical}
