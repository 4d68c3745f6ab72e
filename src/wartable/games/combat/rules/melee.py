"""Charges and melee (7.08, 10.08, 15.0).

Once soldiers of both sides share a hex (``contact.entered``: a melee starts there, or routed
men give up, 17.4), their orders are Melee (a charger keeps Charge from impulse 2 on), nobody
fires into the hex or spots out of it, and each side's soldiers strike in impulses 2 and 4 (a
charger in impulse 4, +1) with a Troop Quality Check; a hit draws a wound card but never a
take-cover marker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import Said, listing, say
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import US
from wartable.games.combat.rules import checks, contact, hand
from wartable.games.combat.rules.common import (
    distance,
    foes_here,
    label,
    log,
    pick,
    tq_now,
    turn_over,
)
from wartable.games.combat.rules.deck import wound
from wartable.games.combat.rules.grenades import known_enemies, nearest_detected

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

CHARGE_BONUS = 1  # a charger's strike in impulse 4 (7.08, 10.08)
SURPRISE_BONUS = 2  # the first strike of an unspotted friendly or unknown enemy (15.0)
BAYONET_BONUS = 2  # card 29


def strike(st: CombatState, i: int, t: int, ev: list[Event]) -> None:
    """One melee attack: a TQC with wounds and morale, +1 for a charger, +2 for the first
    strike of an unspotted or unknown soldier, who is then revealed (15.0)."""
    tq = tq_now(st, i)
    extras: list[str] = []
    if st.order[i] == "charge":
        tq += CHARGE_BONUS
        extras.append(say("charge +{bonus}", bonus=CHARGE_BONUS))
    if not st.seen[i]:
        tq += SURPRISE_BONUS
        extras.append(say("surprise +{bonus}", bonus=SURPRISE_BONUS))
        turn_over(st, i, ev)
    if st.soldiers[i].side == US and hand.spend(st, "melee_bonus"):
        tq += BAYONET_BONUS
        extras.append(say("card +{bonus}", bonus=BAYONET_BONUS))
    check = checks.tqc(st.rng, tq)
    log(
        ev,
        EventKind.MELEE,
        struck(label(st, i), label(st, t), listing(extras), check),
        "15.0",
        roll={**checks.roll_of(check), "result": "hit" if check.passed else "miss"},
    )
    if check.passed:
        wound(st, t, ev)  # a man it routs gives up if alone with the enemy (harm.morale_check)


def struck(unit: str, target: str, bonuses: str, check: checks.Check) -> Said:
    """A melee strike as the log tells it, with the bonuses that helped it if any."""
    if bonuses and check.passed:
        return say(
            "{unit} strikes at {target} ({bonuses}): {check}: hits",
            unit=unit,
            target=target,
            bonuses=bonuses,
            check=check.text,
        )
    if bonuses:
        return say(
            "{unit} strikes at {target} ({bonuses}): {check}: misses",
            unit=unit,
            target=target,
            bonuses=bonuses,
            check=check.text,
        )
    if check.passed:
        return say(
            "{unit} strikes at {target}: {check}: hits", unit=unit, target=target, check=check.text
        )
    return say(
        "{unit} strikes at {target}: {check}: misses", unit=unit, target=target, check=check.text
    )


def weakest(st: CombatState, foes: list[int]) -> int:
    """The friendly with the lowest TQ, ties by the dice: whom an enemy strikes or charges."""
    low = min(st.soldiers[f].tq for f in foes)
    return pick(st, [f for f in foes if st.soldiers[f].tq == low])


def charge_goal(st: CombatState, i: int) -> int:
    """The hex an enemy charger runs at: the nearest detected friendly's, the weakest among
    equals (10.08)."""
    nearest = nearest_detected(st, i)
    return st.pos[weakest(st, nearest)] if nearest else -1


def enemy_charge(st: CombatState, i: int, hexes_to_move: int, ev: list[Event]) -> None:
    """Move an enemy charger hex by hex toward its goal, stopping on entering a friendly."""
    if st.impulse == 3 and foes_here(st, i):
        return
    board = st.sc.board
    goal = charge_goal(st, i)
    if goal < 0:
        return
    for _ in range(hexes_to_move):
        here = st.pos[i]
        steps = board.next_to[here]
        best = min(distance(st, h, goal) for h in steps)
        ties = [h for h in steps if distance(st, h, goal) == best]
        st.pos[i] = pick(st, sorted(ties, key=board.hexes.__getitem__))
        where = board.labels[st.pos[i]]
        text = say("{unit} charges to {hex}", unit=label(st, i), hex=where)
        log(ev, EventKind.ENEMY_MOVE, text, "10.08")
        if contact.entered(st, i, ev) or st.order[i] != "charge":
            break  # a melee, or men who gave up to him: he stays to guard them (17.4)


def end_of_charge(st: CombatState, i: int, ev: list[Event]) -> None:
    """A charger who has not reached the enemy by the end of impulse 3 ducks back (7.08)."""
    if st.impulse == 3 and st.order[i] == "charge" and not foes_here(st, i) and st.alive(i):
        st.order[i] = "duck_back"
        text = say("{unit} has not reached the enemy and ducks back", unit=label(st, i))
        log(ev, EventKind.DUCK_BACK, text, "7.08")


def after_melee(st: CombatState, i: int, ev: list[Event]) -> bool:
    """A melee fighter with nobody left to fight takes cover when next activated (15.0).
    True when that happened."""
    if st.order[i] in ("melee", "charge") and not foes_here(st, i) and st.impulse >= 2:
        if st.order[i] == "charge" and st.impulse < 4:
            return False
        st.order[i] = "duck_back"
        text = say("{unit} has won the melee and takes cover", unit=label(st, i))
        log(ev, EventKind.DUCK_BACK, text, "15.0")
        return True
    return False


def known_in_reach(st: CombatState, i: int) -> bool:
    """A known enemy in sight within 4 hexes allows a Charge (7.08)."""
    here = st.pos[i]
    return any(
        distance(st, here, st.pos[t]) <= 4 and st.ground.sight.sees(here, st.pos[t])
        for t in known_enemies(st, i)
    )
