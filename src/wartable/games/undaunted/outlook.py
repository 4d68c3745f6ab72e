"""The estimate a search scores its play-outs by: the chance that each side wins from here.

The heuristic's board value (``evaluation.py``) ranks moves well but barely foretells the
winner, and a search that trusts it only measures noise more precisely. So a scenario may
carry a logistic model over a few board facts, fitted to who won heuristic games from such
positions (``tools/fit_estimate.py`` writes it into ``data/estimates.yaml``, ``house``
provenance, read by ``estimates.py``). A scenario without one (a player's own) falls back
on the board value, squashed.

The facts are public counts (objective points, riflemen, cards in each deck cycle...), read
from whatever state the caller has: a search only ever asks it of states it drew itself.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from wartable.content import estimates
from wartable.games.undaunted.content import SIDES

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState

# facts about the whole position, then the same facts about each side (first side first)
SHARED = ("first_to_act", "first_has_initiative", "round", "round_x_lead")
PER_SIDE = (
    "points",  # objective points of the tiles it controls
    "riflemen",  # rifleman counters on the board
    "reach",  # objective points not yet controlled, each over 1 + the nearest rifleman's distance
    "scouted_points",  # objective points of tiles scouted but not controlled
    "scouted",  # tiles scouted but not controlled
    "controlled",  # tiles controlled
    "rifleman_cards",  # rifleman cards in the deck cycle (hand, deck, discard, play, bid)
    "fog_cards",  # Fog of War cards in the deck cycle
    "cards",  # every card in the deck cycle
    "suppressed",  # suppressed counters on the board
    "counters",  # counters on the board
)
WIDTH = 1 + len(SHARED) + 2 * len(PER_SIDE)  # the bias, then one weight per fact
FACTS = estimates.Facts(SHARED, PER_SIDE, SIDES)  # the names data/estimates.yaml weighs


def facts(st: UndauntedState) -> list[float]:
    """The model's inputs, in the order of ``SHARED`` then ``PER_SIDE`` for each side.

    The riflemen, nearest-distance and card-count loops mirror ``evaluation.evaluate``'s.
    Shared helpers were tried: a function call per objective and per side made the board
    value 7% slower in pure Python, and the heuristic calls it at every look-ahead leaf."""
    sc = st.sc
    points = (st.points(0), st.points(1))
    out = [
        1.0 if st.active == 0 else 0.0,
        1.0 if st.initiative == 0 else 0.0,
        float(st.round),
        float(st.round * (points[0] - points[1])),
    ]
    distance = sc.distance
    objective = sc.objective
    for j in (0, 1):
        s = st.sides[j]
        pos, marks = s.pos, s.marks
        riflemen: list[int] = []
        for u in sc.ground_units:
            if pos[u] >= 0:
                riflemen.append(pos[u])
        reach = 0.0
        scouted_points = 0
        for t in sc.objective_tiles:
            if marks[t] == 2:
                continue
            pts = objective[t]
            if riflemen:
                row = distance[t]
                d = row[riflemen[0]]
                for r in riflemen:
                    if row[r] < d:
                        d = row[r]
                reach += pts / (1 + d)
            if marks[t] == 1:
                scouted_points += pts
        scouted = marks.count(1)
        controlled = marks.count(2)
        hand, discard, play = s.hand, s.discard, s.play
        counts = [hand[k] + discard[k] + play[k] for k in range(len(hand))]
        for k in s.deck:
            counts[k] += 1
        if s.bid >= 0:  # a card bid for the initiative, out of the hand until it is shown
            counts[s.bid] += 1
        rifleman_cards = 0
        for k in sc.ground_kinds:
            rifleman_cards += counts[k]
        suppressed = 0
        counters = 0
        for u in range(len(pos)):
            if pos[u] >= 0:
                counters += 1
                if s.supp[u]:
                    suppressed += 1
        out += [
            float(points[j]),
            float(len(riflemen)),
            reach,
            float(scouted_points),
            float(scouted),
            float(controlled),
            float(rifleman_cards),
            float(counts[sc.fog]),
            float(sum(counts)),
            float(suppressed),
            float(counters),
        ]
    return out


def first_side_chance(st: UndauntedState, weights: tuple[float, ...]) -> float:
    """The chance that the first side wins, by the scenario's fitted ``weights``."""
    z = weights[0]
    x = facts(st)
    for i in range(len(x)):
        z += weights[i + 1] * x[i]
    if z < -30.0:  # exp would overflow long before a weight this large means anything
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))
