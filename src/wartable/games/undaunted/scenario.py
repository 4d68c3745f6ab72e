"""A scenario compiled for play: indexes, tables and interned actions, shared by every clone.

Dynamic state holds only small lists of integers that point into these tables, which is
what keeps ``clone()`` cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from wartable.content.loader import Loaded
from wartable.core.action import Action
from wartable.core.errors import ContentError
from wartable.games.undaunted.content import SIDES, Library, ScenarioFile, load_scenario
from wartable.geometry.tilegraph import TileGraph

COMMAND, UNIT, FOG = "command", "unit", "fog"


@dataclass(frozen=True, slots=True)
class CardAction:
    verb: str
    amount: int
    squad_only: bool


@dataclass(frozen=True, slots=True)
class Kind:
    index: int
    key: str
    title: str
    category: str
    squad: str | None
    initiative: int
    actions: tuple[CardAction, ...]
    unit: int  # index of the counter this card drives, -1 for command and fog cards


@dataclass(frozen=True, slots=True)
class Unit:
    index: int
    key: str
    title: str
    squad: str | None
    defence: int
    holds_ground: bool
    kind: int  # the card kind that drives this counter
    has_target: bool  # a mortar: its target marker goes when it moves or leaves the board


class Actions:
    """Every action the game can offer, interned once per scenario."""

    def __init__(self, tiles: tuple[str, ...], kinds: tuple[Kind, ...], units: tuple[Unit, ...]):
        k = [x.key for x in kinds]
        self.end = Action("end")
        self.done = Action("done")
        self.draw = Action("draw")
        self.bid = tuple(Action("bid", (x,)) for x in k)
        self.hunker = tuple(Action("hunker", (x,)) for x in k)
        self.rally = tuple(Action("rally", (x,)) for x in k)
        self.bolster = tuple(Action("bolster", (x,)) for x in k)
        self.inspire = tuple(Action("inspire", (x,)) for x in k)
        self.play = tuple(
            {a.verb: Action("play", (x.key, a.verb)) for a in x.actions} for x in kinds
        )
        self.move = tuple(Action("move", (t,)) for t in tiles)
        self.target = tuple(Action("target", (t,)) for t in tiles)
        self.guide = tuple(Action("guide", (u.key,)) for u in units)
        self.attack = tuple(Action("attack", (u.key,)) for u in units)
        self.suppress = tuple(Action("suppress", (u.key,)) for u in units)
        # action -> (verb, integer argument, second argument) for a fast apply
        decode: dict[Action, tuple[str, int, str]] = {
            self.end: ("end", -1, ""),
            self.done: ("done", -1, ""),
            self.draw: ("draw", -1, ""),
        }
        for verb, table in (
            ("bid", self.bid),
            ("hunker", self.hunker),
            ("rally", self.rally),
            ("bolster", self.bolster),
            ("inspire", self.inspire),
            ("move", self.move),
            ("target", self.target),
            ("guide", self.guide),
            ("attack", self.attack),
            ("suppress", self.suppress),
        ):
            for i, a in enumerate(table):
                decode[a] = (verb, i, "")
        for i, plays in enumerate(self.play):
            for card_verb, a in plays.items():
                decode[a] = ("play", i, card_verb)
        self.decode = decode


class Scenario:
    """Static data of one scenario: map tables, card kinds, units, set-up, victory goals."""

    def __init__(self, lib: Library, loaded: Loaded[ScenarioFile]) -> None:
        sc: ScenarioFile = loaded.model
        self.source = loaded.source
        self.loaded = loaded
        self.id = sc.id
        self.number = sc.number
        self.title = sc.title
        self.summary = sc.summary
        self.provenance = loaded.provenance_of("title")
        self.players: tuple[str, str] = SIDES
        self.graph = TileGraph({t.tile: t.at for t in sc.map})
        g = self.graph
        self.tiles = g.ids
        self.tile_index = g.index
        self.neighbours = g.neighbours
        self.distance = g.distance
        faces = lib.tiles.faces
        self.cover = tuple(faces[t].cover for t in self.tiles)
        self.hill = tuple(faces[t].hill for t in self.tiles)
        self.cover_hill: tuple[int, ...] = tuple(
            _hill_cover(faces[t].cover_vs_hill_or_blast, faces[t].cover) for t in self.tiles
        )
        by_tile = {t.tile: t.objective for t in sc.map}
        self.objective = tuple(by_tile[t] for t in self.tiles)
        self.objective_tiles = tuple(i for i, p in enumerate(self.objective) if p)

        kinds: list[Kind] = []
        units: list[Unit] = []
        for key, (base, squad) in lib.kind_keys.items():
            entry = lib.cards.kinds[base]
            unit = -1
            if entry.category == UNIT:
                counter = lib.counters.counters[base]
                unit = len(units)
                units.append(
                    Unit(
                        unit,
                        key,
                        counter.title,
                        squad,
                        counter.defence,
                        counter.holds_ground,
                        len(kinds),
                        any(a.verb == "target" for a in entry.actions),
                    )
                )
            acts = tuple(CardAction(a.verb, a.amount or 0, a.squad_only) for a in entry.actions)
            kinds.append(
                Kind(
                    len(kinds),
                    key,
                    entry.title,
                    entry.category,
                    squad,
                    entry.initiative,
                    acts,
                    unit,
                )
            )
        self.kinds = tuple(kinds)
        self.units = tuple(units)
        self.kind_index = {x.key: x.index for x in kinds}
        self.unit_index = {u.key: u.index for u in units}
        self.fog = next(x.index for x in kinds if x.category == FOG)
        self.ground_units = tuple(u.index for u in units if u.holds_ground)
        self.ground_kinds = tuple(u.kind for u in units if u.holds_ground)
        self.mortar = tuple(u.index for u in units if u.has_target)
        self.copies = tuple(lib.cards.kinds[lib.kind_keys[x.key][0]].copies for x in kinds)

        problems: list[str] = []
        nk, nu = len(kinds), len(units)
        self.spawn: list[tuple[int, ...]] = []
        self.start_deck: list[tuple[int, ...]] = []
        self.start_supply: list[tuple[int, ...]] = []
        self.start_pos: list[tuple[int, ...]] = []
        self.start_marks: list[tuple[int, ...]] = []
        self.goal: list[int | None] = []  # objective points to reach, None for other goals
        self.victory: list[str] = []  # each side's goal: content.GOALS
        for side in SIDES:
            data = sc.sides[side]
            spawn = [-1] * nu
            for sp in data.spawns:
                for u in units:
                    if (
                        "all" in sp.units
                        or u.key in sp.units
                        or (u.squad is not None and f"squad-{u.squad}" in sp.units)
                    ):
                        spawn[u.index] = self.tile_index[sp.tile]
            deck = [0] * nk
            supply = [0] * nk
            for key, (d, s) in data.cards.items():
                deck[self.kind_index[key]] = d
                supply[self.kind_index[key]] = s
            for u in units:
                if (deck[u.kind] or supply[u.kind]) and spawn[u.index] < 0:
                    problems.append(f"{self.source}: sides.{side}.spawns: no spawn for {u.key}")
            pos = [-1] * nu
            for tile, keys in data.counters.items():
                for key in keys:
                    pos[self.unit_index[key]] = self.tile_index[tile]
            if not any(pos[u] >= 0 for u in self.ground_units):
                problems.append(
                    f"{self.source}: sides.{side}.counters: no rifleman starts on the board"
                )
            marks = [0] * len(self.tiles)
            for t in data.scouted:
                marks[self.tile_index[t]] = 1
            for t in data.controlled:
                marks[self.tile_index[t]] = 2
            self.spawn.append(tuple(spawn))
            self.start_deck.append(tuple(deck))
            self.start_supply.append(tuple(supply))
            self.start_pos.append(tuple(pos))
            self.start_marks.append(tuple(marks))
            self.goal.append(data.victory.objective_points)
            self.victory.append(data.victory.goal)
        if not g.is_connected():
            problems.append(f"{self.source}: map: the tiles do not form one connected map")
        if problems:
            raise ContentError(problems)
        self.initiative = SIDES.index(sc.initiative)
        self.actions = Actions(self.tiles, self.kinds, self.units)
        # the fitted estimate's weights in the order of outlook.facts (estimates.py), None
        # if it has none; the game sets them from data/estimates.yaml
        self.outlook: tuple[float, ...] | None = None


def _hill_cover(low: int | None, cover: int) -> int:
    return cover if low is None else low


def compile_scenario(lib: Library, path: Path) -> Scenario:
    return Scenario(lib, load_scenario(lib, path))
