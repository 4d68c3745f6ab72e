"""The duel's state: plain data (lists of card ids, numbers) and the core's hooks, each a
line that hands the work to the rules, the view or the sampler."""

from __future__ import annotations

from typing import Any, Self

from wartable.core.layout import Layout, each, fresh, same
from wartable.core.rng import Rng
from wartable.core.state import GameState
from wartable.games.duel.content import Card
from wartable.games.duel.verbs import GRAMMAR
from wartable.games.duel.view import view

# every field by its part (core/layout.py): the clone's copy and the snapshot follow
LAYOUT = Layout(
    static=("cards", "start_strength"),
    public={"strength": fresh, "guard": fresh, "discards": each, "to_act": same, "turns": same},
    hidden={"rng": fresh, "hands": each, "decks": each},
)


class DuelState(GameState):
    game_name = "duel"
    grammar = GRAMMAR  # its two verbs and its one moment (verbs.py): the hooks of its actions
    layout = LAYOUT
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

    def _view(self, player: str | None) -> dict[str, Any]:
        return view(self, player)

    def _estimate(self, player: str) -> float | None:
        me = self.players.index(player)
        return (self.strength[me] - self.strength[1 - me]) / self.start_strength

    def rounds_played(self) -> int:
        return self.turns // 2 + 1
