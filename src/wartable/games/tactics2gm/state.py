"""2GM Tactics' state: plain data (lists, numbers, pieces) and the core's hooks, each handing
the work to the rules, the view or the sampler."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from wartable.core.action import Action
from wartable.core.events import Event
from wartable.core.layout import Layout, by_key, each, fresh, maybe, same
from wartable.core.marks import INITIATIVE, Mark
from wartable.core.rng import Rng
from wartable.core.state import GameState
from wartable.core.verbs import Grammar
from wartable.games.tactics2gm import labels, outlook
from wartable.games.tactics2gm.content import HQ, Library
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import Piece
from wartable.games.tactics2gm.phases import AssaultStage, Phase
from wartable.games.tactics2gm.rules import air, hands
from wartable.games.tactics2gm.rules.common import SIDES, hqs, seats_of
from wartable.games.tactics2gm.rules.field import Field
from wartable.games.tactics2gm.rules.setup import Placed
from wartable.games.tactics2gm.scenario import Scenario
from wartable.games.tactics2gm.space import Domains
from wartable.games.tactics2gm.verbs import GRAMMAR
from wartable.games.tactics2gm.view import view
from wartable.geometry.squaregrid import Square

# every field by its part (core/layout.py): the clone's copy and the snapshot follow
LAYOUT = Layout(
    static=(
        *("lib", "armies", "laid", "ground", "max_rounds", "time_limit", "hq", "extensive"),
        *("ground_equipment", "late_terrain", "novice", "brief", "walls", "seat_side"),
        *("field", "outlook"),
    ),
    public={
        **dict.fromkeys(("discards", "pieces"), each),
        **dict.fromkeys(("ap", "passed", "hq_hp", "generals", "budget", "destroyed"), fresh),
        **dict.fromkeys(("serial", "terrain", "owner", "card_wear", "tile_wear"), fresh),
        **dict.fromkeys(("ruins", "laid_count", "picked", "screens", "asking"), fresh),
        **dict.fromkeys(("dropped", "fired_at"), by_key),
        "sortie": maybe,
        **dict.fromkeys(("gave", "phase", "active", "first", "winner_of_bid", "turn"), same),
        **dict.fromkeys(("equipping", "storming", "stage", "aim"), same),
    },
    # the dice to come, the decks' order, the hands; a bid or a mulligan choice until shown
    hidden={"rng": fresh, "decks": each, "hands": each, "bids": fresh, "redraws": fresh},
)


class Tactics2GMState(GameState):
    game_name = "tactics2gm"
    game_version = "14"  # bump when a rule change would replay saved games differently
    grammar: ClassVar[Grammar[Tactics2GMState, Domains]] = GRAMMAR  # every verb, every moment
    layout = LAYOUT

    # static: shared by every clone
    lib: Library
    armies: tuple[str, str]  # the army of each side
    laid: tuple[Placed, ...]  # the tiles, as laid at set-up
    ground: tuple[str, ...]  # each square's tile feature, by the grid's index
    max_rounds: int  # the safety limit
    time_limit: int  # a timed battle's rounds, then one last turn each (GM-102); 0: none
    hq: HQ  # the HQ of this battle: the data's, with the income chosen (A-3, an option)
    extensive: bool  # extensive terrain (GM-107)
    ground_equipment: bool  # a fallen infantry's equipment stays on its square (GM-106)
    late_terrain: bool  # terrain bought in the own Deployment phase (GM-13)
    novice: tuple[bool, bool]  # a novice's +1 AP a turn (GM-108)
    brief: Scenario | None  # the scenario's data; None: a pitched battle, won by an HQ's fall
    walls: frozenset[frozenset[Square]]  # square pairs a river parts, bridges left open
    seat_side: tuple[int, ...]  # each seat's side; a side's first seat is its Marshal
    field: Field  # one field, or two side by side for four players (GM-105)
    outlook: tuple[float, ...] | None  # the scenario's fitted estimate (estimates.py), if any

    rng: Rng  # the dice and shuffles to come
    # by seat (one a side but in team play, A-25)
    decks: list[list[str]]  # hidden from all: the order is the future
    hands: list[list[str]]  # hidden from the other side
    discards: list[list[str]]  # face up
    ap: list[int]  # public
    redraws: list[bool | None]  # mulligan choices, secret until every seat has chosen
    passed: list[bool]  # done with the phase: its side's phase ends when all its seats are
    gave: bool  # the Marshal's AP to his teammate this turn (GM-104)
    # by side
    pieces: list[Piece]  # units in play, in the order they came
    serial: dict[str, int]  # how many of each card have come into play
    terrain: dict[Square, str]  # terrain cards on the field (mines included), open
    owner: dict[Square, int]  # who laid each: mines attack the other side
    card_wear: dict[Square, int]  # PI a terrain card has lost (GM-65)
    tile_wear: dict[Square, int]  # PI a tile's forest or hedge has lost (GM-53, A-16)
    ruins: set[Square]  # buildings shot down: the card turned over (GM-65)
    laid_count: dict[str, int]  # terrain cards taken from the shared deck
    # equipment tokens lying on squares, open to all: (token, ready or disabled) (GM-106)
    dropped: dict[Square, list[tuple[str, str]]]
    picked: set[tuple[str, str]]  # this turn: (unit, slot) changed from the ground
    hq_hp: list[int]  # by HQ: one a side, or two (see rules.common.hqs)
    generals: list[str | None]  # by HQ
    phase: Phase  # the opening's, a turn's, or over (phases.py)
    active: int  # the side whose turn it is, or who places terrain
    first: int  # who plays the first turn (-1 until chosen)
    winner_of_bid: int  # the side that won the bid for the first turn (-1 until then)
    turn: int  # turns begun (1: the first player's first)
    bids: list[int | None]  # secret until both have bid
    budget: list[int]  # AP each bid, to buy terrain with
    equipping: str  # the unit being equipped as it deploys, or ""
    storming: str  # the assaulter whose assault is being resolved (GM-33), or ""
    stage: AssaultStage  # of that assault: "react" (its defender's weapon), "strike", ""
    screens: dict[Square, int]  # smoke screens, by the side whose next Inicio lifts them
    aim: tuple[int, Action] | None  # a seat's action held while its targets' side decides on smoke
    asking: list[str]  # the units aimed at whose grenades are still to be decided (GM-80)
    sortie: air.Sortie | None  # an attack from the air held during the air combat (GM-69)
    fired_at: dict[str, list[str]]  # this turn: target -> units able to hurt it that fired
    destroyed: list[int]  # units each side lost

    # ---- the core's hooks ------------------------------------------------------------------
    def _resample(self, player: str, seed: int) -> Self:
        """What ``player`` cannot see drawn afresh: the other side's hands, every deck's order,
        a bid or a mulligan choice the other side has made but not shown, and the dice to
        come. The unseen cards are sorted first, so a sample depends only on what is known
        (every deck's list is public: each side fields a named deck; a team's two decks are
        drawn as one, since how it was dealt between them is unseen)."""
        twin = self._copy()
        rng = Rng(seed)
        me = self.seat_side[self.players.index(player)]
        other = 1 - me
        theirs = seats_of(self, other)
        if self.phase == Phase.BID and self.bids[other] is not None:
            pool = sum(self.ap[k] for k in theirs)
            twin.bids[other] = rng.below(min(self.hq.bid_max, pool) + 1)
        if self.phase == Phase.MULLIGAN:
            for k in theirs:  # a hand the scenario lets no one send back is kept: known
                if self.redraws[k] is not None and hands.may_redraw(self, k):
                    twin.redraws[k] = bool(rng.below(2))
        held = self.aim[1] if self.aim is not None and self.aim[0] in theirs else None
        shown = (  # a support card stays in the hand until it is used; a bomber is aloft
            (self.aim[0], held.args[0])
            if self.aim is not None
            and held is not None
            and held.verb == "play"
            and held.args[0] in self.lib.support
            else None
        )
        for side in (0, 1):
            seats = seats_of(self, side)
            hidden = {k: [] if side == me else list(self.hands[k]) for k in seats}
            if shown is not None and shown[0] in hidden:  # a card held while smoke is decided
                hidden[shown[0]].remove(shown[1])
            unseen = rng.unseen(c for k in seats for c in self.decks[k] + hidden[k])
            for k in seats:
                n, m = len(hidden[k]), len(self.decks[k])
                if side != me:
                    extra = [shown[1]] if shown is not None and shown[0] == k else []
                    twin.hands[k] = sorted(unseen[:n] + extra)
                    unseen = unseen[n:]
                twin.decks[k], unseen = unseen[:m], unseen[m:]
        twin.rng = Rng(rng.next64())
        return twin

    def _teams(self) -> dict[str, tuple[str, ...]]:
        """The two armies, each with its seats (GM-103 to GM-105): a side wins or loses
        whole, its Marshal's seat first."""
        return {
            SIDES[side]: tuple(
                p for p, s in zip(self.players, self.seat_side, strict=True) if s == side
            )
            for side in (0, 1)
        }

    def _view(self, player: str | None) -> dict[str, Any]:
        return view(self, player)

    def _action_info(self, player: str, action: Action) -> dict[str, Any]:
        return labels.action_info(self, action)

    def _estimate(self, player: str) -> float | None:
        me = self.seat_side[self.players.index(player)]
        if self.outlook is not None:  # fitted to who wins (outlook.py)
            first = 2.0 * outlook.allies_chance(self, self.outlook) - 1.0
            return first if me == 0 else -first
        full = self.hq.hit_points  # the weakest HQ of each side: one falling decides
        mine, theirs = (min(self.hq_hp[h] for h in hqs(self, s)) for s in (me, 1 - me))
        return (mine - theirs) / full

    def rounds_played(self) -> int:
        return max(1, (self.turn + 1) // 2)

    def study_marks(self, events: Sequence[Event]) -> list[Mark]:
        """The side that takes the first turn (its Marshal's seat): turns alternate after."""
        return [
            Mark(INITIATIVE, e.data["player"], 1)
            for e in events
            if e.kind == EventKind.TURN and e.data.get("turn") == 1
        ]

    # ---- helpers the rules share -----------------------------------------------------------
    def piece(self, unit: str) -> Piece | None:
        return next((p for p in self.pieces if p.id == unit), None)

    def units_at(self, sq: Square) -> list[Piece]:
        """Every unit on ``sq``: the one holding it, infantry beside it (GM-35), any unit
        assaulting them (GM-32)."""
        return [p for p in self.pieces if p.sq == sq]

    def army(self, side: int) -> str:
        return self.armies[side]
