"""Combat!'s state: per-soldier columns, the two decks, the turn's initiative track and the
activation in progress. Rules live in ``rules/``; this class wires them to the core contract."""

from __future__ import annotations

from typing import Any, Self

from wartable.core.action import Action
from wartable.core.events import Event
from wartable.core.layout import Layout, fresh, same
from wartable.core.rng import Rng
from wartable.core.state import GameState
from wartable.games.combat import outlook
from wartable.games.combat import view as views
from wartable.games.combat.ground import Ground
from wartable.games.combat.model import ACTIVE, Activation, Soldier, Status
from wartable.games.combat.phases import Phase
from wartable.games.combat.rules import hidden, legal, scoring
from wartable.games.combat.rules.smoke import Cloud
from wartable.games.combat.scenario import CombatScenario
from wartable.games.combat.schema import Night
from wartable.games.combat.verbs import GRAMMAR

# each soldier's columns: what happens to him, by his index
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
# every field by its part (core/layout.py): the clone's copy and the snapshot follow
LAYOUT = Layout(
    static=("sc", "cast", "squad_roll", "night", "dark"),
    public={
        **dict.fromkeys(COLUMNS, fresh),
        **dict.fromkeys(("hand", "discard", "set_aside", "enemy_discard", "team_cards"), fresh),
        **dict.fromkeys(
            ("initiative_card", "track", "turn", "phase", "impulse", "cursor", "queue", "act"),
            same,
        ),
        **dict.fromkeys(
            ("bursts", "clouds", "tried", "arrived", "ready", "reorder", "held", "changes"),
            same,
        ),
        **dict.fromkeys(("tripped", "flares", "flares_left", "reached", "vp_log"), same),
    },
    # the Germans' identities and qualities until known (hidden.py), the decks' order, the
    # dice to come
    hidden={"soldiers": same, "deck": fresh, "enemy_deck": fresh, "rng": fresh},
    # the smoke's modifiers follow from the clouds, the ground from the changes; what an
    # action found before it began is set again before every action
    memo={"smoke_at": fresh, "ground": same, "_before": same},
)


# a class compiled with mypyc shows no plain class attributes to read off the class
RULES_VERSION = "3"


class CombatState(GameState):
    game_name = "combat"
    game_version = RULES_VERSION
    grammar = GRAMMAR  # every verb, every moment (verbs.py): the hooks of its actions
    layout = LAYOUT

    sc: CombatScenario  # the scenario: map, forces, cards, victory
    soldiers: tuple[Soldier, ...]  # who each counter is (unknown Germans: dealt at random)
    cast: hidden.Casting  # the game's German identities, shared by its copies and samples
    squad_roll: int  # the 1D6 roll that chose the squad, 0 for a fixed squad
    rng: Rng  # the dice and shuffles to come
    # per soldier
    pos: list[int]  # hex index, -1 off the map
    status: list[Status]  # active, dead, gone, in the cup or captured (model.Status)
    order: list[str]  # "" = no order
    dirs: list[tuple[int, ...]]  # the hex sides he faces
    morale: list[int]  # his morale level (19.0)
    wounds: list[tuple[str, ...]]  # the wound cards he carries
    seen: list[bool]  # friendly: spotted; enemy: known (identity revealed)
    alert: list[bool]  # an enemy alerted (8.0)
    ammo: list[int]  # bursts left to a weapon that counts them
    live: list[bool]  # holds an armed grenade (7.09, 10.09)
    aim: list[int]  # hex of his Grenade Target marker, -1 none
    blast: list[str]  # "near" / "far" grenade marker on him, "" none (14.2)
    blast_by: list[str]  # the grenade that marker belongs to
    mate: list[int]  # the soldier his care order is for: patient, man carried, prisoner searched
    guard: list[int]  # a prisoner's guard (17.4), -1 none
    papers: list[int]  # the officer whose papers he took (7.15), -1 none
    crewless: list[str]  # a belt-fed gunner's lost assistant: "", "killed" or "wounded" (14.3)
    # cards
    deck: list[int]  # the friendly order deck, the top at the end
    hand: list[int]  # the friendly cards in hand
    discard: list[int]  # the friendly discard pile
    set_aside: list[int]  # cards a Plan order set aside for the next turn (7.12)
    enemy_deck: list[int]  # the enemy order deck, the top at the end
    enemy_discard: list[int]  # the enemy discard pile
    initiative_card: int  # the friendly card on the initiative track, 0 none
    team_cards: dict[str, int]  # each enemy team's order card this turn
    track: tuple[tuple[int, str], ...]  # the initiative track: (initiative, team) in order (9.1)
    # turn
    turn: int  # turns begun
    phase: Phase  # deploy, cards, orders, impulses or over (phases.Phase)
    impulse: int  # the impulse being played (1 to 3)
    cursor: int  # position in the activation queue of this impulse
    queue: tuple[int, ...]  # soldiers to activate this impulse, in order
    act: Activation | None  # the friendly soldier acting now and what he may still do, or None
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
    flares_left: int  # illumination rounds the squad may still call
    reached: frozenset[int]  # objective hexes reached
    vp_log: tuple[tuple[str, int], ...]  # victory points scored: (why, points)
    _before: tuple[int, int, int]  # draws, deck sizes, turn before the latest action

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
        """Written out, where the core would write it from the layout: a compiled class's
        fields are quickest read natively (``fields_are_declared`` holds it to LAYOUT)."""
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
        twin.smoke_at = dict(self.smoke_at)
        twin.tried, twin.arrived, twin.ready = self.tried, self.arrived, self.ready
        twin.reorder, twin.held, twin.ground = self.reorder, self.held, self.ground
        twin.changes, twin.tripped, twin.night = self.changes, self.tripped, self.night
        twin.dark, twin.flares, twin.flares_left = self.dark, self.flares, self.flares_left
        twin.reached, twin.vp_log, twin._before = self.reached, self.vp_log, self._before
        return twin

    def _resample(self, player: str, seed: int) -> Self:
        return hidden.resample(self, seed)

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
