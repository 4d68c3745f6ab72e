"""A Combat! scenario compiled for play, and the soldiers it puts on the map at set-up."""

from __future__ import annotations

from wartable.core.rng import Rng
from wartable.games.combat.board import Board
from wartable.games.combat.ground import Ground
from wartable.games.combat.library import CombatLibrary
from wartable.games.combat.model import GERMANY, US, Soldier
from wartable.games.combat.rules.compass import Compass
from wartable.games.combat.schema import ScenarioFile
from wartable.games.combat.sight import SightTable

EVENT_CARDS = frozenset({51, 52})
DECOY_ROLE = "rifleman"  # a face-down decoy behaves like a rifleman until it is revealed


def enemy_key(n: int) -> str:
    """The key of the German counter drawn ``n``-th (from 0) at set-up: ``g01``, ``g02``..."""
    return f"g{n + 1:02d}"


class CombatScenario:
    def __init__(
        self,
        lib: CombatLibrary,
        sc: ScenarioFile,
        sight: SightTable,
        outlook: tuple[float, ...] | None = None,
    ) -> None:
        self.lib = lib
        self.outlook = outlook  # the fitted estimate's weights (estimates.py), if any
        self.file = sc
        self.id = sc.id
        self.title = sc.title
        self.number = sc.number
        self.board: Board = lib.maps[sc.map]
        self.ground = Ground(self.board, sight)
        grid = self.board.grid
        self.compass = Compass(grid, grid.parse(sc.compass.at), grid.parse(sc.compass.toward))
        self.turns = sc.turns
        self.setup_hexes = tuple(self.board.index[grid.parse(h)] for h in sc.enemy.setup)
        cols = sc.friendly.deploy.get("columns")
        self.deploy_zone: tuple[int, ...] = (
            tuple(i for i, h in enumerate(self.board.hexes) if cols[0] <= h[0] <= cols[1])
            if cols
            else ()
        )
        self.objectives = tuple(self.board.index[grid.parse(h)] for h in sc.victory.objectives)
        self.special = frozenset(r.id for r in sc.special_rules)
        self.players = (US,)

    # ---- soldiers -----------------------------------------------------------------------
    def roster(self, rng: Rng) -> tuple[tuple[Soldier, ...], tuple[int, ...], int]:
        """Every soldier of the game, the hex of each placed one (-1 in the cup or still to be
        deployed), and the 1D6 squad roll (0 for a fixed squad)."""
        lib, sc = self.lib, self.file
        soldiers: list[Soldier] = []
        where: list[int] = []
        roll = 0
        placed: list[tuple[str, str, int]]
        if sc.friendly.squad == "d6_table":
            roll = rng.die(6)
            chosen = lib.characters.us.d6_table[roll]
            placed = [
                (key, slot.team, -1)
                for key, slot in zip(chosen, lib.characters.us.slots, strict=True)
            ]
        else:
            placed = [
                (p.counter, p.team, self.board.index[self.board.parse(p.hex)])
                for p in sc.friendly.squad
            ]
        for key, team, hx in placed:
            soldiers.append(self._friendly(len(soldiers), key, team))
            where.append(hx)
        for n, (team, role, name, decoy) in enumerate(self._cup(rng)):
            r = lib.characters.germany.roles[role]
            soldiers.append(
                self._soldier(
                    index=len(soldiers),
                    side=GERMANY,
                    team=team,
                    key=enemy_key(n),
                    name=name,
                    tq=r.tq,
                    ldr=r.ldr,
                    weapons=r.weapons,
                    skills=(),
                    role=role,
                    decoy=decoy,
                )
            )
            where.append(self.setup_hexes[n] if n < len(self.setup_hexes) else -1)
        return tuple(soldiers), tuple(where), roll

    def squad_pool(self) -> tuple[Soldier, ...]:
        """Every friendly soldier a game of this scenario can field, whatever the squad roll:
        the fixed squad, or each counter of the d6 table once (with the team of the first
        slot he fills); ``index`` is his place in this pool, not in a game."""
        us = self.lib.characters.us
        squad = self.file.friendly.squad
        if squad == "d6_table":
            first: dict[str, str] = {}
            for roll in sorted(us.d6_table):
                for key, slot in zip(us.d6_table[roll], us.slots, strict=True):
                    first.setdefault(key, slot.team)
            picks = list(first.items())
        else:
            picks = [(p.counter, p.team) for p in squad]
        return tuple(self._friendly(n, key, team) for n, (key, team) in enumerate(picks))

    def enemy_keys(self) -> tuple[str, ...]:
        """The key of every German counter of the scenario: the cup's men and decoys are all
        drawn at set-up (reinforcements come from the cup), so no other key ever appears."""
        enemy = self.file.enemy
        men = sum(len(names) for roles in enemy.cup.values() for names in roles.values())
        return tuple(enemy_key(n) for n in range(men + enemy.dummies))

    def _friendly(self, index: int, key: str, team: str) -> Soldier:
        c = self.lib.characters.us.counters[key]
        return self._soldier(
            index=index,
            side=US,
            team=team,
            key=key,
            name=c.name,
            tq=c.tq,
            ldr=c.ldr,
            weapons=c.weapons,
            skills=tuple(c.skills),
        )

    def _soldier(
        self,
        index: int,
        side: str,
        team: str,
        key: str,
        name: str,
        tq: int,
        ldr: int,
        weapons: dict[str, int],
        skills: tuple[str, ...],
        role: str = "",
        decoy: bool = False,
    ) -> Soldier:
        """A soldier with the first firearm and the first grenade of his weapon list."""
        arms = self.lib.weapons
        gun = next((w for w in weapons if w in arms.weapons), None)
        grenade = next((w for w in weapons if w in arms.grenades), None)
        kit = self.lib.characters.us.kit
        smoke = rifle = None
        if side == US:
            smoke = kit.smoke_grenade
            if kit.rifle_grenade and gun == kit.rifle_grenade.fits:
                rifle = kit.rifle_grenade.grenade
        return Soldier(
            index=index,
            side=side,
            team=team,
            key=key,
            name=name,
            tq=tq,
            ldr=ldr,
            weapon=gun,
            ws=weapons.get(gun, 0) if gun else 0,
            grenade=grenade,
            grenade_ws=weapons.get(grenade, 0) if grenade else 0,
            skills=skills,
            role=role,
            decoy=decoy,
            smoke=smoke,
            rifle=rifle,
        )

    def _cup(self, rng: Rng) -> list[tuple[str, str, str, bool]]:
        """(team, role, name, decoy) of every counter in the cup, shuffled: each named man
        with the role the scenario gives him."""
        cup: list[tuple[str, str, str, bool]] = []
        for team, roles in self.file.enemy.cup.items():
            for role, names in roles.items():
                cup += [(team, role, key.replace("-", " ").title(), False) for key in names]
        teams = list(self.file.enemy.cup)
        for n in range(self.file.enemy.dummies):
            cup.append((teams[n % len(teams)], DECOY_ROLE, "decoy", True))
        rng.shuffle(cup)
        return cup
