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

ACTIVE = "active"


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
    sabotaged: list[bool]
    deck: list[str]  # situation cards, the top at the end: hidden from all
    known_bottom: int  # how many cards at the bottom everyone saw go there, in order
    hands: list[list[str]]  # per seat, the cards kept: its holder's alone (Q33)
    queue: list[tuple[int, str]]  # immediate cards waiting to resolve, in seat order
    pending: tuple[str, int, str, int] | None  # a decision a card asks: kind, seat, card, unit
    after_cards: str  # what follows when the queue is empty: "setup" or "initiative"
    defensive: list[int]  # per seat, Defensive / Aggressive combat played this round
    aggressive: list[int]
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

    def can_act(self, i: int) -> bool:
        """On the map and not a sabotaged tank (DH-64, DH-79)."""
        return self.status[i] == ACTIVE and not self.sabotaged[i]

    def bonus(self, i: int) -> int:
        return self.lib.rank(self.units[i].missions).bonus

    # ---- the core's hooks ------------------------------------------------------------------
    def seat_of(self, i: int) -> int:
        return self.units[i].seat

    def _current_players(self) -> tuple[str, ...]:
        return () if self.phase == "over" else (self.players[self.seat],)

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
        twin.sabotaged, twin.deck, twin.known_bottom = (
            list(self.sabotaged),
            list(self.deck),
            self.known_bottom,
        )
        twin.hands, twin.queue, twin.pending = (
            [list(h) for h in self.hands],
            list(self.queue),
            self.pending,
        )
        twin.after_cards = self.after_cards
        twin.defensive, twin.aggressive = list(self.defensive), list(self.aggressive)
        twin.turn, twin.seat = self.turn, self.seat
        return twin

    def _resample(self, player: str, seed: int) -> Self:
        """Everything on the map is public. Not known to ``player``: the other seats' kept
        cards and the deck's order above the cards everyone saw go under it, and the dice to
        come. Those cards are dealt again from what they could be, sorted first so the sample
        depends only on what the player knows."""
        twin = self._copy()
        rng = Rng(seed)
        me = self.players.index(player)
        unseen = list(self.deck[self.known_bottom :])
        for s, hand in enumerate(self.hands):
            if s != me:
                unseen += hand
        unseen.sort()
        rng.shuffle(unseen)
        for s, hand in enumerate(self.hands):
            if s != me:
                twin.hands[s], unseen = sorted(unseen[: len(hand)]), unseen[len(hand) :]
        twin.deck = list(self.deck[: self.known_bottom]) + unseen
        twin.rng = Rng(rng.next64())
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
            "sabotaged": self.sabotaged,
            "deck": self.deck,
            "known_bottom": self.known_bottom,
            "hands": self.hands,
            "queue": self.queue,
            "pending": self.pending,
            "after_cards": self.after_cards,
            "defensive": self.defensive,
            "aggressive": self.aggressive,
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
