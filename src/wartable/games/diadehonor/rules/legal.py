"""What the seat to act may do, and why anything else is refused (naming the rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action, act
from wartable.games.diadehonor import sight
from wartable.games.diadehonor.model import ACTIVE, RESERVE
from wartable.games.diadehonor.rules import cards, ground, listing

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

DONE = Action("done", ())
NO_AIM = (-1, 0, 0)  # a sniper who has not aimed: no target, none in a row, no round
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
    return [act("deploy", (st.units[i].key, q)) for i in to_deploy(st, seat) for q in zone]


def initiative(st: DiaDeHonorState, seat: int) -> list[Action]:
    return [FIRST, SECOND]


def activation(st: DiaDeHonorState, seat: int) -> list[Action]:
    """The seat's units' actions, its cards, and ending the activation. Each unit's moves and
    strikes come from the state's memo where nothing near it changed (listing.py)."""
    memo = listing.refresh(st)
    moves, strikes = memo.moves, memo.strikes
    status, sabotaged, actions, attacked = st.status, st.sabotaged, st.actions, st.attacked
    held: dict[int, int] | None = None
    foes: list[int] | None = None
    out: list[Action] = []
    for u in st.units:
        i = u.index
        if u.seat != seat or status[i] != ACTIVE or sabotaged[i] or actions[i] <= 0:
            continue
        listed = moves.get(i)
        if listed is None:
            held = ground.holders(st) if held is None else held
            listed = moves[i] = stance_and_moves(st, i, held)
        out += listed
        aims = u.type == "sniper" and st.aim.get(i, NO_AIM)[2] != st.round
        if aims or not attacked[i]:
            found = strikes.get(i)
            if found is None:
                foes = enemies(st, i) if foes is None else foes
                found = strikes[i] = strikes_of(st, i, foes)
            if aims:
                out += found[0]
            if not attacked[i]:
                out += found[1]
                out += found[2]
    return [*out, *cards.plays(st, seat), DONE]


def stance_and_moves(st: DiaDeHonorState, i: int, held: dict[int, int]) -> tuple[Action, ...]:
    """Standing up or lying down (a soldier: DH-20, DH-22), then the moves or, lying down,
    the crawls (DH-15, DH-21)."""
    key = st.units[i].key
    if st.prone[i]:
        return (act("stand", (key,)), *ground.move_actions(st, i, True, held))
    kind = st.kind(i)
    stance = (act("prone", (key,)),) if kind.kind == "soldier" else ()
    return (*stance, *ground.move_actions(st, i, False, held)) if kind.speed else stance


def strikes_of(st: DiaDeHonorState, i: int, foes: list[int]) -> listing.Strikes:
    """The aims (a sniper's: DH-69), shots (DH-29) and melees (a soldier's: DH-36) open to
    unit ``i``, whether or not it may still make them this round."""
    key, units = st.units[i].key, st.units
    aims: tuple[Action, ...] = ()
    melees: tuple[Action, ...] = ()
    if units[i].type == "sniper":
        aims = tuple(act("aim", (key, units[t].key)) for t in marks(st, i, foes))
    fires = tuple(act("fire", (key, units[t].key)) for t in targets(st, i, foes))
    if st.kind(i).kind == "soldier":
        melees = tuple(act("melee", (key, units[t].key)) for t in duellists(st, i, foes))
    return aims, fires, melees


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
    seen = sight.visible(st.battle, pos[i], [pos[t] for t in open_to])
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
