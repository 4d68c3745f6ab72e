"""Schemas of Combat!'s component files (charts, orders, weapons, characters, cards, events,
scenarios). Cross-file checks live in ``library.py``."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from wartable.content.types import Strict

Impulse = Literal[
    "none",
    "fire",
    "may_move_1",
    "must_move_1",
    "must_move_2",
    "throw",
    "melee",
]
Row = list[int]
MORALE = ("berserk", "aggressive", "bold", "normal", "cautious", "shaken", "rout")
ROW_RE = re.compile(r"^(?P<order>[a-z_]+)(?: (?P<dir>[1-6](?:/[1-6])?))?(?P<letters>(?: [GC])*)$")
DIRS_RE = re.compile(r"^[1-6](?:/[1-6])?$")


class Chart(Strict):
    groups: dict[str, list[str]]
    modifiers: dict[str, list[int]]
    mc_only: list[dict[str, str]] = []
    range: list[tuple[int, int]] = []
    beyond_per_10: int = 0

    @field_validator("modifiers")
    @classmethod
    def seven_columns(cls, value: dict[str, list[int]]) -> dict[str, list[int]]:
        for terrain, row in value.items():
            if len(row) != 7:
                raise ValueError(f"row {terrain!r} needs 7 values (groups G0-G6), has {len(row)}")
        return value


WOUND_MARKERS = ("light_wound", "bad_wound", "bandaged_light_wound", "bandaged_bad_wound")


class Firer(Strict):
    orders: dict[str, int]
    wounds: dict[str, int]
    morale: dict[str, int]
    heavy_run_and_gun: int
    belt_without_assistant: int

    @field_validator("wounds")
    @classmethod
    def four_markers(cls, value: dict[str, int]) -> dict[str, int]:
        if set(value) != set(WOUND_MARKERS):
            raise ValueError(f"give exactly {', '.join(WOUND_MARKERS)}")
        return value


class SlowedByWounds(Strict):
    """Wound totals from which fast moves are barred (10.0)."""

    no_sprint: int = Field(ge=1)
    sneak_only: int = Field(ge=1)


class ChartsFile(Strict):
    fire: Chart
    spotting: Chart
    firer: Firer
    smoke: dict[Literal["smoke", "dispersing"], int]
    slowed_by_wounds: SlowedByWounds
    morale_ladder: list[str]


class Order(Strict):
    impulses: list[Impulse] = Field(min_length=4, max_length=4)
    may_fire: bool
    lies_low: bool


class OrdersFile(Strict):
    orders: dict[str, Order]


class Weapon(Strict):
    name: str
    side: Literal["us", "germany"]
    max_range: int = Field(ge=1)
    rate_of_fire: int = Field(ge=1)
    flags: list[Literal["slow", "heavy", "very_heavy", "belt", "pistol", "grenade"]] = []
    bands: list[tuple[int, int | None]] = Field(min_length=1)
    note: str = ""

    @field_validator("bands")
    @classmethod
    def ascending(cls, value: list[tuple[int, int | None]]) -> list[tuple[int, int | None]]:
        ranges = [r for r, _ in value]
        if ranges != sorted(set(ranges)):
            raise ValueError("band ranges must rise strictly")
        return value


class Grenade(Strict):
    name: str
    max_range: int
    damage: tuple[int, int] | None
    frag: tuple[int, int] | None
    smoke: int


class Artillery(Strict):
    name: str
    damage: tuple[int, int | None]
    frag: tuple[int, int | None]
    crater: tuple[int, int | None]
    rubble: tuple[int, int | None]
    smoke: int
    note: str = ""


class WeaponsFile(Strict):
    weapons: dict[str, Weapon]
    grenades: dict[str, Grenade]
    artillery: dict[str, Artillery]


class Counter(Strict):
    name: str
    tq: int = Field(ge=0, le=9)
    ldr: int = Field(ge=0, le=5)
    weapons: dict[str, int]
    skills: list[Literal["tough", "medic"]] = []


class Slot(Strict):
    team: Literal["able", "baker", "charlie"]
    options: list[str] = Field(min_length=1)
    leader: bool = False


class RifleKit(Strict):
    grenade: str  # damage, frag and smoke (weapons.grenades)
    launcher: str  # range bands (weapons.weapons)
    fits: str  # the firearm that takes the launcher


class Kit(Strict):
    """What every US counter carries besides his printed weapons (7.10, 7.11)."""

    smoke_grenade: str | None = None
    rifle_grenade: RifleKit | None = None


class UsForces(Strict):
    teams: list[str]
    slots: list[Slot]
    d6_table: dict[int, list[str]]
    counters: dict[str, Counter]
    kit: Kit = Kit()


class Role(Strict):
    tq: int
    ldr: int
    weapons: dict[str, int]


class GermanForces(Strict):
    teams: dict[Literal["blue", "red", "yellow", "white"], list[str]]
    roles: dict[str, Role]


class CharactersFile(Strict):
    us: UsForces
    germany: GermanForces


class EnemyCard(Strict):
    number: int
    initiative: int
    rout: str = Field(pattern=DIRS_RE.pattern)
    berserk: str = Field(pattern=DIRS_RE.pattern)
    in_cover: list[str] = Field(min_length=5, max_length=5)
    in_open: list[str] = Field(min_length=5, max_length=5)

    @field_validator("in_cover", "in_open")
    @classmethod
    def rows_read_like_cards(cls, value: list[str]) -> list[str]:
        for row in value:
            if not ROW_RE.match(row):
                raise ValueError(f"{row!r} is not 'order [a/b] [G] [C]'")
        return value


class EnemyCardsFile(Strict):
    morale_rows: list[str]
    cards: list[EnemyCard]


class CardEffect(Strict):
    """What an order card does for the turn it is on the initiative track, as data."""

    kind: Literal[
        "fire",  # ws added to shots by firers (of a team; with an order; near a leader)
        "rally",  # tq added to Rally Checks near a leader
        "leadership",  # leaders' command range times factor
        "quiet_impulse",  # no friendly acts in this impulse
        "ammo_runs_out",  # a friendly weapon losing ammo goes straight to No Ammo
        "extra_move",  # movers in this impulse may go hexes further
        "orders_only",  # who may take only these orders
        "orders_barred",  # who may not take these orders
        "panic",  # morale sinks to the lowest next to it
    ]
    ws: int = 0
    tq: int = 0
    factor: int = Field(default=1, ge=1)
    impulse: int = Field(default=0, ge=0, le=4)
    hexes: int = Field(default=0, ge=0)
    firers: Literal["squad", "enemy", "everyone"] = "squad"
    team: Literal["able", "baker", "charlie"] | None = None
    order: str | None = None
    near_leader: bool = False
    target_orders: list[str] = []
    who: Literal["all", "far_from_enemy", "cautious_or_worse", "leaders", "one_of_team"] = "all"
    orders: list[str] = []


CardUse = Literal[
    # at once, on a soldier or a team
    "morale_up",
    "heal_light",
    "reload",
    "rally",
    "change_order",
    "snap_action",
    "swap_initiative",
    # held ready for the rest of the turn, spent at the first chance
    "cancel_wound",
    "reroll_throw",
    "kill_outright",
    "plan_bonus",
    "reroll_shot",
    "melee_bonus",
    "reroll_any",
    "sure_heal",
    "blind_shooting",
]


class FriendlyCard(Strict):
    number: int
    title: str
    type: Literal["order", "discard", "event"]
    initiative: tuple[int, int, int] | None = None
    wound: Literal["close_call", "light_wound", "bad_wound", "kia"] | None = None
    effect: str
    does: list[CardEffect] = []
    use: CardUse | None = None  # what a discard card does when played from the hand
    note: str = ""

    @model_validator(mode="after")
    def discards_say_their_use(self) -> FriendlyCard:
        if (self.type == "discard") != (self.use is not None):
            raise ValueError("discard cards, and only they, need a 'use'")
        return self


class FriendlyCardsFile(Strict):
    cards: list[FriendlyCard]


class EventEntry(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)
    id: str


EventTable = Literal["friendly", "enemy"]  # which table of a scenario's events is rolled


class EventsFile(Strict):
    tables: dict[str, dict[EventTable, dict[int, EventEntry]]]
    aim_tables: dict[str, dict[int, str]]


class Compass(Strict):
    at: str
    toward: str


class Placed(Strict):
    counter: str
    team: Literal["able", "baker", "charlie"]
    hex: str


class Friendly(Strict):
    squad: Literal["d6_table"] | list[Placed]
    deploy: dict[str, tuple[int, int]] = {}
    morale: Literal["aggressive", "bold", "normal", "cautious", "shaken"]
    hidden: bool


class Reinforcements(Strict):
    """Counters from the cup that enter on a set turn, face down and alert."""

    turn: int = Field(ge=2)
    hexes: list[str] = Field(min_length=1)


class Night(Strict):
    """21.0: the darkness of a night scenario. The defaults are the rulebook's example."""

    # the longest sight and fire range, rolled at the start
    sight: str = Field(default="1d6+2", pattern=r"^\d+d\d+([+-]\d+)?$")
    beyond: int = Field(default=2, ge=0)  # further than this many hexes ...
    modifier: int = Field(default=-2, le=0)  # ... spotting and fire take this
    flares: int = Field(default=0, ge=0)  # flares the squad carries (21.1)


class Enemy(Strict):
    # team -> role -> the named counters (characters.yaml's team rosters) of that role
    cup: dict[Literal["blue", "red", "yellow", "white"], dict[str, list[str]]]
    dummies: int = Field(ge=0)
    setup: list[str]
    alert: Literal["alert", "waiting"]
    morale: Literal["aggressive", "bold", "normal", "cautious", "shaken"]
    prepared: bool
    reinforcements: Reinforcements | None = None


Side = Literal["north", "south", "east", "west"]  # north: row 0; west: the first column


class Edges(Strict):
    """9.5: the map edge each side holds; the other two are neutral."""

    friendly: Side
    enemy: Side

    @model_validator(mode="after")
    def two_edges(self) -> Edges:
        if self.friendly == self.enemy:
            raise ValueError("the squad's edge and the enemy's must differ")
        return self


class Level(Strict):
    min: int | None
    result: str


class Victory(Strict):
    points: dict[str, int]
    objectives: list[str] = []
    objective_rule: str = ""
    levels: dict[Literal["list"], list[Level]]


class SpecialRule(Strict):
    id: str
    text: str


class ScenarioFile(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    number: int
    title: str
    summary: str
    map: str
    turns: int = Field(ge=1)
    hand: int = Field(ge=0, le=5)
    events: str
    compass: Compass
    edges: Edges
    friendly: Friendly
    enemy: Enemy
    special_rules: list[SpecialRule] = []
    victory: Victory
    wind: int = Field(ge=1, le=6)  # compass direction smoke drifts toward (18.0)
    large_battle: bool = False  # 9.2: one enemy card per team
    night: Night | None = None  # 21.0
