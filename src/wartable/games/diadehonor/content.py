"""Día de Honor's content: the unit sheet and the map boards with their battlefields, each
file validated, every value with its provenance (house where the box's data is not public)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from wartable.content.loader import validate
from wartable.content.types import Strict
from wartable.games.diadehonor import sight
from wartable.games.diadehonor.memo import Memo
from wartable.geometry.bitboard import Bitboard
from wartable.geometry.squaregrid import Square, SquareGrid, apart

DATA = Path(__file__).resolve().parent / "data"
BOARD_COLUMNS, BOARD_ROWS = 8, 10
SIDES = ("axis", "allies")


def enemy_of(side: str) -> str:
    return "allies" if side == "axis" else "axis"


FAR = 1_000  # farther than any square of any map


class UnitType(Strict):
    title: str
    kind: Literal["soldier", "machine"]  # only soldiers go prone, crawl, stand and duel
    speed: int = Field(ge=0, le=12)
    attack: int = Field(ge=0, le=9)
    resistance: int = Field(ge=1, le=12)
    weapon: str
    range: int = Field(ge=1, le=30)  # no penalty within it, -4 beyond (no maximum)
    light_footed: bool = False  # pays 1 for adverse ground
    anti_tank: bool = False  # may damage a tank
    start: int = Field(ge=0, le=10)
    cap: int = Field(ge=1, le=15)


class Rank(Strict):
    title: str
    missions: int = Field(ge=0)
    bonus: int = Field(ge=0, le=9)


class UnitsFile(Strict):
    units: dict[str, UnitType]


class Card(Strict):
    title: str
    timing: Literal["immediate", "choose"]
    text: str
    copies: int = Field(ge=0, le=9)


class CardsFile(Strict):
    cards: dict[str, Card]


class RanksFile(Strict):
    ranks: list[Rank] = Field(min_length=1)


class Board(Strict):
    title: str
    ground: list[str] = Field(min_length=BOARD_ROWS, max_length=BOARD_ROWS)
    levels: list[str] | None = None


class Zone(Strict):
    rows: tuple[int, int]


class Battlefield(Strict):
    title: str
    boards: list[list[str]] = Field(min_length=1, max_length=3)
    start_zones: dict[Literal["axis", "allies"], Zone]
    # a mission's squad: how many units of a type each player fields at the start, where it
    # departs from the unit sheet's starting squad (fewer, or more up to the caps: Q35)
    squad: dict[str, Annotated[int, Field(ge=0, le=15)]] = {}


class BoardsFile(Strict):
    boards: dict[str, Board]
    battlefields: dict[str, Battlefield] = Field(min_length=1)


# what each ground letter is: (name, adverse, blocks sight, impassable, gives cover)
GROUND = {
    ".": ("clear", False, False, False, False),
    "=": ("road", False, False, False, False),
    "w": ("dense woods", True, True, False, False),
    "r": ("rough ground", True, False, False, False),
    "B": ("building", False, True, True, True),
    "W": ("wall", False, True, True, True),
    "t": ("trench", False, False, False, True),
}


def check_units(doc: UnitsFile) -> list[tuple[str, str]]:
    problems = []
    for key in ("light", "assault", "heavy", "artillery", "tank", "sniper", "green_beret"):
        if key not in doc.units:
            problems.append((f"units.{key}", "every unit type of the game needs a row"))
    for key, u in doc.units.items():
        if u.start > u.cap:
            problems.append((f"units.{key}.start", f"{u.start} is over the cap of {u.cap}"))
    return problems


def check_ranks(doc: RanksFile) -> list[tuple[str, str]]:
    steps = [r.missions for r in doc.ranks]
    if steps[0] != 0 or steps != sorted(set(steps)):
        return [("ranks", "missions rise from 0, a rank a step")]
    return []


def check_boards(doc: BoardsFile, units: dict[str, UnitType]) -> list[tuple[str, str]]:
    problems = []
    for key, b in doc.boards.items():
        for r, row in enumerate(b.ground):
            if len(row) != BOARD_COLUMNS:
                problems.append((f"boards.{key}.ground.{r}", f"a row has {BOARD_COLUMNS} squares"))
            bad = sorted(set(row) - set(GROUND))
            if bad:
                problems.append(
                    (f"boards.{key}.ground.{r}", f"unknown ground {bad}; known: {''.join(GROUND)}")
                )
        if b.levels is not None:
            if len(b.levels) != BOARD_ROWS:
                problems.append((f"boards.{key}.levels", f"a board has {BOARD_ROWS} rows"))
            for r, row in enumerate(b.levels):
                if len(row) != BOARD_COLUMNS or not row.isdigit():
                    problems.append(
                        (f"boards.{key}.levels.{r}", f"{BOARD_COLUMNS} digits, one a square")
                    )
    for key, f in doc.battlefields.items():
        widths = {len(row) for row in f.boards}
        if len(widths) != 1:
            problems.append((f"battlefields.{key}.boards", "every row holds as many boards"))
        for board_row in f.boards:
            for name in board_row:
                if name not in doc.boards:
                    problems.append((f"battlefields.{key}.boards", f"no board {name!r}"))
        rows = len(f.boards) * BOARD_ROWS
        for side in SIDES:
            zone = f.start_zones.get(side)  # type: ignore[call-overload]  # Literal keys
            if zone is None:
                problems.append((f"battlefields.{key}.start_zones", f"{side} needs a start zone"))
            elif not 1 <= zone.rows[0] <= zone.rows[1] <= rows:
                problems.append(
                    (f"battlefields.{key}.start_zones.{side}.rows", f"rows 1 to {rows}")
                )
        problems += check_squad(doc, key, units)
    return problems


LARGEST_SIDE = 3  # seats a side holds in the largest line-up (3v3): its zone takes them all


def check_squad(doc: BoardsFile, key: str, units: dict[str, UnitType]) -> list[tuple[str, str]]:
    """A battlefield's mission squad names unit types of the sheet, each within its cap
    (Q35), and fields at least one unit; every start zone holds the squads of three seats."""
    f = doc.battlefields[key]
    where = f"battlefields.{key}.squad"
    problems = []
    for type_, count in f.squad.items():
        if type_ not in units:
            problems.append((f"{where}.{type_}", f"no unit type {type_!r}; {', '.join(units)}"))
        elif count > units[type_].cap:
            problems.append((f"{where}.{type_}", f"{count} is over the cap of {units[type_].cap}"))
    size = sum(f.squad.get(t, u.start) for t, u in units.items())
    if size == 0:
        problems.append((where, "a squad fields at least one unit"))
    for side, zone in f.start_zones.items():
        free = zone_squares(doc, f, zone)
        if free is not None and free < LARGEST_SIDE * size:
            problems.append(
                (
                    f"battlefields.{key}.start_zones.{side}",
                    f"{free} free squares cannot hold {LARGEST_SIDE} squads of {size} units",
                )
            )
    return problems


def zone_squares(doc: BoardsFile, f: Battlefield, zone: Zone) -> int | None:
    """The squares a unit may stand on in the rows of ``zone``; None where the battlefield's
    boards are unknown or its zone out of bounds (reported on their own; so are unknown
    ground letters, which count as no square here)."""
    if any(name not in doc.boards for row in f.boards for name in row):
        return None
    lo, hi = zone.rows
    if not 1 <= lo <= hi <= len(f.boards) * BOARD_ROWS:
        return None
    rows = [
        doc.boards[name].ground[r % BOARD_ROWS]
        for r in range(lo - 1, hi)
        for name in f.boards[r // BOARD_ROWS]
    ]
    return sum(g in GROUND and not GROUND[g][3] for row in rows for g in row)


@dataclass(frozen=True)
class Battle:
    """A battlefield ready for play: squares indexed row by row, with what each one is."""

    id: str
    title: str
    grid: SquareGrid
    ground: tuple[str, ...]  # a ground letter per square
    level: tuple[int, ...]
    zones: dict[str, frozenset[int]]  # per side: the squares its units may deploy on
    # the mission's squad where it departs from the unit sheet's (``starting`` reads both)
    squad: dict[str, int] = field(default_factory=dict)
    # derived from the grid and the ground once, as moves and lines of sight ask for them
    # thousands of times a game
    next_to: tuple[tuple[int, ...], ...] = field(init=False)  # neighbours, by index
    labels: tuple[str, ...] = field(init=False)
    # for the views: the ground letters as one string, each zone's labels in order
    ground_text: str = field(init=False, compare=False)
    zone_labels: dict[str, tuple[str, ...]] = field(init=False, compare=False)
    square_of: dict[str, int] = field(init=False)  # a label's index
    # points to enter each square: 0 where no unit may go, 2 on adverse ground, else 1; and
    # for light-footed units, who pay 1 on adverse ground too
    entry: tuple[int, ...] = field(init=False)
    light_entry: tuple[int, ...] = field(init=False)
    unreached: tuple[int, ...] = field(init=False)  # a move's starting costs: -1 impassable
    # the same as sets of squares (geometry/bitboard.py), for the route search: the squares
    # that cost 1 to enter and those that cost 2, for most units and for light-footed ones
    board: Bitboard = field(init=False, compare=False)
    steps: tuple[int, int] = field(init=False, compare=False)
    light_steps: tuple[int, int] = field(init=False, compare=False)
    # per side: each square's distance (in steps) to that side's start zone, to place the
    # units that cards bring behind the line (Q20); FAR where a side has no zone
    to_zone: dict[str, tuple[int, ...]] = field(init=False)
    # squares apart (the king's-move distance ranges are counted in), a byte per ordered pair
    apart: bytes = field(init=False, compare=False)
    # whether the ground alone gives cover on each square (rules/ground.py: ground_covers)
    sheltered: tuple[bool, ...] = field(init=False)
    opaque: tuple[bool, ...] = field(init=False)  # whether each square's ground blocks sight
    # the squares of each area an objective may name, per side whose objective it is
    areas: dict[tuple[str, str], frozenset[int]] = field(init=False)
    # lines of sight worked out so far: a byte per ordered pair of squares, 0 not yet asked,
    # 1 blocked, 2 clear (a flat table: the rules ask millions of times a study)
    _sight: bytearray = field(init=False, compare=False)
    # the squares a unit on a square sees within a distance, as bitboard sets, by (square,
    # distance): worked out as the heuristic asks for them
    _watch: dict[tuple[int, int], int] = field(init=False, compare=False)
    # moves worked out, by start, speed, footing, crawl and the units around (rules/ground.py):
    # the most recently used, at most memo.MOVES_KEPT
    moves: Memo = field(default_factory=Memo, compare=False)

    def __post_init__(self) -> None:
        grid = self.grid
        board = Bitboard(grid.columns, grid.rows)
        entry = tuple(0 if GROUND[g][3] else 2 if GROUND[g][1] else 1 for g in self.ground)
        next_to = tuple(tuple(grid.index(n) for n in grid.neighbours(sq)) for sq in grid.squares)
        labels = tuple(grid.label(sq) for sq in grid.squares)
        derived = {
            "next_to": next_to,
            "labels": labels,
            "ground_text": "".join(self.ground),
            "zone_labels": {
                side: tuple(sorted(labels[q] for q in zone)) for side, zone in self.zones.items()
            },
            "square_of": {grid.label(sq): i for i, sq in enumerate(grid.squares)},
            "entry": entry,
            "light_entry": tuple(min(c, 1) for c in entry),
            "unreached": tuple(FAR if c else -1 for c in entry),
            "board": board,
            "steps": (
                board.of(q for q, c in enumerate(entry) if c == 1),
                board.of(q for q, c in enumerate(entry) if c == 2),
            ),
            "light_steps": (board.of(q for q, c in enumerate(entry) if c), 0),
            "_sight": bytearray(len(self.ground) ** 2),
            "_watch": {},
            "apart": apart(grid.columns, grid.rows),
            "to_zone": {side: steps_to(zone, next_to) for side, zone in self.zones.items()},
            "sheltered": tuple(
                g == "t" or any(self.covering(j) for j in next_to[q])
                for q, g in enumerate(self.ground)
            ),
            "opaque": tuple(GROUND[g][2] for g in self.ground),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)  # the one way to set a frozen field
        object.__setattr__(self, "areas", self._areas())

    def _areas(self) -> dict[tuple[str, str], frozenset[int]]:
        """Centre: as far from one start zone as from the other, give or take one square.
        A side's enemy half: nearer the enemy's zone than its own. High ground: above the
        battlefield's lowest level."""
        out = {}
        squares = range(len(self.ground))
        low = min(self.level)
        for side in SIDES:
            mine, theirs = self.to_zone[side], self.to_zone[enemy_of(side)]
            out[("centre", side)] = frozenset(q for q in squares if abs(mine[q] - theirs[q]) <= 1)
            out[("enemy_half", side)] = frozenset(q for q in squares if theirs[q] < mine[q])
            out[("enemy_zone", side)] = self.zones[enemy_of(side)]
            out[("high_ground", side)] = frozenset(q for q in squares if self.level[q] > low)
        return out

    def sees(self, a: int, b: int) -> bool:
        """Whether the line between the centres of squares ``a`` and ``b`` crosses no square
        that blocks sight (DH-29); worked out once per pair and battlefield (sight.py)."""
        return sight.sees(self, a, b)

    def visible(self, a: int, others: list[int]) -> list[bool]:
        """``sees`` from square ``a`` to each of ``others``, in one call."""
        return sight.visible(self, a, others)

    def watched(self, a: int, reach: int) -> int:
        """The squares within ``reach`` of square ``a`` that it sees, as the bits of an
        integer (bit q: square q)."""
        return sight.watched(self, a, reach)

    def blocks(self, i: int) -> bool:
        return GROUND[self.ground[i]][2]

    def covering(self, i: int) -> bool:
        return GROUND[self.ground[i]][4]

    def square(self, i: int) -> Square:
        return self.grid.squares[i]


def steps_to(zone: frozenset[int], next_to: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Each square's distance in steps to the nearest square of ``zone`` (FAR without one):
    on a whole rectangle of squares, the king's steps are the Chebyshev distance."""
    far = [FAR] * len(next_to)
    for q in zone:
        far[q] = 0
    frontier, steps = list(zone), 0
    while frontier:
        steps += 1
        reached = []
        for q in frontier:
            for j in next_to[q]:
                if far[j] > steps:
                    far[j] = steps
                    reached.append(j)
        frontier = reached
    return tuple(far)


def battle(doc: BoardsFile, key: str) -> Battle:
    f = doc.battlefields[key]
    columns = BOARD_COLUMNS * len(f.boards[0])
    rows = BOARD_ROWS * len(f.boards)
    grid = SquareGrid(columns, rows)
    ground, level = [], []
    for r in range(rows):
        for c in range(columns):
            b = doc.boards[f.boards[r // BOARD_ROWS][c // BOARD_COLUMNS]]
            ground.append(b.ground[r % BOARD_ROWS][c % BOARD_COLUMNS])
            level.append(int(b.levels[r % BOARD_ROWS][c % BOARD_COLUMNS]) if b.levels else 0)
    zones = {}
    for side in SIDES:
        lo, hi = f.start_zones[side].rows  # type: ignore[index]  # Literal keys
        zones[side] = frozenset(
            grid.index(sq)
            for sq in grid.squares
            if lo - 1 <= sq[1] <= hi - 1 and not GROUND[ground[grid.index(sq)]][3]
        )
    return Battle(key, f.title, grid, tuple(ground), tuple(level), zones, dict(f.squad))


def starting(lib: Library, b: Battle) -> dict[str, int]:
    """How many units of each type every player fields at the start on battlefield ``b``:
    the unit sheet's starting squad, but where the battlefield's mission says otherwise
    (the set-up's "a mission may give fewer", and more up to the caps: Q35)."""
    return {type_: b.squad.get(type_, sheet.start) for type_, sheet in lib.units.items()}


CARD_IDS = (
    "defensive_combat",
    "aggressive_combat",
    "medic",
    "medic_choice",
    "first_aid",
    "mechanic",
    "spy",
    "mine_random",
    "mine_choice",
    "mine_detection",
    "grenade",
    "sniper",
    "green_beret",
    "tank",
    "artillery",
    "air_attack",
    "enemy_air_attack",
)


def check_cards(doc: CardsFile) -> list[tuple[str, str]]:
    """Each card's effect is a rule of the game: the file may not add or leave out a title."""
    problems = []
    for key in doc.cards:
        if key not in CARD_IDS:
            problems.append(
                (f"cards.{key}", f"no such card in the game; its cards: {', '.join(CARD_IDS)}")
            )
    for key in CARD_IDS:
        if key not in doc.cards:
            problems.append(
                (f"cards.{key}", "every card of the game needs an entry (copies: 0 leaves it out)")
            )
    return problems


AREAS = ("centre", "enemy_half", "enemy_zone", "high_ground")


class Kills(Strict):
    """The player's own units and cards kill ``count`` enemy units (of ``types``, in the ways
    of ``how``, when given)."""

    kind: Literal["kills"]
    count: int = Field(ge=1, le=30)
    types: list[str] = []
    how: list[Literal["fire", "blast", "aimed", "melee", "grenade", "mine", "air"]] = []


class Hold(Strict):
    """At the end of a round (round ``from_round`` or later) at least ``units`` of the
    player's units stand in ``area``; with ``alone``, no enemy unit stands there."""

    kind: Literal["hold"]
    area: Literal["centre", "enemy_half", "enemy_zone", "high_ground"]
    units: int = Field(ge=1, le=15)
    alone: bool = True
    from_round: int = Field(1, ge=1, le=200)


class Survive(Strict):
    """At the end of round ``round`` the player has lost at most ``lost_at_most`` units and
    killed at least ``kills_at_least``."""

    kind: Literal["survive"]
    round: int = Field(ge=1, le=200)
    lost_at_most: int = Field(ge=0, le=30)
    kills_at_least: int = Field(ge=0, le=30)


class Objective(Strict):
    title: str
    text: str
    # all of them at once
    conditions: list[Annotated[Kills | Hold | Survive, Field(discriminator="kind")]] = Field(
        min_length=1
    )
    maps: list[str] = []  # the battlefields it suits; all when empty (Q3)


class ObjectivesFile(Strict):
    objectives: dict[str, Objective] = Field(min_length=6)  # one each for six players


def check_objectives(
    doc: ObjectivesFile, units: set[str], fields: set[str]
) -> list[tuple[str, str]]:
    problems = []
    for key, o in doc.objectives.items():
        for n, c in enumerate(o.conditions):
            for t in c.types if isinstance(c, Kills) else []:
                if t not in units:
                    where = f"objectives.{key}.conditions.{n}.types"
                    problems.append((where, f"no unit type {t!r}"))
        for name in o.maps:
            if name not in fields:
                problems.append((f"objectives.{key}.maps", f"no battlefield {name!r}"))
    return problems


RANK_TABLE = 1000  # ranks by missions are tabled up to this many (a house file may ask more)


@dataclass(frozen=True)
class Library:
    units: dict[str, UnitType]
    ranks: tuple[Rank, ...]
    boards: BoardsFile
    cards: dict[str, Card]
    objectives: dict[str, Objective]
    # the rank of each number of missions up to the most any rank asks (``rank``)
    by_missions: tuple[Rank | None, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        most = min(max((r.missions for r in self.ranks), default=0), RANK_TABLE)
        table = tuple(self._reached(m) for m in range(most + 1))
        object.__setattr__(self, "by_missions", table)

    def rank(self, missions: int) -> Rank:
        """The highest rank ``missions`` reach (rule DH-48): the last listed that they reach
        (asked of every unit in every view and every attack a search weighs: read from a
        table up to the most missions a rank asks; beyond, the scan's first step finds it
        where the ranks are listed in order)."""
        table = self.by_missions
        found = table[missions] if 0 <= missions < len(table) else self._reached(missions)
        if found is None:
            raise IndexError(f"no rank is reached with {missions} missions")
        return found

    def _reached(self, missions: int) -> Rank | None:
        for r in reversed(self.ranks):
            if r.missions <= missions:
                return r
        return None


def type_title(type_: str) -> str:
    """A unit type's short name, for default soldiers' names: "Light", "Green beret"."""
    return type_.replace("_", " ").capitalize()


def load(data: Path = DATA) -> Library:
    units = validate(data / "units.yaml", UnitsFile, check_units).model
    ranks = validate(data / "ranks.yaml", RanksFile, check_ranks).model
    boards = validate(
        data / "boards.yaml", BoardsFile, lambda doc: check_boards(doc, units.units)
    ).model
    cards = validate(data / "cards.yaml", CardsFile, check_cards).model
    objectives = validate(
        data / "objectives.yaml",
        ObjectivesFile,
        lambda doc: check_objectives(doc, set(units.units), set(boards.battlefields)),
    ).model
    return Library(units.units, tuple(ranks.ranks), boards, cards.cards, objectives.objectives)
