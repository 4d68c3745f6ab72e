"""Move, Guide, Scout and Stalk, one tile per step (rulebook: Movement actions)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.events import Event
from wartable.core.words import word
from wartable.games.undaunted.event_kinds import EventKind
from wartable.games.undaunted.rules.hidden import DISCARD, IN, note

if TYPE_CHECKING:
    from wartable.games.undaunted.model import SideState
    from wartable.games.undaunted.scenario import Scenario
    from wartable.games.undaunted.state import UndauntedState

RULES = {
    "move": word("Move X: up to X tiles, each scouted or controlled by the mover's side"),
    "guide": word("Guide X: any ready counter of yours, up to X scouted or controlled tiles"),
    "scout": word(
        "Scout X: up to X tiles; each new tile gets a scouted marker and a Fog of War card"
    ),
    "stalk": word("Stalk X: up to X tiles, scouted or not"),
}
RULE_TARGET_LOST = "Target: the target marker is removed when the mortar moves or leaves the board"

# verbs that may only enter tiles the side has scouted or controlled
NEEDS_MARKER = frozenset({"move", "guide"})


def steps(sc: Scenario, s: SideState, verb: str, tile: int) -> list[int]:
    """Tiles a counter on ``tile`` may enter with one step of ``verb``."""
    if verb in NEEDS_MARKER:
        marks = s.marks
        return [t for t in sc.neighbours[tile] if marks[t]]
    return list(sc.neighbours[tile])


def step(st: UndauntedState, i: int, verb: str, unit: int, to: int, ev: list[Event]) -> None:
    sc = st.sc
    s = st.sides[i]
    who = st.players[i]
    key = sc.units[unit].key
    frm = s.pos[unit]
    if sc.units[unit].has_target and s.target >= 0:
        s.target = -1
        ev.append(
            Event(
                EventKind.TARGET_LOST,
                f"{who} mortar moves: its target marker is removed",
                {"player": who},
                RULE_TARGET_LOST,
            )
        )
    s.pos[unit] = to
    ev.append(
        Event(
            EventKind.MOVE,
            f"{who} {key} moves {sc.tiles[frm]} -> {sc.tiles[to]} ({verb})",
            {"player": who, "unit": key, "from": sc.tiles[frm], "to": sc.tiles[to], "verb": verb},
            RULES[verb],
        )
    )
    if verb == "scout" and s.marks[to] == 0:
        s.marks[to] = 1
        fog = sc.fog
        taken = 1 if s.supply[fog] else 0
        s.supply[fog] -= taken
        s.discard[fog] += taken
        if taken:
            note(st, i, IN, DISCARD, fog)
        ev.append(
            Event(
                EventKind.SCOUTED,
                f"{who} places a scouted marker on {sc.tiles[to]}"
                + (
                    " and takes a Fog of War card into the discard pile"
                    if taken
                    else " (no Fog of War card left in supply)"
                ),
                {"player": who, "tile": sc.tiles[to], "fog_taken": taken},
                RULES["scout"],
            )
        )
