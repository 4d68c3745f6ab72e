"""The search's estimate: the chance that the squad wins (a narrow victory or better), from
facts of a position.

The points scored so far (``scoring.standing``, the estimate before this one) say little
before the last turns: what decides a patrol is whether the squad still has the men, the
nerve and the time to reach the points it has not reached. Each scenario carries weights
fitted to heuristic games (``tools/fit_estimate.py``) in the library's ``estimates.yaml``;
a logistic model over these facts turns them into a chance. Some facts read what the squad
cannot know (which German counters are decoys, the men still in the cup): that is sound
only because the search asks the estimate on states it drew itself (``sample_hidden``),
where those are its own guesses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.content import estimates
from wartable.games.combat.model import CAPTURED, DEAD, GERMANY, IN_CUP, US
from wartable.games.combat.rules import scoring
from wartable.games.combat.rules.checks import ROUT, SHAKEN

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

SIDES = (US, GERMANY)
FAR = 30  # hexes counted when no man of the squad is left to walk to a point
# facts of the position
SHARED = (
    "round",  # turns begun, as a share of the scenario's turns
    "points",  # victory points so far, the points reached counted in
    "open",  # objectives not yet reached
    "open_late",  # objectives not yet reached, times the share of turns begun
    "to_point",  # hexes from the squad's nearest man to the nearest point not yet reached
)
# facts of each side
PER_SIDE = (
    "men",  # its men on the map, able to act (no decoys)
    "waiting",  # its men still to come (in the cup)
    "wounded",  # its men on the map with a wound
    "shaken",  # its men on the map shaken
    "routed",  # its men on the map routed
    "spotted",  # its men on the map the other side knows of (the squad: spotted; the
    # Germans: identity revealed)
    "lost",  # its men killed or taken prisoner
)
FACTS = estimates.Facts(SHARED, PER_SIDE, SIDES)


def facts(st: CombatState) -> list[float]:
    sc = st.sc
    share = st.turn / sc.turns
    open_points = [t for t in sc.objectives if t not in st.reached]
    men = {side: [s.index for s in st.soldiers if s.side == side and not s.decoy] for side in SIDES}
    here = {side: [i for i in men[side] if st.alive(i)] for side in SIDES}
    out = [share, float(scoring.points_so_far(st)), float(len(open_points))]
    out += [len(open_points) * share, float(_to_point(st, here[US], open_points))]
    for side in SIDES:
        on_map = here[side]
        out += [
            float(len(on_map)),
            float(sum(st.status[i] == IN_CUP for i in men[side])),
            float(sum(bool(st.wounds[i]) for i in on_map)),
            float(sum(st.morale[i] == SHAKEN for i in on_map)),
            float(sum(st.morale[i] == ROUT for i in on_map)),
            float(sum(st.seen[i] for i in on_map)),
            float(sum(st.status[i] in (DEAD, CAPTURED) for i in men[side])),
        ]
    return out


def _to_point(st: CombatState, squad: list[int], open_points: list[int]) -> int:
    """Hexes from the nearest of ``squad`` to the nearest open point: 0 with none open, FAR
    with no man left."""
    if not open_points:
        return 0
    board = st.sc.board
    return min((board.distance(st.pos[i], t) for i in squad for t in open_points), default=FAR)


def squad_chance(st: CombatState, weights: tuple[float, ...]) -> float:
    """The fitted chance that the squad wins: ``weights`` are the bias, then one per fact."""
    return estimates.chance(weights, facts(st))
