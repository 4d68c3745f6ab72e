"""The search's estimate: the chance that the axis wins, from facts of a position.

Most battles end when a player fulfils his secret objective, far fewer with a squad
destroyed, so the squads' health alone (``victory.standing``, the estimate before this one)
says little until late. Each battlefield carries weights fitted to heuristic games
(``tools/fit_estimate.py``) in ``data/estimates.yaml``; a logistic model over these facts
turns them into a chance. All facts but one are public; ``progress`` reads the seats'
secret objectives, which is sound only because the search asks the estimate on states it
drew itself (``sample_hidden``), where the other seats' objectives are its own guesses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.content import estimates
from wartable.games.diadehonor.content import SIDES, enemy_of
from wartable.games.diadehonor.model import RESERVE
from wartable.games.diadehonor.rules import objectives
from wartable.games.diadehonor.rules.attack import DEATH

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

# facts of the position: whether an axis seat is to act, and the round as a share of the
# rounds the battle can last
SHARED = ("axis_act", "round")
# facts of each side
PER_SIDE = (
    "units",  # its units on the map
    "health",  # the wounds its units on the map can still take
    "reserve",  # its living units not yet on the map
    "lost",  # its units killed
    "kills",  # enemy units its seats killed
    "prone",  # its units on the map lying prone
    "hand",  # situation cards its seats keep
    "actions",  # actions its units on the map have left this round
    "advance",  # how far its units on the map stand from their start zone (0 to 1, mean)
    "progress",  # the best share of a secret objective done among its seats (0 to 1)
)
FACTS = estimates.Facts(SHARED, PER_SIDE, SIDES)


def facts(st: DiaDeHonorState) -> list[float]:
    out = [1.0 if st.sides[st.seat] == "axis" else 0.0, st.round / st.max_rounds]
    for side in SIDES:
        mine = [u.index for u in st.units if u.side == side]
        placed = [i for i in mine if st.on_map(i)]
        seats = [s for s, x in enumerate(st.sides) if x == side]
        out += [
            float(len(placed)),
            float(sum(DEATH - st.wounds[i] for i in placed)),
            float(sum(st.status[i] == RESERVE for i in mine)),
            float(sum(objectives.lost(st, s) for s in seats)),
            float(sum(len(objectives.kills(st, s)) for s in seats)),
            float(sum(st.prone[i] for i in placed)),
            float(sum(len(st.hands[s]) for s in seats)),
            float(sum(st.actions[i] for i in placed)),
            _advance(st, side, placed),
            max(objectives.progress(st, s) for s in seats),
        ]
    return out


def _advance(st: DiaDeHonorState, side: str, placed: list[int]) -> float:
    if not placed:
        return 0.0
    to_enemy = st.battle.to_zone[enemy_of(side)]
    span = max(to_enemy[q] for q in st.battle.zones[side])  # from the back of its own zone
    return sum(1.0 - to_enemy[st.pos[i]] / span for i in placed) / len(placed)


def axis_chance(st: DiaDeHonorState, weights: tuple[float, ...]) -> float:
    """The fitted chance that the axis wins: ``weights`` are the bias, then one per fact."""
    return estimates.chance(weights, facts(st))
