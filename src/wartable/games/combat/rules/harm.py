"""Harm to a soldier: wound cards, Morale Checks and death (16.0-16.2, 19.0)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.games.combat.model import DEAD, US
from wartable.games.combat.rules import checks, explosives, fire, guards, hand, wounds
from wartable.games.combat.rules.common import (
    draw_friendly,
    foes_here,
    label,
    log,
    posture,
    said,
    score,
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
    log(ev, "check", f"{label(st, i)} {said(st, i, result)}", "19.0")
    if kind == "MC" and not result.passed and st.alive(i):
        take_cover(st, i, ev)
    if st.morale[i] == checks.ROUT and st.alive(i) and foes_here(st, i):
        # routed face to face with the enemy, with no steady comrade: he gives up (17.4)
        from wartable.games.combat.rules import melee  # melee strikes through harm: import late

        melee.entered(st, i, ev)


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
    log(ev, "grenade", f"{label(st, i)} drops his live grenade", "10.09, 14.2")
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


def wound(st: CombatState, i: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
    if s.side == US and hand.spend(st, "cancel_wound"):
        log(ev, "card", f"{s.name}: the hit draws no wound card (card held ready)", "5.1")
        take_cover(st, i, ev)
        return
    stamps = [
        st.sc.lib.friendly_cards.cards[draw_friendly(st, ev) - 1]
        for _ in range(2 if "tough" in s.skills else 1)
    ]
    for c in stamps:
        st.discard.append(c.number)
    stamp = wounds.least_harmful([c.wound or "close_call" for c in stamps])
    values = dict(st.sc.lib.charts.firer.wounds)
    hit = wounds.take_hit(stamp, tq=s.tq, wounds=st.wounds[i], values=values, friendly=s.side == US)
    st.wounds[i] = hit.wounds
    log(ev, "wound", f"{label(st, i)}: {stamp.replace('_', ' ')} (card {stamps[0].number})", "16.0")
    if hit.condition == wounds.DEAD:
        kill(st, i, ev)
        return
    if hit.morale_check:
        morale_check(st, i, hit.morale_check, ev)


def kill(st: CombatState, i: int, ev: list[Event]) -> None:
    st.status[i] = DEAD
    st.seen[i] = True
    log(ev, "killed", f"{label(st, i)} is killed", "16.2")
    if st.live[i]:  # shot before his throw: the grenade falls where he lies (14.2 example)
        drop_grenade(st, i, ev)
    st.aim[i] = -1
    guards.guard_lost(st, i, ev)
    score(st, loss_category(st, i), ev)


def shelter(st: CombatState, t: int) -> int:
    """The Order/Terrain modifier that guards ``t`` from a grenade or shell where he stands."""
    return fire.cover_modifier(st.sc.lib.charts, st.ground.kind[st.pos[t]], posture(st, t))


def blast(
    st: CombatState,
    t: int,
    rolls: int,
    frag: int,
    ev: list[Event],
    *,
    source: str,
    marker: str = "",
) -> None:
    """Damage dice of a grenade or shell against one soldier: each at or under ``frag`` plus
    his Order/Terrain modifier is a hit and draws a wound card (14.2, 20.0)."""
    modifier = shelter(st, t)
    hits, dice = explosives.damage(st.rng, rolls, frag, modifier)
    what = f" ({marker})" if marker else ""
    log(
        ev,
        source,
        f"{label(st, t)}{what}: rolls {' '.join(map(str, dice))} vs {frag}{modifier:+d}: "
        f"{hits} hit(s)",
        "14.2" if source == "grenade" else "20.0",
    )
    for _ in range(hits):
        if st.alive(t):
            wound(st, t, ev)
