"""Surrender and guard duty (17.4).

A prisoner stays on the map with the status ``captured``: nobody shoots or strikes him, he
takes no orders of his own and goes where his guard goes (the ``guard`` column). His guard
holds a Guard order the turn he is taken and may afterwards only take orders that keep the
prisoner with him, or ones that let him go. A prisoner left without a guard is free again.
Prisoners still held at the end score as killed for the side that holds them (house).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import say, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import ACTIVE, CAPTURED, GERMANY, GONE, US
from wartable.games.combat.rules import checks
from wartable.games.combat.rules.care import slow_down
from wartable.games.combat.rules.common import draw_enemy, label, log
from wartable.games.combat.rules.compass import parse_dirs

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

GUARD = "guard"
KEEPS = ("evade", "sneak", "rally", "plan", "hide")  # the prisoner comes along
LETS_GO = ("sprint", "run_and_gun")  # he is left where he is
LETS_RUN = ("aimed_fire", "rapid_fire")  # he bolts one hex at once
GUARD_GONE = word("his guard is gone")  # why a prisoner is free again


def prisoners_of(st: CombatState, g: int) -> list[int]:
    return [p for p in range(len(st.soldiers)) if st.status[p] == CAPTURED and st.guard[p] == g]


def limit(st: CombatState, i: int, orders: list[str]) -> list[str]:
    """A friendly guard's orders (17.4)."""
    if not prisoners_of(st, i):
        return orders
    return [o for o in orders if o in KEEPS + LETS_GO + LETS_RUN]


def surrender(st: CombatState, group: list[int], captors: list[int], ev: list[Event]) -> None:
    """Routed men alone in a hex with the other side give up: they become Shaken prisoners and
    one man of the other side (the one who came in, else the first) drops his order to guard
    them."""
    g = captors[0]
    for j in group:
        st.status[j], st.seen[j], st.guard[j] = CAPTURED, True, g
        st.morale[j] = checks.SHAKEN
        st.order[j], st.dirs[j], st.live[j], st.aim[j] = "", (), False, -1
        text = say("{unit} surrenders to {captor}", unit=label(st, j), captor=label(st, g))
        log(ev, EventKind.SURRENDER, text, "17.4")
        guard_lost(st, j, ev)  # a guard who gives up himself frees the men he held
    st.order[g], st.dirs[g] = GUARD, ()


def lead(st: CombatState, g: int) -> None:
    """Prisoners move with their guard."""
    for p in prisoners_of(st, g):
        st.pos[p] = st.pos[g]


def hand_over(st: CombatState, ev: list[Event]) -> None:
    """A comrade who starts the turn in the guard's hex takes the prisoners over (17.4)."""
    relieved: set[int] = set()
    for g in range(len(st.soldiers)):
        held = prisoners_of(st, g)
        if not held or not st.alive(g) or g in relieved:
            continue
        for o in st.soldiers:
            j = o.index
            if (
                j != g
                and o.side == st.soldiers[g].side
                and st.alive(j)
                and st.pos[j] == st.pos[g]
                and not prisoners_of(st, j)
            ):
                for p in held:
                    st.guard[p] = j
                relieved.add(j)
                text = say(
                    "{unit} takes over the prisoners from {guard}",
                    unit=label(st, j),
                    guard=label(st, g),
                )
                log(ev, EventKind.GUARD, text, "17.4")
                break


def free(st: CombatState, p: int, ev: list[Event], why: str) -> None:
    """A prisoner without a guard takes cover and is his own man again next turn."""
    st.status[p], st.guard[p], st.order[p] = ACTIVE, -1, "duck_back"
    if st.soldiers[p].side == GERMANY:
        st.alert[p] = True
    log(ev, EventKind.FREED, say("{unit} is free again: {why}", unit=label(st, p), why=why), "17.4")


def guard_lost(st: CombatState, g: int, ev: list[Event]) -> None:
    """Called when a guard falls or leaves: a guard walking off the map takes his prisoners
    with him (they stay taken, 17.4); otherwise they are free."""
    for p in prisoners_of(st, g):
        if st.status[g] == GONE:
            st.pos[p] = -1
            text = say("{unit} is led off the map a prisoner", unit=label(st, p))
            log(ev, EventKind.CAPTURED, text, "17.4")
        else:
            free(st, p, ev, GUARD_GONE)


def released(st: CombatState, g: int, order: str, ev: list[Event]) -> None:
    """A friendly guard given a fast move or a fire order lets his prisoners go (17.4): after a
    fire order each bolts one hex in the rout direction of a fresh enemy card."""
    if order not in LETS_GO + LETS_RUN:
        return
    for p in prisoners_of(st, g):
        free(st, p, ev, say("{unit} leaves his guard post", unit=label(st, g)))
        if order in LETS_RUN:
            card = st.sc.lib.enemy_cards.cards[draw_enemy(st) - 1]
            sc = st.sc
            to = sc.compass.step(sc.board.hexes[st.pos[p]], parse_dirs(card.rout)[0])
            if to in sc.board.index:
                st.pos[p] = sc.board.index[to]
                text = say("{unit} bolts to {hex}", unit=label(st, p), hex=sc.board.label(to))
                log(ev, EventKind.ENEMY_MOVE, text, "17.4")


def enemy_guard_order(st: CombatState, g: int, card_no: int) -> bool:
    """An enemy guard evades (sneaks if his wounds forbid it) in his card's rout direction,
    taking his prisoners along (17.4). False if he holds nobody."""
    if not any(st.soldiers[p].side == US for p in prisoners_of(st, g)):
        return False
    card = st.sc.lib.enemy_cards.cards[card_no - 1]
    st.order[g], st.dirs[g] = slow_down(st, g, "evade"), parse_dirs(card.rout)
    return True


def guarding_enemy_prisoner(st: CombatState, t: int) -> bool:
    """A friendly holding German prisoners: Germans shoot at his hex only with Aimed Fire."""
    return any(st.soldiers[p].side == GERMANY for p in prisoners_of(st, t))
