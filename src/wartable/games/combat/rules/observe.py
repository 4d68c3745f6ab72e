"""Spotting in play (12.0): after acting, a soldier looks for hidden or unknown enemies;
decoys that are seen, or that see, are removed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import say, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import GERMANY
from wartable.games.combat.rules import night, spotting
from wartable.games.combat.rules.checks import zero_rolls
from wartable.games.combat.rules.common import (
    distance,
    face_down,
    foes_here,
    label,
    log,
    posture,
    private_dice,
    sees,
    smoke_between,
    tq_now,
    turn_over,
    unmask_decoy,
)
from wartable.games.combat.rules.enemy_phase import make_alert

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

SEES = word("it sees a friendly")  # why a waiting German is alerted (9.8)


def spot_for(st: CombatState, i: int, ev: list[Event]) -> None:
    if not st.alive(i):
        return
    s = st.soldiers[i]
    lib = st.sc.lib
    melee = bool(foes_here(st, i))
    # the other side's men on the map: spotting harms nobody, so the list holds all along
    others = [t for t in st.soldiers if t.side != s.side and st.alive(t.index)]
    if s.side == GERMANY and not st.seen[i] and any(sees(st, i, f.index) for f in others):
        # an unknown counter that sees any friendly is turned over (12.0)
        if s.decoy:
            text = say("{unit} was a decoy and is removed", unit=label(st, i))
            unmask_decoy(st, i, ev, text, "12.0")
            return
        make_alert(st, i, ev, SEES)
    for t in others:
        if st.seen[t.index]:
            continue
        if melee and st.pos[t.index] != st.pos[i]:
            continue  # 15.0: no spotting out of a melee hex
        dark = night.modifier(st, st.pos[i], st.pos[t.index])
        if dark is None or not sees(st, i, t.index):
            continue
        with private_dice(st, i):  # a confirming roll hangs on his quality (rule of 0)
            result = spotting.spot(
                st.rng,
                lib.charts,
                tq=tq_now(st, i, morale=False),
                wounds=(),
                target_terrain=st.ground.kind[st.pos[t.index]],
                target_order=posture(st, t.index),
                distance=distance(st, st.pos[i], st.pos[t.index]),
                smoke=smoke_between(st, st.pos[i], st.pos[t.index]),
                night=dark,
            )
        if not result.spotted:
            continue
        spotter, key, name = label(st, i), t.key, t.name
        if t.side == GERMANY and t.decoy:
            text = say("{unit} spots {key}: a decoy, removed", unit=spotter, key=key)
            unmask_decoy(st, t.index, ev, text, "12.0")
            continue
        if face_down(st, i):  # his quality would tell who he is: not the chance
            text = say("{unit} spots {enemy}", unit=spotter, enemy=name)
            log(ev, EventKind.SPOTTED, text, "12.0")
        else:
            text = say(
                "{unit} spots {enemy} (chance {chance})",
                unit=spotter,
                enemy=name,
                chance=result.chance,
            )
            roll = zero_rolls([result.roll], "spotted")
            log(ev, EventKind.SPOTTED, text, "12.0", roll=roll)
        turn_over(st, t.index, ev)
