"""What the seat to act may do, and why anything else is refused (naming the rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.rules import cards, ground
from wartable.games.diadehonor.rules.common import find

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

DONE = Action("done", ())
FIRST, SECOND = Action("initiative", ("first",)), Action("initiative", ("second",))


def to_deploy(st: DiaDeHonorState, seat: int) -> list[int]:
    """The seat's units still in reserve, in squad order: at set-up its player places them
    one at a time, in any order he likes (set-up)."""
    return [u.index for u in st.units if u.seat == seat and st.status[u.index] == "reserve"]


def legal_actions(st: DiaDeHonorState, seat: int) -> list[Action]:
    if st.phase == Phase.OVER or seat != st.seat:
        return []
    if st.pending is not None:
        return cards.decisions(st)
    if st.phase == Phase.DEPLOY:
        taken = {st.pos[u.index] for u in st.units if st.status[u.index] == "active"}
        label = st.battle.grid.label
        zone = [label(st.battle.square(q)) for q in sorted(st.battle.zones[st.sides[seat]] - taken)]
        return [Action("deploy", (st.units[i].key, q)) for i in to_deploy(st, seat) for q in zone]
    if st.phase == Phase.INITIATIVE:
        return [FIRST, SECOND]
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


def why_not(st: DiaDeHonorState, seat: int, action: Action) -> str:
    """Why the seat to act may not do ``action`` (the core answers for a finished battle and
    for a seat whose turn it is not)."""
    if st.pending is not None:
        return "a situation card waits on your decision: " + ", ".join(
            map(str, cards.decisions(st))
        )
    if action.verb == "play":
        card = action.args[0] if action.args else ""
        if card not in st.hands[seat]:
            return f"you hold no {card!r} card (DH-4)"
        return f"{card} cannot be played so now: it needs a target it may have (DH-53)"
    if st.phase == Phase.DEPLOY:
        return (
            "deploy one of your units in reserve, any of them, on a free square of your "
            "side's start zone (set-up)"
        )
    if st.phase == Phase.INITIATIVE:
        return "choose whether your side acts first or second: initiative first|second (DH-5)"
    i = find(st, action.args[0]) if action.args else -1
    if action.verb in ("move", "crawl", "prone", "stand", "fire", "melee", "aim"):
        if i < 0:
            return f"there is no unit {action.args[0] if action.args else ''!r}"
        u = st.units[i]
        if u.seat != seat:
            return f"{u.key} is not yours to command"
        if not st.on_map(i):
            return f"{u.key} is not on the map"
        if st.actions[i] <= 0:
            return f"{u.key} has used both its actions this round (DH-9)"
        if st.kind(i).kind != "soldier" and action.verb in ("prone", "crawl", "stand", "melee"):
            return "only soldiers go prone, crawl, stand or duel (DH-25, DH-40)"
        if action.verb == "aim":
            if u.type != "sniper":
                return "only a sniper aims (DH-69)"
            if st.aim.get(i, (-1, 0, 0))[2] == st.round:
                return f"{u.key} has already aimed this round (Q27)"
            return "a sniper aims at an enemy soldier it sees (DH-69, Q27)"
        if action.verb == "move" and st.prone[i]:
            return f"{u.key} is prone: it crawls, or stands up first (DH-21, DH-22)"
        if action.verb == "crawl" and not st.prone[i]:
            return f"{u.key} is standing: only a prone soldier crawls (DH-21)"
        if action.verb in ("move", "crawl"):
            return f"{u.key} cannot reach that square with one action (DH-15 to DH-21, DH-26)"
        if action.verb in ("fire", "melee") and st.attacked[i]:
            return f"{u.key} has already attacked this round (DH-10)"
        if action.verb == "fire":
            return (
                "the target must be an enemy unit in sight; only a tank or heavy infantry "
                "may fire on a tank (DH-29, DH-72)"
            )
        if action.verb == "melee":
            return "a duel needs an enemy soldier on one of the 8 squares around (DH-36)"
        return f"{u.key} cannot do that now"
    return f"{action} is not an action of Día de Honor now"
