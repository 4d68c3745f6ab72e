"""The map in play: how far a unit can go (DH-15 to DH-21, DH-26), what it can see (DH-29),
cover (DH-34) and flanking (DH-32, DH-33)."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from wartable.geometry.squaregrid import chebyshev

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState


def holders(st: DiaDeHonorState) -> dict[int, int]:
    """The unit or wreck on each occupied square."""
    return {st.pos[u.index]: u.index for u in st.units if st.status[u.index] in ("active", "wreck")}


def reach(
    st: DiaDeHonorState, i: int, crawling: bool = False, held: dict[int, int] | None = None
) -> dict[int, int]:
    """The free squares unit ``i`` can end one move action on, with what each costs: through
    friendly units, never through enemies, wrecks or impassable ground (DH-26, Q36)."""
    battle = st.battle
    points = st.kind(i).speed
    entry = battle.light_entry if st.kind(i).light_footed else battle.entry
    factor = 2 if crawling else 1
    start = st.pos[i]
    side = st.units[i].side
    held = holders(st) if held is None else held
    blocked = {sq for sq, u in held.items() if st.status[u] != "active" or st.units[u].side != side}
    best = {start: 0}
    todo = [(0, start)]
    while todo:
        spent, here = heapq.heappop(todo)
        if spent > best[here]:
            continue
        for j in battle.next_to[here]:
            step = entry[j]
            if not step or j in blocked:
                continue
            cost = spent + factor * step
            if cost <= points and cost < best.get(j, points + 1):
                best[j] = cost
                heapq.heappush(todo, (cost, j))
    return {sq: c for sq, c in best.items() if sq != start and sq not in held}


def sees(st: DiaDeHonorState, a: int, b: int) -> bool:
    """Units ``a`` and ``b`` see each other; units never block (DH-29)."""
    return st.battle.sees(st.pos[a], st.pos[b])


def distance(st: DiaDeHonorState, a: int, b: int) -> int:
    grid = st.battle.grid
    return chebyshev(grid.squares[st.pos[a]], grid.squares[st.pos[b]])


def in_cover(st: DiaDeHonorState, i: int) -> bool:
    """Next to a building, wall or trench square, in a trench, or next to any tank or
    artillery piece of either side, wrecks included (DH-34, Q12)."""
    battle, grid = st.battle, st.battle.grid
    here = st.pos[i]
    if battle.ground[here] == "t":
        return True
    machines = {
        st.pos[u.index]
        for u in st.units
        if u.index != i
        and st.status[u.index] in ("active", "wreck")
        and st.kind(u.index).kind == "machine"
    }
    for n in grid.neighbours(grid.squares[here]):
        j = grid.index(n)
        if battle.covering(j) or j in machines:
            return True
    return False


def flanks(st: DiaDeHonorState, attacker: int, other: int, target: int) -> bool:
    """Whether ``attacker`` and ``other`` flank ``target`` (Q14): both see it within their
    no-penalty range, and their directions from it differ by 135 degrees or more, tested
    in integers: u.v < 0 and 2(u.v)^2 >= |u|^2 |v|^2."""
    grid = st.battle.grid
    t = grid.squares[st.pos[target]]
    (ax, ay), (bx, by) = grid.squares[st.pos[attacker]], grid.squares[st.pos[other]]
    u, v = (ax - t[0], ay - t[1]), (bx - t[0], by - t[1])
    dot = u[0] * v[0] + u[1] * v[1]
    return dot < 0 and 2 * dot * dot >= (u[0] ** 2 + u[1] ** 2) * (v[0] ** 2 + v[1] ** 2)


def covers_target(st: DiaDeHonorState, i: int, target: int) -> bool:
    """Unit ``i`` sees ``target`` within its weapon's no-penalty range (DH-32)."""
    return distance(st, i, target) <= st.kind(i).range and sees(st, i, target)


def flanker(st: DiaDeHonorState, attacker: int, target: int) -> int:
    """A unit of the attacker's side that flanks ``target`` with it, or -1; never against
    a tank (DH-33), and only when the attacker itself has the target in range (DH-32)."""
    if st.units[target].type == "tank" or not covers_target(st, attacker, target):
        return -1
    side = st.units[attacker].side
    for u in st.units:
        j = u.index
        if j == attacker or u.side != side or not st.on_map(j):
            continue
        if covers_target(st, j, target) and flanks(st, attacker, j, target):
            return j
    return -1
