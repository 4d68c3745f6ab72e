"""The map in play: how far a unit can go (DH-15 to DH-21, DH-26), what it can see (DH-29),
cover (DH-34) and flanking (DH-32, DH-33)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from wartable.core.action import Action
from wartable.games.diadehonor.model import ACTIVE, ON_GROUND

if TYPE_CHECKING:
    from wartable.games.diadehonor.content import Battle
    from wartable.games.diadehonor.state import DiaDeHonorState


def holders(st: DiaDeHonorState) -> dict[int, int]:
    """The unit or wreck on each occupied square."""
    return {st.pos[u.index]: u.index for u in st.units if st.status[u.index] in ON_GROUND}


def reach(
    st: DiaDeHonorState, i: int, crawling: bool = False, held: dict[int, int] | None = None
) -> dict[int, int]:
    """The free squares unit ``i`` can end one move action on, with what each costs: through
    friendly units, never through enemies, wrecks, sabotaged tanks (its own side's too) or
    impassable ground (DH-26, Q36)."""
    held = holders(st) if held is None else held
    return {q: c for q, c in paths(st, i, crawling, held).items() if q not in held}


def around(
    st: DiaDeHonorState, i: int, held: dict[int, int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The occupied squares within a move of unit ``i``, in order: those it may not pass
    (enemies, wrecks and sabotaged tanks, whoever's: DH-26, Q36), and those it may pass but
    not stop on (friends that can act). Nothing farther changes where it can go."""
    kind, start = st.kind(i), st.pos[i]
    points, side = kind.speed, st.units[i].side
    squares, status, units, sabotaged = st.battle.grid.squares, st.status, st.units, st.sabotaged
    x, y = squares[start]
    barred: list[int] = []
    friends: list[int] = []
    for sq, u in held.items():
        qx, qy = squares[sq]
        if sq != start and abs(qx - x) <= points and abs(qy - y) <= points:
            bars = status[u] != ACTIVE or units[u].side != side or sabotaged[u]
            (barred if bars else friends).append(sq)
    return tuple(sorted(barred)), tuple(sorted(friends))


def paths(st: DiaDeHonorState, i: int, crawling: bool, held: dict[int, int]) -> dict[int, int]:
    """What each square a move of unit ``i`` can reach costs, friends' squares included (it
    passes through them)."""
    return _paths(st, i, crawling, around(st, i, held)[0])


def _paths(st: DiaDeHonorState, i: int, crawling: bool, barred: tuple[int, ...]) -> dict[int, int]:
    """``paths`` remembered by start, speed, footing, crawl and the squares barred near it."""
    kind, start = st.kind(i), st.pos[i]
    key = (start, kind.speed, kind.light_footed, crawling, barred)
    found = cast("dict[int, int] | None", st.battle.moves.get(key))
    if found is None:
        factor = 2 if crawling else 1
        found = cheapest(st.battle, start, kind.speed, kind.light_footed, factor, barred)
        st.battle.moves.put(key, found)
    return found


def cheapest(
    battle: Battle, start: int, points: int, light: bool, factor: int, blocked: tuple[int, ...]
) -> dict[int, int]:
    """Steps cost 1 to 4 points and a move at most 12, so a bucket per cost finds the
    cheapest paths without a heap."""
    entry = battle.light_entry if light else battle.entry
    best = list(battle.unreached)  # -1 where no unit may go, else more than any move
    for sq in blocked:
        best[sq] = -1
    best[start] = 0
    buckets: list[list[int]] = [[] for _ in range(points + 1)]
    buckets[0].append(start)
    next_to = battle.next_to
    for spent in range(points + 1):
        for here in buckets[spent]:
            if best[here] != spent:
                continue
            for j in next_to[here]:
                cost = spent + factor * entry[j]
                if cost <= points and cost < best[j]:
                    best[j] = cost
                    buckets[cost].append(j)
    return {
        sq: spent
        for spent, bucket in enumerate(buckets)
        for sq in bucket
        if best[sq] == spent and sq != start
    }


def move_actions(st: DiaDeHonorState, i: int, crawling: bool, held: dict[int, int]) -> list[Action]:
    """The move (or crawl) actions of unit ``i``. Only the units within a move's reach change
    them, so the list is remembered by the unit, its square, its crawl and the enemies,
    wrecks and friends around it (friends let it pass but not stop)."""
    battle = st.battle
    barred, friends = around(st, i, held)
    unit = st.units[i].key  # it names the unit's type, so its speed and footing too
    key = (unit, crawling, st.pos[i], barred, friends)
    listed = cast("tuple[Action, ...] | None", battle.moves.get(key))
    if listed is None:
        found = _paths(st, i, crawling, barred)
        verb = "crawl" if crawling else "move"
        made = battle.moves.get((unit, verb))  # this unit's actions made so far, by square
        if made is None:
            made = {}
            battle.moves.put((unit, verb), made)
        acts: dict[int, Action] = made  # type: ignore[assignment]  # the key holds actions
        labels, taken = battle.labels, set(friends)
        listed = tuple(
            acts.get(q) or acts.setdefault(q, Action(verb, (unit, labels[q])))
            for q in sorted(found)
            if q not in taken
        )
        battle.moves.put(key, listed)
    return list(listed)


def sees(st: DiaDeHonorState, a: int, b: int) -> bool:
    """Units ``a`` and ``b`` see each other; units never block (DH-29)."""
    return st.battle.sees(st.pos[a], st.pos[b])


def distance(st: DiaDeHonorState, a: int, b: int) -> int:
    """Squares between units ``a`` and ``b``, diagonals counting one."""
    return st.battle.apart[st.pos[a] * len(st.battle.ground) + st.pos[b]]


def in_cover(st: DiaDeHonorState, i: int) -> bool:
    """Next to a building, wall or trench square, in a trench, or next to any tank or
    artillery piece of either side, wrecks included (DH-34, Q12)."""
    return cover_at(st, st.pos[i], i)


def cover_at(st: DiaDeHonorState, here: int, unit: int = -1) -> bool:
    """Whether a unit on square ``here`` would be in cover (``unit``: the one standing there,
    which gives itself none). The ground answers first; the units only where it does not."""
    if ground_covers(st.battle, here):
        return True
    return not machine_squares(st, unit).isdisjoint(st.battle.next_to[here])


def cover_test(st: DiaDeHonorState, unit: int = -1) -> Callable[[int], bool]:
    """``cover_at`` for many squares at once (an AI weighs every square a unit may reach): the
    machines' squares found once."""
    battle, machines = st.battle, machine_squares(st, unit)
    sheltered, next_to = battle.sheltered, battle.next_to
    return lambda here: sheltered[here] or not machines.isdisjoint(next_to[here])


def ground_covers(battle: Battle, here: int) -> bool:
    """In a trench, or next to a building, wall or trench square (worked out per battlefield:
    ``Battle.sheltered``)."""
    return battle.sheltered[here]


def machine_squares(st: DiaDeHonorState, unit: int = -1) -> set[int]:
    """The squares of the tanks and guns on the ground, wrecks included, but ``unit``'s."""
    return {
        st.pos[u.index]
        for u in st.units
        if u.index != unit
        and st.status[u.index] in ON_GROUND
        and st.kind(u.index).kind == "machine"
    }


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
    a tank (DH-33), and only when the attacker itself has the target in range (DH-32). The
    other unit must be able to act: a sabotaged tank never flanks (DH-32, Q24)."""
    if st.units[target].type == "tank" or not covers_target(st, attacker, target):
        return -1
    side = st.units[attacker].side
    for u in st.units:
        j = u.index
        if j == attacker or u.side != side or not st.can_act(j):
            continue
        if covers_target(st, j, target) and flanks(st, attacker, j, target):
            return j
    return -1
