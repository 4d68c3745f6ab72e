"""Undaunted's state: the plain data of ``model.py`` wired to the core contract.

Rules live in ``rules/``; this class only delegates to them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Self

from wartable.core.action import Action
from wartable.core.events import Event
from wartable.core.layout import Layout, each, fresh, same
from wartable.core.marks import INITIATIVE, OBJECTIVE_TAKEN, Mark
from wartable.core.rng import Rng
from wartable.core.state import GameState
from wartable.games.undaunted import view as views
from wartable.games.undaunted.evaluation import evaluate
from wartable.games.undaunted.event_kinds import EventKind
from wartable.games.undaunted.model import Pending, SideState
from wartable.games.undaunted.outlook import first_side_chance
from wartable.games.undaunted.phases import Phase
from wartable.games.undaunted.rules import hidden, odds
from wartable.games.undaunted.scenario import Scenario
from wartable.games.undaunted.verbs import GRAMMAR

# events after which an action can no longer be taken back
TURNING = frozenset(
    {
        EventKind.BID_MADE,
        EventKind.INITIATIVE,
        EventKind.END_TURN,
        EventKind.ROUND,
        EventKind.GAME_OVER,
        EventKind.DRAW_COUNT,
    }
)
# 2: explicit end of turn; goals; removed cards private; fair samples. A module constant, for
# a class compiled with mypyc shows no plain class attributes to read off the class
RULES_VERSION = "2"
MARKS: dict[str, str] = {
    EventKind.CASUALTY: "casualty",
    EventKind.COUNTER_LOST: "counter lost",
}  # -> study mark
ESTIMATE_SCALE = 40.0  # evaluate() units: 12 per objective point, 5 per rifleman on the board


# every field by its part (core/layout.py): the clone's copy and the snapshot follow
LAYOUT = Layout(
    static=("sc", "max_rounds"),
    public={
        "phase": same,
        "initiative": same,
        "active": same,
        "turns_done": same,
        "round": same,
        "pending": same,
        "revealed": same,
    },
    hidden={"sides": each, "rng": fresh},  # each side's hand and deck; the dice to come
    memo={"notes": fresh, "beliefs": same, "_draws_before": same},
)


class UndauntedState(GameState):
    game_name = "undaunted"
    game_version = RULES_VERSION
    grammar = GRAMMAR  # every verb, every moment (verbs.py): the hooks of its actions
    layout = LAYOUT

    sc: Scenario  # the compiled scenario: map, cards, counters, victory
    sides: list[SideState]  # per side: cards by zone, counters, markers, bid
    rng: Rng  # the dice and shuffles to come
    phase: Phase  # the bid for initiative or the turns (phases.Phase)
    initiative: int  # the side that won this round's bid and plays first
    active: int  # the side whose turn it is
    turns_done: int  # turns ended this round (two: the round is over)
    round: int  # rounds begun
    pending: Pending | None  # a card action waiting for its next choice, or None
    max_rounds: int  # the safety limit on rounds
    _draws_before: int  # the generator's count before the latest action (may it be undone?)
    revealed: tuple[int, int] | None  # this round's bids once shown
    # per side: the public facts about its hidden cards, a chain (previous, fact) shared by
    # clones (rules/hidden.py); a function of the history, so not in the snapshot
    notes: list[Any]
    beliefs: tuple[Any, Any]  # per side: the last fold of its notes, (notes, Belief) or None

    def _apply(self, player: str, action: Action) -> list[Event]:
        self._draws_before = self.rng.counter
        return GRAMMAR.apply(self, self.sc.players.index(player), action)

    def _reversible(self, player: str, events: list[Event]) -> bool:
        """No dice, no shuffle, no private event, no bid, and still this player's turn."""
        return (
            self.rng.counter == self._draws_before
            and all(e.visible_to is None and e.kind not in TURNING for e in events)
            and self.current_players == (player,)
        )

    def _action_info(self, player: str, action: Action) -> dict[str, Any]:
        return odds.action_info(self, self.sc.players.index(player), action)

    def rounds_played(self) -> int:
        return self.round

    def study_marks(self, events: Sequence[Event]) -> list[Mark]:
        """A card lost to a hit, a counter gone from the board, and an objective tile taken,
        each with its tile (where a scenario's fighting and its objectives really are); and
        who holds the initiative each round."""
        out = []
        for e in events:
            d = e.data
            if e.kind in MARKS:
                out.append(Mark(MARKS[e.kind], d["player"], self.round, d["tile"]))
            elif e.kind == EventKind.INITIATIVE:
                out.append(Mark(INITIATIVE, d["initiative"], self.round))
            elif e.kind == EventKind.CONTROL and self.sc.objective[self.sc.tile_index[d["tile"]]]:
                out.append(Mark(OBJECTIVE_TAKEN, d["player"], self.round, d["tile"]))
        return out

    def _estimate(self, player: str) -> float | None:
        """The scenario's fitted chance of winning (``outlook.py``) as a value in -1..1; for
        a scenario without one, the heuristic's board value squashed (a point of objectives
        is worth about 0.3)."""
        me = self.sc.players.index(player)
        weights = self.sc.outlook
        if weights is None:
            return math.tanh(evaluate(self, me) / ESTIMATE_SCALE)
        first = 2.0 * first_side_chance(self, weights) - 1.0
        return first if me == 0 else -first

    def _view(self, player: str | None) -> dict[str, Any]:
        return views.view(self, player)

    def _copy(self) -> Self:
        """Written out, where the core would write it from the layout: a compiled class's
        fields are quickest read natively (``fields_are_declared`` holds it to LAYOUT)."""
        twin = self.__class__.__new__(self.__class__)
        twin.sc = self.sc
        twin.sides = [self.sides[0].copy(), self.sides[1].copy()]
        twin.rng = self.rng.clone()
        twin.phase = self.phase
        twin.initiative = self.initiative
        twin.active = self.active
        twin.turns_done = self.turns_done
        twin.round = self.round
        twin.pending = self.pending
        twin.max_rounds = self.max_rounds
        twin.revealed = self.revealed
        twin.notes = self.notes[:]
        twin.beliefs = self.beliefs
        twin._draws_before = self._draws_before
        return twin

    def _resample(self, player: str, seed: int) -> Self:
        return hidden.resample(self, self.sc.players.index(player), seed)

    # ---- conveniences for interfaces, agents and tests -------------------------------------
    def side(self, player: str) -> SideState:
        return self.sides[self.sc.players.index(player)]

    def points(self, side: int) -> int:
        """Objective points of the tiles ``side`` controls (a plain loop: the heuristic's
        evaluation asks it at every position it judges)."""
        marks, objective = self.sides[side].marks, self.sc.objective
        total = 0
        for t in self.sc.objective_tiles:
            if marks[t] == 2:
                total += objective[t]
        return total
