"""How a position of Undaunted stands for one side, in points: objectives first, then
riflemen on the board, their reach to the objectives, and the cards kept in the deck cycle.
The heuristic agent looks ahead with it and the state's ``estimate`` (for search) scales it,
so it lives apart from both."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from wartable.games.undaunted.scenario import FOG

if TYPE_CHECKING:
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
    """Board value for side ``me``: objectives first, then riflemen, reach and the deck."""
    if st.outcome is not None:
        return WIN if st.outcome.winner == st.players[me] else -WIN
    sc = st.sc
    total = 0.0
    for j in (me, 1 - me):
        s = st.sides[j]
        v = 12.0 * st.points(j)
        riflemen = [s.pos[u] for u in sc.ground_units if s.pos[u] >= 0]
        v += 5.0 * len(riflemen)
        for t in sc.objective_tiles:
            if s.marks[t] == 2:
                continue
            pts = sc.objective[t]
            if riflemen:
                d = min(sc.distance[r][t] for r in riflemen)
                v += pts * 2.0 / (1 + d)
            if s.marks[t] == 1:
                v += 1.0 + 0.5 * pts
        v += 0.3 * sum(1 for m in s.marks if m)
        in_deck = Counter(s.deck)
        for k, kind in enumerate(sc.kinds):
            n = in_deck[k] + s.hand[k] + s.discard[k] + s.play[k]
            if n:
                v += CARD_WORTH.get(kind.title, 1.0) * n
        if j == st.active and j == me:
            v += 0.4 * sum(n for k, n in enumerate(s.hand) if sc.kinds[k].category != FOG)
        v -= 2.0 * sum(1 for u, p in enumerate(s.pos) if p >= 0 and s.supp[u])
        total += v if j == me else -v
    return total
