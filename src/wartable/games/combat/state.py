"""Combat!'s state: per-soldier columns, the two decks, the turn's initiative track and the
activation in progress. Rules live in ``rules/``; this class wires them to the core contract."""

from __future__ import annotations

from typing import Any, Self

from wartable.core.action import Action
from wartable.core.events import Event
from wartable.core.rng import Rng
from wartable.core.state import GameState
from wartable.games.combat import outlook
from wartable.games.combat import view as views
from wartable.games.combat.ground import Ground
from wartable.games.combat.model import ACTIVE, Activation, Soldier
from wartable.games.combat.rules import hidden, legal, scoring
from wartable.games.combat.rules.smoke import Cloud
from wartable.games.combat.scenario import CombatScenario
from wartable.games.combat.schema import Night
from wartable.games.combat.verbs import GRAMMAR

COLUMNS = (
    "pos",
    "status",
    "order",
    "dirs",
    "morale",
    "wounds",
    "seen",
    "alert",
    "ammo",
    "live",
    "aim",
    "blast",
    "blast_by",
    "mate",
    "guard",
    "papers",
    "crewless",
)


# a class compiled with mypyc shows no plain class attributes to read off the class
RULES_VERSION = "3"


class CombatState(GameState):
    game_name = "combat"
    game_version = RULES_VERSION
    grammar = GRAMMAR  # every verb, every moment (verbs.py): the hooks of its actions

    sc: CombatScenario
    soldiers: tuple[Soldier, ...]
    cast: hidden.Casting  # the game's German identities, shared by its copies and samples
    squad_roll: int
    rng: Rng
    # per soldier
    pos: list[int]  # hex index, -1 off the map
    status: list[str]
    order: list[str]  # "" = no order
    dirs: list[tuple[int, ...]]
    morale: list[int]
    wounds: list[tuple[str, ...]]
    seen: list[bool]  # friendly: spotted; enemy: known (identity revealed)
    alert: list[bool]
    ammo: list[int]
    live: list[bool]  # holds an armed grenade (7.09, 10.09)
    aim: list[int]  # hex of his Grenade Target marker, -1 none
    blast: list[str]  # "near" / "far" grenade marker on him, "" none (14.2)
    blast_by: list[str]  # the grenade that marker belongs to
    mate: list[int]  # the soldier his care order is for: patient, man carried, prisoner searched
    guard: list[int]  # a prisoner's guard (17.4), -1 none
    papers: list[int]  # the officer whose papers he took (7.15), -1 none
    crewless: list[str]  # a belt-fed gunner's lost assistant: "", "killed" or "wounded" (14.3)
    # cards
    deck: list[int]
    hand: list[int]
    discard: list[int]
    set_aside: list[int]
    enemy_deck: list[int]
    enemy_discard: list[int]
    initiative_card: int
    team_cards: dict[str, int]
    track: tuple[tuple[int, str], ...]
    # turn
    turn: int
    phase: str
    impulse: int
    cursor: int  # position in the activation queue of this impulse
    queue: tuple[int, ...]  # soldiers to activate this impulse, in order
    act: Activation | None
    bursts: tuple[tuple[int, str], ...]  # grenades lying on the map: (hex, grenade id)
    clouds: tuple[Cloud, ...]  # smoke (18.0)
    smoke_at: dict[int, int]  # hex index -> smoke modifier of its markers (derived from clouds)
    tried: frozenset[tuple[int, str]]  # (soldier, order) whose TQC failed this turn (7.10, 7.11)
    arrived: tuple[int, ...]  # reinforcements that entered this turn
    ready: tuple[str, ...]  # discard cards held ready this turn (their kinds)
    reorder: int  # the soldier a card lets the player give a new order now, -1 none
    held: Activation | None  # the activation a card's out-of-turn action interrupted
    ground: Ground  # the terrain in play: the scenario's, or with craters and rubble (20.0)
    changes: tuple[tuple[int, str], ...]  # hexes the shells changed: (hex, new terrain)
    tripped: int  # the man a "Trip" card allows only Hide this turn, -1 none
    night: Night | None  # the night's rules (21.0), None by day
    dark: int  # the night's longest sight and fire range (21.0); 0 by day
    flares: tuple[tuple[int, int], ...]  # illumination markers: (hex, turn fired)
    flares_left: int
    reached: frozenset[int]  # objective hexes reached
    vp_log: tuple[tuple[str, int], ...]
    _before: tuple[int, int, int]

    def rounds_played(self) -> int:
        return self.turn

    def _estimate(self, player: str) -> float | None:
        if self.sc.outlook is not None:  # fitted to who wins (outlook.py)
            return 2.0 * outlook.squad_chance(self, self.sc.outlook) - 1.0
        return scoring.standing(self)

    def _apply(self, player: str, action: Action) -> list[Event]:
        self._before = (self.rng.counter, len(self.deck) + len(self.enemy_deck), self.turn)
        return GRAMMAR.apply(self, 0, action)  # the one seat

    def _reversible(self, player: str, events: list[Event]) -> bool:
        """Nothing rolled, no card drawn, still the same turn: a deployment, a card play, an
        order or a step that woke nothing up may be taken back."""
        return self._before == (self.rng.counter, len(self.deck) + len(self.enemy_deck), self.turn)

    def _view(self, player: str | None) -> dict[str, Any]:
        return views.view(self, player)

    def _action_info(self, player: str, action: Action) -> dict[str, Any]:
        return legal.info(self, action)

    def _hints(self, player: str) -> list[str]:
        return legal.hints(self)

    def _copy(self) -> Self:
        # every field by name, no __dict__: a class compiled with mypyc has none
        twin = self.__class__.__new__(self.__class__)
        twin.sc, twin.soldiers, twin.cast = self.sc, self.soldiers, self.cast
        twin.squad_roll, twin.rng = self.squad_roll, self.rng.clone()
        twin.pos, twin.status, twin.order = self.pos[:], self.status[:], self.order[:]
        twin.dirs, twin.morale, twin.wounds = self.dirs[:], self.morale[:], self.wounds[:]
        twin.seen, twin.alert, twin.ammo = self.seen[:], self.alert[:], self.ammo[:]
        twin.live, twin.aim, twin.blast = self.live[:], self.aim[:], self.blast[:]
        twin.blast_by, twin.mate, twin.guard = self.blast_by[:], self.mate[:], self.guard[:]
        twin.papers, twin.crewless = self.papers[:], self.crewless[:]
        twin.deck, twin.hand, twin.discard = self.deck[:], self.hand[:], self.discard[:]
        twin.set_aside = self.set_aside[:]
        twin.enemy_deck, twin.enemy_discard = self.enemy_deck[:], self.enemy_discard[:]
        twin.initiative_card, twin.team_cards = self.initiative_card, dict(self.team_cards)
        twin.track, twin.turn, twin.phase = self.track, self.turn, self.phase
        twin.impulse, twin.cursor, twin.queue = self.impulse, self.cursor, self.queue
        twin.act, twin.bursts, twin.clouds = self.act, self.bursts, self.clouds
        twin.smoke_at = self.smoke_at  # only ever replaced whole: shared
        twin.tried, twin.arrived, twin.ready = self.tried, self.arrived, self.ready
        twin.reorder, twin.held, twin.ground = self.reorder, self.held, self.ground
        twin.changes, twin.tripped, twin.night = self.changes, self.tripped, self.night
        twin.dark, twin.flares, twin.flares_left = self.dark, self.flares, self.flares_left
        twin.reached, twin.vp_log = self.reached, self.vp_log
        return twin

    def _resample(self, player: str, seed: int) -> Self:
        return hidden.resample(self, seed)

    def _snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: list(getattr(self, name)) for name in COLUMNS}
        for name in ("deck", "hand", "discard", "set_aside", "enemy_deck", "enemy_discard"):
            out[name] = list(getattr(self, name))
        out.update(
            soldiers=[s.key + ("*" if s.decoy else "") + f"/{s.role}" for s in self.soldiers],
            rng=[self.rng.seed, self.rng.counter, list(self.rng.forced)],
            initiative_card=self.initiative_card,
            team_cards=dict(self.team_cards),
            track=list(self.track),
            turn=self.turn,
            phase=self.phase,
            impulse=self.impulse,
            cursor=self.cursor,
            queue=list(self.queue),
            act=list(self.act) if self.act else None,
            bursts=[list(b) for b in self.bursts],
            clouds=[[c.value, list(c.hexes), c.born, c.state] for c in self.clouds],
            tried=sorted(self.tried),
            arrived=list(self.arrived),
            changes=[list(c) for c in self.changes],
            ready=list(self.ready),
            reorder=self.reorder,
            held=list(self.held) if self.held else None,
            tripped=self.tripped,
            dark=self.dark,
            flares=[list(f) for f in self.flares],
            flares_left=self.flares_left,
            reached=sorted(self.reached),
            vp_log=list(self.vp_log),
        )
        return out

    # ---- helpers ------------------------------------------------------------------------
    def option(self, name: str) -> bool:
        return bool(self._setup["options"][name])

    def alive(self, i: int) -> bool:
        return self.status[i] == ACTIVE and self.pos[i] >= 0

    def find(self, key: str) -> int:
        for s in self.soldiers:
            if s.key == key:
                return s.index
        raise KeyError(key)
