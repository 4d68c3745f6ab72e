"""Belt-fed weapons and their crews (14.3).

A German belt-fed gun always comes with an assistant (14.3), who has no counter of his own
here: ``crewless`` says why a gunner's assistant is gone ("killed": he took the gun from a
dead gunner, so one more German fell than lie on the map). A friendly gunner's assistant is
any comrade in his hex who took the same order this turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import say
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import ACTIVE, DEAD, GERMANY
from wartable.games.combat.rules.common import comrades_here, label, log

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState


def belt_fed(st: CombatState, i: int) -> bool:
    weapon = st.sc.lib.weapons.weapons.get(st.soldiers[i].weapon or "")
    return weapon is not None and "belt" in weapon.flags


def assisted(st: CombatState, i: int) -> bool:
    """Whether the gunner gets his assistant's help now (-3 WS and early ammo loss without)."""
    if st.soldiers[i].side == GERMANY:
        return not st.crewless[i]
    return any(
        st.order[o] == st.order[i] and "bad_wound" not in st.wounds[o] for o in comrades_here(st, i)
    )


def may_move(st: CombatState, i: int, order: str) -> bool:
    """Without an assistant only the gunner sneaking can move the gun (14.3); a friendly
    assistant is anyone in his hex when orders are given."""
    if not belt_fed(st, i) or order not in ("sprint", "run_and_gun", "evade"):
        return True
    return bool(comrades_here(st, i))


def change_over(st: CombatState, ev: list[Event]) -> None:
    """End of turn: a German gunner killed or badly wounded is replaced by his assistant, who
    takes the gun (and a bad wound over) and then serves it alone (14.3 examples)."""
    for s in st.soldiers:
        i = s.index
        if s.side != GERMANY or st.crewless[i] or not belt_fed(st, i):
            continue
        if st.status[i] == DEAD and st.pos[i] >= 0:
            st.status[i], st.wounds[i], st.crewless[i] = ACTIVE, (), "killed"
            st.order[i] = ""
            text = say("the assistant takes over {unit}'s gun", unit=label(st, i))
            log(ev, EventKind.CREW, text, "14.3")
        elif st.status[i] == ACTIVE and "bad_wound" in st.wounds[i]:
            left = list(st.wounds[i])
            left.remove("bad_wound")
            st.wounds[i], st.crewless[i] = tuple(left), "wounded"
            text = say("{unit}'s assistant, unhurt, takes the gun", unit=label(st, i))
            log(ev, EventKind.CREW, text, "14.3")
