"""Undaunted's numeric observation: a seat's view as numbers, laid out per scenario.

Everything is seen from the seat's side: blocks about "mine" come first, then "theirs", so
one network can learn from both seats. The layout (docs/dev/undaunted.md lists it block by block):
who acts, the round, the card being resolved, the tiles with their cover, objectives and
markers, every counter's tile and suppression, each side's public zones, and the seat's own
hand, discard pile, removed cards and bid. Hidden zones never appear: the view has none.

``quick`` reads the same numbers from the state's short lists of counts (an environment's
step would otherwise be mostly the view's dictionaries); it is tested against the view's
encoding for every seat at every step of random games.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from wartable.core.observation import Feature, Observer, Quick, counts, one_hot, scaled
from wartable.games.undaunted.model import NO_BID
from wartable.games.undaunted.phases import Phase
from wartable.games.undaunted.rules.victory import pinned
from wartable.games.undaunted.scenario import Scenario

if TYPE_CHECKING:
    from wartable.core.state import GameState
    from wartable.games.undaunted.state import UndauntedState

PENDING = (
    *("move", "scout", "stalk", "attack", "suppress", "target"),
    *("guide-pick", "guide", "bolster", "inspire", "command"),
)
MOST_CARDS = 40  # a zone's count is shared out of this many (a deck of any scenario holds fewer)
MOST_COVER = 5
MOST_POINTS = 10
MARKS = ("scouted", "controlled")
# a zone's count as its share, ``scaled(n, MOST_CARDS)`` read from a table (asked of every
# card kind of every zone at every step of an environment)
SHARES = tuple(scaled(n, MOST_CARDS) for n in range(MOST_CARDS + 1))


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
        self.at = self.offsets()
        self._bases: dict[Hashable, list[float]] = {}

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

    # ---- the shortcut: the same numbers from the state's lists ----------------------------
    def quick(self, state: GameState, player: str) -> Quick | None:
        """``_encode``'s numbers read from the state: of the other side only what its view
        shows (sizes, supply, play area, markers, counters, a bid once revealed)."""
        if state.game_name != "undaunted":
            return None
        st = cast("UndauntedState", state)
        sc = st.sc
        if sc is not self.sc and sc.id != self.sc.id:
            return None
        at = self.at
        me = sc.players.index(player)
        places: list[int] = []
        values: list[float] = []
        put, value = places.append, values.append
        bidding = st.phase == Phase.BID
        put(at["phase"] + (0 if bidding else 1))
        value(1.0)
        put(at["round"])
        value(scaled(st.round, self.max_rounds))
        acting = at["acting"]
        places.extend((acting, acting + 1, acting + 2))
        values.extend(
            (
                float(st.initiative == me),
                float(not bidding and st.active == me),
                float(player in st.current_players),
            )
        )
        p = st.pending
        if p is not None:
            if p.verb in PENDING:
                put(at["pending.choice"] + PENDING.index(p.verb))
                value(1.0)
            put(at["pending.card"] + p.kind)
            value(1.0)
            if p.unit >= 0:
                put(at["pending.unit"] + p.unit)
                value(1.0)
            put(at["pending.left"])
            value(scaled(p.left, 10))
        tiles = len(self.tiles)
        block = 2 + tiles
        for who, i in (("mine", me), ("theirs", 1 - me)):
            s = st.sides[i]
            k = at[f"{who}.sizes"]
            places.extend((k, k + 1, k + 2, k + 3))
            values.extend(
                _share(n) for n in (sum(s.hand), len(s.deck), sum(s.discard), sum(s.removed))
            )
            self._zone(at[f"{who}.supply"], s.supply, places, values)
            self._zone(at[f"{who}.play_area"], s.play, places, values)
            k = at[f"{who}.points"]
            places.extend((k, k + 1))
            values.extend((scaled(st.points(i), MOST_POINTS), scaled(sc.goal[i] or 0, MOST_POINTS)))
            k = at[f"{who}.flags"]
            places.extend((k, k + 1))
            values.extend((float(pinned(st, i)), float(bidding and s.bid != NO_BID)))
            if s.target >= 0:
                put(at[f"{who}.target"] + s.target)
                value(1.0)
            k = at[f"{who}.marks"]
            for t, mark in enumerate(s.marks):
                if mark:  # 1 scouted, 2 controlled: MARKS in that order
                    put(k + 2 * t + mark - 1)
                    value(1.0)
            k = at[f"{who}.counters"]
            for u, tile in enumerate(s.pos):
                if tile >= 0:
                    start = k + block * u
                    places.extend((start, start + 1, start + 2 + tile))
                    values.extend((1.0, float(bool(s.supp[u])), 1.0))
            if st.revealed is not None and st.revealed[i] >= 0:
                put(at[f"{who}.bid"] + st.revealed[i])
                value(1.0)
        s = st.sides[me]
        self._zone(at["hand"], s.hand, places, values)
        self._zone(at["discard"], s.discard, places, values)
        self._zone(at["removed"], s.removed, places, values)
        if s.bid >= 0 and bidding:
            put(at["my_bid"] + s.bid)
            value(1.0)
        end = st.outcome
        if end is not None:
            winner = end.winner
            put(at["outcome"] + (0 if winner == player else 2 if winner is None else 1))
            value(1.0)
        return player, places, values

    def base(self, key: Hashable) -> list[float]:
        """A seat's numbers that stay: its seat, and the tiles' cover, hills and objectives."""
        made = self._bases.get(key)
        if made is not None:
            return made
        if key not in self.sc.players:
            return super().base(key)
        sc = self.sc
        blocks: dict[str, list[float]] = {f.name: [0.0] * f.size for f in self.features}
        blocks["seat"] = one_hot(key, list(sc.players))
        tiles = range(len(self.tiles))
        blocks["tiles.cover"] = [scaled(sc.cover[t], MOST_COVER) for t in tiles]
        blocks["tiles.hill"] = [float(sc.hill[t]) for t in tiles]
        blocks["tiles.cover_vs_hill"] = [
            scaled((sc.cover_hill[t] if sc.hill[t] else None) or 0, MOST_COVER) for t in tiles
        ]
        blocks["tiles.objective"] = [scaled(sc.objective[t], MOST_POINTS) for t in tiles]
        made = self._bases[key] = [x for f in self.features for x in blocks[f.name]]
        return made

    @staticmethod
    def _zone(start: int, zone: list[int], places: list[int], values: list[float]) -> None:
        """``counts`` of a zone held as counts per card kind."""
        for k, n in enumerate(zone):
            if n:
                places.append(start + k)
                values.append(SHARES[n] if n <= MOST_CARDS else 1.0)


def _share(n: int) -> float:
    return SHARES[n] if 0 <= n <= MOST_CARDS else scaled(n, MOST_CARDS)
