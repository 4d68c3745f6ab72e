"""Undaunted's numeric observation: a seat's view as numbers, laid out per scenario.

Everything is seen from the seat's side: blocks about "mine" come first, then "theirs", so
one network can learn from both seats. The layout (docs/dev/undaunted.md lists it block by block):
who acts, the round, the card being resolved, the tiles with their cover, objectives and
markers, every counter's tile and suppression, each side's public zones, and the seat's own
hand, discard pile, removed cards and bid. Hidden zones never appear: the view has none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wartable.core.observation import Feature, Observer, counts, one_hot, scaled
from wartable.games.undaunted.phases import Phase
from wartable.games.undaunted.scenario import Scenario

PENDING = (
    *("move", "scout", "stalk", "attack", "suppress", "target"),
    *("guide-pick", "guide", "bolster", "inspire", "command"),
)
MOST_CARDS = 40  # a zone's count is shared out of this many (a deck of any scenario holds fewer)
MOST_COVER = 5
MOST_POINTS = 10
MARKS = ("scouted", "controlled")


class UndauntedObserver(Observer):
    def __init__(self, sc: Scenario, max_rounds: int) -> None:
        self.sc, self.max_rounds = sc, max_rounds
        self.kinds = [k.key for k in sc.kinds]
        self.units = [u.key for u in sc.units]
        self.tiles = list(sc.tiles)
        k, u, t = len(self.kinds), len(self.units), len(self.tiles)
        side_blocks: list[Feature] = []
        for who in ("mine", "theirs"):
            side_blocks += [
                Feature(f"{who}.sizes", 4, "hand, deck, discard pile, removed: counts / 40"),
                Feature(f"{who}.supply", k, "cards of each kind in supply / 40"),
                Feature(f"{who}.play_area", k, "cards of each kind in the play area / 40"),
                Feature(f"{who}.points", 2, "objective points and goal / 10 (0: no points goal)"),
                Feature(f"{who}.flags", 2, "pinned down; bid made this round"),
                Feature(f"{who}.target", t, "the tile of the mortar's target marker"),
                Feature(f"{who}.marks", 2 * t, "per tile: scouted, controlled"),
                Feature(f"{who}.counters", u * (2 + t), "per unit: on the map, suppressed, tile"),
                Feature(f"{who}.bid", k, "the bid revealed this round (a card kind)"),
            ]
        super().__init__(
            [
                Feature("seat", 2, "the seat seen from: first or second player of the scenario"),
                Feature("phase", 2, "bid, turn"),
                Feature("round", 1, "the round / the round limit"),
                Feature("acting", 3, "I hold the initiative; I am the active side; I must act"),
                Feature("pending.choice", len(PENDING), "the card action waiting for a choice"),
                Feature("pending.card", k, "the card being resolved"),
                Feature("pending.unit", u, "the counter it drives"),
                Feature("pending.left", 1, "steps, cards or draws still allowed / 10"),
                Feature("tiles.cover", t, "each tile's cover / 5"),
                Feature("tiles.hill", t, "each tile is a hill"),
                Feature("tiles.cover_vs_hill", t, "a hill's cover against hills and blasts / 5"),
                Feature("tiles.objective", t, "each tile's objective points / 10"),
                *side_blocks,
                Feature("hand", k, "my hand: cards of each kind / 40"),
                Feature("discard", k, "my discard pile: cards of each kind / 40"),
                Feature("removed", k, "my removed cards: each kind / 40"),
                Feature("my_bid", k, "the card I bid this round, while it is secret"),
                Feature("outcome", 3, "the game is over: won, lost, drawn"),
            ]
        )

    def _encode(self, view: Mapping[str, Any]) -> Mapping[str, Sequence[float]]:
        me = view["you"]
        players = list(self.sc.players)
        them = players[1 - players.index(me)]
        out: dict[str, Sequence[float]] = {
            "seat": one_hot(me, players),
            "phase": one_hot(view["phase"], (Phase.BID, Phase.TURN)),
            "round": [scaled(view["round"], self.max_rounds)],
            "acting": [
                float(view["initiative"] == me),
                float(view["active"] == me),
                float(me in view["to_act"]),
            ],
        }
        pending = view["pending"] or {}
        out["pending.choice"] = one_hot(pending.get("choice"), PENDING)
        out["pending.card"] = one_hot(pending.get("card"), self.kinds)
        out["pending.unit"] = one_hot(pending.get("unit"), self.units)
        out["pending.left"] = [scaled(pending.get("left", 0), 10)]
        tiles = {t["id"]: t for t in view["tiles"]}
        ordered = [tiles[t] for t in self.tiles]
        out["tiles.cover"] = [scaled(t["cover"], MOST_COVER) for t in ordered]
        out["tiles.hill"] = [float(t["hill"]) for t in ordered]
        out["tiles.cover_vs_hill"] = [
            scaled(t["cover_vs_hill_or_blast"] or 0, MOST_COVER) for t in ordered
        ]
        out["tiles.objective"] = [scaled(t["objective"], MOST_POINTS) for t in ordered]
        bids = view["bids"] or {}
        for who, name in (("mine", me), ("theirs", them)):
            side = view["sides"][name]
            sizes = ("hand_size", "deck_size", "discard_size", "removed_size")
            out[f"{who}.sizes"] = [scaled(side[s], MOST_CARDS) for s in sizes]
            out[f"{who}.supply"] = counts(side["supply"], self.kinds, MOST_CARDS)
            out[f"{who}.play_area"] = counts(side["play_area"], self.kinds, MOST_CARDS)
            out[f"{who}.points"] = [
                scaled(side["objective_points"], MOST_POINTS),
                scaled(side["goal"] or 0, MOST_POINTS),  # none: another way to win
            ]
            out[f"{who}.flags"] = [float(side["pinned_down"]), float(side["bid_made"])]
            out[f"{who}.target"] = one_hot(side["target"], self.tiles)
            out[f"{who}.marks"] = [
                float(t["markers"][name] == mark) for t in ordered for mark in MARKS
            ]
            out[f"{who}.counters"] = self._counters(view["counters"], name)
            out[f"{who}.bid"] = one_hot(bids.get(name), self.kinds)
        mine = view["sides"][me]
        out["hand"] = counts(mine.get("hand"), self.kinds, MOST_CARDS)
        out["discard"] = counts(mine.get("discard"), self.kinds, MOST_CARDS)
        out["removed"] = counts(mine.get("removed"), self.kinds, MOST_CARDS)
        out["my_bid"] = one_hot(mine.get("bid"), self.kinds)
        end = view["outcome"]
        winner = end["winner"] if end else ""
        out["outcome"] = [
            float(end is not None and winner == me),
            float(end is not None and winner == them),
            float(end is not None and winner is None),
        ]
        return out

    def _counters(self, counters: list[dict[str, Any]], side: str) -> list[float]:
        where = {c["unit"]: c for c in counters if c["side"] == side}
        out: list[float] = []
        for unit in self.units:
            c = where.get(unit)
            out += [float(c is not None), float(bool(c and c["suppressed"]))]
            out += one_hot(c["tile"] if c else None, self.tiles)
        return out
