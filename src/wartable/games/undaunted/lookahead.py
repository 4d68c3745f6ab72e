"""The heuristic's look-ahead: each action scored by finishing its sub-choices greedily and
evaluating the result, attacks as the exact mix of their hit and miss outcomes.

It lives apart from the agent class so that it compiles with the rules (the agent's class
derives from the core's, which stays interpreted), and it applies actions through the rules
directly rather than through ``GameState.apply``: every action it applies was just listed
as legal on that very state, a state the agent drew itself, so the core's check, history
and undo bookkeeping would only cost time. It plays exactly as the checked path did.
"""

from __future__ import annotations

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.rng import Rng
from wartable.games.undaunted.evaluation import evaluate
from wartable.games.undaunted.rules.combat import hit_chance, total_defence
from wartable.games.undaunted.rules.legal import pending_choices
from wartable.games.undaunted.state import UndauntedState
from wartable.games.undaunted.verbs import GRAMMAR

BLAST_SAMPLES = 6
DONE = -1  # in a set of bolstered cards: the choice to stop

Taken = tuple[int, ...]  # the kinds bolstered since a bolster began, in ascending order
Memo = dict[Taken, float]


def best(world: UndauntedState, me: int, legal: list[Action], depth: int, rng: Rng) -> Action:
    """The first of ``legal`` with the highest score (``depth``: sub-choices looked at)."""
    scores = scored(world, me, legal, depth, rng)
    return legal[scores.index(max(scores))]


def scored(
    world: UndauntedState, me: int, legal: list[Action], depth: int, rng: Rng
) -> list[float]:
    """Each of ``legal``'s scores, in its order."""
    memo: Memo | None = {} if _bolstering(world) else None
    return [_score(world, me, action, depth, rng, (), memo) for action in legal]


def _score(
    st: UndauntedState,
    me: int,
    action: Action,
    depth: int,
    rng: Rng,
    taken: Taken,
    memo: Memo | None,
) -> float:
    """What ``action`` is worth on ``st``. While a bolster goes on (``memo`` given), the
    cards can come in any order and leave the same position, counts and all (only the order
    of the public notes differs, which nothing here reads): each set of cards is judged once.
    Bolsters were nearly half of the positions the look-ahead built."""
    key = _taking(st, taken, action) if memo is not None else None
    if key is not None and memo is not None:
        known = memo.get(key)
        if known is not None:
            return known
    value = 0.0
    for weight, after in _outcomes(st, me, action, rng):
        if depth > 1 and after.pending is not None and _acting(after, me):
            # a bolster that goes on keeps this memo; one that begins here starts its own
            inner: Memo | None = None
            so_far: Taken = ()
            if _bolstering(after):
                inner, so_far = (memo, key) if key is not None else ({}, ())
            top = -float("inf")
            for option in pending_choices(after, me):  # what the choice moment offers
                s = _score(after, me, option, depth - 1, rng, so_far, inner)
                if s > top:
                    top = s
            value += weight * top
        else:
            value += weight * evaluate(after, me)
    if key is not None and memo is not None:
        memo[key] = value
    return value


def _bolstering(st: UndauntedState) -> bool:
    return st.pending is not None and st.pending.verb == "bolster"


def _taking(st: UndauntedState, taken: Taken, action: Action) -> Taken | None:
    """The cards bolstered once ``action`` is taken, with DONE last if it stops there; None
    for any other choice."""
    if action.verb == "done":
        return (*taken, DONE)
    if action.verb != "bolster":
        return None
    kind = st.sc.kind_index[action.args[0]]
    return tuple(sorted((*taken, kind)))


def _acting(st: UndauntedState, me: int) -> bool:
    """Whether side ``me`` alone is to act (the game not over)."""
    return st.outcome is None and st._current_players() == (st.players[me],)


def _after(
    st: UndauntedState, me: int, action: Action, forced: int, rng: Rng | None
) -> UndauntedState:
    """A copy of ``st`` with ``action`` applied: ``forced`` dice showing one value first
    (-1: none), or dice from ``rng`` (None: the state's own)."""
    twin = st.clone()
    if rng is not None:
        twin.rng = rng
    elif forced >= 0:
        p = st.pending
        if p is None:
            raise InvariantError("_after: no p")
        twin.rng.force([forced] * p.left)
    GRAMMAR.apply(twin, me, action)
    twin._legal_cache = None
    twin._fill_returns()
    return twin


def _outcomes(
    st: UndauntedState, me: int, action: Action, rng: Rng
) -> list[tuple[float, UndauntedState]]:
    """The states an action can lead to, with their chances."""
    sc = st.sc
    p = st.pending
    if p is not None and (action.verb == "attack" or action.verb == "suppress"):
        o = st.sides[1 - me]
        unit = sc.unit_index[action.args[0]]
        total = total_defence(sc, unit, o.pos[unit], st.sides[me].pos[p.unit], False)[0]
        chance = hit_chance(total, p.left)
        out: list[tuple[float, UndauntedState]] = []
        if chance > 0:
            out.append((chance, _after(st, me, action, 0, None)))
        if 1 - chance > 0 and total > 1:
            out.append((1 - chance, _after(st, me, action, 1, None)))
        return out
    if action.verb == "play" and action.args[1] == "blast":
        return [
            (1 / BLAST_SAMPLES, _after(st, me, action, -1, Rng(rng.next64())))
            for _ in range(BLAST_SAMPLES)
        ]
    return [(1.0, _after(st, me, action, -1, None))]
