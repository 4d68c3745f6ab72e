"""An alert German's activation (10.0): he fires, moves by the compass, throws, charges or
strikes as his order says, takes cover where the rules make him, and leaves by map edges."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import say, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import US
from wartable.games.combat.rules import checks, contact, edges, grenades, guards, melee
from wartable.games.combat.rules.common import (
    MOVE_KINDS,
    draw_enemy,
    foes_here,
    impulse_kind,
    in_cover,
    label,
    log,
    private_dice,
    said,
    sees_known,
    shown,
)
from wartable.games.combat.rules.compass import enemy_move
from wartable.games.combat.rules.enemy_phase import came_in, give_enemy_order, make_alert
from wartable.games.combat.rules.firing import attack, pick_target, targets
from wartable.games.combat.rules.harm import take_cover
from wartable.games.combat.rules.observe import spot_for

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

TAKE_COVER_EXEMPT = frozenset({"run_and_gun", "grenade", "charge"})
SEES = word("it sees a detected friendly")  # why a waiting German is alerted (9.8)


def enemy_activation(st: CombatState, i: int, ev: list[Event]) -> None:
    if not st.alert[i]:
        if sees_known(st, i, US):
            make_alert(st, i, ev, SEES)
        spot_for(st, i, ev)
        return
    if not st.order[i]:
        give_enemy_order(st, i, draw_enemy(st), ev)  # 9.7: an unprepared enemy acts next impulse
        spot_for(st, i, ev)
        return
    if st.order[i] == "duck_back":
        st.order[i] = "hide"
        spot_for(st, i, ev)
        return
    if melee.after_melee(st, i, ev):
        spot_for(st, i, ev)
        return
    order, kind = st.order[i], impulse_kind(st, i)
    if kind == "melee":
        foes = foes_here(st, i)
        if foes:
            melee.strike(st, i, melee.weakest(st, foes), ev)
    elif order == "melee":
        pass
    elif order in grenades.ORDERS:
        grenades.enemy_grenade(st, i, ev)
    elif order == "charge":
        if kind in MOVE_KINDS:
            melee.enemy_charge(st, i, MOVE_KINDS[kind][0], ev)
        melee.end_of_charge(st, i, ev)
    else:
        shot = False
        if kind == "fire" or (order == "run_and_gun" and st.impulse in (2, 4)):
            options = targets(st, i)
            if options:
                with private_dice(st, i):  # his weapon's reach and bands decide
                    target = pick_target(st, i, options)
                attack(st, i, target, ev)
                shot = True
        if not shot and st.alive(i):
            enemy_moves(st, i, ev)
    if st.alive(i):
        spot_for(st, i, ev)


def enemy_moves(st: CombatState, i: int, ev: list[Event]) -> None:
    sc = st.sc
    hexes = sc.board.hexes
    order = st.order[i]
    step = enemy_move(
        sc.compass,
        hexes[st.pos[i]],
        order,
        st.dirs[i],
        st.impulse,
        on_map=sc.board.grid,
        rough=st.ground.rough,
        may_leave=lambda beyond: edges.may_leave(st, i, beyond),
    )
    path = list(step.path)
    for n, h in enumerate(path):
        st.pos[i] = sc.board.index[h]
        guards.lead(st, i)
        here = st.pos[i]
        if any(st.pos[f.index] == here and f.side == US and st.alive(f.index) for f in st.soldiers):
            del path[n + 1 :]  # into a friendly's hex: the move ends in a melee (15.0)
            break
    if path:
        text = say("{unit} moves to {hex}", unit=label(st, i), hex=sc.board.label(path[-1]))
        log(ev, EventKind.ENEMY_MOVE, text, "10.0")
        came_in(st, i, ev)
        if contact.entered(st, i, ev):
            return
    if step.kind == "take_cover":
        take_cover(st, i, ev)
        text = say("{unit} takes cover: {reason}", unit=label(st, i), reason=step.reason)
        log(ev, EventKind.TAKE_COVER, text, "9.5, 10.07")
    elif step.kind == "leave" and step.beyond is not None and st.alive(i):
        edges.leave(st, i, edges.side_of(sc.board.grid, step.beyond), ev)
    elif (
        step.path
        and st.alive(i)
        and in_cover(st, i)
        and order not in TAKE_COVER_EXEMPT
        and st.morale[i] > checks.AGGRESSIVE
        and sees_known(st, i, US)
    ):
        check = checks.tqc(st.rng, st.soldiers[i].tq)
        text = say(
            "{unit} enters cover in sight of a friendly: {check}",
            unit=label(st, i),
            check=said(st, i, check),
        )
        log(ev, EventKind.CHECK, text, "9.4", **shown(st, i, check))
        if check.passed:
            take_cover(st, i, ev)
