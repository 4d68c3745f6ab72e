"""2GM Tactics' numeric observation: a seat's view as numbers, laid out per line-up and field.

Everything is seen from the seat's side. Blocks about "mine" come first, then "theirs", and
the board is turned so that the seat's own edge comes first: a square's place in every plane
is ``line * columns + column``, where line 0 is the seat's deployment line (GM-19: row 1 for
the allies, row 6 for the axis) and columns keep their letters, A first (on two fields, A-H
are the first field and I-P the second, GM-105). So one network can play either army; the
action space is not turned (its squares are the board's labels).

The board is a stack of planes, each a block of ``planes x squares`` numbers, plane after
plane: the ground, the terrain cards, what lies on each square, and each side's units as
counts and marks per square (a kind of unit is a category, never a card id, so a square
reads the same whoever's copy stands on it). Off the board: the phase, the round, what is
being resolved (an assault, a held shot, an air combat), each HQ, each seat, each side's
units in play and discards per card, the bids, and the seat's own hand (and its teammate's:
no secret between them). Only what ``view`` holds is read; the catalogue of cards and the
options are public knowledge. ``numbers.py`` reads the same numbers from the state (the
environments' shortcut), held to this encoding by the conformance suite.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, cast

from wartable.core.errors import WartableError
from wartable.core.observation import Feature, Observer, Quick, Sparse, one_hot, scaled
from wartable.games.tactics2gm.content import FEATURES, Library, UnitCard
from wartable.games.tactics2gm.phases import Phase
from wartable.games.tactics2gm.rules.common import SIDES
from wartable.games.tactics2gm.rules.field import COLUMNS, ROWS
from wartable.geometry.squaregrid import SquareGrid

if TYPE_CHECKING:
    from wartable.core.state import GameState
    from wartable.games.tactics2gm.state import Tactics2GMState

PHASES = tuple(Phase)  # in their order: an observation's phase is its index
GROUND = tuple(FEATURES)  # . F H M L R S
CATEGORY = {  # a unit card's class, as the category its square shows
    "light": "infantry_light",
    "heavy": "infantry_heavy",
    "special": "infantry_special",
    "command": "infantry_command",
    "light_tank": "tank_light",
    "recon": "tank_light",
    "medium_tank": "tank_medium",
    "heavy_tank": "tank_heavy",
    "self_propelled": "tank_destroyer",
    "half_track": "transport",
    "truck": "transport",
    "jeep": "transport",
    "motorcycle": "transport",
    "landing_craft": "transport",
    "field_gun": "artillery_gun",
    "howitzer": "artillery_gun",
    "rocket": "artillery_gun",
    "anti_tank": "artillery_antitank",
    "anti_aircraft": "artillery_antiaircraft",
    "fighter": "aircraft",
    "bomber": "aircraft",
}
CATEGORIES = tuple(dict.fromkeys(CATEGORY.values()))
# the planes of a side's units: (name, what a square's number means, the most it counts)
UNIT_PLANES: tuple[tuple[str, str, float], ...] = (
    ("units", "units on the square / 4", 4),
    *(
        (c, f"units of class {', '.join(k for k, v in CATEGORY.items() if v == c)} / 2", 2)
        for c in CATEGORIES
    ),
    ("wounds", "wounds taken, all its units together / 6", 6),
    ("wounds_left", "wounds still to take before they fall, together / 10", 10),
    ("armour", "the highest armour, with fitted cards / 10", 10),
    ("level", "the highest promotion: veteran 0.5, elite 1", 2),
    ("suppressed", "a unit suppressed (GM-51)", 1),
    ("smoked", "a unit in a smoke grenade's cloud (GM-80)", 1),
    ("moved", "a unit moved this turn", 1),
    ("fired", "a unit fired this turn (GM-42)", 1),
    ("mounted", "a weapon team set up to fire (GM-79)", 1),
    ("aboard", "units carried by a transport or tow here (GM-92, GM-96) / 4", 4),
    ("beside", "infantry advancing beside a vehicle (GM-35) / 2", 2),
    ("assaulting", "a unit that declared an assault (GM-32)", 1),
    ("tokens_ready", "weapon and effect tokens ready (GM-52) / 8", 8),
    ("tokens_used", "tokens used this turn / 8", 8),
    ("tokens_disabled", "tokens disabled (GM-54) / 8", 8),
    ("can_fire", "weapons able to fire now: ready, unfired, set up / 6", 6),
    ("reach", "the longest range among them / 14", 14),
    ("punch", "the highest penetration among them / 12", 12),
    ("fitted", "support cards fitted to its units (GM-89) / 3", 3),
)
U = {name: k for k, (name, _, _) in enumerate(UNIT_PLANES)}
MOSTS = tuple(float(most) for _, _, most in UNIT_PLANES)
# what the unit planes read of a unit: the same names in its view and on its piece
FACTS = ("card", "tokens", "fired", "attached", "level", "wounds", "aboard", "beside",
         "mounted", "suppressed", "smoked", "moved", "assaulting")  # fmt: skip
VIEWED, PIECE = itemgetter(*FACTS), attrgetter(*FACTS)
UNITS, WOUNDS, WOUNDS_LEFT, ABOARD, BESIDE = (
    U[k] for k in ("units", "wounds", "wounds_left", "aboard", "beside")
)
READY, USED, DISABLED = U["tokens_ready"], U["tokens_used"], U["tokens_disabled"]
CAN_FIRE, FITTED, ARMOUR, LEVEL = U["can_fire"], U["fitted"], U["armour"], U["level"]
SUPPRESSED, SMOKED, MOVED, FIRED = U["suppressed"], U["smoked"], U["moved"], U["fired"]
MOUNTED, ASSAULTING, REACH, PUNCH = U["mounted"], U["assaulting"], U["reach"], U["punch"]
SQUARE_PLANES = (
    ("ruins", "a building shot to ruins (GM-65)"),
    ("worn", "PI left to worn terrain (GM-53, GM-65) / 10"),
    ("smoke_mine", "a smoke screen lifted at my next Inicio (GM-77)"),
    ("smoke_theirs", "a smoke screen lifted at the enemy's next Inicio"),
    ("river", "a step from here across the river is closed"),
    ("dropped_ready", "equipment lying here, ready (GM-106) / 4"),
    ("dropped_disabled", "equipment lying here, disabled / 4"),
    ("objective", "a square of the scenario's objective"),
    ("held", "an objective square held by the objective's side"),
)
S = {name: k for k, (name, _) in enumerate(SQUARE_PLANES)}
FOCUS = (
    ("resolving", "the unit being equipped; an assault's assaulter and defender (GM-32, GM-33)"),
    ("aim", "a held shot (GM-80): the firer, its target, the units asked about smoke"),
    ("air", "the squares an attack from the air strikes (GM-69)"),
)
SORTIE_STAGES = ("escort", "defend", "dogfight")
MOST_AP = 20  # a pool after the HQ phase: the cap, the supply line and command groups
MOST_CARDS = 60  # a deck's, a discard pile's cards
MOST_HAND = 20
MOST_COPIES = 6  # copies of one card in a hand, a discard pile, in play
MOST_LOST = 20
MOST_UNITS = 20


class Tactics2GMObserver(Observer):
    """The layout of a battle with ``fields`` fields (1 or 2) and ``seats`` seats a side at
    most (1 in a battle of two, else 2)."""

    def __init__(
        self,
        lib: Library,
        *,
        fields: int,
        seats: int,
        income: int,
        novice: tuple[bool, bool],
        time_limit: int,
    ) -> None:
        if unknown := {u.cls for u in lib.units.values()} - set(CATEGORY):
            raise WartableError(f"unit classes without a category: {sorted(unknown)}")
        self.lib = lib
        self.fields, self.seats = fields, seats
        self.columns = COLUMNS * fields
        self.n = n = self.columns * ROWS
        self.plane_starts = tuple(plane * n for plane in range(len(UNIT_PLANES)))
        self.income, self.novice, self.time_limit = income, novice, time_limit
        self.bid_max = lib.hq.bid_max
        grid = SquareGrid(self.columns, ROWS)
        # a label's place in the planes, seen from each side: its own edge first
        self.place: tuple[dict[str, int], dict[str, int]] = (
            {grid.label((c, r)): r * self.columns + c for c, r in grid.squares},
            {grid.label((c, r)): (ROWS - 1 - r) * self.columns + c for c, r in grid.squares},
        )
        self.squares = {grid.label(sq): sq for sq in grid.squares}  # a label's square
        self.cards = [*lib.units, *lib.support]  # the catalogue: both armies, units first
        self.unit_cards = list(lib.units)
        self.card_index = {c: k for k, c in enumerate(self.cards)}
        self.unit_index = {c: k for k, c in enumerate(self.unit_cards)}
        self.terrain = [*lib.terrain, *(k for k, s in lib.support.items() if s.effect == "at_mine")]
        self.generals = list(lib.generals)
        self.profile = {key: _profile(lib, u) for key, u in lib.units.items()}
        self.category = {key: U[CATEGORY[u.cls]] for key, u in lib.units.items()}
        # per unit card, what the unit planes read of it: its printed wounds and armour, its
        # weapons (word, range, penetration, must be set up) and its category's plane
        self.cards_of = {
            key: (
                u.wounds,
                u.armour,
                tuple((w, *arms) for w, arms in self.profile[key].items()),
                self.category[key],
            )
            for key, u in lib.units.items()
        }
        self.armour_of = {k: s.amount for k, s in lib.support.items() if s.effect == "armour"}
        units = [(name, meaning) for name, meaning, _ in UNIT_PLANES]
        # the planes of each board block, in order: one number a square each
        self.planes: dict[str, list[tuple[str, str]]] = {
            "board.ground": [(f, FEATURES[f][0]) for f in GROUND],
            "board.terrain": [(t, f"a card {_title(lib, t)} lies here") for t in self.terrain],
            "board.terrain_owner": [
                ("laid_mine", "its terrain card was laid by my side"),
                ("laid_theirs", "by the enemy (a scenario's is no one's)"),
            ],
            "board.state": list(SQUARE_PLANES),
            "board.focus": list(FOCUS),
            "mine.units": units,
            "theirs.units": units,
            "mine.by_me": [("by_me", "units here that I command / 4 (team play, A-25)")],
        }
        width = {name: len(planes) * n for name, planes in self.planes.items()}
        # the numbers of every other block, in order (HQs and seats: those of one, repeated)
        self.numbers: dict[str, list[str]] = {
            "seat": ["my army is the allies (USA)", "the axis (Germany)", "I am its Marshal"],
            "phase": [
                "bid: the secret bid for the first turn (GM-11)",
                "first: the bid's winner chooses who plays first",
                "terrain: the bid's terrain is laid (GM-12)",
                "mulligan: opening hands kept or sent back (GM-14)",
                "move: the Movement phase",
                "deploy: the Deployment phase",
                "fire: the Fire phase",
                "flip: the Flip phase",
                "discard: discarding down to the hand limit",
                "over: the battle is over",
            ],
            "time": [
                "the round / the round limit (A-19)",
                "the round / the scenario's rounds (0: a pitched battle)",
                "the round / the time limit (GM-102; 0: none)",
            ],
            "acting": [
                "the turn is my side's",
                "the turn is the enemy's",
                "my side plays first",
                "the enemy plays first",
            ],
            "pending": [
                "the unit being equipped is mine (GM-7)",
                "the unit being equipped is the enemy's",
                "an assault by my side is being resolved (GM-33)",
                "an assault by the enemy",
                "its stage: the defender's reaction",
                "its stage: the assault's strike",
                "a shot by my side is held while smoke is decided (GM-80)",
                "a shot by the enemy is held",
                "units asked about smoke / 4",
                "an attack from the air by my side (GM-69)",
                "an attack from the air by the enemy",
                "its stage: escort",
                "its stage: defend",
                "its stage: dogfight",
                "it attacks an HQ of mine",
                "it attacks an HQ of the enemy",
                "escorts / 4",
                "interceptors / 4",
                "escorts that have fought / 4",
            ],
            "side": [
                f"AP of all its seats / {MOST_AP} an HQ",
                f"cards in hand, all its seats / {MOST_HAND}",
                f"cards in its deck / {MOST_CARDS}",
                f"cards in its discard pile / {MOST_CARDS}",
                f"units lost / {MOST_LOST}",
                "AP left from the bid for terrain / the highest bid (GM-12)",
                "has chosen: its bid in the bid phase, else every seat's opening hand",
                "aircraft in the air / 4",
                f"units in play / {MOST_UNITS}",
            ],
            "hq": [
                "PI / its PI at the start (GM-21)",
                f"AP of the seats drawing on it / {MOST_AP}",
                "income a turn before the supply line and command groups: the option's, a "
                "novice's +1 (GM-108), the general's / 10",
                *(f"its general is {g} (GM-22)" for g in self.generals),
                "fighters waiting at it / 4 (GM-66)",
                "my seat draws its AP from it",
            ],
            "seat_of": [
                "the seat is there (a side of one has one)",
                "it is me",
                "it is its side's Marshal (GM-103)",
                f"its AP / {MOST_AP}",
                f"cards in its hand / {MOST_HAND}",
                f"cards in its deck / {MOST_CARDS}",
                f"cards in its discard pile / {MOST_CARDS}",
                "it has chosen its opening hand",
                "it has passed the phase",
                "it redrew its opening hand (its own, or once every seat's is shown)",
            ],
            "bids": [
                "both bids are shown (GM-11)",
                "my side's bid / the highest bid",
                "the enemy's bid / the highest bid",
            ],
            "my_bid": ["my side has bid", "its bid / the highest bid (shown to my side only)"],
            "scenario": [
                "its objective is to hold squares",
                "to destroy units",
                "the objective is my side's",
                "the enemy's",
                "squares to hold on a field / 4",
                f"units to destroy / {MOST_LOST}",
                "objective squares held / 8",
                "a river crosses the field (GM-61)",
            ],
        }
        sides: list[Feature] = []
        for who, whose, order in (
            ("mine", "my side's", "me first"),
            ("theirs", "the enemy's", "its Marshal first"),
        ):
            sides += [
                Feature(f"{who}.units", width[f"{who}.units"], f"{whose} units per square, "
                        f"{len(units)} planes: counts by category, wounds, marks, tokens"),
                Feature(f"{who}.side", 9, f"{whose} AP, cards, losses, bid and choices"),
                Feature(f"{who}.hqs", 9 * fields, f"{whose} HQs, field by field: PI, AP, "
                        "income, general, fighters waiting"),
                Feature(f"{who}.seats", 10 * seats, f"{whose} seats ({order}): AP, cards, "
                        "choices"),
                Feature(f"{who}.in_play", len(self.unit_cards),
                        f"{whose} units in play per unit card / {MOST_COPIES}"),
                Feature(f"{who}.discard", len(self.cards),
                        f"{whose} discard pile per card / {MOST_COPIES}"),
            ]  # fmt: skip
        team = [
            Feature("mate_hand", len(self.cards), f"my teammate's hand per card / {MOST_COPIES}")
        ]
        super().__init__(
            [
                Feature("seat", 3, "my army, and whether I am its Marshal"),
                Feature("phase", len(PHASES), "the phase"),
                Feature("time", 3, "the round against the limits"),
                Feature("acting", 4, "whose turn it is, who plays first"),
                Feature("pending", 19, "what is being resolved: whose, its stage"),
                Feature("board.ground", width["board.ground"], "the tiles' ground per square"),
                Feature("board.terrain", width["board.terrain"], "terrain cards per square"),
                Feature(
                    "board.terrain_owner",
                    width["board.terrain_owner"],
                    "who laid each terrain card: my side, the enemy",
                ),
                Feature(
                    "board.state",
                    width["board.state"],
                    "ruins, wear, smoke, river, dropped equipment, objective squares",
                ),
                Feature(
                    "board.focus", width["board.focus"], "the squares of what is being resolved"
                ),
                *sides,
                Feature("mine.by_me", width["mine.by_me"], "my own units per square (team play)"),
                Feature("bids", 3, "the bids, once both are shown"),
                Feature("my_bid", 2, "my side's bid while it is secret"),
                Feature("hand", len(self.cards), f"my hand per card / {MOST_COPIES}"),
                *(team if seats > 1 else []),
                Feature("scenario", 8, "the scenario's objective and river"),
            ]
        )
        self.at = self.offsets()

    # ---- encoding ------------------------------------------------------------------------
    def quick(self, state: GameState, player: str) -> Quick | None:
        """The numbers read from the state (numbers.py), for a battle of this layout."""
        if state.game_name != "tactics2gm" or player not in state.players:
            return None
        st = cast("Tactics2GMState", state)
        if st.field.copies != self.fields or st.field.grid.columns != self.columns:
            return None
        from wartable.games.tactics2gm.numbers import shortcut  # it reads this module

        return shortcut(self, st, player)

    def base(self, key: Hashable) -> list[float]:
        from wartable.games.tactics2gm.numbers import BASE

        return [0.0] * self.size if key == BASE else super().base(key)

    def notes(self) -> list[str]:
        """The board blocks' planes and the small blocks' numbers, one row each (under the
        layout's table in docs/dev/tactics2gm.md)."""
        lines = ["| board block | plane | one number a square: |", "| --- | ---: | --- |"]
        for block, planes in self.planes.items():
            if block == "theirs.units":
                continue
            for k, (name, meaning) in enumerate(planes):
                where = f"`{block}`" if block != "mine.units" else "`mine.units`, `theirs.units`"
                lines.append(f"| {where if k == 0 else ''} | {k} `{name}` | {meaning} |")
        lines += ["", "| block | number | meaning |", "| --- | ---: | --- |"]
        blocks = {
            "seat": "seat", "phase": "phase", "time": "time", "acting": "acting",
            "pending": "pending", "mine.side, theirs.side": "side",
            "mine.hqs, theirs.hqs (each HQ)": "hq",
            "mine.seats, theirs.seats (each seat)": "seat_of", "bids": "bids",
            "my_bid": "my_bid", "scenario": "scenario",
        }  # fmt: skip
        for title, key in blocks.items():
            for k, meaning in enumerate(self.numbers[key]):
                lines.append(f"| {f'`{title}`' if k == 0 else ''} | {k} | {meaning} |")
        return lines

    def _encode(self, view: Mapping[str, Any]) -> Mapping[str, Sequence[float]]:
        me = view.get("me")
        seat_of = view["seats"]
        mine = seat_of[me]["side"] if me in seat_of else SIDES[0]  # a spectator: the allies'
        theirs = SIDES[1 - SIDES.index(mine)]
        side = SIDES.index(mine)
        place = self.place[side]
        units = view["units"]
        where = {u["id"]: u["square"] for u in units}
        sides = view["sides"]
        out: dict[str, Sequence[float]] = {
            "seat": [*one_hot(mine, SIDES), float(me in seat_of and seat_of[me]["marshal"])],
            "phase": one_hot(view["phase"], PHASES),
            "acting": [*self._who(view["active"], mine), *self._who(view["first"], mine)],
        }
        scenario = view.get("scenario") or {}
        rnd = view["round"]
        out["time"] = [
            scaled(rnd, view["max_rounds"]),
            scaled(rnd, scenario.get("rounds", 0)),
            scaled(rnd, self.time_limit),
        ]
        out["pending"] = self._pending(view, mine)
        out["board.focus"] = self._focus(view, place, where)
        out.update(self._board(view["field"], scenario, side, mine))
        for who, name in (("mine", mine), ("theirs", theirs)):
            s = sides[name]
            ours = [u for u in units if u["side"] == name]
            out[f"{who}.units"] = self._units(
                (place[u["square"]], VIEWED(u)) for u in ours if u["square"] in place
            )
            budget = s["terrain_budget"]
            out[f"{who}.side"] = [
                scaled(s["ap"], MOST_AP * self.fields),
                scaled(s["hand"], MOST_HAND),
                scaled(s["deck"], MOST_CARDS),
                scaled(len(s["discard"]), MOST_CARDS),
                scaled(s["lost"], MOST_LOST),
                scaled(budget, self.bid_max),
                float(s["chosen"]),
                scaled(sum(u["square"] == "air" for u in ours), 4),
                scaled(len(ours), MOST_UNITS),
            ]
            out[f"{who}.hqs"] = self._hqs(s, name, ours, me)
            out[f"{who}.seats"] = self._seats(view, s, me)
            out[f"{who}.in_play"] = _counts((u["card"] for u in ours), self.unit_index, MOST_COPIES)
            out[f"{who}.discard"] = _counts(s["discard"], self.card_index, MOST_COPIES)
        by_me: dict[int, float] = {}
        for u in units:
            k = place.get(u["square"])
            if k is not None and u["commander"] == me and u["side"] == mine:
                by_me[k] = by_me.get(k, 0.0) + 0.25
        out["mine.by_me"] = Sparse(self.n, {k: min(1.0, x) for k, x in by_me.items()})
        bids = view.get("bids")
        out["bids"] = [
            float(bids is not None),
            scaled(bids[mine], self.bid_max) if bids else 0.0,
            scaled(bids[theirs], self.bid_max) if bids else 0.0,
        ]
        my_bid = view.get("my_bid")
        out["my_bid"] = [float(my_bid is not None), scaled(my_bid or 0, self.bid_max)]
        out["hand"] = _counts(view.get("hand", ()), self.card_index, MOST_COPIES)
        if self.seats > 1:
            hands = view.get("team_hands") or {}
            held = [c for hand in hands.values() for c in hand]
            out["mate_hand"] = _counts(held, self.card_index, MOST_COPIES)
        out["scenario"] = self._scenario(scenario, mine)
        return out

    @staticmethod
    def _who(side: str | None, mine: str) -> list[float]:
        return [float(side is not None and side == mine), float(side is not None and side != mine)]

    def _pending(self, view: Mapping[str, Any], mine: str) -> list[float]:
        by_side = {u["id"]: u["side"] for u in view["units"]}
        equipping, storming = view["equipping"], view["storming"]
        aim, sortie = view["aim"], view["sortie"]
        out = [*self._who(by_side.get(equipping), mine), *self._who(by_side.get(storming), mine)]
        out += one_hot(view["stage"], ("react", "strike"))
        aimer = view["seats"][aim["by"]]["side"] if aim else None
        out += [*self._who(aimer, mine), scaled(len(aim["asking"]) if aim else 0, 4)]
        if sortie:
            hq = sortie["hq"]
            out += self._who(SIDES[sortie["side"]], mine)
            out += one_hot(sortie["stage"], SORTIE_STAGES)
            out += self._who(SIDES[hq % 2] if hq >= 0 else None, mine)
            out += [scaled(len(sortie[k]), 4) for k in ("escorts", "interceptors", "engaged")]
        else:
            out += [0.0] * 10
        return out

    def _focus(
        self, view: Mapping[str, Any], place: Mapping[str, int], where: Mapping[str, str]
    ) -> Sparse:
        n = self.n
        out = Sparse(len(FOCUS) * n)

        def mark(plane: int, word: str) -> None:
            k = place.get(where.get(word, word))
            if k is not None:
                out.at[plane * n + k] = 1.0

        mark(0, view["equipping"])
        if view["storming"]:
            mark(0, view["storming"])
            assaulter = next((u for u in view["units"] if u["id"] == view["storming"]), None)
            if assaulter is not None:
                mark(0, assaulter["assaulting"])
        aim = view["aim"]
        if aim:
            for word in (*aim["action"].split()[1:], *aim["asking"]):
                mark(1, word)
        sortie = view["sortie"]
        if sortie:
            for sq in sortie["at"]:
                mark(2, sq)
        return out

    def _board(
        self,
        field: Mapping[str, Any],
        scenario: Mapping[str, Any],
        side: int,
        mine: str,
    ) -> dict[str, Sparse]:
        n, columns, place = self.n, self.columns, self.place[side]
        ground = Sparse(len(GROUND) * n)
        for r, row in enumerate(field["rows"][:ROWS]):
            line = ROWS - 1 - r if side else r
            for c, f in enumerate(row[:columns]):
                ground.at[GROUND.index(f) * n + line * columns + c] = 1.0
        terrain = Sparse(len(self.terrain) * n)
        owner = Sparse(2 * n)
        for sq, (card, who) in field["terrain"].items():
            k = place.get(sq)
            if k is None:
                continue
            if card in self.terrain:
                terrain.at[self.terrain.index(card) * n + k] = 1.0
            if who is not None:
                owner.at[(0 if who == mine else 1) * n + k] = 1.0
        state = Sparse(len(SQUARE_PLANES) * n)

        def put(plane: str, sq: str, value: float = 1.0) -> None:
            k = place.get(sq)
            if k is not None:
                if value:
                    state.at[S[plane] * n + k] = value
                else:
                    state.at.pop(S[plane] * n + k, None)

        for sq in field["ruins"]:
            put("ruins", sq)
        for sq, left in field["worn"].items():
            put("worn", sq, scaled(left, 10))
        for sq, who in field["smoke"].items():
            put("smoke_mine" if who == mine else "smoke_theirs", sq)
        for sq, lying in field["dropped"].items():
            ready = sum(face == "ready" for _, face in lying)
            put("dropped_ready", sq, scaled(ready, 4))
            put("dropped_disabled", sq, scaled(len(lying) - ready, 4))
        for step in scenario.get("river", ()):
            for sq in step.split("|"):
                put("river", sq)
        objective = scenario.get("objective") or {}
        for sq in objective.get("squares", ()):
            put("objective", sq)
        for sq in objective.get("held", ()):
            put("held", sq)
        return {
            "board.ground": ground,
            "board.terrain": terrain,
            "board.terrain_owner": owner,
            "board.state": state,
        }

    def _units(self, units: Iterable[tuple[Any, ...]]) -> Sparse:
        """A side's unit planes from each unit's place in the planes and its ``FACTS``, read
        from its view (``VIEWED``) or from the piece itself (``PIECE``: the shortcut).
        Written out, not looped over tables of planes: every observation asks it of every
        unit."""
        width, cards = len(UNIT_PLANES), self.cards_of
        rows: dict[int, list[float]] = {}  # each square's planes, raw, before they are shares
        for k, facts in units:
            (card_key, tokens, fired, attached, level, wounds, aboard, beside, mounted,
             suppressed, smoked, moved, assaulting) = facts  # fmt: skip
            row = rows.get(k)
            if row is None:
                row = rows[k] = [0.0] * width
            wounds_printed, armour, profile, category = cards[card_key]
            reach = punch = able = 0
            for key, rng, pen, mount in profile:
                if tokens.get(key) == "ready" and key not in fired and (not mount or mounted):
                    able += 1
                    if rng > reach:
                        reach = rng
                    if pen > punch:
                        punch = pen
            states = list(tokens.values())
            value = wounds_printed + (1 if level >= 2 else 0)
            if attached:
                armour += sum(self.armour_of.get(a, 0) for a in attached)
            # summed over the square's units
            row[UNITS] += 1
            row[category] += 1
            row[WOUNDS] += wounds
            if value > wounds:
                row[WOUNDS_LEFT] += value - wounds
            if aboard:
                row[ABOARD] += 1
            if beside:
                row[BESIDE] += 1
            if states:
                row[READY] += states.count("ready")
                row[USED] += states.count("used")
                row[DISABLED] += states.count("disabled")
            row[CAN_FIRE] += able
            row[FITTED] += len(attached)
            # the most of them
            if armour > row[ARMOUR]:
                row[ARMOUR] = armour
            if level > row[LEVEL]:
                row[LEVEL] = level
            if reach > row[REACH]:
                row[REACH] = reach
            if punch > row[PUNCH]:
                row[PUNCH] = punch
            # marks: any unit of the square
            if suppressed:
                row[SUPPRESSED] = 1
            if smoked:
                row[SMOKED] = 1
            if moved:
                row[MOVED] = 1
            if fired:
                row[FIRED] = 1
            if mounted:
                row[MOUNTED] = 1
            if assaulting:
                row[ASSAULTING] = 1
        out = Sparse(width * self.n)
        at, starts = out.at, self.plane_starts
        for k, row in rows.items():  # as shares, as ``scaled`` makes them
            for start, x, most in zip(starts, row, MOSTS, strict=True):
                if x:
                    at[start + k] = x / most if x < most else 1.0
        return out

    def _hqs(
        self,
        s: Mapping[str, Any],
        name: str,
        ours: Sequence[Mapping[str, Any]],
        me: str | None,
    ) -> list[float]:
        out: list[float] = []
        novice = self.novice[SIDES.index(name)]
        for hq in s["hqs"][: self.fields]:
            general = hq["general"]
            bonus = self.lib.generals[general].income if general in self.lib.generals else 0
            waiting = sum(u["square"] == hq["name"] for u in ours)
            out += [
                scaled(hq["hp"], hq["max_hp"]),
                scaled(hq["ap"], MOST_AP),
                scaled(self.income + novice + bonus, 10),
                *one_hot(general, self.generals),
                scaled(waiting, 4),
                float(me in hq["seats"]),
            ]
        return out + [0.0] * (9 * self.fields - len(out))

    def _seats(self, view: Mapping[str, Any], s: Mapping[str, Any], me: str | None) -> list[float]:
        names = list(s["seats"])
        if me in names:  # mine: me first, then my teammate
            names.remove(me)
            names.insert(0, me)
        shown = view.get("redraws") or {}
        out: list[float] = []
        for name in names[: self.seats]:
            seat = view["seats"][name]
            redrew = view.get("my_redraw") if name == me else shown.get(name)
            out += [
                1.0,
                float(name == me),
                float(seat["marshal"]),
                scaled(seat["ap"], MOST_AP),
                scaled(seat["hand"], MOST_HAND),
                scaled(seat["deck"], MOST_CARDS),
                scaled(len(seat["discard"]), MOST_CARDS),
                float(seat["chosen"]),
                float(seat["passed"]),
                float(bool(redrew)),
            ]
        return out + [0.0] * (10 * self.seats - len(out))

    def _scenario(self, scenario: Mapping[str, Any], mine: str) -> list[float]:
        objective = scenario.get("objective")
        if not objective:
            return [0.0] * 8
        hold = objective["kind"] == "hold"
        return [
            *one_hot(objective["kind"], ("hold", "destroy")),
            *self._who(objective["side"], mine),
            scaled(objective["count"], 4) if hold else 0.0,
            0.0 if hold else scaled(objective["needed"], MOST_LOST),
            scaled(len(objective["held"]), 8),
            float(bool(scenario.get("river"))),
        ]


def _profile(lib: Library, unit: UnitCard) -> dict[str, tuple[int, int, bool]]:
    """Every weapon a unit of ``unit`` may carry by its word (printed w1, w2...; bought: the
    option's): its range, penetration and whether it must be set up (GM-79)."""
    out = {f"w{k}": (w.range, w.pen, w.mount) for k, w in enumerate(unit.weapons, 1)}
    for name, option in unit.options.items():
        w = lib.tokens[option.token].weapon
        if w is not None:
            out[name] = (w.range, w.pen, w.mount)
    return out


def _title(lib: Library, key: str) -> str:
    """A terrain card's title: the terrain deck's, or an anti-tank mine's support card."""
    return lib.terrain[key].title if key in lib.terrain else lib.support[key].title


def _tally(cards: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _counts(cards: Iterable[str], index: Mapping[str, int], most: float) -> Sparse:
    """``counts`` of ``cards`` over the keys ``index`` numbers, filled only where a card is
    (a hand holds a few of the catalogue's cards)."""
    out = Sparse(len(index))
    for card, n in _tally(cards).items():
        k = index.get(card)
        if k is not None:
            out.at[k] = scaled(n, most)
    return out
