"""The duel's numeric observation: the smallest example of a game's layout (a new game
copies this shape). Mine before theirs, so one network can play either seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wartable.core.observation import Feature, Observer, counts, one_hot, scaled
from wartable.games.duel.content import CardsFile


class DuelObserver(Observer):
    def __init__(self, data: CardsFile, players: Sequence[str]) -> None:
        self.players = tuple(players)
        self.cards = sorted(data.cards)
        self.deck = sum(c.copies for c in data.cards.values())
        self.strength = data.start.strength
        k = len(self.cards)
        sides = [
            block
            for who in ("mine", "theirs")
            for block in (
                Feature(f"{who}.strength", 1, "strength / the starting strength"),
                Feature(f"{who}.guard", 1, "the guard is raised"),
                Feature(f"{who}.sizes", 2, "hand and deck: cards / the deck's size"),
                Feature(f"{who}.discard", k, "cards of each kind discarded / the deck's size"),
            )
        ]
        super().__init__(
            [
                Feature("seat", len(self.players), "the seat seen from"),
                Feature("to_act", 1, "I must act"),
                *sides,
                Feature("hand", k, "my hand: cards of each kind / the deck's size"),
            ]
        )

    def _encode(self, view: Mapping[str, Any]) -> Mapping[str, Sequence[float]]:
        me = view["you"]
        them = next(p for p in self.players if p != me)
        out: dict[str, Sequence[float]] = {
            "seat": one_hot(me, self.players),
            "to_act": [float(view["to_act"] == me)],
        }
        for who, name in (("mine", me), ("theirs", them)):
            side = view["sides"][name]
            out[f"{who}.strength"] = [scaled(side["strength"], self.strength)]
            out[f"{who}.guard"] = [float(side["guard"])]
            out[f"{who}.sizes"] = [
                scaled(side["hand_size"], self.deck),
                scaled(side["deck_size"], self.deck),
            ]
            discard: dict[str, int] = {}
            for key in side["discard"]:
                discard[key] = discard.get(key, 0) + 1
            out[f"{who}.discard"] = counts(discard, self.cards, self.deck)
        hand: dict[str, int] = {}
        for key in view["sides"][me].get("hand", []):
            hand[key] = hand.get(key, 0) + 1
        out["hand"] = counts(hand, self.cards, self.deck)
        return out
