"""The search's estimate: the chance that the allies win, from public facts of a position.

A battle is decided by an HQ's fall, by units destroyed, or by squares held when the last
round ends, so an HQ's hit points alone (the estimate before this one) say nothing for most
of a battle. Each scenario carries weights fitted to heuristic games
(``tools/fit_estimate.py``) in ``data/estimates.yaml``; a logistic model over these facts
turns them into a chance. Every fact is public on the table: pieces, hit points, counts of
cards in hands and decks, action points. Only the search asks it, on states it drew itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.content import estimates
from wartable.games.tactics2gm.rules.common import SIDES, hqs, seats_of
from wartable.games.tactics2gm.rules.field import GRID, ROWS, line, shifted, steps

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

# facts of the position: whether it is the allies' turn, and the round (of the scenario's, or
# of the safety limit in a pitched battle) as a share of the rounds the battle can last
SHARED = ("allies_act", "round")
# facts of each side
PER_SIDE = (
    "hq",  # the hit points of its weakest HQ, as a share of a full one
    "units",  # its units in play
    "strength",  # the deployment cost of its units in play
    "wounds",  # wounds its units carry
    "lost",  # units it has lost
    "hand",  # cards in its seats' hands
    "deck",  # cards left in its seats' decks
    "ap",  # action points its seats hold
    "advance",  # how far its units stand, on average, from its own edge (0 to 1)
    "held",  # the objective's squares its units stand on (a scenario to hold squares)
    "reach",  # steps from its nearest unit to the objective's nearest square (capped)
)
FACTS = estimates.Facts(SHARED, PER_SIDE, SIDES)
FAR = 12  # the reach of a side with no unit on the field, or no squares to hold


def facts(st: Tactics2GMState) -> list[float]:
    rounds = st.brief.rounds if st.brief is not None else st.max_rounds
    out = [1.0 if st.active == 0 else 0.0, st.rounds_played() / rounds]
    goal = _squares(st)
    for side in range(2):
        mine = [p for p in st.pieces if p.side == side]
        seats = seats_of(st, side)
        placed = [p.sq for p in mine if p.sq is not None]
        held = sum(1 for sq in goal if sq in placed)
        reach = min((steps(a, b) for a in placed for b in goal), default=FAR)
        out += [
            min(st.hq_hp[h] for h in hqs(st, side)) / st.hq.hit_points,
            float(len(mine)),
            float(sum(st.lib.card(p.card).cost for p in mine)),
            float(sum(p.wounds for p in mine)),
            float(st.destroyed[side]),
            float(sum(len(st.hands[k]) for k in seats)),
            float(sum(len(st.decks[k]) for k in seats)),
            float(sum(st.ap[k] for k in seats)),
            sum((line(SIDES[side], sq) - 1) / (ROWS - 1) for sq in placed) / len(placed)
            if placed
            else 0.0,
            float(held),
            float(min(reach, FAR)),
        ]
    return out


def _squares(st: Tactics2GMState) -> list[tuple[int, int]]:
    """The squares a scenario's objective asks to hold, on every field; none otherwise."""
    o = st.brief.objective if st.brief is not None else None
    if o is None or o.kind != "hold":
        return []
    return [shifted(GRID.parse(s), k) for k in range(st.field.copies) for s in o.squares]


def allies_chance(st: Tactics2GMState, weights: tuple[float, ...]) -> float:
    """The fitted chance that the allies win: ``weights`` are the bias, then one per fact."""
    return estimates.chance(weights, facts(st))
