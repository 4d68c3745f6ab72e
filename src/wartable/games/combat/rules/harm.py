"""Harm to a soldier: Morale Checks, forced cover, a dropped grenade, death (16.2, 19.0).

The wound card itself (16.0) and the blast that deals it are deck.py's: a wound is a draw
from the friendly deck, a draw may turn up an event, and an event's shells wound again, so
that recursion lives whole above this module. What a man routed face to face with the enemy
does (he gives up, 17.4, or a melee goes on) is contact.py's, below it; melee strikes through
deck.py, so nothing here needs melee.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import say
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import DEAD, US
from wartable.games.combat.rules import checks, contact, fire, guards
from wartable.games.combat.rules.common import (
    foes_here,
    label,
    log,
    posture,
    said,
    score,
    shown,
    tq_now,
)

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

KILL_VP = {"nco": "enemy_nco_killed", "officer": "enemy_officer_killed"}


def loss_category(st: CombatState, i: int) -> str:
    """The victory-point line a dead (or captured) soldier scores under: NCOs and officers
    have their own where the scenario prices them, else they count as any enemy."""
    s = st.soldiers[i]
    if s.side == US:
        return "friendly_killed"
    special = KILL_VP.get(s.role, "")
    return special if special in st.sc.file.victory.points else "enemy_killed"


def morale_check(st: CombatState, i: int, kind: str, ev: list[Event]) -> None:
    fn = checks.mc if kind == "MC" else checks.wmc
    result = fn(st.rng, tq_now(st, i), st.morale[i])
    st.morale[i] = result.morale_to
    text = say("{unit} {check}", unit=label(st, i), check=said(st, i, result))
    log(ev, EventKind.CHECK, text, "19.0", **shown(st, i, result))
    if kind == "MC" and not result.passed and st.alive(i):
        take_cover(st, i, ev)
    if st.morale[i] == checks.ROUT and st.alive(i) and foes_here(st, i):
        # routed face to face with the enemy, with no steady comrade: he gives up (17.4)
        contact.entered(st, i, ev)


def take_cover(st: CombatState, i: int, ev: list[Event]) -> bool:
    """A forced Duck Back (a hit, a failed Morale Check, a take-cover check). In a melee no
    take-cover marker is placed (15.0); a live grenade falls at the soldier's feet (10.09,
    14.2); an unfired rifle grenade order is simply dropped (7.11). True if he ducked back
    now (not already down, not in a melee)."""
    if foes_here(st, i) or st.order[i] in ("duck_back", "hide"):
        return False
    if st.live[i]:
        drop_grenade(st, i, ev)
    st.aim[i] = -1
    st.order[i] = "duck_back"
    return True


def drop_grenade(st: CombatState, i: int, ev: list[Event]) -> None:
    """Near marker on the thrower, Far on everyone else in his hex; it goes off at the end of
    the turn with the others. A dropped smoke grenade just smokes his hex."""
    grenade = st.soldiers[i].smoke if st.order[i] == "smoke_grenade" else st.soldiers[i].grenade
    st.live[i] = False
    if grenade is None:
        return
    here = st.pos[i]
    st.bursts = (*st.bursts, (here, grenade))
    text = say("{unit} drops his live grenade", unit=label(st, i))
    log(ev, EventKind.GRENADE, text, "10.09, 14.2")
    if st.order[i] == "smoke_grenade":
        return
    for o in st.soldiers:
        if st.pos[o.index] == here and st.alive(o.index):
            mark(st, o.index, "near" if o.index == i else "far", grenade)


def mark(st: CombatState, i: int, near_or_far: str, grenade: str) -> None:
    """Place a Near or Far marker; a soldier caught twice keeps the worse one."""
    if st.blast[i] == "near":
        return
    st.blast[i], st.blast_by[i] = near_or_far, grenade


def kill(st: CombatState, i: int, ev: list[Event]) -> None:
    st.status[i] = DEAD
    st.seen[i] = True
    log(ev, EventKind.KILLED, say("{unit} is killed", unit=label(st, i)), "16.2")
    if st.live[i]:  # shot before his throw: the grenade falls where he lies (14.2 example)
        drop_grenade(st, i, ev)
    st.aim[i] = -1
    guards.guard_lost(st, i, ev)
    score(st, loss_category(st, i), ev)


def shelter(st: CombatState, t: int) -> int:
    """The Order/Terrain modifier that guards ``t`` from a grenade or shell where he stands."""
    return fire.cover_modifier(st.sc.lib.charts, st.ground.kind[st.pos[t]], posture(st, t))
