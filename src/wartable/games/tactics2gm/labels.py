"""Actions in players' words ("Fire M4 Sherman 1's 75 mm M3 gun at Tiger 2"), and the odds
beside a shot. Only what the acting side may see is named: every word here is public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wartable.core.action import Action
from wartable.core.words import Said, named, say, say_n, word
from wartable.games.tactics2gm.deck import launch_cost
from wartable.games.tactics2gm.model import HQS, weapons
from wartable.games.tactics2gm.phases import Phase
from wartable.games.tactics2gm.rules import hands, pairs, shots, wear
from wartable.games.tactics2gm.rules.field import GRID, WIDE
from wartable.games.tactics2gm.rules.fire import odds

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

SQUARES = frozenset(GRID.label(sq) for sq in WIDE.grid.squares)  # target words naming terrain
SIDES = {"allies": word("Allies"), "axis": word("Axis")}
TOWARD = {"left": word("left"), "right": word("right"), "both": word("both")}  # a spread
SPREAD = {
    "left": word("Lay a smoke screen from {unit} on {square} and the square to its left (+2/+2)"),
    "right": word("Lay a smoke screen from {unit} on {square} and the square to its right (+2/+2)"),
    "both": word("Lay a smoke screen from {unit} on {square} and the squares either side (+2/+2)"),
}
ORDERS = {
    "march": word("March {unit}"),
    "mount": word("Set up {unit}"),
    "fold": word("Pack up {unit}"),
}


def unit_words(st: Tactics2GMState, unit: str) -> Said:
    """``tiger-2`` is "Tiger 2": the card's title and the copy's number."""
    card, _, n = unit.rpartition("-")
    title = named(st.lib.units[card].title) if card in st.lib.units else card
    return say("{card} {n}", card=title, n=n)


def card_words(st: Tactics2GMState, key: str) -> str:
    """A card by its title (said in the player's language: the catalogs hold every title of
    the game's data)."""
    lib = st.lib
    for table in (lib.units, lib.support, lib.terrain, lib.generals):
        if key in table:
            return named(table[key].title)
    return key


def hq_words(st: Tactics2GMState, hq: str, enemy: bool) -> Said:
    """An HQ named in an action: "the enemy HQ"; on two fields, which one (GM-105)."""
    if st.field.copies == 1:
        return word("the enemy HQ") if enemy else word("the HQ")
    columns = "A-H" if hq == HQS[0] else "I-P"
    if enemy:
        return say("the enemy HQ behind columns {columns}", columns=columns)
    return say("the HQ behind columns {columns}", columns=columns)


def target_words(st: Tactics2GMState, target: str) -> str:
    """A support card's or a bomber's target: the HQ, a general, a unit or a square."""
    if target in HQS:
        return hq_words(st, target, enemy=True)
    if target in st.lib.generals:
        return card_words(st, target)
    return unit_words(st, target) if st.piece(target) is not None else target


def token_words(st: Tactics2GMState, token: str) -> str:
    return named(st.lib.tokens[token].title) if token in st.lib.tokens else token


def weapon_words(st: Tactics2GMState, unit: str, key: str) -> str:
    """A unit's weapon by its name (the catalogs hold every weapon's name)."""
    p = st.piece(unit)
    arms = weapons(st.lib, p) if p is not None else {}
    if key not in arms:
        return key
    name = arms[key].name
    alike = [k for k, w in arms.items() if w.name == name]
    # two weapons of one name (a tank's two machine guns) are told apart by their order
    if len(alike) > 1:
        return say("{weapon} {n}", weapon=named(name), n=alike.index(key) + 1)
    return named(name)


def move_words(st: Tactics2GMState, a: tuple[str, ...]) -> Said:
    """A move, naming the infantry a vehicle takes along or leaves behind (GM-35, GM-36)."""
    p = st.piece(a[0])
    q = pairs.partner(st, p) if p is not None else None
    unit, square = unit_words(st, a[0]), a[1]
    if q is None:
        return say("Move {unit} to {square}", unit=unit, square=square)
    other = unit_words(st, q.id)
    if p is not None and p.beside:
        return say(
            "Move {unit} to {square}, leaving the cover of {other}",
            unit=unit,
            square=square,
            other=other,
        )
    if a[2:] == ("alone",):
        return say(
            "Move {unit} to {square} alone, leaving {other} behind",
            unit=unit,
            square=square,
            other=other,
        )
    return say(
        "Move {unit} to {square} with {other} beside it", unit=unit, square=square, other=other
    )


# ---- each verb's words (verbs.py hands them over) -----------------------------------------
def fire(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    if a[2] in HQS:
        target: str = hq_words(st, a[2], enemy=True)
    elif a[2] in SQUARES:
        target = wear.name(st, st.field.grid.parse(a[2]))
    else:
        target = unit_words(st, a[2])
    unit, weapon = unit_words(st, a[0]), weapon_words(st, a[0], a[1])
    if a[0] == st.storming:
        return say(
            "Fire {unit}'s {weapon} at {target} (the assault: armour aside)",
            unit=unit, weapon=weapon, target=target,
        )  # fmt: skip
    return say("Fire {unit}'s {weapon} at {target}", unit=unit, weapon=weapon, target=target)


def react(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    return say(
        "Fire back with {unit}'s {weapon} at {other}",
        unit=unit_words(st, a[0]), weapon=weapon_words(st, a[0], a[1]),
        other=unit_words(st, st.storming),
    )  # fmt: skip


def move(st: Tactics2GMState, seat: int, action: Action) -> Said:
    return move_words(st, action.args)


def assault(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    d = st.piece(a[1])
    unit, other = unit_words(st, a[0]), unit_words(st, a[1])
    if d is not None and d.sq is not None:
        return say(
            "Assault {other} on {square} with {unit}",
            other=other,
            square=GRID.label(d.sq),
            unit=unit,
        )
    return say("Assault {other} with {unit}", other=other, unit=unit)


def board(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    return say("Board {other} with {unit}", other=unit_words(st, a[1]), unit=unit_words(st, a[0]))


def unload(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    return say("Set {unit} down on {square}", unit=unit_words(st, a[0]), square=a[1])


def advance(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    return say(
        "Advance {unit} beside {other} (+1/+1 to be hit)",
        unit=unit_words(st, a[0]), other=unit_words(st, a[1]),
    )  # fmt: skip


def mend(st: Tactics2GMState, seat: int, action: Action) -> Said:
    """repair, heal."""
    a = action.args
    unit, other = unit_words(st, a[0]), unit_words(st, a[1])
    if action.verb == "repair":
        return say("Repair one wound of {other} with {unit}", other=other, unit=unit)
    return say("Heal one wound of {other} with {unit}", other=other, unit=unit)


def clear(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    return say("Clear the obstacle on {square} with {unit}", square=a[1], unit=unit_words(st, a[0]))


def salvage(st: Tactics2GMState, seat: int, action: Action) -> Said:
    """pick, trade: equipment from the ground (GM-106)."""
    a = action.args
    p = st.piece(a[0])
    square = GRID.label(p.sq) if p is not None and p.sq is not None else "?"
    title, unit = token_words(st, a[-1]), unit_words(st, a[0])
    if action.verb == "pick":
        return say(
            "Pick up the {token} on {square} with {unit} (free)",
            token=title,
            square=square,
            unit=unit,
        )
    own = st.lib.units[p.card].options.get(a[1]) if p is not None else None
    mine = token_words(st, own.token) if own is not None else a[1]
    return say(
        "Trade {unit}'s {mine} for the {token} on {square}",
        unit=unit, mine=mine, token=title, square=square,
    )  # fmt: skip


def ride(st: Tactics2GMState, seat: int, action: Action) -> Said:
    return say(
        "Ride on with {unit}: 1 square more, no fire this turn", unit=unit_words(st, action.args[0])
    )


def screen(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    unit = unit_words(st, a[0])
    if a[2:]:
        return say(SPREAD.get(a[2], SPREAD["both"]), unit=unit, square=a[1])
    return say("Lay a smoke screen from {unit} on {square} (+2/+2)", unit=unit, square=a[1])


def smoke(st: Tactics2GMState, seat: int, action: Action) -> Said:
    return say(
        "Throw smoke around {unit} (+1/+1 to hit it this turn)", unit=unit_words(st, action.args[0])
    )


def pass_(st: Tactics2GMState, seat: int, action: Action) -> Said:
    if st.sortie is not None:
        return word("Nothing more: let the air combat go on")
    return word("No smoke: let the shot come")


def escort(st: Tactics2GMState, seat: int, action: Action) -> Said:
    return say("Send {unit} to escort the bomber", unit=unit_words(st, action.args[0]))


def intercept(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    return say(
        "Intercept with {unit}'s {weapon}",
        unit=unit_words(st, a[0]),
        weapon=weapon_words(st, a[0], a[1]),
    )


def aloft(st: Tactics2GMState, seat: int, action: Action) -> Said:
    """flak, engage."""
    a = action.args
    unit, weapon, other = unit_words(st, a[0]), weapon_words(st, a[0], a[1]), unit_words(st, a[2])
    if action.verb == "flak":
        return say(
            "Fire anti-aircraft: {unit}'s {weapon} at {other}",
            unit=unit,
            weapon=weapon,
            other=other,
        )
    return say("Engage: {unit}'s {weapon} at {other}", unit=unit, weapon=weapon, other=other)


def storm(st: Tactics2GMState, seat: int, action: Action) -> Said:
    p = st.piece(action.args[0])
    unit = unit_words(st, action.args[0])
    if p is not None and p.assaulting:
        return say(
            "Resolve {unit}'s assault: {other} fires first",
            unit=unit,
            other=unit_words(st, p.assaulting),
        )
    return say("Resolve {unit}'s assault: the defender fires first", unit=unit)


def unit_order(st: Tactics2GMState, seat: int, action: Action) -> Said:
    """march, mount, fold."""
    return say(ORDERS[action.verb], unit=unit_words(st, action.args[0]))


def swap(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    return say("Swap {unit} and {other}", unit=unit_words(st, a[0]), other=unit_words(st, a[1]))


def deploy(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    card = card_words(st, a[0])
    if a[1] in HQS:
        return say("Deploy {card} at {hq}", card=card, hq=hq_words(st, a[1], enemy=False))
    if a[2:] == ("aboard",):
        return say("Deploy {card} on {square} aboard the carrier there", card=card, square=a[1])
    return say("Deploy {card} on {square}", card=card, square=a[1])


def equip(st: Tactics2GMState, seat: int, action: Action) -> Said | None:
    p = st.piece(st.equipping)
    if p is None or action.args[0] not in st.lib.units[p.card].options:
        return None
    o = st.lib.units[p.card].options[action.args[0]]
    return say("Equip {token} (+{price} AP)", token=token_words(st, o.token), price=o.price)


def play(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    if a[1:]:
        return say(
            "Play {card} on {target}", card=card_words(st, a[0]), target=target_words(st, a[1])
        )
    return say("Play {card}", card=card_words(st, a[0]))


def terrain(st: Tactics2GMState, seat: int, action: Action) -> Said:
    a = action.args
    card, square = card_words(st, a[0]), a[1]
    bought = st.phase != Phase.TERRAIN and a[0] in st.lib.terrain  # bought with AP (GM-13)
    if len(a) > 2:
        side = TOWARD.get(a[2], a[2])
        if bought:
            ap = st.lib.terrain[a[0]].cost + 1
            return say(
                "Lay {card} on {square}, spread {side} for {ap} AP",
                card=card,
                square=square,
                side=side,
                ap=ap,
            )
        return say("Lay {card} on {square}, spread {side}", card=card, square=square, side=side)
    if bought:
        ap = st.lib.terrain[a[0]].cost
        return say("Lay {card} on {square} for {ap} AP", card=card, square=square, ap=ap)
    return say("Lay {card} on {square}", card=card, square=square)


def discard(st: Tactics2GMState, seat: int, action: Action) -> Said:
    return say("Discard {card}", card=card_words(st, action.args[0]))


def give(st: Tactics2GMState, seat: int, action: Action) -> Said:
    return word("Give 1 AP to your teammate")


def done(st: Tactics2GMState, seat: int, action: Action) -> Said:
    return word("Done")


def mulligan(st: Tactics2GMState, seat: int, action: Action) -> Said:
    """keep, redraw: the opening hand (GM-14)."""
    if action.verb == "keep":
        return word("Keep this hand")
    n = hands.size(st, seat)
    return say_n("Redraw: {count} new card", "Redraw: {count} new cards", n)


def bid(st: Tactics2GMState, seat: int, action: Action) -> Said:
    return say("Bid {ap} AP", ap=action.args[0])


FIRST = {
    "allies": word("The Allies play the first turn"),
    "axis": word("The Axis play the first turn"),
}


def first(st: Tactics2GMState, seat: int, action: Action) -> Said:
    return FIRST.get(action.args[0]) or say("{side} play the first turn", side=action.args[0])


def action_info(st: Tactics2GMState, action: Action) -> dict[str, Any]:
    """What a card costs to deploy or play (its AP); a shot's numbers and chances: what it
    needs to hit and to land a critical (an assault's shot ignores armour, a reaction is
    aimed at the assaulter); fire at terrain cannot miss."""
    if action.verb in ("deploy", "play"):  # what the card costs, before it (a legal action's)
        return {"text": say("{ap} AP", ap=launch_cost(st.lib.card(action.args[0])))}
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
        return {"text": say("a sure hit on terrain with {pi} PI left", pi=left), "chance": 1.0}
    if t is None and target in HQS:
        hit, crit = shots.need(st, p, weapon, None)
    elif t is None:
        return {}
    else:
        storm = action.verb == "fire" and p.id == st.storming
        k = shots.terms(st, p, weapon, t, assault=storm, aimed=action.verb in ("fire", "react"))
        if not k.pierces:
            words = say("{hit}+ to hit, but it cannot pierce the armour", hit=k.need[0])
            return {"text": words, "chance": 0.0}
        hit, crit = k.need
    chance, critical = odds((hit, crit))
    words = say("{hit}+ to hit, {crit}+ critical", hit=hit, crit=crit)
    return {"text": words, "chance": chance, "critical": critical}
