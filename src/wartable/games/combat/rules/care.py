"""Looking after men: medical aid and bandages (7.14, 16.1), carrying a comrade (7.18),
searching a captured officer for papers (7.15), and how wounds slow a soldier (10.0).

These orders name a second soldier - the patient, the man carried, the prisoner searched -
kept in the ``mate`` column for the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import say
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import CAPTURED, US
from wartable.games.combat.rules import checks, hand
from wartable.games.combat.rules.common import comrades_here, foes_here, label, log, tq_now
from wartable.games.combat.rules.wounds import wound_total

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

MEDIC, CARRY, SEARCH = "medical_aid", "carry_drag", "search"
CARRIED = "carried"  # the order a carried soldier shows: he moves with his carrier
PATIENT_ORDERS = ("hide", "rally", "plan")  # 7.14: all a man being treated may do
BANDAGED = "bandaged_"
MOVES_FASTEST_FIRST = ("sprint", "run_and_gun", "evade", "sneak")


def here_with(st: CombatState, i: int) -> list[int]:
    """Everyone else in ``i``'s hex who is on the map: fighting men and prisoners."""
    return [
        o.index
        for o in st.soldiers
        if o.index != i
        and st.pos[o.index] == st.pos[i]
        and st.pos[i] >= 0
        and (st.alive(o.index) or st.status[o.index] == CAPTURED)
    ]


def open_wounds(st: CombatState, i: int) -> list[str]:
    return [w for w in st.wounds[i] if not w.startswith(BANDAGED)]


def patients(st: CombatState, i: int) -> list[int]:
    """Whom a medic may treat: a wounded man of either side in his hex (7.14) whose order, if
    he already has one, is one a patient may keep."""
    if "medic" not in st.soldiers[i].skills:
        return []
    return [
        p
        for p in here_with(st, i)
        if open_wounds(st, p)
        and (st.soldiers[p].side != US or st.order[p] == "" or st.order[p] in PATIENT_ORDERS)
    ]


def treated(st: CombatState, i: int) -> bool:
    """A medic has ordered to treat him this turn: his own orders are limited (7.14)."""
    return any(st.order[m] == MEDIC and st.mate[m] == i for m in range(len(st.soldiers)))


def carriable(st: CombatState, i: int) -> list[int]:
    """Friendly comrades in his hex he may carry or drag (7.18): not already carried, not
    carrying someone, not being treated."""
    if foes_here(st, i):
        return []
    return [
        c
        for c in comrades_here(st, i)
        if st.order[c] not in (CARRIED, CARRY) and not treated(st, c)
    ]


def searchable(st: CombatState, i: int) -> list[int]:
    """Captured enemy officers in his hex not yet searched (7.15)."""
    return [
        p
        for p in here_with(st, i)
        if st.status[p] == CAPTURED
        and st.soldiers[p].side != US
        and st.soldiers[p].role == "officer"
        and p not in st.papers
    ]


def slowest_allowed(st: CombatState, i: int) -> tuple[str, ...]:
    """The move orders his wounds still allow, fastest first (house table in charts.yaml:
    a wound total of 1 bars sprinting, one of 3 leaves only sneaking)."""
    total = wound_total(st.wounds[i], st.sc.lib.charts.firer.wounds)
    slowed = st.sc.lib.charts.slowed_by_wounds
    if total >= slowed.sneak_only:
        return ("sneak",)
    if total >= slowed.no_sprint:
        return MOVES_FASTEST_FIRST[1:]
    return MOVES_FASTEST_FIRST


def slow_down(st: CombatState, i: int, order: str) -> str:
    """10.0 note: an enemy given a move order his wounds forbid takes the next slower one."""
    if order not in MOVES_FASTEST_FIRST:
        return order
    allowed = slowest_allowed(st, i)
    rest = MOVES_FASTEST_FIRST[MOVES_FASTEST_FIRST.index(order) :]
    return next(o for o in rest if o in allowed)


def give(st: CombatState, i: int, order: str, mate: int, ev: list[Event]) -> None:
    """Record the second man of a care order; a carried man's own order gives way (7.18)."""
    st.mate[i] = mate
    if order == CARRY:
        st.order[mate] = CARRIED
        st.mate[mate] = i
        text = say("{unit} is carried by {carrier}", unit=label(st, mate), carrier=label(st, i))
        log(ev, EventKind.ORDER, text, "7.18")


def carry_along(st: CombatState, i: int) -> None:
    """The carried man goes where his carrier goes, while he is still being carried."""
    if st.order[i] == CARRY and st.mate[i] >= 0 and st.order[st.mate[i]] == CARRIED:
        st.pos[st.mate[i]] = st.pos[i]


def end_of_turn(st: CombatState, ev: list[Event]) -> None:
    """Step 5b: each medic still by his patient rolls a TQC to bandage one wound, the worst
    first (house); searchers roll a TQC for papers (7.15)."""
    values = st.sc.lib.charts.firer.wounds
    for s in st.soldiers:
        i, p = s.index, st.mate[s.index]
        if not st.alive(i) or p < 0 or st.pos[p] != st.pos[i]:
            continue
        if st.order[i] == MEDIC and open_wounds(st, p):
            check = None if hand.spend(st, "sure_heal") else checks.tqc(st.rng, tq_now(st, i))
            if check is None or check.passed:
                worst = min(open_wounds(st, p), key=values.__getitem__)
                left = list(st.wounds[p])
                left[left.index(worst)] = BANDAGED + worst
                st.wounds[p] = tuple(left)
            roll = {"roll": checks.roll_of(check)} if check else {}
            if check is None:
                text = say(
                    "{medic} treats {patient}: card 42: it succeeds",
                    medic=s.name,
                    patient=label(st, p),
                )
            else:
                text = say(
                    "{medic} treats {patient}: {check}",
                    medic=s.name,
                    patient=label(st, p),
                    check=check.text,
                )
            log(ev, EventKind.MEDICAL_AID, text, "7.14, 16.1", **roll)
        elif st.order[i] == SEARCH and p not in st.papers:
            check = checks.tqc(st.rng, tq_now(st, i))
            if check.passed:
                st.papers[i] = p  # the Papers marker: scored at the end if he still holds it
            text = say(
                "{searcher} searches {prisoner}: {check}",
                searcher=s.name,
                prisoner=label(st, p),
                check=check.text,
            )
            log(ev, EventKind.SEARCH, text, "7.15", roll=checks.roll_of(check))
