"""Plain data of Undaunted's dynamic state: small lists of integers indexed by the scenario.

Card zones are counts per card kind (cards of one kind are interchangeable in play; the
names printed on them change nothing), except the deck, whose order matters.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from wartable.core.layout import plain

NO_BID = -1  # has not chosen yet
EMPTY_BID = -2  # had no card to bid


class Pending(NamedTuple):
    """A card action waiting for the player's next choice (a step, a target, a card...)."""

    verb: str
    kind: int  # the card being resolved
    unit: int  # the counter that acts or moves, -1 if none yet
    left: int  # steps, cards or draws still allowed
    squad: str | None = None  # squad restriction of bolster / inspire


# a side's fields, in order: named once here (snapshots read them; a class compiled with
# mypyc has no __slots__ to read)
SIDE_FIELDS = (
    "bid",
    "deck",
    "discard",
    "hand",
    "marks",
    "play",
    "pos",
    "removed",
    "supp",
    "supply",
    "target",
)


class SideState:
    __slots__ = SIDE_FIELDS

    deck: list[int]  # card kinds, top of the deck last
    hand: list[int]  # counts per card kind
    play: list[int]
    discard: list[int]
    supply: list[int]
    removed: list[int]
    pos: list[int]  # tile of each counter, -1 off the board
    supp: list[bool]  # counter suppressed
    marks: list[int]  # per tile: 0 none, 1 scouted, 2 controlled
    target: int  # tile of the mortar's target marker, -1 if none
    bid: int  # card kind bid for initiative this round, or NO_BID / EMPTY_BID

    def copy(self) -> SideState:
        twin = SideState.__new__(SideState)
        twin.deck = self.deck[:]
        twin.hand = self.hand[:]
        twin.play = self.play[:]
        twin.discard = self.discard[:]
        twin.supply = self.supply[:]
        twin.removed = self.removed[:]
        twin.pos = self.pos[:]
        twin.supp = self.supp[:]
        twin.marks = self.marks[:]
        twin.target = self.target
        twin.bid = self.bid
        return twin

    def snapshot(self) -> dict[str, Any]:
        return {name: plain(getattr(self, name)) for name in SIDE_FIELDS}

    def cards_of(self, kind: int) -> int:
        """Copies of a kind anywhere but removed from the game."""
        return (
            self.deck.count(kind)
            + self.hand[kind]
            + self.play[kind]
            + self.discard[kind]
            + self.supply[kind]
            + (1 if self.bid == kind else 0)
        )
