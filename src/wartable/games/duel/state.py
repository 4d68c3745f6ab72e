"""The duel's state: plain data (lists of card ids, numbers) and the core's hooks, each a
line that hands the work to the rules, the view or the sampler."""

from __future__ import annotations

from typing import Any, Self

from wartable.core.rng import Rng
from wartable.core.state import GameState
from wartable.games.duel.content import Card
from wartable.games.duel.verbs import GRAMMAR
from wartable.games.duel.view import view


class DuelState(GameState):
    game_name = "duel"
    grammar = GRAMMAR  # its two verbs and its one moment (verbs.py): the hooks of its actions
    game_version = "1"  # bump when a rule change would replay saved games differently

    cards: dict[str, Card]  # static: shared by every clone
    start_strength: int
    rng: Rng
    strength: list[int]
    guard: list[bool]
    hands: list[list[str]]  # hidden from the other side
    decks: list[list[str]]  # hidden from both: the order is the future
    discards: list[list[str]]  # face up
    to_act: int
    turns: int

    # ---- the core's hooks ------------------------------------------------------------------
    def _copy(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        twin.cards, twin.start_strength = self.cards, self.start_strength
        twin.rng = self.rng.clone()
        twin.strength, twin.guard = list(self.strength), list(self.guard)
        twin.hands = [list(h) for h in self.hands]
        twin.decks = [list(d) for d in self.decks]
        twin.discards = [list(d) for d in self.discards]
        twin.to_act, twin.turns = self.to_act, self.turns
        return twin

    def _resample(self, player: str, seed: int) -> Self:
        """What ``player`` cannot see drawn afresh: the other hand and both decks' order. The
        cards drawn from are sorted first, so the sample depends only on what is known."""
        twin = self._copy()
        rng = Rng(seed)
        me = self.players.index(player)
        for side in (0, 1):
            unseen = rng.unseen(self.decks[side] + ([] if side == me else self.hands[side]))
            keep = 0 if side == me else len(self.hands[side])
            if side != me:
                twin.hands[side] = sorted(unseen[:keep])
            twin.decks[side] = unseen[keep:]
        twin.rng = Rng(rng.next64())  # the dice to come are unknown too
        return twin

    def _snapshot(self) -> dict[str, Any]:
        return {
            "rng": [self.rng.seed, self.rng.counter],
            "strength": self.strength,
            "guard": self.guard,
            "hands": self.hands,
            "decks": self.decks,
            "discards": self.discards,
            "to_act": self.to_act,
            "turns": self.turns,
        }

    def _view(self, player: str | None) -> dict[str, Any]:
        return view(self, player)

    def _estimate(self, player: str) -> float | None:
        me = self.players.index(player)
        return (self.strength[me] - self.strength[1 - me]) / self.start_strength

    def rounds_played(self) -> int:
        return self.turns // 2 + 1
