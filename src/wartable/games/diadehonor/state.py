"""Día de Honor's state: plain data (one list entry per unit) and the core's hooks, each a
line that hands the work to the rules or the view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from wartable.core.action import Action
from wartable.core.events import Event
from wartable.core.rng import Rng
from wartable.core.state import GameState
from wartable.games.diadehonor.content import Battle, Library, UnitType
from wartable.games.diadehonor.rules import flow, legal
from wartable.games.diadehonor.rules.victory import standing
from wartable.games.diadehonor.view import view

DEPLOY, INITIATIVE, ACTIVATE, OVER = "deploy", "initiative", "activate", "over"
RESERVE, ACTIVE, DEAD, WRECK = "reserve", "active", "dead", "wreck"


@dataclass(frozen=True, slots=True)
class Unit:
    """Who a unit is; what happens to it lives in the state's lists, by ``index``."""

    index: int
    key: str  # typed in actions: "axis-1/light-3"
    seat: int
    side: str
    type: str
    name: str
    missions: int


class DiaDeHonorState(GameState):
    game_name = "diadehonor"
    game_version = "1"  # bump when a rule change would replay saved games differently

    lib: Library  # static: shared by every clone
    battle: Battle
    max_rounds: int
    sides: tuple[str, ...]  # the side of each seat
    rng: Rng
    units: list[Unit]
    status: list[str]
    pos: list[int]  # square index, -1 while in reserve or dead
    wounds: list[int]
    prone: list[bool]
    actions: list[int]  # left this round
    attacked: list[bool]  # made its attack this round
    hit_by_infantry: set[int]  # enemy soldiers infantry attacked this round (artillery support)
    phase: str
    round: int
    order: tuple[str, ...]  # the sides in the order they activate this round
    turn: int  # which of ``order`` is activating
    seat: int  # the seat to act (deploying, choosing initiative, or activating)

    # ---- helpers the rules share --------------------------------------------------------
    def kind(self, i: int) -> UnitType:
        return self.lib.units[self.units[i].type]

    def on_map(self, i: int) -> bool:
        return self.status[i] == ACTIVE

    def at(self, square: int) -> int:
        """The unit (or wreck) on ``square``, or -1."""
        for u in self.units:
            if self.pos[u.index] == square and self.status[u.index] in (ACTIVE, WRECK):
                return u.index
        return -1

    def bonus(self, i: int) -> int:
        return self.lib.rank(self.units[i].missions).bonus

    # ---- the core's hooks ------------------------------------------------------------------
    def _current_players(self) -> tuple[str, ...]:
        return () if self.phase == OVER else (self.players[self.seat],)

    def _legal_actions(self, player: str) -> list[Action]:
        return legal.legal_actions(self, self.players.index(player))

    def _apply(self, player: str, action: Action) -> list[Event]:
        return flow.apply(self, self.players.index(player), action)

    def _explain_illegal(self, player: str, action: Action) -> str:
        return legal.why_not(self, self.players.index(player), action)

    def _copy(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        twin.lib, twin.battle, twin.max_rounds, twin.sides = (
            self.lib,
            self.battle,
            self.max_rounds,
            self.sides,
        )
        twin.rng = self.rng.clone()
        twin.units = list(self.units)
        twin.status, twin.pos, twin.wounds = list(self.status), list(self.pos), list(self.wounds)
        twin.prone, twin.actions = list(self.prone), list(self.actions)
        twin.attacked, twin.hit_by_infantry = list(self.attacked), set(self.hit_by_infantry)
        twin.phase, twin.round, twin.order = self.phase, self.round, self.order
        twin.turn, twin.seat = self.turn, self.seat
        return twin

    def _resample(self, player: str, seed: int) -> Self:
        """Everything on the map is public; what nobody knows is the dice to come."""
        twin = self._copy()
        twin.rng = Rng(Rng(seed).next64())
        return twin

    def _snapshot(self) -> dict[str, Any]:
        return {
            "rng": [self.rng.seed, self.rng.counter],
            "units": [[u.key, u.name, u.missions] for u in self.units],
            "status": self.status,
            "pos": self.pos,
            "wounds": self.wounds,
            "prone": self.prone,
            "actions": self.actions,
            "attacked": self.attacked,
            "hit_by_infantry": sorted(self.hit_by_infantry),
            "phase": self.phase,
            "round": self.round,
            "order": list(self.order),
            "turn": self.turn,
            "seat": self.seat,
        }

    def _view(self, player: str | None) -> dict[str, Any]:
        return view(self, player)

    def _estimate(self, player: str) -> float | None:
        return standing(self, self.sides[self.players.index(player)])

    def rounds_played(self) -> int:
        return self.round
