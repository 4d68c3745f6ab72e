"""Scripted Combat! positions: an empty map mid-turn, with only the soldiers a test places."""

from __future__ import annotations

import wartable
from wartable.games.combat.model import ACTIVE, CAPTURED, GERMANY, GONE, US

GAME = wartable.get_game("combat")


def scene(scenario: str = "a-meeting-of-patrols", seed: int = 1, impulse: int = 1, **options):
    """A game in its impulses with every soldier off the map; tests put back whom they need."""
    st = GAME.new_game(scenario, seed=seed, options=options)
    for s in st.soldiers:
        st.status[s.index], st.pos[s.index], st.order[s.index] = GONE, -1, ""
    st.phase, st.impulse, st.act, st.queue, st.cursor = "impulses", impulse, None, (), 0
    st.initiative_card = 1
    return st


def put(st, hex_label: str, *, side: str = US, role: str = "", key: str = "", **columns) -> int:
    """Place the first unplaced soldier of ``side`` (of ``role`` for Germans, never a decoy),
    or the one named ``key``; ``columns`` set his state (order, seen, alert, morale...)."""
    board = st.sc.board
    if key:
        i = st.find(key)
    else:
        i = next(
            s.index
            for s in st.soldiers
            if s.side == side
            and st.status[s.index] not in (ACTIVE, CAPTURED)
            and not s.decoy
            and (not role or s.role == role)
        )
    st.status[i] = ACTIVE
    st.pos[i] = board.index[board.parse(hex_label)]
    defaults = {"seen": True, "alert": st.soldiers[i].side == GERMANY}
    for name, value in {**defaults, **columns}.items():
        getattr(st, name)[i] = value
    return i


def at(st, i: int) -> str:
    return st.sc.board.label(st.sc.board.hexes[st.pos[i]])


def hex_index(st, label: str) -> int:
    return st.sc.board.index[st.sc.board.parse(label)]


def activate(st, i: int, order: str = "") -> None:
    """Begin friendly ``i``'s activation in the current impulse (with this order, if given),
    as the queue would."""
    from wartable.games.combat.rules import flow

    if order:
        st.order[i] = order
    st.queue, st.cursor = (i,), 0
    flow.begin_friendly(st, i, [])
    st._legal_cache = None
