"""What the friendly card on the initiative track does for its turn (5.1): shooting better or
worse, rallies, leadership, orders some men may not take, and the like. Each card's effects
are data (``does`` in cards_friendly.yaml); this module reads them where the rules ask."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import say
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import GERMANY, US
from wartable.games.combat.rules import checks
from wartable.games.combat.rules.common import (
    distance,
    effects,
    label,
    leader_near,
    log,
    pick,
)
from wartable.games.combat.schema import CardEffect
from wartable.games.combat.vocabulary import MORALE, of

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState


def fire_modifier(st: CombatState, i: int, t: int) -> int:
    """The card's WS change for soldier ``i`` shooting at ``t`` this turn."""
    total = 0
    s = st.soldiers[i]
    for e in effects(st, "fire"):
        side_ok = {"squad": s.side == US, "enemy": s.side == GERMANY, "everyone": True}
        if not side_ok[e.firers] or (e.team and s.team != e.team):
            continue
        if e.order and st.order[i] != e.order:
            continue
        if e.near_leader and not leader_near(st, i):
            continue
        if e.target_orders and st.order[t] not in e.target_orders:
            continue
        total += e.ws
    cover = st.ground.cover
    if "blind_shooting" in st.ready and cover[st.pos[i] if s.side == US else st.pos[t]]:
        total += BLIND  # card 30: firing from cover, and at friendlies in cover, is worse
    return total


BLIND = -2


def rally_bonus(st: CombatState, i: int) -> int:
    """+1 near a leader (7.17); a card may raise it for the squad."""
    if not leader_near(st, i):
        return 0
    if st.soldiers[i].side != US:
        return 1
    return max([1, *(e.tq for e in effects(st, "rally"))])


def quiet(st: CombatState) -> bool:
    return any(e.impulse == st.impulse for e in effects(st, "quiet_impulse"))


def ammo_runs_out(st: CombatState, i: int) -> bool:
    return st.soldiers[i].side == US and any(True for _ in effects(st, "ammo_runs_out"))


def extra_hexes(st: CombatState) -> int:
    return sum(e.hexes for e in effects(st, "extra_move") if e.impulse == st.impulse)


def limit_orders(st: CombatState, i: int, orders: list[str]) -> list[str]:
    """Orders the card forbids this soldier this turn (an order a man must take, like Melee,
    or Hide for the incapacitated, is never taken away)."""
    for e in effects(st, "orders_only"):
        if bound(st, i, e):
            kept = [o for o in orders if o in e.orders]
            orders = kept or orders
    for e in effects(st, "orders_barred"):
        if bound(st, i, e):
            orders = [o for o in orders if o not in e.orders] or orders
    return orders


def bound(st: CombatState, i: int, e: CardEffect) -> bool:
    s = st.soldiers[i]
    if e.who == "far_from_enemy":
        return all(
            distance(st, st.pos[i], st.pos[o.index]) > 3
            for o in st.soldiers
            if o.side == GERMANY and st.alive(o.index)
        )
    if e.who == "cautious_or_worse":
        return st.morale[i] >= checks.CAUTIOUS
    if e.who == "leaders":
        return s.ldr > 0
    if e.who == "one_of_team":
        return st.tripped == i
    return True


def on_play(st: CombatState, ev: list[Event]) -> None:
    """What happens as the card is played: the man who trips is picked by the dice, panic
    spreads."""
    st.tripped = -1
    for e in effects(st, "orders_only"):
        if e.who == "one_of_team":
            team = [s.index for s in st.soldiers if s.team == e.team and st.alive(s.index)]
            if team:
                st.tripped = pick(st, team)
                text = say("{unit} trips: he may only hide", unit=label(st, st.tripped))
                log(ev, EventKind.CARD, text, "5.1")
    if any(True for _ in effects(st, "panic")):
        before = list(st.morale)
        for s in st.soldiers:
            if s.side != US or not st.alive(s.index):
                continue
            worst = max(
                before[o.index]
                for o in st.soldiers
                if o.side == US
                and st.alive(o.index)
                and distance(st, st.pos[s.index], st.pos[o.index]) <= 1
            )
            if worst > before[s.index]:
                st.morale[s.index] = worst
                morale = of(MORALE, checks.LADDER[worst])
                text = say("{unit} catches the panic: {morale}", unit=s.name, morale=morale)
                log(ev, EventKind.MORALE, text, "5.1")
