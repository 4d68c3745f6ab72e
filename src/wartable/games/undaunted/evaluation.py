"""How a position of Undaunted stands for one side, in points: objectives first, then
riflemen on the board, their reach to the objectives, and the cards kept in the deck cycle.
The heuristic agent looks ahead with it and the state's ``estimate`` (for search) scales it,
so it lives apart from both."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.games.undaunted.scenario import FOG

if TYPE_CHECKING:
    from wartable.games.undaunted.scenario import Scenario
    from wartable.games.undaunted.state import UndauntedState

WIN = 10_000.0
# worth of one card kept in the deck cycle, by card title
CARD_WORTH = {
    "Platoon Sergeant": 2.5,
    "Platoon Guide": 1.5,
    "Squad Leader": 1.5,
    "Rifleman": 2.0,
    "Scout": 1.2,
    "Machine Gunner": 1.4,
    "Sniper": 1.3,
    "Mortar": 1.0,
    "Fog of War": -0.8,
}


def evaluate(st: UndauntedState, me: int) -> float:
    """Board value for side ``me``: objectives first, then riflemen, reach and the deck.
    Search calls it at every leaf, so it reads precomputed tables (``_tables``) and is
    written as plain loops over integers, which the compiled build turns into C loops."""
    if st.outcome is not None:
        return WIN if st.outcome.winner == st.players[me] else -WIN
    sc = st.sc
    worth, not_fog, objectives = _tables(sc)
    distance = sc.distance
    total = 0.0
    for j in (me, 1 - me):
        s = st.sides[j]
        marks = s.marks
        pos = s.pos
        v = 12.0 * st.points(j)
        riflemen: list[int] = []
        for u in sc.ground_units:
            if pos[u] >= 0:
                riflemen.append(pos[u])
        v += 5.0 * len(riflemen)
        for t, pts in objectives:
            mark = marks[t]
            if mark == 2:
                continue
            if riflemen:  # distances are symmetric: the row of t holds every distance to t
                row = distance[t]
                d = row[riflemen[0]]
                for r in riflemen:
                    if row[r] < d:
                        d = row[r]
                v += pts * 2.0 / (1 + d)
            if mark == 1:
                v += 1.0 + 0.5 * pts
        v += 0.3 * (len(marks) - marks.count(0))
        hand, discard, play = s.hand, s.discard, s.play
        counts = [hand[k] + discard[k] + play[k] for k in range(len(hand))]
        for k in s.deck:
            counts[k] += 1
        for k in range(len(counts)):
            if counts[k]:
                v += worth[k] * counts[k]
        if j == st.active and j == me:
            held = 0
            for k in range(len(hand)):
                if not_fog[k]:
                    held += hand[k]
            v += 0.4 * held
        suppressed = 0
        supp = s.supp
        for u in range(len(pos)):
            if pos[u] >= 0 and supp[u]:
                suppressed += 1
        v -= 2.0 * suppressed
        total += v if j == me else -v
    return total


Tables = tuple[list[float], list[bool], list[tuple[int, int]]]
# keyed by the scenario's identity, holding the scenario too (so the key is never reused):
# scenarios are few and live as long as the game; a mypyc-compiled Scenario takes no weak
# references, so a WeakKeyDictionary fails in the compiled build
_TABLES: dict[int, tuple[Scenario, Tables]] = {}


def _tables(sc: Scenario) -> Tables:
    """Per scenario: each kind's worth, whether it is no Fog of War, the objectives."""
    got = _TABLES.get(id(sc))
    if got is None:
        tables = (
            [CARD_WORTH.get(kind.title, 1.0) for kind in sc.kinds],
            [kind.category != FOG for kind in sc.kinds],
            [(t, sc.objective[t]) for t in sc.objective_tiles],
        )
        got = _TABLES[id(sc)] = (sc, tables)
    return got[1]
