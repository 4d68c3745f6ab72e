"""The end of a battle: a side with no unit left that can act loses (DH-82, DH-83); the
round limit makes a draw (DH-84). Secret objectives come with the situation cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.outcome import Outcome

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState


def can_act(st: DiaDeHonorState, side: str) -> bool:
    return any(u.side == side and st.can_act(u.index) for u in st.units)


def finish(
    st: DiaDeHonorState, winner: str | None, reason: str, kind: str, ev: list[Event]
) -> None:
    """The battle ends. The core names one winner: the winning side's first seat; every seat
    of that side scores 1, every seat of the other -1 (a draw: 0)."""
    scores = {
        p: 0.0 if winner is None else (1.0 if s == winner else -1.0)
        for p, s in zip(st.players, st.sides, strict=True)
    }
    first = None if winner is None else st.players[st.sides.index(winner)]
    stats = {
        f"{side}_units_lost": float(
            sum(u.side == side and st.status[u.index] in ("dead", "wreck") for u in st.units)
        )
        for side in ("axis", "allies")
    }
    st.outcome = Outcome(first, reason, scores, kind, stats)
    st.phase = "over"
    ev.append(Event("game-over", reason, {"winner": winner}, "DH-82"))


def check(st: DiaDeHonorState, ev: list[Event]) -> None:
    """After every action: a side whose every unit is gone loses; both at once is a draw."""
    if st.phase == "over" or any(s == "reserve" for s in st.status):
        return
    standing = {side: can_act(st, side) for side in ("axis", "allies")}
    if all(standing.values()):
        return
    if not any(standing.values()):
        finish(st, None, "both squads are destroyed together", "mutual destruction", ev)
        return
    winner = "axis" if standing["axis"] else "allies"
    finish(st, winner, f"the {winner} destroy the enemy squad", "squad destroyed", ev)


def standing(st: DiaDeHonorState, side: str) -> float:
    """How ``side`` stands, in [-1, 1]: its units' health against the enemy's."""

    def strength(s: str) -> float:
        return sum(5 - st.wounds[u.index] for u in st.units if u.side == s and st.on_map(u.index))

    mine, theirs = strength(side), strength("allies" if side == "axis" else "axis")
    return 0.0 if mine + theirs == 0 else (mine - theirs) / (mine + theirs)
