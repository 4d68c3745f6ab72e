"""The Combat! entry of the registry: scenarios, set-up, notation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from wartable.content import guide
from wartable.content.loader import data_folder
from wartable.core.action import Action
from wartable.core.errors import UnknownNameError, WartableError
from wartable.core.events import Event
from wartable.core.game import (
    AgentFactory,
    CardFace,
    Game,
    GameInfo,
    GameOption,
    Interfaces,
    OptionValue,
    ScenarioInfo,
)
from wartable.core.rng import Rng
from wartable.core.verbs import Grammar
from wartable.core.words import named, seat_words, word
from wartable.games.combat import estimates
from wartable.games.combat.event_kinds import EventKind
from wartable.games.combat.glossary import faces
from wartable.games.combat.library import PACKAGE_DATA, CombatLibrary
from wartable.games.combat.los import line_of_sight
from wartable.games.combat.model import ACTIVE, GERMANY, IN_CUP
from wartable.games.combat.phases import Phase
from wartable.games.combat.rules import checks, flow, hidden, night
from wartable.games.combat.scenario import EVENT_CARDS, CombatScenario
from wartable.games.combat.sight import SightTable
from wartable.games.combat.space import Domains
from wartable.games.combat.state import RULES_VERSION, CombatState
from wartable.games.combat.verbs import GRAMMAR

if TYPE_CHECKING:
    from wartable.core.observation import Observer

SUMMARY = word(  # the game in short: `wartable rules`, said in the player's language
    """\
Combat! Volume 1 - solitaire: you command a US squad; the German side is run by the rules.

Each turn:
  1. Cards: with an empty hand draw one; keep at most 5; play one for initiative - it gives
     Able, Baker and Charlie their initiative for the turn (lowest acts first).
  2. Orders: give every soldier an order - fire (aimed, rapid, suppressive), move (sneak,
     evade, sprint, run & gun), hide, rally, reload, plan.
  3. The enemy: each alert German draws a card; its morale and cover pick the order.
  4. Four impulses: teams act in initiative order; each soldier does what his order allows in
     that impulse (the four numbers on the marker), spots unknown enemies, and may duck back.
  5. End: plans, rallies and reloads resolve; waiting Germans near alert ones wake up.
Fire: d10 at or under the weapon skill, modified by the target's order and terrain, range,
wounds, morale and smoke; a 9 misses and costs ammunition; below 0 only a 0 then a TQC hits.
A hit draws a friendly card: close call (Morale Check), light or bad wound, or killed.
Victory points at the end of the last turn decide the result.
"""
)


OPTIONS = {  # not given: as the scenario says
    "large_battle": GameOption(
        "large_battle",
        False,
        word("the enemy draws one order card per team (9.2)"),
        label=word("large battle"),
    ),
    "night": GameOption(
        "night", False, word("play in the dark: short sight, flares (21.0)"), label=word("night")
    ),
}


# the seats in players' words (the lobby)
SIDE_WORDS = {"us": word("US")}


class Combat(Game):
    info = GameInfo(
        "combat", "Combat! Volume 1", ("us",), RULES_VERSION, SUMMARY, round_name="turn"
    )
    interfaces = Interfaces(
        terminal="wartable.games.combat.terminal", page="wartable.games.combat:page.js"
    )

    def __init__(self, library: CombatLibrary | None = None) -> None:
        self.lib = library or CombatLibrary(data_folder("combat", PACKAGE_DATA))
        self._sight = {name: SightTable(board) for name, board in self.lib.maps.items()}
        ids = list(self.lib.scenarios)
        outlooks = estimates.load(ids, self.lib.folder / estimates.FILE)
        self._scenarios = {
            sid: CombatScenario(self.lib, sc, self._sight[sc.map], outlooks.get(sid))
            for sid, sc in self.lib.scenarios.items()
        }
        self._order = sorted(self._scenarios.values(), key=lambda s: s.number)
        self._spaces: dict[tuple[str, bool], tuple[Action, ...]] = {}  # by scenario and night

    def scenarios(self) -> list[ScenarioInfo]:
        return [
            ScenarioInfo(
                s.id,
                named(s.title),
                ("us",),
                named(s.file.summary),
                self.lib.scenario_docs[s.id].provenance_of("title"),
                {"turns": s.turns, "map": s.board.id},
            )
            for s in self._order
        ]

    def scenario(self, sid: str | None) -> CombatScenario:
        if sid is None:
            return self._order[0]
        sc = self._scenarios.get(sid)
        if sc is None:
            raise UnknownNameError("scenario", sid, [s.id for s in self._order])
        return sc

    def _new_game(
        self, scenario: str | None, seed: int, options: Mapping[str, OptionValue]
    ) -> CombatState:
        sc = self.scenario(scenario)
        # the scenario's own settings, unless the player chose otherwise
        opts: dict[str, OptionValue] = {
            "large_battle": sc.file.large_battle,
            "night": sc.file.night is not None,
            **options,
        }
        st = CombatState.__new__(CombatState)
        st._init_base(("us",), {"scenario": sc.id, "options": opts, "seed": seed})
        st.sc = sc
        st.rng = Rng(seed)
        st.soldiers, where, st.squad_roll = sc.roster(st.rng)
        st.cast = hidden.Casting(st.soldiers)
        n = len(st.soldiers)
        st.pos = list(where)
        st.status = [
            IN_CUP if s.side == GERMANY and where[s.index] < 0 else ACTIVE for s in st.soldiers
        ]
        st.order, st.dirs = [""] * n, [()] * n
        friendly_morale = checks.LADDER.index(sc.file.friendly.morale)
        enemy_morale = checks.LADDER.index(sc.file.enemy.morale)
        st.morale = [friendly_morale if s.side == "us" else enemy_morale for s in st.soldiers]
        st.wounds = [()] * n
        st.seen = [not sc.file.friendly.hidden if s.side == "us" else False for s in st.soldiers]
        st.alert = [s.side == GERMANY and sc.file.enemy.alert == "alert" for s in st.soldiers]
        st.ammo = [0] * n
        st.live, st.aim, st.blast, st.blast_by = [False] * n, [-1] * n, [""] * n, [""] * n
        st.mate, st.guard, st.papers, st.crewless = [-1] * n, [-1] * n, [-1] * n, [""] * n
        st.bursts, st.clouds, st.smoke_at, st.tried, st.arrived = (), (), {}, frozenset(), ()
        st.tripped = -1
        st.ground, st.changes = sc.ground, ()
        st._before = (0, 0, 0)  # set again before every action (state._apply)
        st.ready, st.reorder, st.held = (), -1, None
        st.night = dark = night.rule_for(st)
        st.dark = night.roll_dark(st.rng, dark) if dark else 0
        st.flares, st.flares_left = (), dark.flares if dark else 0
        st.deck = [c.number for c in self.lib.friendly_cards.cards]
        st.rng.shuffle(st.deck)
        st.discard, st.set_aside, st.hand = [], [], []
        events: list[Event] = []
        while len(st.hand) < sc.file.hand:  # 5.1.3: no events in the opening hand
            card = st.deck.pop()
            (st.discard if card in EVENT_CARDS else st.hand).append(card)
        if st.discard:
            st.deck += st.discard
            st.discard = []
            st.rng.shuffle(st.deck)
        st.hand.sort()
        st.enemy_deck = [c.number for c in self.lib.enemy_cards.cards]
        st.rng.shuffle(st.enemy_deck)
        st.enemy_discard, st.initiative_card, st.team_cards, st.track = [], 0, {}, ()
        st.turn, st.impulse, st.cursor, st.queue, st.act = 1, 0, 0, (), None
        st.reached, st.vp_log = frozenset(), ()
        if any(w < 0 for s, w in zip(st.soldiers, where, strict=True) if s.side == "us"):
            st.phase = Phase.DEPLOY
        else:
            flow.start_turn(st, events)
        return st

    def guide(self) -> dict[str, Any]:
        return guide.packaged(__file__)

    def glossary(self, scenario: str | None = None) -> dict[str, CardFace]:
        self.scenario(scenario)  # an unknown scenario is an error here too
        return faces(self.lib)

    def seat_title(self, seat: str) -> str:
        return seat_words(SIDE_WORDS, seat)

    def options(self) -> dict[str, GameOption]:
        return dict(OPTIONS)

    def agents(self) -> dict[str, AgentFactory]:
        from wartable.games.combat.ai import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def levels(self) -> dict[str, str]:
        # 200 play-outs to the end of the turn won far more than 60 (bench/records/)
        return {"hard": "ismcts:iterations=200:seconds=2"}

    def line_of_sight(self, scenario: str | None, a: str, b: str) -> dict[str, Any]:
        sc = self.scenario(scenario)
        board = sc.board
        try:
            ha, hb = board.parse(a), board.parse(b)
        except ValueError as exc:
            raise WartableError(str(exc)) from None
        s = line_of_sight(board, ha, hb)
        return {
            "visible": s.visible,
            "reason": s.reason,
            "rule": s.rule,
            "blocker": list(s.blocker),
            "path": ["/".join(step) for step in s.path],
            "map": board.id,
            "from": a,
            "to": b,
            "range": board.grid.distance(ha, hb),
        }

    def grammar(self) -> Grammar[CombatState, Domains]:
        return GRAMMAR

    def event_kinds(self) -> type[EventKind]:
        return EventKind

    def _check_action(self, action: Action) -> None:
        """A declared verb with the words its notation takes (the space itself depends on
        the scenario)."""
        GRAMMAR.check(action)

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> list[Action]:
        """Every action a game of ``scenario`` can ever offer, in a fixed order (``space.py``):
        read from the scenario's map, squad, German counters and cards, never from a game, so
        the same for every seed. Night (the scenario's, or the option) adds the flares."""
        sc = self.scenario(scenario)
        dark = self._night(sc, options)
        made = self._spaces.get((sc.id, dark))
        if made is None:  # tens of thousands of actions: an agent asks on every step
            made = tuple(GRAMMAR.space(Domains(sc, dark)))
            self._spaces[(sc.id, dark)] = made
        return list(made)

    def observer(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Observer:
        """The squad's view as numbers (``observation.py``), laid out for ``scenario``: the
        same layout by day and by night (a night block reads 0 by day)."""
        from wartable.games.combat.observation import CombatObserver

        self.check_options(options)
        return CombatObserver(self.scenario(scenario))

    def _night(self, sc: CombatScenario, options: Mapping[str, Any] | None) -> bool:
        """Whether a game of ``sc`` with ``options`` is fought at night (as ``_new_game``)."""
        night = self.check_options(options).get("night", sc.file.night is not None)
        return bool(night)
