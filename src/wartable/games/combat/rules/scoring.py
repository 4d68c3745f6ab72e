"""Victory points (22.0): objectives reached as soldiers move, and the reckoning at the end of
the last turn with the scenario's victory levels; the tally of casualties for statistics."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.outcome import Outcome
from wartable.core.words import Said, say, say_n, word
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.model import ACTIVE, CAPTURED, DEAD, GERMANY, GONE, US
from wartable.games.combat.phases import Phase
from wartable.games.combat.rules.common import distance, log, score
from wartable.games.combat.rules.harm import loss_category

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

# the scenarios' victory levels (22.0) by their English: a level the data adds reads as it is
LEVELS: dict[str, Said] = {
    level: level
    for level in (
        word("outstanding victory"),
        word("good victory"),
        word("narrow victory"),
        word("not good enough"),
        word("poor performance"),
        word("court martial"),
    )
}


def reach_objectives(st: CombatState, i: int, ev: list[Event]) -> None:
    for h in st.sc.objectives:
        if h not in st.reached and distance(st, st.pos[i], h) <= 1:
            st.reached = st.reached | {h}
            text = say(
                "{unit} reaches the point at {hex}",
                unit=st.soldiers[i].name,
                hex=st.sc.board.labels[h],
            )
            log(ev, EventKind.OBJECTIVE, text, "scenario")


WIN_AT = 9  # victory points for a narrow victory or better (22.0)


def points_so_far(st: CombatState) -> int:
    """Victory points scored so far, the objectives already reached counted in (they are
    scored only at the end)."""
    points = st.sc.file.victory.points
    return sum(p for _, p in st.vp_log) + len(st.reached) * points.get("objective_reached", 0)


def standing(st: CombatState) -> float:
    """How the squad stands before the end, in [-1, 1]: points so far against what a narrow
    victory needs (for a search cut short)."""
    return math.tanh((points_so_far(st) - WIN_AT) / 6)


def wounded_at_end(st: CombatState, i: int) -> bool:
    """A wounded man still on the map or gone off it by his own edge costs a point (22.0)."""
    return st.status[i] in (ACTIVE, GONE) and bool(st.wounds[i])


def tally(st: CombatState) -> dict[str, float]:
    """Casualties and objectives of a finished game, for balance statistics."""
    us = [s.index for s in st.soldiers if s.side == US]
    them = [s.index for s in st.soldiers if s.side == GERMANY and not s.decoy]
    return {
        "friendly_killed": float(sum(st.status[i] == DEAD for i in us)),
        "friendly_wounded": float(sum(wounded_at_end(st, i) for i in us)),
        "friendly_captured": float(sum(st.status[i] == CAPTURED for i in us)),
        # a gunner whose assistant took the gun from him died too (14.3)
        "enemy_killed": float(
            sum(st.status[i] == DEAD for i in them) + sum(st.crewless[i] == "killed" for i in them)
        ),
        "enemy_captured": float(sum(st.status[i] == CAPTURED for i in them)),
        "objectives_reached": float(len(st.reached)),
    }


def finish(st: CombatState, ev: list[Event]) -> None:
    sc = st.sc
    points = sc.file.victory.points
    for s in st.soldiers:
        i = s.index
        if s.side == US and wounded_at_end(st, i):
            score(st, "friendly_wounded", ev)
        if st.status[i] == CAPTURED:  # prisoners still held count as killed (house, 17.4)
            score(st, loss_category(st, i), ev)
        if s.side == US and st.alive(i) and st.papers[i] >= 0:
            score(st, "papers", ev)
    if "objective_reached" in points:
        for _ in st.reached:
            score(st, "objective_reached", ev)
    if "buildings_clear_at_end" in points and not any(
        s.side == GERMANY
        and st.alive(s.index)
        and not s.decoy
        and st.ground.kind[st.pos[s.index]] == "building"
        for s in st.soldiers
    ):
        score(st, "buildings_clear_at_end", ev)
    vp = sum(p for _, p in st.vp_log)
    level = next(
        lv.result for lv in sc.file.victory.levels["list"] if lv.min is None or vp >= lv.min
    )
    won = vp >= WIN_AT
    st.phase = Phase.OVER
    st.outcome = Outcome(
        US if won else None, f"{level} ({vp} victory points)", {US: float(vp)}, level, tally(st)
    )
    text = say_n(
        "The game ends: {level}, {count} victory points",
        "The game ends: {level}, {count} victory points",
        vp,
        level=LEVELS.get(level, level),
    )
    log(ev, EventKind.GAME_OVER, text, "22.0")
