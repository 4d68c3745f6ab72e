"""Victory, checked after every action (rulebook: End of the game; RULINGS).

Each scenario gives each side one goal (``Scenario.victory``):

- ``objective-points``: reach the scenario's objective points, or pin the enemy down;
- ``pin-down``: pin the enemy down;
- ``more-objectives``: hold more objective points than the enemy while the enemy is pinned
  down; if it is pinned while level or behind, play goes on until this side leads or is
  pinned down too.

A side is pinned down with no rifleman counter on the board. Against all hope: a side whose
goal needs objectives and that has no rifleman card left outside the removed pile can never
take another objective, so it counts as pinned down. Both sides pinned down: more objective
points wins, a tie goes to the initiative holder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.outcome import Outcome
from wartable.core.words import say, word
from wartable.games.undaunted.content import GOALS
from wartable.games.undaunted.event_kinds import EventKind

if TYPE_CHECKING:
    from wartable.games.undaunted.scenario import Scenario
    from wartable.games.undaunted.state import UndauntedState

RULE = "End of the game: objective points, pinned down, both pinned, against all hope"
POINTS, PIN, MORE = GOALS
GOAL_TEXT = {
    POINTS: "{n} objective points, or pin the enemy down",
    PIN: "pin the enemy down",
    MORE: "more objective points than the enemy while it is pinned down",
}


def goal_text(sc: Scenario, i: int) -> str:
    """A side's goal in a few words, for views and scenario lists."""
    return GOAL_TEXT[sc.victory[i]].format(n=sc.goal[i])


def pinned(st: UndauntedState, i: int) -> bool:
    """No rifleman counter on the board; or, for a side whose goal needs objectives, no
    rifleman card left outside the removed pile (against all hope)."""
    s = st.sides[i]
    sc = st.sc
    if not any(s.pos[u] >= 0 for u in sc.ground_units):
        return True
    if sc.victory[i] == PIN:
        return False
    return not any(s.cards_of(k) for k in sc.ground_kinds)


def _finish(st: UndauntedState, winner: int, reason: str, kind: str, ev: list[Event]) -> None:
    scores = {p: float(st.points(j)) for j, p in enumerate(st.players)}
    st.outcome = Outcome(st.players[winner], reason, scores, kind)
    ev.append(
        Event(
            EventKind.GAME_OVER,
            f"{st.players[winner]} wins: {reason}",
            {"winner": st.players[winner], "reason": reason, "scores": scores},
            RULE,
        )
    )


def by_points(st: UndauntedState, why: str, kind: str, ev: list[Event]) -> None:
    """More objective points wins; a tie goes to the side holding the initiative."""
    a, b = st.points(0), st.points(1)
    winner = 0 if a > b else 1 if b > a else st.initiative
    if a == b:
        reason = say(
            "{why}; objective points {a}-{b} (tied on points: the initiative holder wins)",
            why=why,
            a=a,
            b=b,
        )
    else:
        reason = say("{why}; objective points {a}-{b}", why=why, a=a, b=b)
    _finish(st, winner, reason, kind, ev)


def check(st: UndauntedState, ev: list[Event]) -> bool:
    """Set the outcome if the game is decided; True if it ended."""
    sc = st.sc
    p0, p1 = pinned(st, 0), pinned(st, 1)
    if p0 and p1:
        by_points(st, word("both sides pinned down"), "both pinned down", ev)
        return True
    if p0 or p1:
        loser = 0 if p0 else 1
        winner = 1 - loser
        who = st.players[loser]
        if sc.victory[winner] != MORE:
            _finish(st, winner, say("{side} is pinned down", side=who), "pinned down", ev)
            return True
        mine, theirs = st.points(winner), st.points(loser)
        if mine > theirs:
            reason = say(
                "{side} is pinned down and behind on objective points ({a}-{b})",
                side=who,
                a=mine,
                b=theirs,
            )
            _finish(st, winner, reason, "more objectives", ev)
            return True
    first = st.active
    for j in (first, 1 - first):
        goal = sc.goal[j]
        if sc.victory[j] == POINTS and goal is not None and st.points(j) >= goal:
            reason = say("{n} objective points (goal {goal})", n=st.points(j), goal=goal)
            _finish(st, j, reason, "objectives", ev)
            return True
    return False
