"""What the seat to act may do, and why anything else is refused (naming the rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.games.diadehonor.model import ACTIVE, RESERVE
from wartable.games.diadehonor.rules import cards, ground

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

DONE = Action("done", ())
FIRST, SECOND = Action("initiative", ("first",)), Action("initiative", ("second",))


def to_deploy(st: DiaDeHonorState, seat: int) -> list[int]:
    """The seat's units still in reserve, in squad order: at set-up its player places them
    one at a time, in any order he likes (set-up)."""
    return [u.index for u in st.units if u.seat == seat and st.status[u.index] == RESERVE]


# ---- who acts, and what each moment offers (verbs.py declares the moments) ---------------
def to_act(st: DiaDeHonorState) -> list[int]:
    return [st.seat]


def nobody(st: DiaDeHonorState) -> list[int]:
    return []


def decisions(st: DiaDeHonorState, seat: int) -> list[Action]:
    """What a situation card waits on (cards.py)."""
    return cards.decisions(st)


def deployments(st: DiaDeHonorState, seat: int) -> list[Action]:
    """Any unit of the seat's reserve on any free square of its side's start zone."""
    taken = {st.pos[u.index] for u in st.units if st.status[u.index] == ACTIVE}
    label = st.battle.grid.label
    zone = [label(st.battle.square(q)) for q in sorted(st.battle.zones[st.sides[seat]] - taken)]
    return [Action("deploy", (st.units[i].key, q)) for i in to_deploy(st, seat) for q in zone]


def initiative(st: DiaDeHonorState, seat: int) -> list[Action]:
    return [FIRST, SECOND]


def activation(st: DiaDeHonorState, seat: int) -> list[Action]:
    """The seat's units' actions, its cards, and ending the activation."""
    out: list[Action] = []
    held = ground.holders(st)
    side = st.sides[seat]
    foes = [u.index for u in st.units if u.side != side and st.on_map(u.index)]
    for u in st.units:
        if u.seat == seat and st.can_act(u.index):
            out += unit_actions(st, u.index, held, foes)
    return [*out, *cards.plays(st, seat), DONE]


def unit_actions(
    st: DiaDeHonorState, i: int, held: dict[int, int], foes: list[int] | None = None
) -> list[Action]:
    """Up to two actions a round, at most one of them an attack (DH-9, DH-10). ``foes``: the
    enemy units on the map, where the caller has them."""
    if st.actions[i] <= 0:
        return []
    foes = enemies(st, i) if foes is None else foes
    key = st.units[i].key
    kind = st.kind(i)
    out: list[Action] = []
    soldier = kind.kind == "soldier"
    if st.prone[i]:
        out.append(Action("stand", (key,)))
        out += ground.move_actions(st, i, True, held)
    else:
        if soldier:
            out.append(Action("prone", (key,)))
        if kind.speed:
            out += ground.move_actions(st, i, False, held)
    if st.units[i].type == "sniper" and st.aim.get(i, (-1, 0, 0))[2] != st.round:
        out += [Action("aim", (key, st.units[t].key)) for t in marks(st, i, foes)]
    if not st.attacked[i]:
        for t in targets(st, i, foes):
            out.append(Action("fire", (key, st.units[t].key)))
        if soldier:
            for t in duellists(st, i, foes):
                out.append(Action("melee", (key, st.units[t].key)))
    return out


def enemies(st: DiaDeHonorState, i: int) -> list[int]:
    """The units of the other side on the map."""
    side = st.units[i].side
    return [u.index for u in st.units if u.side != side and st.on_map(u.index)]


def targets(st: DiaDeHonorState, i: int, foes: list[int] | None = None) -> list[int]:
    """Enemy units in sight (DH-29); a tank only for those who can hurt it (DH-72), and never
    a sabotaged one (Q24)."""
    anti_tank, units, sabotaged, pos = st.kind(i).anti_tank, st.units, st.sabotaged, st.pos
    open_to = [
        t
        for t in (enemies(st, i) if foes is None else foes)
        if (anti_tank or units[t].type != "tank") and not sabotaged[t]
    ]
    seen = st.battle.visible(pos[i], [pos[t] for t in open_to])
    return [t for t, yes in zip(open_to, seen, strict=True) if yes]


def marks(st: DiaDeHonorState, i: int, foes: list[int] | None = None) -> list[int]:
    """The enemy soldiers a sniper may aim at: any in sight (Q27)."""
    return [
        t
        for t in (enemies(st, i) if foes is None else foes)
        if st.kind(t).kind == "soldier" and ground.sees(st, i, t)
    ]


def duellists(st: DiaDeHonorState, i: int, foes: list[int] | None = None) -> list[int]:
    """Enemy soldiers on the 8 squares around (DH-36, Q16)."""
    around = st.battle.next_to[st.pos[i]]
    return [
        t
        for t in (enemies(st, i) if foes is None else foes)
        if st.pos[t] in around and st.kind(t).kind == "soldier"
    ]
