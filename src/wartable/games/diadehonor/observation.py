"""Día de Honor's numeric observation: a seat's view as numbers, laid out per battlefield
and line-up.

Everything is seen from the viewing seat: its own seat first ("me"), then its teammates in
seat order ("mate1", ...), then the other side's seats in seat order ("enemy1", ...). Each side
gets as many seat slots as the larger side of the line-up holds, so a seat of either side
reads the same layout; a slot no seat fills stays at zero. Squares are numbered row by row
(A1, B1, ... then A2, ...), as the battlefield's ground string is. Each seat's units fill the
unit slots the action space names (``space.slots``: six light infantry, three assault, ...,
or a mission's squad where the battlefield sets one), in that order.

Only the view is read: the seat's own hand and secret objective, everyone's hand sizes, the
units on the map and on the benches. Other seats' cards and objectives, the deck's order and
the dice are not in the view, so they cannot be in the numbers.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from wartable.core.errors import WartableError
from wartable.core.observation import Feature, Observer, Quick, counts, one_hot, scaled
from wartable.games.diadehonor.content import GROUND, Library, enemy_of, steps_to
from wartable.games.diadehonor.model import ACTIVE, LIVING, ON_GROUND, WRECK
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.space import slots
from wartable.geometry.squaregrid import SquareGrid

if TYPE_CHECKING:
    from wartable.core.state import GameState
    from wartable.games.diadehonor.state import DiaDeHonorState

PHASES = ("deploy", "cards", "initiative", "activate", "over")
DECISIONS = ("place", "react", "aim")  # what a card waits on (the view's "waiting_on")
STATUSES = ("reserve", "active", "dead", "wreck")
SIDES = ("axis", "allies")
ACTIONS = 2  # per unit and round (DH-9)
MOST_WOUNDS = 4  # "dying": the fifth wound kills (DH-41)
MOST_AIM = 4  # aims in a row: the aimed shot comes after three (DH-69)
MOST_PLAYED = 2  # Defensive / Aggressive combat cards played by a seat in a round
# per square, from what its ground letter is (content.GROUND, in that order)
GROUND_FLAGS = {
    "adverse": "adverse ground (woods, rough): dearer to enter",
    "blocks_sight": "the ground blocks lines of sight",
    "impassable": "no unit may enter (a building, a wall)",
    "cover": "the ground gives cover",
}
UNIT_NUMBERS = 14  # per unit slot; see ``_unit``
KEEP_UNITS = 8_192  # unit slots' numbers an observer keeps (a few MB; most hits are a step apart)


def seat_slots(lineup: str) -> tuple[str, ...]:
    """The seat slots of a line-up: "me", then my teammates "mate1"... and the other side's
    seats "enemy1"..., each side as many as the larger side has seats."""
    most = max(int(n) for n in lineup.split("v"))
    return ("me", *(f"mate{k}" for k in range(1, most)), *(f"enemy{k}" for k in range(1, most + 1)))


class DiaDeHonorObserver(Observer):
    def __init__(
        self,
        lib: Library,
        battlefield: str,
        columns: int,
        rows: int,
        lineup: str,
        players: Sequence[str],
        max_rounds: int,
        squad: Mapping[str, int] | None = None,
    ) -> None:
        self.battlefield, self.max_rounds = battlefield, max_rounds
        self.players = tuple(players)
        self.slots = seat_slots(lineup)
        self.cards = sorted(lib.cards)
        self.deck = max(1, sum(c.copies for c in lib.cards.values()))
        self.copies = max(1, max(c.copies for c in lib.cards.values()))
        self.objectives = sorted(lib.objectives)
        self.ranks = {r.title: n for n, r in enumerate(lib.ranks)}
        self.top_rank = max(1, len(lib.ranks) - 1)
        self.types = list(lib.units)
        self.caps = [lib.units[t].cap for t in self.types]
        # a seat's unit slots, as "type-n": the same for every seat
        # (``squad``: the battlefield's starting squad where a mission sets one)
        self.unit_slots = [k.split("/", 1)[1] for k in slots(lib, ("seat",), squad)["seat"]]
        self.unit_index = {name: n for n, name in enumerate(self.unit_slots)}
        self.columns, self.rows = columns, rows
        self.squares = columns * rows
        self.top_level = max(
            [1]
            + [int(d) for b in lib.boards.boards.values() for row in b.levels or () for d in row]
        )
        grid = SquareGrid(columns, rows)
        # a label's square index, column and row share (0 to 1), worked out once
        self.where = {
            grid.label(sq): (
                i,
                scaled(sq[0], columns - 1),
                scaled(sq[1], rows - 1),
            )
            for i, sq in enumerate(grid.squares)
        }
        self.spot = [(column, row) for _, column, row in self.where.values()]  # by index
        self.next_to = tuple(
            tuple(grid.index(n) for n in grid.neighbours(sq)) for sq in grid.squares
        )
        self._static: dict[tuple[str, str], dict[str, list[float]]] = {}
        self._bases: dict[Hashable, list[float]] = {}  # ``base`` by its key
        self._slot_of: dict[str, int] = {}  # a unit's key: its unit slot
        self._ranked: dict[int, float] = {}  # a number of missions: its rank's number
        # per seat seen from and the sides: where each seat's seat, units and bench blocks start
        self._starts: dict[tuple[str, tuple[str, ...]], list[tuple[int, int, int]]] = {}
        # a unit slot's numbers by what they are read from (``_unit_numbers``)
        self._units_seen: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[float, ...]]] = {}
        q, u = self.squares, len(self.unit_slots)
        per_seat: list[Feature] = []
        for s in self.slots:
            per_seat += [
                Feature(
                    f"{s}.seat",
                    5,
                    "a seat fills this slot; its hand / the deck; it is to act; Defensive and "
                    "Aggressive combat it played this round / 2",
                ),
                Feature(
                    f"{s}.units",
                    u * UNIT_NUMBERS,
                    f"per unit slot ({', '.join(self.unit_slots)}): reserve, on the map, dead, "
                    "wreck; column and row (0 to 1); wounds / 4; prone; actions left / 2; "
                    "attacked this round; sabotaged; aims in a row / 4 (a sniper); aimed at by "
                    "an enemy sniper; rank (its place in the rank table) / the top rank",
                ),
                Feature(
                    f"{s}.bench",
                    len(self.types),
                    f"campaign soldiers waiting on the bench, per type ({', '.join(self.types)}) "
                    "/ the type's cap",
                ),
            ]
        super().__init__(
            [
                Feature("seat", len(self.players), f"my seat among {', '.join(self.players)}"),
                Feature("side", 2, "my side: axis, allies"),
                Feature("phase", len(PHASES), ", ".join(PHASES)),
                Feature("round", 1, "the round / the round limit"),
                Feature("initiative", 2, "my side activates first this round; second"),
                Feature("decision", len(DECISIONS), "a card waits on a choice: place, react, aim"),
                Feature("deck", 1, "situation cards left in the deck / the deck's size"),
                Feature("hand", len(self.cards), "my situation cards of each kind / copies"),
                Feature("objective", len(self.objectives), "my own secret objective"),
                Feature(
                    "queue.mine",
                    len(self.cards),
                    "shown cards of my side waiting to take effect, per kind / copies",
                ),
                Feature(
                    "queue.theirs",
                    len(self.cards),
                    "shown cards of the other side waiting to take effect, per kind / copies",
                ),
                *(
                    Feature(f"ground.{flag}", q, f"per square: {said}")
                    for flag, said in GROUND_FLAGS.items()
                ),
                Feature("ground.level", q, "per square: its level / the highest level"),
                Feature("zone.mine", q, "per square: in my side's start zone"),
                Feature("zone.theirs", q, "per square: in the other side's start zone"),
                Feature(
                    "area.centre", q, "per square: as far from both start zones, give or take one"
                ),
                Feature(
                    "area.enemy_half",
                    q,
                    "per square: nearer the other side's start zone than mine",
                ),
                Feature("map.mine", q, "per square: a unit of mine stands there"),
                Feature("map.mates", q, "per square: a teammate's unit stands there"),
                Feature("map.enemies", q, "per square: an enemy unit stands there"),
                Feature("map.wrecks", q, "per square: a wreck stands there"),
                *per_seat,
            ]
        )
        self.at = self.offsets()

    # ---- the fixed ground of a battlefield, read from the view once per side ----------------
    def _ground(self, view: Mapping[str, Any], side: str) -> dict[str, list[float]]:
        made = self._static.get((view["battlefield"], side))
        if made is not None:
            return made
        m = view["map"]
        if view["battlefield"] != self.battlefield or m["columns"] * m["rows"] != self.squares:
            raise WartableError(
                f"a view of {view['battlefield']} read by the observer of {self.battlefield}"
            )
        ground: str = m["ground"]
        made = {
            f"ground.{flag}": [float(GROUND[g][n + 1]) for g in ground]
            for n, flag in enumerate(GROUND_FLAGS)
        }
        made["ground.level"] = [scaled(level, self.top_level) for level in m["levels"]]
        zones = {s: frozenset(self.where[q][0] for q in m["zones"].get(s, ())) for s in SIDES}
        mine, theirs = zones[side], zones[enemy_of(side)]
        made["zone.mine"] = [float(q in mine) for q in range(self.squares)]
        made["zone.theirs"] = [float(q in theirs) for q in range(self.squares)]
        near, far = steps_to(mine, self.next_to), steps_to(theirs, self.next_to)
        made["area.centre"] = [float(abs(a - b) <= 1) for a, b in zip(near, far, strict=True)]
        made["area.enemy_half"] = [float(b < a) for a, b in zip(near, far, strict=True)]
        self._static[(view["battlefield"], side)] = made
        return made

    def _encode(self, view: Mapping[str, Any]) -> Mapping[str, Sequence[float]]:
        me: str = view["you"]
        seats: dict[str, str] = view["seats"]
        side = seats[me]
        mates = [p for p, s in seats.items() if s == side and p != me]
        enemies = [p for p, s in seats.items() if s != side]
        who: dict[str, str] = {me: "me"}
        who.update({p: f"mate{k}" for k, p in enumerate(mates, 1)})
        who.update({p: f"enemy{k}" for k, p in enumerate(enemies, 1)})
        order = view["order"]
        out: dict[str, Sequence[float]] = {
            "seat": one_hot(me, self.players),
            "side": one_hot(side, SIDES),
            "phase": one_hot(view["phase"], PHASES),
            "round": [scaled(view["round"], self.max_rounds)],
            "initiative": [
                float(bool(order) and order[0] == side),
                float(bool(order) and order[-1] == side),
            ],
            "decision": one_hot(view["waiting_on"], DECISIONS),
            "deck": [scaled(view["deck_size"], self.deck)],
            "hand": self._cards(view["hand"] or ()),
        }
        mine = view["objective"]
        out["objective"] = one_hot(mine["id"] if mine else None, self.objectives)
        queued: dict[str, list[str]] = {"mine": [], "theirs": []}
        for player, card in view["cards_to_resolve"]:
            queued["mine" if seats[player] == side else "theirs"].append(card)
        out["queue.mine"] = self._cards(queued["mine"])
        out["queue.theirs"] = self._cards(queued["theirs"])
        out.update(self._ground(view, side))

        # the units, by seat and slot; a slot a card filled again shows its living unit
        q = self.squares
        planes = {name: [0.0] * q for name in ("mine", "mates", "enemies", "wrecks")}
        by_seat: dict[str, list[dict[str, Any] | None]] = {
            p: [None] * len(self.unit_slots) for p in seats
        }
        aimed: dict[str, float] = {}
        for u in view["units"]:
            if u["square"] is not None and u["status"] in ("active", "wreck"):
                at = self.where[u["square"]][0]
                if u["status"] == "wreck":
                    planes["wrecks"][at] = 1.0
                elif u["seat"] == me:
                    planes["mine"][at] = 1.0
                elif seats[u["seat"]] == side:
                    planes["mates"][at] = 1.0
                else:
                    planes["enemies"][at] = 1.0
            if u["aim"] is not None and u["status"] == "active":
                aimed[u["aim"]["target"]] = 1.0
            n = self.unit_index[u["key"].split("/", 1)[1]]
            held = by_seat[u["seat"]]
            before = held[n]
            if before is None or before["status"] not in LIVING:
                held[n] = u
        for name, plane in planes.items():
            out[f"map.{name}"] = plane

        to_act = view["to_act"]
        effects = view["effects"]
        hands = view["hand_sizes"]
        benches = view["bench"]
        for s in self.slots:
            out.update(self.blank(f"{s}."))
        for player, s in who.items():
            played = effects.get(player, {})
            out[f"{s}.seat"] = [
                1.0,
                scaled(hands[player], self.deck),
                float(to_act == player),
                scaled(played.get("defensive", 0), MOST_PLAYED),
                scaled(played.get("aggressive", 0), MOST_PLAYED),
            ]
            numbers: list[float] = []
            for u in by_seat[player]:
                numbers += self._unit(u, aimed)
            out[f"{s}.units"] = numbers
            waiting: dict[str, int] = {}
            for soldier in benches.get(player, ()):
                waiting[soldier["type"]] = waiting.get(soldier["type"], 0) + 1
            out[f"{s}.bench"] = [
                scaled(waiting.get(t, 0), cap) for t, cap in zip(self.types, self.caps, strict=True)
            ]
        return out

    def _cards(self, cards: Sequence[str]) -> list[float]:
        found: dict[str, int] = {}
        for card in cards:
            found[card] = found.get(card, 0) + 1
        return counts(found, self.cards, self.copies)

    def _unit(self, u: Mapping[str, Any] | None, aimed: Mapping[str, float]) -> list[float]:
        if u is None:  # a slot no unit has filled yet
            return [0.0] * UNIT_NUMBERS
        square = u["square"]
        _, column, row = self.where[square] if square is not None else (0, 0.0, 0.0)
        aim = u["aim"]
        return [
            *one_hot(u["status"], STATUSES),
            column,
            row,
            scaled(u["wounds"], MOST_WOUNDS),
            float(u["prone"]),
            scaled(u["actions"], ACTIONS),
            float(u["attacked"]),
            float(u["sabotaged"]),
            scaled(aim["count"], MOST_AIM) if aim else 0.0,
            aimed.get(u["key"], 0.0),
            scaled(self.ranks.get(u["rank"], 0), self.top_rank),
        ]

    # ---- the shortcut: the same numbers from the state's lists ----------------------------
    def quick(self, state: GameState, player: str) -> Quick | None:
        """``_encode``'s numbers read from the state: the view's fields are the state's lists
        (the unit's square, wounds, stance...), and the seat's secrets it reads are its own
        hand and objective, as the view's. Tested against the view's encoding for every seat."""
        if state.game_name != "diadehonor" or player not in self.players:
            return None
        st = cast("DiaDeHonorState", state)
        if st.battle.id != self.battlefield or tuple(st.players) != self.players:
            return None
        at = self.at
        me = self.players.index(player)
        side = st.sides[me]
        if (self.battlefield, side) not in self._static:
            b = st.battle
            self._ground(
                {
                    "battlefield": b.id,
                    "map": {
                        "columns": b.grid.columns,
                        "rows": b.grid.rows,
                        "ground": b.ground_text,
                        "levels": list(b.level),
                        "zones": {s: list(zone) for s, zone in b.zone_labels.items()},
                    },
                },
                side,
            )
        places: list[int] = []
        values: list[float] = []
        put, value = places.append, values.append

        phase = st.phase
        put(at["phase"] + PHASES.index(phase))
        value(1.0)
        put(at["round"])
        value(scaled(st.round, self.max_rounds))
        order = st.order
        if order:
            put(at["initiative"])
            value(float(order[0] == side))
            put(at["initiative"] + 1)
            value(float(order[-1] == side))
        if st.pending is not None and st.pending[0] in DECISIONS:
            put(at["decision"] + DECISIONS.index(st.pending[0]))
            value(1.0)
        put(at["deck"])
        value(scaled(len(st.deck), self.deck))
        self._counted(at["hand"], st.hands[me], put, value)
        if st.objectives[me] in self.objectives:
            put(at["objective"] + self.objectives.index(st.objectives[me]))
            value(1.0)
        sides = st.sides
        self._counted(at["queue.mine"], [c for s, c in st.queue if sides[s] == side], put, value)
        self._counted(at["queue.theirs"], [c for s, c in st.queue if sides[s] != side], put, value)

        # the units, by seat and slot; a slot a card filled again shows its living unit
        planes = (at["map.mine"], at["map.mates"], at["map.enemies"], at["map.wrecks"])
        status, pos, units = st.status, st.pos, st.units
        slots = len(self.unit_slots)
        held: list[int] = [-1] * (len(self.players) * slots)
        aimed: set[str] = set()  # the keys of units a sniper aims at, as the view names them
        slot_of = self._slot_of
        for u in units:
            i = u.index
            now = status[i]
            if pos[i] >= 0 and now in ON_GROUND:
                if now == WRECK:
                    plane = planes[3]
                elif u.seat == me:
                    plane = planes[0]
                else:
                    plane = planes[1] if sides[u.seat] == side else planes[2]
                put(plane + pos[i])
                value(1.0)
            if now == ACTIVE and i in st.aim:
                aimed.add(units[st.aim[i][0]].key)
            n = slot_of.get(u.key)
            if n is None:
                n = slot_of[u.key] = self.unit_index[u.key.split("/", 1)[1]]
            k = u.seat * slots + n
            before = held[k]
            if before < 0 or status[before] not in LIVING:
                held[k] = i

        to_act = None if phase == Phase.OVER else st.seat
        starts = self._starts.get((player, sides))
        if starts is None:
            starts = self._starts[(player, sides)] = [
                (at[f"{slot}.seat"], at[f"{slot}.units"], at[f"{slot}.bench"])
                for slot in self._who(player, sides)
            ]
        deck = self.deck
        for seat, (start, units_at, bench_at) in enumerate(starts):
            places.extend((start + 1, start + 2, start + 3, start + 4))
            values.extend(
                (
                    scaled(len(st.hands[seat]), deck),
                    float(to_act == seat),
                    scaled(st.defensive[seat], MOST_PLAYED),
                    scaled(st.aggressive[seat], MOST_PLAYED),
                )
            )
            first = seat * slots
            for n in range(slots):
                i = held[first + n]
                if i >= 0:
                    self._unit_numbers(st, i, aimed, units_at + n * UNIT_NUMBERS, places, values)
            waiting = st.bench[seat]
            if waiting:
                for n, (t, cap) in enumerate(zip(self.types, self.caps, strict=True)):
                    put(bench_at + n)
                    value(scaled(sum(1 for soldier in waiting if soldier[1] == t), cap))
        return (player, sides), places, values

    def base(self, key: Hashable) -> list[float]:
        """A seat's numbers that stay: its seat and side, the ground as its side sees it
        (worked out by ``quick``), and which seat slots a seat fills."""
        made = self._bases.get(key)
        if made is not None:
            return made
        player, sides = cast("tuple[str, tuple[str, ...]]", key)
        side = sides[self.players.index(player)]
        if (self.battlefield, side) not in self._static:
            return super().base(key)
        blocks: dict[str, list[float]] = {f.name: [0.0] * f.size for f in self.features}
        blocks["seat"] = one_hot(player, self.players)
        blocks["side"] = one_hot(side, SIDES)
        blocks.update(self._static[(self.battlefield, side)])
        for slot in self._who(player, sides):
            blocks[f"{slot}.seat"][0] = 1.0
        made = self._bases[key] = [x for f in self.features for x in blocks[f.name]]
        return made

    def _who(self, player: str, sides: Sequence[str]) -> list[str]:
        """Each seat's slot as ``player`` sees it, in seat order: "me", "mate1"..., "enemy1"..."""
        side = sides[self.players.index(player)]
        mates = enemies = 0
        out = []
        for p, s in zip(self.players, sides, strict=True):
            if p == player:
                out.append("me")
            elif s == side:
                mates += 1
                out.append(f"mate{mates}")
            else:
                enemies += 1
                out.append(f"enemy{enemies}")
        return out

    def _counted(self, start: int, cards: Sequence[str], put: Any, value: Any) -> None:
        found: dict[str, int] = {}
        for card in cards:
            found[card] = found.get(card, 0) + 1
        for card, n in found.items():
            if card in self.cards:
                put(start + self.cards.index(card))
                value(scaled(n, self.copies))

    def _unit_numbers(
        self, st: DiaDeHonorState, i: int, aimed: set[str], start: int, places: Any, values: Any
    ) -> None:
        """``_unit``'s fourteen numbers of unit ``i``, from the state (each view asks them of
        every unit: kept by what they are read from, as most units stand still between two
        steps, and ``scaled`` written out for counts that are never negative)."""
        u = st.units[i]
        aim = st.aim.get(i)
        key = (
            start,
            st.status[i],
            st.pos[i],
            st.wounds[i],
            st.prone[i],
            st.actions[i],
            st.attacked[i],
            st.sabotaged[i],
            aim[1] if aim is not None else -1,
            u.key in aimed,
            u.missions,
        )
        found = self._units_seen.get(key)
        if found is None:
            if len(self._units_seen) >= KEEP_UNITS:
                self._units_seen.clear()
            found = self._units_seen[key] = self._unit_made(key, st.lib)
        places += found[0]
        values += found[1]

    def _unit_made(
        self, key: tuple[Any, ...], lib: Library
    ) -> tuple[tuple[int, ...], tuple[float, ...]]:
        (
            start,
            status,
            square,
            wounds,
            prone,
            actions,
            attacked,
            sabotaged,
            aims,
            aimed,
            missions,
        ) = key
        column, row = self.spot[square] if square >= 0 else (0.0, 0.0)
        places = [start + STATUSES.index(status), *range(start + 4, start + 11), start + 13]
        values = [
            1.0,
            column,
            row,
            scaled(wounds, MOST_WOUNDS),
            float(prone),
            scaled(actions, ACTIONS),
            float(attacked),
            float(sabotaged),
            self._rank_number(missions, lib),
        ]
        if aims >= 0:
            places.append(start + 11)
            values.append(scaled(aims, MOST_AIM))
        if aimed:
            places.append(start + 12)
            values.append(1.0)
        kept = [(k, x) for k, x in zip(places, values, strict=True) if x]  # the base holds 0
        return tuple(k for k, _ in kept), tuple(x for _, x in kept)

    def _rank_number(self, missions: int, lib: Library) -> float:
        """A unit's rank as its number: its place in the rank table / the top rank."""
        found = self._ranked.get(missions)
        if found is None:
            found = scaled(self.ranks.get(lib.rank(missions).title, 0), self.top_rank)
            if len(self._ranked) < 4096:
                self._ranked[missions] = found
        return found
