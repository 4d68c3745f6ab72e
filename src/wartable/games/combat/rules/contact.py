"""Two sides in one hex (15.0, 17.4): a melee starts, or men routed with no steady comrade
give up.

The question is asked when a man enters a hex (a move, a charge, a snap move) and also when a
Morale Check routs a man already face to face with the enemy (``harm.morale_check``). Melee
strikes wound through harm, and harm's Morale Check needs this answer, so it cannot live in
melee.py without a cycle between the two: it lives here, below both, and asks nothing of
them (only the guards of 17.4 and the enemy's alerts, which sit lower still).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import say, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.rules import checks, guards
from wartable.games.combat.rules.common import label, log, unmask_decoy
from wartable.games.combat.rules.enemy_phase import alert_near

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

MELEE_NEAR = word("a melee within 3 hexes")  # why the Germans near it are alerted (9.8)


def entered(st: CombatState, i: int, ev: list[Event]) -> bool:
    """Soldier ``i`` has just entered a hex, or been routed in one: start or join a melee
    there, or take the surrender of men routed with no steady comrade (15.0, 17.4); the men
    give up to ``i`` if he came in, else to the first of the other side. True when he must
    stop moving (a melee is on)."""
    here = st.pos[i]
    present = [s.index for s in st.soldiers if st.pos[s.index] == here and st.alive(s.index)]
    decoys = [
        j for j in present if st.soldiers[j].decoy and st.soldiers[j].side != st.soldiers[i].side
    ]
    for j in decoys:  # face to face, a decoy is seen for what it is
        text = say("{unit} was a decoy and is removed", unit=st.soldiers[j].key)
        unmask_decoy(st, j, ev, text, "12.0")
    present = [j for j in present if j not in decoys]
    sides = {st.soldiers[j].side for j in present}
    if len(sides) < 2:
        return False
    by_side = {side: [j for j in present if st.soldiers[j].side == side] for side in sides}
    routed = {side: [j for j in js if st.morale[j] == checks.ROUT] for side, js in by_side.items()}
    for side, js in by_side.items():
        if routed[side] and len(routed[side]) < len(js):
            for j in routed[side]:  # steadied by comrades: they fight as Shaken (15.0)
                st.morale[j] = checks.SHAKEN
                text = say("{unit} rallies to Shaken beside his comrades", unit=label(st, j))
                log(ev, EventKind.MORALE, text, "15.0")
            routed[side] = []
    all_routed = {side for side, js in by_side.items() if len(routed[side]) == len(js)}
    if len(all_routed) == 2:
        return False  # both sides fleeing: they ignore each other (15.0)
    if all_routed:
        side = all_routed.pop()
        captors = sorted((j for j in present if st.soldiers[j].side != side), key=lambda j: j != i)
        guards.surrender(st, by_side[side], captors, ev)
        return False
    started = False
    for j in present:
        if st.order[j] == "charge" and st.impulse >= 2:
            continue  # a charger keeps his order (7.08, 10.08)
        if st.order[j] != "melee":
            started = True
            st.live[j], st.aim[j] = False, -1
            st.order[j], st.dirs[j] = "melee", ()
    if started:
        where = st.sc.board.labels[here]
        log(ev, EventKind.MELEE, say("melee on {hex}", hex=where), "15.0")
        alert_near(st, here, 3, ev, MELEE_NEAR)
    return True
