"""Victory, checked after every action (rulebook: End of the game; RULINGS)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.outcome import Outcome

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState

RULE = "End of the game: objective points, pinned down, both pinned, against all hope"


def pinned(st: UndauntedState, i: int) -> bool:
    """No rifleman counter on the board, or no rifleman card left outside the removed pile."""
    s = st.sides[i]
    sc = st.sc
    if not any(s.pos[u] >= 0 for u in sc.ground_units):
        return True
    return not any(s.cards_of(k) for k in sc.ground_kinds)


def _finish(st: UndauntedState, winner: int, reason: str, kind: str, ev: list[Event]) -> None:
    scores = {p: float(st.points(j)) for j, p in enumerate(st.players)}
    st.outcome = Outcome(st.players[winner], reason, scores, kind)
    ev.append(
        Event(
            "game-over",
            f"{st.players[winner]} wins: {reason}",
            {"winner": st.players[winner], "reason": reason, "scores": scores},
            RULE,
        )
    )


def by_points(st: UndauntedState, why: str, kind: str, ev: list[Event]) -> None:
    """More objective points wins; a tie goes to the side holding the initiative."""
    a, b = st.points(0), st.points(1)
    winner = 0 if a > b else 1 if b > a else st.initiative
    tie = " (tied on points: the initiative holder wins)" if a == b else ""
    _finish(st, winner, f"{why}; objective points {a}-{b}{tie}", kind, ev)


def check(st: UndauntedState, ev: list[Event]) -> bool:
    """Set the outcome if the game is decided; True if it ended."""
    p0, p1 = pinned(st, 0), pinned(st, 1)
    if p0 and p1:
        by_points(st, "both sides pinned down", "both pinned down", ev)
    elif p0 or p1:
        loser = 0 if p0 else 1
        _finish(st, 1 - loser, f"{st.players[loser]} is pinned down", "pinned down", ev)
    else:
        first = st.active
        for j in (first, 1 - first):
            pts = st.points(j)
            if pts >= st.sc.goal[j]:
                _finish(st, j, f"{pts} objective points (goal {st.sc.goal[j]})", "objectives", ev)
                break
    return st.outcome is not None
