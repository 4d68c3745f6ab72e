"""2GM Tactics' content: the army cards, the equipment tokens, the terrain deck, the tiles and
the HQ, each file validated, every value with its provenance. The rulebook prints a handful
of numbers (its worked examples); everything else is our own design, marked ``house``, in a
format a player who owns the box can fill with the printed cards."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from wartable.content.loader import validate
from wartable.content.types import Strict

DATA = Path(__file__).resolve().parent / "data"
ARMIES = ("usa", "germany")

UnitKind = Literal["infantry", "tank", "transport", "artillery", "aircraft"]
# infantry: light, heavy, special (mechanics, flamethrowers, sappers, snipers), command
# (command groups pay AP by their line, GM-20); aircraft: fighter or bomber
UnitClass = Literal[
    "light", "heavy", "special", "command", "light_tank", "medium_tank", "heavy_tank",
    "half_track", "recon", "self_propelled", "rocket", "truck", "jeep", "motorcycle",
    "landing_craft", "field_gun", "anti_tank", "anti_aircraft", "howitzer", "fighter", "bomber",
]  # fmt: skip
# the special abilities of pages 17-20 a unit card may print (the tokens are separate)
Ability = Literal[
    "antitank",  # +1 damage against tanks (GM-75)
    "flamethrower",  # automatic damage against buildings (GM-83)
    "march",  # +1 movement for 1 AP (GM-84)
    "mechanized",  # may move after leaving a transport (GM-85)
    "mounted",  # +1 movement when it gives up its fire (GM-86)
    "mobility",  # may move the turn it is deployed (GM-87)
    "howitzer",  # +2 penetration and damage against buildings (GM-88)
    "hollow_point",  # +1 penetration against tanks (GM-90)
    "recon",  # difficult terrain is normal (GM-91)
    "tow",  # carries one artillery piece (GM-92)
    "transport",  # carries infantry (GM-96)
    "landing_craft",  # carries units over the sea (GM-81, GM-82)
    "repair",  # removes a wound from a vehicle or gun within 1 (GM-94)
    "heal",  # removes a wound from infantry or a gun within 1 (GM-95)
    "sappers",  # clears wire, barriers and mines; crosses rivers (GM-97)
    "anti_aircraft",  # fires at aircraft outside its turn (GM-72)
    "paratrooper",  # deploys anywhere free of enemies and buildings (GM-74)
]
Slot = Literal["offensive", "defensive"]


class Weapon(Strict):
    """A weapon's profile: hit on ``hit``+ and destroy outright on ``crit``+ (GM-44)."""

    name: str
    hit: int = Field(ge=1, le=10)
    crit: int = Field(ge=1, le=10)
    range: int = Field(ge=0, le=14)  # orthogonal steps (GM-43); 0: its own square only
    pen: int = Field(ge=0, le=12)
    damage: int = Field(ge=0, le=6)
    air: bool = False  # may fire at aircraft (anti-aircraft guns, fighters)
    ground: bool = True  # may fire at ground targets (a bomber's MGs may not, GM-71)
    flip: bool = False  # disabled when fired, ready again a turn later (GM-54, GM-55)
    mount: bool = False  # arrives folded and fires only once mounted (GM-79)


class Token(Strict):
    """An equipment token: a weapon, or a standing effect (prone, smoke)."""

    title: str
    weapon: Weapon | None = None
    effect: Literal["prone", "smoke_grenade", "smoke_screen", "none"] = "none"
    flip: bool = False  # the effect (smoke) is disabled when used


class Option(Strict):
    """An equipment option printed on a unit card: the token, its price in AP when the unit
    is deployed (GM-7) and its side of the card (infantry: one of each side, GM-8)."""

    token: str
    price: int = Field(ge=0, le=9)
    slot: Slot


class UnitCard(Strict):
    title: str
    army: Literal["usa", "germany"]
    kind: UnitKind
    cls: UnitClass
    cost: int = Field(ge=0, le=20)  # printed deployment cost: counts toward the deck's limit
    launch: int | None = Field(default=None, ge=0, le=20)  # AP when played, if printed (GM-3)
    year: int | None = Field(default=None, ge=1935, le=1945)
    movement: int = Field(ge=0, le=8)
    weapons: list[Weapon] = Field(default_factory=list, max_length=4)
    armour: int = Field(ge=0, le=12)
    wounds: int = Field(ge=1, le=12)
    abilities: list[Ability] = Field(default_factory=list)
    capacity: int = Field(default=0, ge=0, le=4)  # units it carries (transport, tow, craft)
    options: dict[str, Option] = Field(default_factory=dict)  # by the word actions use
    bomb: list[tuple[int, int]] = Field(default_factory=list)  # a bomber's area, as offsets
    # the card says its bombs wear down the terrain of the empty squares in its area too
    # untouched unless it says so)
    razes: bool = False
    copies: int = Field(default=1, ge=1, le=9)  # how many the box holds
    text: str = ""


SupportType = Literal["supplies", "promotion", "equipment", "general"]
Effect = Literal[
    "action_points",  # the HQ gains ``amount`` AP
    "draw",  # draw ``amount`` cards
    "veteran",  # promotion: -1 to its hit and critical rolls
    "elite",  # promotion: -2 to its hit and critical rolls, +1 wound
    "ram",  # equipment on a tank: +``amount`` penetration
    "armour",  # equipment: +``amount`` armour
    "impact",  # a strike: a shot at any square with ``weapon``
    "at_mine",  # a mine: the next enemy vehicle entering the square takes ``weapon``
    "general",  # choose a general of the army to serve at the HQ (GM-22)
    "heal",  # remove ``amount`` wounds from an own unit
    "repair_hq",  # the HQ gets back ``amount`` PI
]


FITTED = ("ram", "armour")  # effects whose card stays on the unit it is played on (GM-89)


class SupportCard(Strict):
    title: str
    army: Literal["usa", "germany", "any"]
    type: SupportType
    cost: int = Field(ge=0, le=20)
    launch: int | None = Field(default=None, ge=0, le=20)
    effect: Effect
    amount: int = Field(default=0, ge=0, le=10)
    weapon: Weapon | None = None
    target: Literal["none", "own_unit", "enemy_unit", "square", "own_tank"] = "none"
    duration: Literal["immediate", "turn", "permanent"] = "immediate"
    copies: int = Field(default=1, ge=1, le=9)
    text: str


class CardsFile(Strict):
    tokens: dict[str, Token]
    units: dict[str, UnitCard]
    support: dict[str, SupportCard]


class TerrainCard(Strict):
    title: str
    cost: int = Field(ge=0, le=10)
    movement: Literal["normal", "difficult", "impassable"]
    cover: tuple[int, int] = (0, 0)  # added to a shot's hit and critical thresholds
    armour: int = Field(default=0, ge=0, le=6)  # a building's armour bonus (GM-64)
    building: bool = False  # takes the damage its occupant takes, then is ruins (GM-65)
    hit_points: int = Field(default=0, ge=0, le=20)  # PI; 0: cannot be destroyed by fire
    extensive: bool = False  # may cover a neighbour square too, for +1 AP (GM-107)
    stops: bool = False  # wire: a unit entering it ends its move
    mine: Weapon | None = None  # attacks each enemy unit that enters it
    removable: bool = False  # sappers may clear it (GM-97)
    copies: int = Field(ge=1, le=6)
    text: str


# a building shot to 0 PI turns over: ruins for the rest of the battle, difficult ground
# (GM-65); the rulebook gives them no cover and no armour, and neither do we
RUINS = TerrainCard(
    title="Ruins",
    cost=0,
    movement="difficult",
    copies=1,
    text="Rubble where a building stood: slow to cross, no longer a shelter.",
)


class TerrainFile(Strict):
    terrain: dict[str, TerrainCard]


# a tile square's feature: . open, F forest, H hedge, M mountain, L lake, R river, S sea
FEATURES = {
    ".": ("open ground", "normal", (0, 0), 0),
    "F": ("forest", "difficult", (1, 1), 8),
    "H": ("hedge", "normal", (1, 1), 4),
    "M": ("mountain", "difficult", (0, 0), 0),
    "L": ("lake", "impassable", (0, 0), 0),
    "R": ("river", "impassable", (0, 0), 0),
    "S": ("sea", "impassable", (0, 0), 0),
}  # (name, movement, cover, hit points)


class Tile(Strict):
    """A double-sided tile of 2 x 2 squares: each face two rows of two feature letters,
    written from the bottom (the first seat's edge) up."""

    faces: tuple[tuple[str, str], tuple[str, str]]
    water: bool = False  # river or sea: left out of a pitched battle (GM-10)


class HQ(Strict):
    hit_points: int = Field(ge=1, le=30)
    start_ap: int = Field(ge=0, le=20)
    income: int = Field(ge=0, le=10)
    cap: int = Field(ge=1, le=30)
    armour: int = Field(ge=0, le=10)
    hand: int = Field(ge=1, le=10)
    draw: int = Field(ge=1, le=5)
    hand_limit: int = Field(ge=1, le=12)
    bid_max: int = Field(ge=0, le=20)
    points: int = Field(ge=1, le=500)  # a pitched battle's points limit


class General(Strict):
    title: str
    army: Literal["usa", "germany"]
    kinds: list[UnitKind]  # the units his bonus applies to
    hit: int = Field(ge=-3, le=0)  # added to their hit thresholds
    movement: int = Field(ge=0, le=2)
    income: int = Field(ge=0, le=3)  # AP more in each HQ phase
    text: str


class FieldFile(Strict):
    hq: HQ
    tiles: dict[str, Tile] = Field(min_length=12)
    generals: dict[str, General]


@dataclass(frozen=True)
class Library:
    """Everything a battle reads, validated."""

    tokens: dict[str, Token]
    units: dict[str, UnitCard]
    support: dict[str, SupportCard]
    terrain: dict[str, TerrainCard]
    hq: HQ
    tiles: dict[str, Tile]
    generals: dict[str, General]

    def card(self, key: str) -> UnitCard | SupportCard:
        return self.units[key] if key in self.units else self.support[key]

    def cards_of(self, army: str) -> list[str]:
        """The army's cards, units first, in the data's order."""
        return [k for k, u in self.units.items() if u.army == army] + [
            k for k, s in self.support.items() if s.army in (army, "any")
        ]


def check_cards(doc: CardsFile) -> list[tuple[str, str]]:
    problems = []
    for key, u in doc.units.items():
        where = f"units.{key}"
        if not key.isidentifier():
            problems.append((where, "a card id is one word (actions use it)"))
        for name, o in u.options.items():
            if o.token not in doc.tokens:
                problems.append((f"{where}.options.{name}.token", f"no token {o.token!r}"))
            if not name.isidentifier():
                problems.append((f"{where}.options.{name}", "an option is one word"))
        if u.kind == "aircraft" and u.cls not in ("fighter", "bomber"):
            problems.append((f"{where}.cls", "an aircraft is a fighter or a bomber"))
        if u.kind == "aircraft" and u.movement:
            problems.append((f"{where}.movement", "an aircraft never moves on the board: 0"))
        if u.cls == "bomber" and not u.bomb:
            problems.append((f"{where}.bomb", "a bomber needs the squares of its area"))
        if u.razes and u.cls != "bomber":
            problems.append((f"{where}.razes", "only a bomber's bombs fall on terrain"))
        carries = {"transport", "tow", "landing_craft"} & set(u.abilities)
        if carries and not u.capacity:
            problems.append((f"{where}.capacity", f"a unit with {sorted(carries)} carries some"))
        for w, weapon in enumerate(u.weapons):
            if weapon.crit < weapon.hit:
                problems.append((f"{where}.weapons.{w}.crit", "a critical is never under a hit"))
    for key, s in doc.support.items():
        if s.effect in ("impact", "at_mine") and s.weapon is None:
            problems.append((f"support.{key}.weapon", f"{s.effect} needs a weapon profile"))
        if s.duration == "turn" and s.effect not in FITTED:
            problems.append(
                (f"support.{key}.duration", "only a card fitted to a unit lasts one turn (GM-27)")
            )
    for key, t in doc.tokens.items():
        if t.weapon is None and t.effect == "none":
            problems.append((f"tokens.{key}", "a token is a weapon or an effect"))
    return problems


def check_terrain(doc: TerrainFile) -> list[tuple[str, str]]:
    problems = []
    for key, t in doc.terrain.items():
        if t.building and not t.hit_points:
            problems.append((f"terrain.{key}.hit_points", "a building has hit points (GM-65)"))
    return problems


def check_field(doc: FieldFile) -> list[tuple[str, str]]:
    problems = []
    for key, tile in doc.tiles.items():
        for f, face in enumerate(tile.faces):
            for r, row in enumerate(face):
                if len(row) != 2 or set(row) - set(FEATURES):
                    problems.append(
                        (f"tiles.{key}.faces.{f}.{r}", f"two of {''.join(FEATURES)}, got {row!r}")
                    )
    dry = sum(not t.water for t in doc.tiles.values())
    if dry < 12:
        problems.append(("tiles", f"a pitched battle lays 12 tiles without water: {dry} here"))
    if doc.hq.start_ap > doc.hq.cap:
        problems.append(("hq.start_ap", "the starting pool is over the storage cap"))
    return problems


def load(path: Path = DATA) -> Library:
    cards = validate(path / "cards.yaml", CardsFile, check_cards).model
    terrain = validate(path / "terrain.yaml", TerrainFile, check_terrain).model
    board = validate(path / "field.yaml", FieldFile, check_field).model
    return Library(
        tokens=cards.tokens,
        units=cards.units,
        support=cards.support,
        terrain=terrain.terrain,
        hq=board.hq,
        tiles=board.tiles,
        generals=board.generals,
    )
