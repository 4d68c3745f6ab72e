"""Schemas of Undaunted's content files and the cross-file checks between them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel, Field

from wartable.content.loader import Loaded, validate
from wartable.content.types import Strict
from wartable.core.errors import ContentError

DATA = Path(__file__).resolve().parent / "data"  # the shipped content
SideName = Literal["us", "germany"]
SIDES: tuple[SideName, SideName] = ("us", "germany")
Verb = Literal[
    "move",
    "guide",
    "scout",
    "stalk",
    "bolster",
    "command",
    "conceal",
    "control",
    "inspire",
    "recon",
    "target",
    "attack",
    "suppress",
    "blast",
]
VERBS: tuple[str, ...] = get_args(Verb)
# verbs whose number X is part of the card ("Move 1"); the others take none
VERBS_WITH_AMOUNT = frozenset(VERBS) - {"conceal", "control", "recon", "target"}


class CardAction(Strict):
    verb: Verb
    amount: int | None = Field(default=None, ge=1, le=10)
    squad_only: bool = False


class CardKind(Strict):
    title: str
    category: Literal["command", "unit", "fog"]
    squads: list[Literal["A", "B", "C"]] | None = None
    initiative: int = Field(ge=0, le=10)
    copies: int = Field(ge=1, le=54)
    actions: list[CardAction]


class CardsFile(Strict):
    kinds: dict[str, CardKind]


class Counter(Strict):
    title: str
    defence: int = Field(ge=0, le=9)
    holds_ground: bool = False


class CountersFile(Strict):
    counters: dict[str, Counter]


class TileFace(Strict):
    cover: int = Field(ge=0, le=9)
    hill: bool = False
    cover_vs_hill_or_blast: int | None = Field(default=None, ge=0, le=9)


class TilesFile(Strict):
    faces: dict[str, TileFace]


class MapTile(Strict):
    tile: str
    at: tuple[int, int]
    objective: int = Field(default=0, ge=0, le=9)


class Spawn(Strict):
    tile: str
    units: list[str] = Field(min_length=1)


Goal = Literal["objective-points", "pin-down", "more-objectives"]
GOALS: tuple[str, ...] = get_args(Goal)


class Victory(Strict):
    """A side's goal (rulebook: End of the game). ``objective-points`` wins on reaching
    ``objective_points`` or by pinning the enemy down; ``pin-down`` only by pinning the enemy
    down; ``more-objectives`` once the enemy is pinned down while holding more points."""

    goal: Goal = "objective-points"
    objective_points: int | None = Field(default=None, ge=1)


class Side(Strict):
    scouted: list[str] = []
    controlled: list[str] = []
    spawns: list[Spawn] = Field(min_length=1)
    counters: dict[str, list[str]] = {}
    cards: dict[str, tuple[int, int]]
    victory: Victory


class ScenarioFile(Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    number: int
    title: str
    summary: str
    initiative: Literal["us", "germany"]
    map: list[MapTile] = Field(min_length=2)
    sides: dict[Literal["us", "germany"], Side]


def card_kind_keys(cards: CardsFile) -> dict[str, tuple[str, str | None]]:
    """Every concrete card kind key ('rifleman-A') -> (kind entry key, squad letter)."""
    out: dict[str, tuple[str, str | None]] = {}
    for key, kind in cards.kinds.items():
        squads: list[str | None] = list(kind.squads) if kind.squads else [None]
        for squad in squads:
            out[f"{key}-{squad}" if squad else key] = (key, squad)
    return out


def check_cards(cards: CardsFile) -> list[tuple[str, str]]:
    problems = []
    for key, kind in cards.kinds.items():
        for i, act in enumerate(kind.actions):
            where = f"kinds.{key}.actions[{i}]"
            if act.verb in VERBS_WITH_AMOUNT and act.amount is None:
                problems.append((f"{where}.amount", f"{act.verb} needs an amount"))
            if act.verb not in VERBS_WITH_AMOUNT and act.amount is not None:
                problems.append((f"{where}.amount", f"{act.verb} takes no amount"))
            if act.squad_only and not kind.squads:
                problems.append(
                    (f"{where}.squad_only", "only a card with squads can be squad-only")
                )
        if kind.category == "fog" and kind.actions:
            problems.append((f"kinds.{key}.actions", "fog of war cards have no actions"))
    return problems


Check = Callable[[Any], list[tuple[str, str]]]  # a file's cross-field checks


class Library:
    """The box: card kinds, counters and tile faces shared by every scenario."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        problems: list[str] = []
        loaded: dict[str, Loaded[Any]] = {}
        files: tuple[tuple[str, type[BaseModel], Check | None], ...] = (
            ("cards", CardsFile, check_cards),
            ("counters", CountersFile, None),
            ("tiles", TilesFile, None),
        )
        for name, model, check in files:
            try:
                loaded[name] = validate(folder / f"{name}.yaml", model, check)
            except ContentError as exc:
                problems.extend(exc.problems)
        if problems:
            raise ContentError(problems)
        self.cards_doc = loaded["cards"]
        self.cards: CardsFile = loaded["cards"].model
        self.counters: CountersFile = loaded["counters"].model
        self.tiles: TilesFile = loaded["tiles"].model
        unit_kinds = [k for k, v in self.cards.kinds.items() if v.category == "unit"]
        missing = [k for k in unit_kinds if k not in self.counters.counters]
        if missing:
            raise ContentError(
                [
                    f"{folder / 'counters.yaml'}: counters: no counter for unit card kind {k!r}"
                    for k in missing
                ]
            )
        self.kind_keys = card_kind_keys(self.cards)


def check_scenario(lib: Library) -> Callable[[ScenarioFile], list[tuple[str, str]]]:
    def check(sc: ScenarioFile) -> list[tuple[str, str]]:
        problems: list[tuple[str, str]] = []
        tiles = [t.tile for t in sc.map]
        numbers = [t.rstrip("AB") for t in tiles]
        for i, t in enumerate(sc.map):
            if t.tile not in lib.tiles.faces:
                problems.append((f"map[{i}].tile", f"no tile face {t.tile!r} in tiles.yaml"))
            elif numbers.count(t.tile.rstrip("AB")) > 1:
                problems.append((f"map[{i}].tile", f"tile {t.tile.rstrip('AB')} is used twice"))
        seen_at: dict[tuple[int, int], str] = {}
        for i, t in enumerate(sc.map):
            if t.at in seen_at:
                problems.append((f"map[{i}].at", f"same position as {seen_at[t.at]}"))
            seen_at[t.at] = t.tile
        if set(sc.sides) != set(SIDES):
            problems.append(("sides", "both sides, us and germany, must be described"))
        units = {
            k for k, (base, _) in lib.kind_keys.items() if lib.cards.kinds[base].category == "unit"
        }
        squads = {f"squad-{s}" for s in "ABC"}
        for side, data in sc.sides.items():
            pre = f"sides.{side}"
            for field in ("scouted", "controlled"):
                for j, name in enumerate(getattr(data, field)):
                    if name not in tiles:
                        problems.append((f"{pre}.{field}[{j}]", f"tile {name!r} is not on the map"))
            for j, sp in enumerate(data.spawns):
                if sp.tile not in tiles:
                    problems.append(
                        (f"{pre}.spawns[{j}].tile", f"tile {sp.tile!r} is not on the map")
                    )
                for u in sp.units:
                    if u != "all" and u not in squads and u not in units:
                        problems.append(
                            (f"{pre}.spawns[{j}].units", f"{u!r} is not 'all', a squad or a unit")
                        )
            for at, cs in data.counters.items():
                if at not in tiles:
                    problems.append((f"{pre}.counters.{at}", "tile is not on the map"))
                for u in cs:
                    if u not in units:
                        problems.append((f"{pre}.counters.{at}", f"{u!r} is not a unit"))
            goal, points = data.victory.goal, data.victory.objective_points
            if goal == "objective-points" and points is None:
                problems.append((f"{pre}.victory.objective_points", f"goal {goal} needs it"))
            if goal != "objective-points" and points is not None:
                problems.append((f"{pre}.victory.objective_points", f"goal {goal} takes none"))
            placed = [u for cs in data.counters.values() for u in cs]
            for u in set(placed):
                if placed.count(u) > 1:
                    problems.append((f"{pre}.counters", f"counter {u!r} is placed twice"))
            for k, (deck, supply) in data.cards.items():
                if k not in lib.kind_keys:
                    problems.append((f"{pre}.cards.{k}", "no such card kind in cards.yaml"))
                    continue
                copies = lib.cards.kinds[lib.kind_keys[k][0]].copies
                if deck < 0 or supply < 0:
                    problems.append((f"{pre}.cards.{k}", "counts cannot be negative"))
                elif deck + supply > copies:
                    problems.append(
                        (f"{pre}.cards.{k}", f"{deck + supply} cards but the box has {copies}")
                    )
        return problems

    return check


def load_scenario(lib: Library, path: Path) -> Loaded[ScenarioFile]:
    return validate(path, ScenarioFile, check_scenario(lib))
