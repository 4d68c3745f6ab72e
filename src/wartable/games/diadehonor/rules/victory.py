"""The end of a battle: a side wins by a secret objective of one of its players, or when the
enemy has no unit left that can act (DH-82, DH-83); the round limit makes a draw (DH-84)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.outcome import Outcome
from wartable.core.words import Said, say, word
from wartable.games.diadehonor.content import enemy_of
from wartable.games.diadehonor.event_kinds import EventKind
from wartable.games.diadehonor.model import LIVING, RESERVE
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.rules import objectives
from wartable.games.diadehonor.rules.attack import DEATH

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

DESTROYED = {  # by the side that won
    "axis": word("the axis destroy the enemy squad"),
    "allies": word("the allies destroy the enemy squad"),
}
FULFILLED = {  # by the side that won
    "axis": word("{seat} fulfils a secret objective, {objective}: the axis win"),
    "allies": word("{seat} fulfils a secret objective, {objective}: the allies win"),
}


def can_act(st: DiaDeHonorState, side: str) -> bool:
    return any(u.side == side and st.can_act(u.index) for u in st.units)


def finish(
    st: DiaDeHonorState, winner: str | None, reason: Said, kind: str, ev: list[Event]
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
            sum(u.side == side and st.status[u.index] not in LIVING for u in st.units)
        )
        for side in ("axis", "allies")
    }
    st.outcome = Outcome(first, reason, scores, kind, stats)
    st.phase = Phase.OVER
    ev.append(Event(EventKind.GAME_OVER, reason, {"winner": winner}, "DH-82"))


def check(st: DiaDeHonorState, ev: list[Event], actor: int, round_end: bool = False) -> None:
    """After every action and card, and as a round ends: a side wins when one of its players
    fulfils his secret objective, or when the enemy has no unit left that can act (DH-82). If
    one event wins for both sides, the side of ``actor`` (whose action or card it was) wins;
    if the last units of both sides fall together, it is a draw (DH-83)."""
    if st.phase == Phase.OVER or RESERVE in st.status:
        return
    achieved = objectives.review(st, round_end)
    wins = {st.sides[s] for s in achieved}
    standing = {side: can_act(st, side) for side in ("axis", "allies")}
    if not any(standing.values()) and not wins:
        said = word("both squads are destroyed together")
        finish(st, None, said, "mutual destruction", ev)
        return
    if standing["axis"] != standing["allies"]:
        wins.add("axis" if standing["axis"] else "allies")
    if not wins:
        return
    winner = st.sides[actor] if len(wins) == 2 else wins.pop()
    seat = next((s for s in achieved if st.sides[s] == winner), -1)
    if seat < 0:
        finish(st, winner, DESTROYED[winner], "squad destroyed", ev)
        return
    key = st.objectives[seat]
    me, title = st.players[seat], objectives.title(st, key)
    said = say("{seat} fulfils a secret objective, {objective}", seat=me, objective=title)
    ev.append(Event(EventKind.OBJECTIVE_MET, said, {"objective": key, "seat": me}, "DH-82"))
    reason = say(FULFILLED[winner], seat=me, objective=title)
    finish(st, winner, reason, "secret objective", ev)


def standing(st: DiaDeHonorState, side: str) -> float:
    """How ``side`` stands, in [-1, 1]: its units' health (the wounds each can still take)
    against the enemy's."""

    def strength(s: str) -> float:
        return sum(
            DEATH - st.wounds[u.index] for u in st.units if u.side == s and st.on_map(u.index)
        )

    mine, theirs = strength(side), strength(enemy_of(side))
    return 0.0 if mine + theirs == 0 else (mine - theirs) / (mine + theirs)
