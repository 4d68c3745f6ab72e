"""Harm to a soldier: wound cards, Morale Checks and death (16.0-16.2, 19.0)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.games.combat.model import DEAD, US
from wartable.games.combat.rules import checks, wounds
from wartable.games.combat.rules.common import draw_friendly, label, log, score, tq_now

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

KILL_VP = {"nco": "enemy_nco_killed", "officer": "enemy_officer_killed"}


def morale_check(st: CombatState, i: int, kind: str, ev: list[Event]) -> None:
    fn = checks.mc if kind == "MC" else checks.wmc
    result = fn(st.rng, tq_now(st, i), st.morale[i])
    st.morale[i] = result.morale_to
    log(ev, "check", f"{label(st, i)} {result.text}", "19.0")
    if kind == "MC" and not result.passed and st.alive(i):
        st.order[i] = "duck_back"


def wound(st: CombatState, i: int, ev: list[Event]) -> None:
    s = st.soldiers[i]
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
    s = st.soldiers[i]
    st.status[i] = DEAD
    st.seen[i] = True
    log(ev, "killed", f"{label(st, i)} is killed", "16.2")
    if s.side == US:
        score(st, "friendly_killed", ev)
    else:
        score(st, KILL_VP.get(s.role, "enemy_killed"), ev)
