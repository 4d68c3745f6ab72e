"""Día de Honor's state: plain data (one list entry per unit) and the core's hooks, each a
line that hands the work to the rules or the view."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from wartable.core.action import Action
from wartable.core.events import Event
from wartable.core.layout import Layout, each, fresh, same
from wartable.core.marks import INITIATIVE, Mark
from wartable.core.rng import Rng
from wartable.core.state import GameState
from wartable.games.diadehonor import outlook
from wartable.games.diadehonor.content import Battle, Library, UnitType, type_title
from wartable.games.diadehonor.event_kinds import EventKind
from wartable.games.diadehonor.model import ACTIVE, LIVING, RESERVE, Benched, Status, Unit
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.rules import cards, objectives, odds
from wartable.games.diadehonor.rules.listing import Listed
from wartable.games.diadehonor.rules.victory import standing
from wartable.games.diadehonor.verbs import GRAMMAR
from wartable.games.diadehonor.view import view

# every field by its part (core/layout.py): the clone's copy and the snapshot follow
LAYOUT = Layout(
    static=("lib", "battle", "max_rounds", "sides", "rostered", "pool", "outlook"),
    public={
        **dict.fromkeys(("units", "bench", "status", "pos", "wounds", "prone"), fresh),
        **dict.fromkeys(("actions", "attacked", "hit_by_infantry", "sabotaged"), fresh),
        **dict.fromkeys(("carried", "killer", "death", "aim", "queue"), fresh),
        **dict.fromkeys(("defensive", "aggressive"), fresh),
        "known_hands": each,
        "ruled_out": each,
        **dict.fromkeys(("known_bottom", "pending", "after_cards"), same),
        **dict.fromkeys(("phase", "round", "order", "turn", "seat"), same),
    },
    # the dice to come, the deck's order, the cards kept and the secret objectives (Q33)
    hidden={"rng": fresh, "deck": fresh, "hands": each, "objectives": fresh},
    # the kills counted when objectives were last reviewed; each unit's actions last listed
    memo={"reviewed_kills": same, "listed": fresh},
)


class DiaDeHonorState(GameState):
    game_name = "diadehonor"
    grammar = GRAMMAR  # every verb, every moment (verbs.py): the hooks of its actions
    layout = LAYOUT
    game_version = "5"  # bump when a rule change would replay saved games differently

    lib: Library  # static: shared by every clone
    battle: Battle  # the battlefield: its squares, terrain, deployment zones
    max_rounds: int  # the safety limit on rounds
    sides: tuple[str, ...]  # the side of each seat
    rng: Rng  # the dice and shuffles to come
    units: list[Unit]  # who each unit is (Unit): what happens to it is in the lists below
    rostered: tuple[bool, ...]  # static: per seat, whether it brought a roster (option squads)
    bench: list[tuple[Benched, ...]]  # per seat, roster soldiers not yet fielded, in order
    status: list[Status]  # in reserve, on the map, dead, or a wreck (model.Status)
    pos: list[int]  # square index, -1 while in reserve or dead
    wounds: list[int]  # wounds taken
    prone: list[bool]  # lying down (DH-20)
    actions: list[int]  # left this round
    attacked: list[bool]  # made its attack this round
    hit_by_infantry: set[int]  # enemy soldiers infantry attacked this round (artillery support)
    sabotaged: list[bool]  # a tank sabotaged: it can no longer act (DH-64)
    carried: list[str]  # the unit card a unit came with, kept while it lives (DH-57), or ""
    killer: list[int]  # the seat credited with a unit's death (its objectives count it), or -1
    death: list[str]  # how a unit died ("fire", "blast", "aimed", "melee", "grenade", "mine",
    # "air"), "" while it lives
    aim: dict[int, tuple[int, int, int]]  # per sniper: target, aims in a row, round last aimed
    deck: list[str]  # situation cards, the top at the end: hidden from all
    known_bottom: int  # how many cards at the bottom everyone saw go there, in order
    hands: list[list[str]]  # per seat, the cards kept: its holder's alone (Q33)
    # per seat, the cards of its hand that everyone saw go there (drawn from the known
    # bottom) and that it still holds: a sample keeps them where they are
    known_hands: list[list[str]]
    queue: list[tuple[int, str]]  # immediate cards waiting to resolve, in seat order
    # a decision a card asks: kind, the seat to decide, card, unit, the seat that drew it
    pending: tuple[str, int, str, int, int] | None
    after_cards: str  # what follows when the queue is empty: "setup" or "initiative"
    pool: tuple[str, ...]  # static: the secret objectives this battlefield deals (Q3)
    outlook: tuple[float, ...] | None  # static: the battlefield's fitted estimate, if any
    objectives: list[str]  # per seat, its secret objective: its holder's alone (Q33)
    ruled_out: list[set[str]]  # per seat, objectives it cannot hold, as all have seen them met
    reviewed_kills: int  # a memo: the kills counted when objectives were last reviewed
    listed: Listed  # a memo: each unit's actions as last listed, and the board then (listing.py)
    defensive: list[int]  # per seat, Defensive combat played this round
    aggressive: list[int]  # per seat, Aggressive combat played this round
    phase: Phase  # phases.py
    round: int  # rounds begun
    order: tuple[str, ...]  # the sides in the order they activate this round
    turn: int  # which of ``order`` is activating
    seat: int  # the seat to act (deploying, choosing initiative, or activating)

    # ---- helpers the rules share --------------------------------------------------------
    def no_units(self) -> None:
        """Every per-unit list empty, before the units are enlisted (``enlist``)."""
        self.units = []
        self.status, self.pos, self.wounds, self.prone, self.actions = [], [], [], [], []
        self.attacked, self.sabotaged, self.carried, self.killer, self.death = [], [], [], [], []
        self.hit_by_infantry, self.aim = set(), {}

    def enlist(
        self,
        seat: int,
        type_: str,
        name: str = "",
        missions: int = 0,
        card: str = "",
        roster: str = "",
    ) -> int:
        """A new unit of ``seat``, in reserve; every per-unit list grows by one here and
        nowhere else. Its key names its seat, type and slot: the first number of that type no
        unit of the seat still alive holds, so a unit a card brings again after the first was
        killed takes its slot, and the action space stays finite. Without a name it is
        called by its key."""
        held = {u.key for u in self.units if u.seat == seat and self.status[u.index] in LIVING}
        n = 1
        while f"{self.players[seat]}/{type_}-{n}" in held:
            n += 1
        key = f"{self.players[seat]}/{type_}-{n}"
        i = len(self.units)
        self.units.append(
            Unit(i, key, seat, self.sides[seat], type_, name or key, missions, roster)
        )
        self.status.append(RESERVE)
        self.pos.append(-1)
        self.wounds.append(0)
        self.prone.append(False)
        self.actions.append(0)
        self.attacked.append(False)
        self.sabotaged.append(False)
        self.carried.append(card)
        self.killer.append(-1)
        self.death.append("")
        return i

    def call_up(self, seat: int, type_: str, card: str = "") -> int:
        """A new unit of ``seat``'s ``type_`` (DH-50): the first soldier of that type waiting
        on the seat's bench, with his name, missions and roster id, who leaves the bench;
        else a new recruit, a private with no mission (DH-46), named "Light 7" and so on
        where the seat brought a roster (so that the roster may keep him), by his key where
        it did not."""
        waiting = self.bench[seat]
        for n, (roster, t, name, missions) in enumerate(waiting):
            if t == type_:
                self.bench[seat] = waiting[:n] + waiting[n + 1 :]
                return self.enlist(seat, type_, name, missions, card, roster)
        name = ""
        if self.rostered[seat]:
            taken = {u.name for u in self.units if u.seat == seat} | {b[2] for b in waiting}
            n = 1
            while f"{type_title(type_)} {n}" in taken:
                n += 1
            name = f"{type_title(type_)} {n}"
        return self.enlist(seat, type_, name, card=card)

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

    def _action_info(self, player: str, action: Action) -> dict[str, Any]:
        return odds.action_info(self, action)

    def _resample(self, player: str, seed: int) -> Self:
        """Everything on the map is public, and so are the roster soldiers on each bench
        (kept as they are). Not known to ``player``: the other seats' kept cards (but those
        everyone saw go into a hand) and secret objectives, the deck's order above the cards
        everyone saw go under it, and the dice to come. Those are dealt again from what they
        could be, seat by seat (``cards.redeal``, ``objectives.redeal``), so that the sample
        depends only on what the player knows."""
        twin = self._copy()
        rng = Rng(seed)
        me = self.players.index(player)
        twin.deck, twin.hands = cards.redeal(self, me, rng)
        twin.objectives = objectives.redeal(self, me, rng)
        twin.rng = Rng(rng.next64())
        return twin

    def _view(self, player: str | None) -> dict[str, Any]:
        return view(self, player)

    def _estimate(self, player: str) -> float | None:
        me = self.sides[self.players.index(player)]
        if self.outlook is not None:  # fitted to who wins (outlook.py)
            first = 2.0 * outlook.axis_chance(self, self.outlook) - 1.0
            return first if me == "axis" else -first
        return standing(self, me)

    def _teams(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, tuple[str, ...]] = {}
        for p, side in zip(self.players, self.sides, strict=True):
            out[side] = (*out.get(side, ()), p)
        return out

    def rounds_played(self) -> int:
        return self.round

    def study_marks(self, events: Sequence[Event]) -> list[Mark]:
        """Who acts first each round, once the initiative is chosen (DH-5)."""
        if self.seat < 0 or not any(e.kind == EventKind.INITIATIVE for e in events):
            return []
        return [Mark(INITIATIVE, self.players[self.seat], self.round)]
