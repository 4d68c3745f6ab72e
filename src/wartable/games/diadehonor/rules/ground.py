"""The map in play: how far a unit can go (DH-15 to DH-21, DH-26), what it can see (DH-29),
cover (DH-34) and flanking (DH-32, DH-33)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import reduce
from operator import itemgetter, or_
from typing import TYPE_CHECKING, cast

from wartable.core.action import Action, act
from wartable.games.diadehonor import sight
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
    layers = routes(st, i, crawling, around(st, i, held)[0])
    squares = st.battle.board.squares
    return {
        q: cost
        for cost, layer in enumerate(layers)
        if cost
        for q in squares(layer)
        if q not in held
    }


def around(
    st: DiaDeHonorState, i: int, held: dict[int, int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The occupied squares within a move of unit ``i``, in order: those it may not pass
    (enemies, wrecks and sabotaged tanks, whoever's: DH-26, Q36), and those it may pass but
    not stop on (friends that can act). Nothing farther changes where it can go."""
    points, start, side = st.kind(i).speed, st.pos[i], st.units[i].side
    status, units, sabotaged = st.status, st.units, st.sabotaged
    apart, base = st.battle.apart, start * len(st.battle.ground)
    barred: list[int] = []
    friends: list[int] = []
    for sq, u in held.items():
        if apart[base + sq] <= points and sq != start:
            bars = status[u] != ACTIVE or units[u].side != side or sabotaged[u]
            (barred if bars else friends).append(sq)
    return tuple(sorted(barred)), tuple(sorted(friends))


def cost_to(st: DiaDeHonorState, i: int, crawling: bool, square: int) -> int:
    """What moving unit ``i`` to ``square`` costs, or -1 where one move cannot reach it."""
    layers = routes(st, i, crawling, around(st, i, holders(st))[0])
    bit = 1 << square
    return next((cost for cost, layer in enumerate(layers) if cost and layer & bit), -1)


def routes(st: DiaDeHonorState, i: int, crawling: bool, barred: tuple[int, ...]) -> Layers:
    """``cheapest`` for unit ``i``, remembered by start, speed, footing, crawl and the squares
    barred near it."""
    kind, start = st.kind(i), st.pos[i]
    key = (start, kind.speed, kind.light_footed, crawling, barred)
    found = cast("Layers | None", st.battle.moves.get(key))
    if found is None:
        factor = 2 if crawling else 1
        found = cheapest(st.battle, start, kind.speed, kind.light_footed, factor, barred)
        st.battle.moves.put(key, found)
    return found


Layers = tuple[int, ...]  # per cost, the squares (a bitboard) first reached at that cost


def cheapest(
    battle: Battle, start: int, points: int, light: bool, factor: int, blocked: tuple[int, ...]
) -> Layers:
    """The squares a move of ``points`` from ``start`` reaches, never entering ``blocked``,
    by their cheapest cost. Entering a square costs its points (1 or 2, 1 for light feet)
    times ``factor`` (2 crawling), whatever the step: so a square's cheapest cost is its
    entry plus the cheapest of its neighbours', and the squares reached at each cost are
    the squares of their entry next to the squares reached that much cheaper. Each cost's
    squares are one set (geometry/bitboard.py), spread to their neighbours at once."""
    board = battle.board
    one, two = battle.light_steps if light else battle.steps
    seen = 1 << start | board.of(blocked)
    layers = [1 << start] + [0] * points
    spread = [0] * (points + 1)  # each layer with its neighbours, once it is needed
    for cost in range(factor, points + 1):
        was = cost - factor
        if layers[was]:
            spread[was] = near = spread[was] or board.spread(layers[was])
            new = near & one
        else:
            new = 0
        was -= factor
        if was >= 0 and layers[was] and two:
            spread[was] = near = spread[was] or board.spread(layers[was])
            new |= near & two
        new &= ~seen
        if new:
            seen |= new
            layers[cost] = new
    return tuple(layers)


def move_actions(
    st: DiaDeHonorState, i: int, crawling: bool, held: dict[int, int]
) -> Sequence[Action]:
    """The move (or crawl) actions of unit ``i``. Only the units within a move's reach change
    them: the enemies, wrecks and sabotaged tanks it cannot pass change its routes, so the
    actions to every square it could reach, friends' included, are remembered by the unit,
    its square, its crawl and those; the friends around it (it passes them but may not stop
    on them) are then taken out of that list."""
    battle = st.battle
    barred, friends = around(st, i, held)
    unit = st.units[i].key  # it names the unit's type, so its speed and footing too
    key = (unit, crawling, st.pos[i], barred)
    listed = cast("tuple[tuple[int, ...], tuple[Action, ...]] | None", battle.moves.get(key))
    if listed is None:
        layers = routes(st, i, crawling, barred)
        squares = tuple(battle.board.squares(reduce(or_, layers[1:], 0)))
        verb = "crawl" if crawling else "move"
        made = cast("tuple[Action, ...] | None", battle.moves.get((unit, verb)))
        if made is None:  # the unit's action to each square, made once for all its moves
            made = tuple(act(verb, (unit, label)) for label in battle.labels)
            battle.moves.put((unit, verb), made)
        picked = itemgetter(*squares)(made) if len(squares) > 1 else tuple(made[q] for q in squares)
        listed = (squares, picked)
        battle.moves.put(key, listed)
    squares, actions = listed
    if not friends:
        return actions
    out: list[Action] = []
    start = 0
    for q in friends:  # sorted, as the squares are: cut each one out
        k = bisect_left(squares, q, start)
        if k < len(squares) and squares[k] == q:
            out += actions[start:k]
            start = k + 1
    out += actions[start:]
    return out


def sees(st: DiaDeHonorState, a: int, b: int) -> bool:
    """Units ``a`` and ``b`` see each other; units never block (DH-29)."""
    return sight.sees(st.battle, st.pos[a], st.pos[b])


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


def machines(st: DiaDeHonorState) -> list[tuple[int, int]]:
    """The tanks and guns on the ground, wrecks included: each one's index and square."""
    return [
        (u.index, st.pos[u.index])
        for u in st.units
        if st.status[u.index] in ON_GROUND and st.kind(u.index).kind == "machine"
    ]


def machine_squares(st: DiaDeHonorState, unit: int = -1) -> set[int]:
    """The squares of the tanks and guns on the ground, wrecks included, but ``unit``'s."""
    return {q for j, q in machines(st) if j != unit}


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


def flanker(
    st: DiaDeHonorState, attacker: int, target: int, covering: list[int] | None = None
) -> int:
    """A unit of the attacker's side that flanks ``target`` with it, or -1; never against
    a tank (DH-33), and only when the attacker itself has the target in range (DH-32). The
    other unit must be able to act: a sabotaged tank never flanks (DH-32, Q24).
    ``covering``: ``coverers`` of the target for the attacker's side, where the caller
    weighs many shots at one target."""
    if st.units[target].type == "tank" or not covers_target(st, attacker, target):
        return -1
    if covering is None:
        covering = coverers(st, st.units[attacker].side, target)
    for j in covering:
        if j != attacker and flanks(st, attacker, j, target):
            return j
    return -1


def coverers(st: DiaDeHonorState, side: str, target: int) -> list[int]:
    """The units of ``side`` able to act that have ``target`` within their no-penalty range
    and in sight, in unit order: who may flank it with another (``flanker``). Sight goes
    both ways, so the squares the target's square watches within a unit's range say it."""
    battle, here, pos = st.battle, st.pos[target], st.pos
    return [
        u.index
        for u in st.units
        if u.side == side
        and st.can_act(u.index)  # on the map: its square is a bit of the board
        and sight.watched(battle, here, st.kind(u.index).range) >> pos[u.index] & 1
    ]
