"""Every Combat! component file, loaded, validated and cross-checked together.

One ContentError lists every problem of every file, each as ``file: field: reason``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from wartable.content.loader import Loaded, content_files, repeated_ids, validate
from wartable.core.errors import ContentError
from wartable.games.combat.board import Board
from wartable.games.combat.content import MapFile, TerrainFile, load_map, load_terrain
from wartable.games.combat.schema import (
    ROW_RE,
    CharactersFile,
    ChartsFile,
    EnemyCardsFile,
    EventsFile,
    FriendlyCardsFile,
    OrdersFile,
    ScenarioFile,
    WeaponsFile,
)

PACKAGE_DATA = Path(__file__).resolve().parent / "data"
M = TypeVar("M", bound=BaseModel)
Problems = list[tuple[str, str]]


class CombatLibrary:
    def __init__(self, folder: Path = PACKAGE_DATA) -> None:
        self.folder = folder
        self._problems: list[str] = []
        terrain = self._load("terrain.yaml", TerrainFile, loader=load_terrain)
        if terrain is None:
            raise ContentError(self._problems)
        self.terrain: TerrainFile = terrain.model
        self.maps: dict[str, Board] = {}
        found: list[tuple[str, str]] = []
        for path in self._files("maps", "map"):
            try:
                m: MapFile = load_map(path, self.terrain).model
                found.append((str(path), m.id))
                self.maps.setdefault(m.id, Board(m, self.terrain))
            except ContentError as exc:
                self._problems.extend(exc.problems)
        self._problems += repeated_ids(found, "map")
        self.orders: OrdersFile = self._model("orders.yaml", OrdersFile, self._check_orders)
        self.charts: ChartsFile = self._model("charts.yaml", ChartsFile, self._check_charts)
        self.weapons: WeaponsFile = self._model("weapons.yaml", WeaponsFile)
        self.characters: CharactersFile = self._model(
            "characters.yaml", CharactersFile, self._check_characters
        )
        self.enemy_cards: EnemyCardsFile = self._model(
            "cards_enemy.yaml", EnemyCardsFile, self._check_enemy_cards
        )
        self.friendly_cards: FriendlyCardsFile = self._model(
            "cards_friendly.yaml", FriendlyCardsFile, self._check_friendly_cards
        )
        self.events: EventsFile = self._model("events.yaml", EventsFile, self._check_events)
        self.scenarios: dict[str, ScenarioFile] = {}
        self.scenario_docs: dict[str, Loaded[ScenarioFile]] = {}
        found = []
        for path in self._files("scenarios", "scenario"):
            loaded = self._load(str(path.relative_to(folder)), ScenarioFile, self._check_scenario)
            if loaded is not None:
                found.append((loaded.source, loaded.model.id))
                self.scenarios.setdefault(loaded.model.id, loaded.model)
                self.scenario_docs.setdefault(loaded.model.id, loaded)
        self._problems += repeated_ids(found, "scenario")
        if self._problems:
            raise ContentError(self._problems)

    # ---- loading ----------------------------------------------------------------------
    def _files(self, sub: str, what: str) -> list[Path]:
        """A folder's YAML files; none at all is a problem (listed with the others)."""
        try:
            return content_files(self.folder / sub, what)
        except ContentError as exc:
            self._problems.extend(exc.problems)
            return []

    def _load(
        self,
        name: str,
        model: type[M],
        check: Any = None,
        loader: Callable[[Path], Loaded[M]] | None = None,
    ) -> Loaded[M] | None:
        try:
            if loader is not None:
                return loader(self.folder / name)
            return validate(self.folder / name, model, check)
        except ContentError as exc:
            self._problems.extend(exc.problems)
            return None

    def _model(self, name: str, model: type[M], check: Any = None) -> Any:
        loaded = self._load(name, model, check)
        return loaded.model if loaded is not None else None

    # ---- cross-checks (each returns (field, reason) pairs) ------------------------------
    def _check_orders(self, f: OrdersFile) -> Problems:
        needed = {
            "aimed_fire",
            "rapid_fire",
            "suppressive_fire",
            "sneak",
            "evade",
            "sprint",
            "run_and_gun",
            "charge",
            "hide",
            "rally",
            "duck_back",
            "grenade",
        }
        return [("orders", f"missing order {o!r}") for o in sorted(needed - set(f.orders))]

    def _check_charts(self, f: ChartsFile) -> Problems:
        out: Problems = []
        known = set(self.orders.orders) | {"no_order"} if self.orders else set()
        for name, chart in (("fire", f.fire), ("spotting", f.spotting)):
            seen: dict[str, str] = {}
            for group, orders in chart.groups.items():
                for o in orders:
                    if known and o not in known:
                        out.append((f"{name}.groups.{group}", f"unknown order {o!r}"))
                    if o in seen:
                        out.append((f"{name}.groups.{group}", f"{o!r} is also in {seen[o]}"))
                    seen[o] = group
            for t in self.terrain.terrain:
                if t not in chart.modifiers:
                    out.append((f"{name}.modifiers", f"no row for terrain {t!r}"))
            for t in chart.modifiers:
                if t not in self.terrain.terrain:
                    out.append((f"{name}.modifiers.{t}", "no such terrain in terrain.yaml"))
        for i, cell in enumerate(f.fire.mc_only):
            if (
                cell.get("terrain") not in self.terrain.terrain
                or cell.get("group") not in f.fire.groups
            ):
                out.append((f"fire.mc_only[{i}]", f"unknown terrain or group in {cell}"))
        return out

    def _weapon_ids(self) -> set[str]:
        if self.weapons is None:
            return set()
        return set(self.weapons.weapons) | set(self.weapons.grenades)

    def _check_characters(self, f: CharactersFile) -> Problems:
        out: Problems = []
        weapons = self._weapon_ids()
        for key, c in f.us.counters.items():
            out += [
                (f"us.counters.{key}.weapons", f"unknown weapon {w!r}")
                for w in c.weapons
                if weapons and w not in weapons
            ]
        kit = f.us.kit
        if kit.smoke_grenade and self.weapons and kit.smoke_grenade not in self.weapons.grenades:
            out.append(("us.kit.smoke_grenade", f"unknown grenade {kit.smoke_grenade!r}"))
        if kit.rifle_grenade and self.weapons:
            rg = kit.rifle_grenade
            if rg.grenade not in self.weapons.grenades:
                out.append(("us.kit.rifle_grenade.grenade", f"unknown grenade {rg.grenade!r}"))
            for name, w in (("launcher", rg.launcher), ("fits", rg.fits)):
                if w not in self.weapons.weapons:
                    out.append((f"us.kit.rifle_grenade.{name}", f"unknown weapon {w!r}"))
        for i, slot in enumerate(f.us.slots):
            out += [
                (f"us.slots[{i}]", f"no counter {o!r}")
                for o in slot.options
                if o not in f.us.counters
            ]
        for roll, names in f.us.d6_table.items():
            if len(names) != len(f.us.slots):
                out.append((f"us.d6_table.{roll}", f"needs {len(f.us.slots)} counters"))
            for i, (name, slot) in enumerate(zip(names, f.us.slots, strict=False)):
                if name not in slot.options:
                    out.append((f"us.d6_table.{roll}[{i}]", f"{name!r} cannot fill that slot"))
        for role, r in f.germany.roles.items():
            out += [
                (f"germany.roles.{role}.weapons", f"unknown weapon {w!r}")
                for w in r.weapons
                if weapons and w not in weapons
            ]
        return out

    def _check_enemy_cards(self, f: EnemyCardsFile) -> Problems:
        out = numbered([c.number for c in f.cards])
        inits = [c.initiative for c in f.cards]
        if len(set(inits)) != len(inits) or any(i % 2 == 0 for i in inits):
            out.append(("cards", "enemy initiatives must be distinct odd numbers"))
        known = set(self.orders.orders) if self.orders else set()
        for i, c in enumerate(f.cards):
            for side in ("in_cover", "in_open"):
                for j, row in enumerate(getattr(c, side)):
                    m = ROW_RE.match(row)
                    if m and known and m["order"] not in known:
                        out.append((f"cards[{i}].{side}[{j}]", f"unknown order {m['order']!r}"))
        return out

    def _check_friendly_cards(self, f: FriendlyCardsFile) -> Problems:
        out = numbered([c.number for c in f.cards])
        for i, c in enumerate(f.cards):
            if c.type != "event" and (c.initiative is None or c.wound is None):
                out.append((f"cards[{i}]", "order and discard cards need initiative and wound"))
            if c.initiative and any(v % 2 for v in c.initiative):
                out.append((f"cards[{i}].initiative", "friendly initiatives are even numbers"))
        return out

    def _check_events(self, f: EventsFile) -> Problems:
        out: Problems = []
        for name, table in f.tables.items():
            for side, rolls in table.items():
                if sorted(rolls) != list(range(10)):
                    out.append((f"tables.{name}.{side}", "needs one entry for each roll 0-9"))
                for roll, e in rolls.items():
                    aim = (e.model_extra or {}).get("aim_table")
                    if aim and aim not in f.aim_tables:
                        out.append((f"tables.{name}.{side}.{roll}", f"no aim table {aim!r}"))
        return out

    def _check_scenario(self, s: ScenarioFile) -> Problems:
        out: Problems = []
        board = self.maps.get(s.map)
        if board is None:
            return [("map", f"no map {s.map!r} in maps/ (have: {', '.join(sorted(self.maps))})")]

        def on_map(field: str, label: str) -> None:
            try:
                board.parse(label)
            except ValueError as exc:
                out.append((field, str(exc)))

        on_map("compass.at", s.compass.at)
        on_map("compass.toward", s.compass.toward)
        for i, h in enumerate(s.enemy.setup):
            on_map(f"enemy.setup[{i}]", h)
        for i, h in enumerate(s.victory.objectives):
            on_map(f"victory.objectives[{i}]", h)
        if isinstance(s.friendly.squad, list):
            for i, p in enumerate(s.friendly.squad):
                on_map(f"friendly.squad[{i}].hex", p.hex)
                if self.characters and p.counter not in self.characters.us.counters:
                    out.append((f"friendly.squad[{i}].counter", f"no counter {p.counter!r}"))
        roles = set(self.characters.germany.roles) if self.characters else set()
        rosters = self.characters.germany.teams if self.characters else {}
        for team, named in s.enemy.cup.items():
            dealt: set[str] = set()
            for role, names in named.items():
                where = f"enemy.cup.{team}.{role}"
                if roles and role not in roles:
                    out.append((where, "no such role in characters.yaml"))
                for name in names:
                    if rosters and name not in rosters.get(team, []):
                        out.append((where, f"{name!r} is not on the {team} team's roster"))
                    elif name in dealt:
                        out.append((where, f"{name!r} is in the cup twice"))
                    dealt.add(name)
        if s.events != "none" and self.events and s.events not in self.events.tables:
            out.append(("events", f"no event table {s.events!r}"))
        return out


def numbered(numbers: list[int]) -> Problems:
    """Both decks number their cards 1..n, each once."""
    if sorted(numbers) != list(range(1, len(numbers) + 1)):
        return [("cards", "card numbers must run 1..n without gaps or repeats")]
    return []
