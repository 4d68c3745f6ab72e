"""Secret objectives (DH-80 to DH-83, Q3, Q33): one dealt to each player and shown to nobody;
checked after every action and every card, the round-end ones when a round ends. A player who
fulfils his wins the battle for his side at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.rng import Rng
from wartable.core.words import Said, named, say, word
from wartable.games.diadehonor.content import Battle, Hold, Kills, Library, Objective, Survive
from wartable.games.diadehonor.event_kinds import EventKind
from wartable.games.diadehonor.model import LIVING

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState


def pool(lib: Library, battle: Battle) -> tuple[str, ...]:
    """The objectives that suit a battlefield (Q3): those that name it or no battlefield, and
    whose area it has for both sides."""
    out = []
    for key, o in sorted(lib.objectives.items()):
        if o.maps and battle.id not in o.maps:
            continue
        if any(
            isinstance(c, Hold) and not battle.areas[(c.area, side)]
            for c in o.conditions
            for side in ("axis", "allies")
        ):
            continue
        out.append(key)
    return tuple(out)


def deal(st: DiaDeHonorState, ev: list[Event]) -> None:
    """One objective a player, from the suitable ones shuffled (DH-80)."""
    cards = list(st.pool)
    st.rng.shuffle(cards)
    st.objectives = cards[: len(st.players)]
    said = word("each player is dealt a secret objective")
    ev.append(Event(EventKind.OBJECTIVES, said, rule="DH-80"))
    for seat, key in enumerate(st.objectives):
        me = st.players[seat]
        said = say("{seat}'s secret objective: {objective}", seat=me, objective=title(st, key))
        ev.append(Event(EventKind.OBJECTIVE, said, {"objective": key}, "DH-80", visible_to=(me,)))


def title(st: DiaDeHonorState, key: str) -> Said:
    """A secret objective's title, said where the catalogs hold it."""
    return named(st.lib.objectives[key].title)


def kills(st: DiaDeHonorState, seat: int) -> list[tuple[str, str]]:
    """The enemy units ``seat``'s units and cards have killed: (type, how)."""
    side = st.sides[seat]
    return [
        (u.type, st.death[u.index])
        for u in st.units
        if st.killer[u.index] == seat and u.side != side
    ]


def lost(st: DiaDeHonorState, seat: int) -> int:
    return sum(u.seat == seat and st.status[u.index] not in LIVING for u in st.units)


def met(
    st: DiaDeHonorState,
    seat: int,
    o: Objective,
    round_end: bool,
    done: list[tuple[str, str]] | None = None,
) -> bool:
    """Whether ``o`` is fulfilled for ``seat`` now: all its conditions at once. A kill count
    holds at any moment, the others only as a round ends. ``done``: ``seat``'s kills, where the
    caller has them."""
    if done is None:
        done = kills(st, seat)
    return all(holds(st, seat, c, round_end, done) for c in o.conditions)


def holds(
    st: DiaDeHonorState,
    seat: int,
    c: Kills | Hold | Survive,
    round_end: bool,
    done: list[tuple[str, str]],
) -> bool:
    if isinstance(c, Kills):
        return counted(c, done) >= c.count
    if not round_end:
        return False
    if isinstance(c, Hold):
        if st.round < c.from_round:
            return False
        mine, shared = standing_in(st, seat, c)
        return mine >= c.units and not (c.alone and shared)
    return (
        st.round == c.round and lost(st, seat) <= c.lost_at_most and len(done) >= c.kills_at_least
    )


def counted(c: Kills, done: list[tuple[str, str]]) -> int:
    """The kills of ``done`` that count towards ``c``: of its types, in its ways."""
    return sum((not c.types or t in c.types) and (not c.how or h in c.how) for t, h in done)


def standing_in(st: DiaDeHonorState, seat: int, c: Hold) -> tuple[int, bool]:
    """``seat``'s units in ``c``'s area, and whether an enemy unit stands there too."""
    side = st.sides[seat]
    area = st.battle.areas[(c.area, side)]
    inside = [u for u in st.units if st.on_map(u.index) and st.pos[u.index] in area]
    return sum(u.seat == seat for u in inside), any(u.side != side for u in inside)


def review(st: DiaDeHonorState, round_end: bool) -> list[int]:
    """The seats whose own objective is fulfilled now. Every other objective found fulfilled
    for a seat is ruled out for it: had he held it, the battle would be over. What is ruled out
    follows from what all can see, so a sample of hidden objectives may use it."""
    out: list[int] = []
    killed = sum(k >= 0 for k in st.killer)
    if not round_end and killed == st.reviewed_kills:
        return out  # mid-round only kills can fulfil one, and nobody has killed since
    st.reviewed_kills = killed
    for seat in range(len(st.players)):
        done = kills(st, seat)
        if not round_end and not done:
            continue
        for key in st.pool:
            if key in st.ruled_out[seat]:
                continue
            if not met(st, seat, st.lib.objectives[key], round_end, done):
                continue
            if key == st.objectives[seat]:
                out.append(seat)
            else:
                st.ruled_out[seat].add(key)
    return out


def redeal(st: DiaDeHonorState, me: int, rng: Rng) -> list[str]:
    """Objectives for every seat but ``me`` drawn afresh from what ``me`` cannot rule out:
    the suitable ones but his own, none that a seat has been seen to meet (it would have won),
    no two alike. The true deal is one answer, so a search in a shuffled order finds one."""
    others = [s for s in range(len(st.players)) if s != me]
    free = rng.unseen(set(st.pool) - {st.objectives[me]})
    out = list(st.objectives)

    def place(k: int, used: set[str]) -> bool:
        if k == len(others):
            return True
        seat = others[k]
        for key in free:
            if key not in used and key not in st.ruled_out[seat]:
                out[seat] = key
                if place(k + 1, used | {key}):
                    return True
        return False

    if not place(0, set()):
        raise InvariantError("no deal of objectives agrees with the battle so far")
    return out


def progress(st: DiaDeHonorState, seat: int) -> float:
    """How much of ``seat``'s objective is done, 0 to 1: the mean of its conditions' shares
    (kills made of those asked; units in the area of those asked, halved while an enemy
    shares an area it must hold alone; for surviving, the rounds gone and the kills made,
    nothing once too many units are lost). A search's estimate reads it, on states it drew
    itself: the objectives there are its own and a guess at the others'."""
    o = st.lib.objectives[st.objectives[seat]]
    done = kills(st, seat)
    shares = []
    for c in o.conditions:
        if isinstance(c, Kills):
            shares.append(min(counted(c, done) / c.count, 1.0))
        elif isinstance(c, Hold):
            mine, shared = standing_in(st, seat, c)
            share = min(mine / c.units, 1.0)
            shares.append(share / 2 if c.alone and shared else share)
        elif lost(st, seat) > c.lost_at_most:
            shares.append(0.0)
        else:
            enough = min(len(done) / c.kills_at_least, 1.0) if c.kills_at_least else 1.0
            shares.append((min(st.round / c.round, 1.0) + enough) / 2)
    return sum(shares) / len(shares)
