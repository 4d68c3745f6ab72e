"""The Undaunted entry of the registry: scenarios, set-up, notation, agents."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wartable.content import guide
from wartable.content.loader import content_files, data_folder, repeated_ids
from wartable.core.action import Action
from wartable.core.errors import ActionParseError, ContentError, UnknownNameError
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
from wartable.core.observation import Observer
from wartable.core.rng import Rng
from wartable.core.verbs import Grammar
from wartable.core.words import named, seat_words, word
from wartable.games.undaunted import estimates, speech
from wartable.games.undaunted.content import DATA, Library
from wartable.games.undaunted.event_kinds import EventKind
from wartable.games.undaunted.glossary import faces
from wartable.games.undaunted.model import SideState
from wartable.games.undaunted.phases import Phase
from wartable.games.undaunted.rules import flow
from wartable.games.undaunted.rules.victory import goal_text
from wartable.games.undaunted.scenario import Scenario, compile_scenario
from wartable.games.undaunted.state import RULES_VERSION, UndauntedState
from wartable.games.undaunted.verbs import GRAMMAR

PACKAGE_DATA = DATA
OPTIONS = {
    "max_rounds": GameOption(
        "max_rounds",
        100,
        word(
            "a round limit (the rules have none; a game that reaches it ends as if both sides "
            "were pinned down)"
        ),
        minimum=1,
        maximum=200,  # as the other games' round limits
        label=word("round limit"),
    )
}
DEFAULT_OPTIONS: dict[str, Any] = {name: o.default for name, o in OPTIONS.items()}

SUMMARY = word(  # the game in short: `wartable rules`, said in the player's language
    """\
Undaunted: Normandy - two players, US and Germany, each command a platoon through a deck of cards.

Each round:
  1. Both players draw 4 cards (an empty deck is refilled by shuffling the discard pile).
  2. Both secretly choose one card for initiative and reveal together: the higher initiative
     takes the initiative marker, a tie leaves it where it is. Both bids go to the discard pile.
  3. The initiative holder plays cards one at a time, then the other player does. Each card
     either performs one of its actions or hunkers down (goes back to supply). Fog of War cards
     can only be bid. A player stops when they choose (end), even with nothing playable left;
     what is left in hand and the play area then goes to the discard pile.

Actions (X is the number on the card; squad-letter cards only touch their own squad):
  move X / guide X   move this (guide: any ready) counter up to X tiles you scouted or control
  scout X            move up to X tiles anywhere; new tiles get your scouted marker and cost you
                     a Fog of War card from supply into your discard pile
  stalk X            move up to X tiles anywhere
  bolster X          up to X cards from supply to discard     command X  draw up to X cards
  inspire X          up to X cards from play area to hand     recon      remove a Fog of War
  conceal            the opponent takes a Fog of War card     target     aim the mortar 3+ away
  control            take this counter's tile (not while an enemy counter is there)
  attack X / suppress X / blast X
                     roll X d10 against base defence + cover + range (blast: all counters on
                     the target tile, no range); any die >= the total, or a 0, hits. A hit
                     removes one card of the unit (hand, discard, deck), or the counter if
                     none is left; suppress flips the counter instead. Hills give cover 1
                     against a blast or an attacker on a hill, else 3.
  A suppressed unit's cards may only rally it (flip it back) or hunker down.

Victory (checked after every action), as the scenario sets each side's goal: reach your objective
points or pin the enemy down (no rifleman counter on the board); or only pin the enemy down; or
hold more objective points than the enemy while it is pinned down. A side out for objectives with
no rifleman card left counts as pinned down. Both pinned down: more points wins, a tie goes to the
initiative holder. Removed cards are their owner's alone; the other side sees how many.
"""
)


CARD_EXAMPLE = "a card or unit name (like rifleman-A, platoon-sergeant)"


SIDE_WORDS = {
    "us": word("US"),
    "germany": word("Germany"),
}  # the seats in players' words (the lobby)


class Undaunted(Game):
    info = GameInfo(
        name="undaunted",
        title="Undaunted: Normandy",
        players=("us", "germany"),
        version=RULES_VERSION,
        summary=SUMMARY,
    )
    interfaces = Interfaces(
        terminal="wartable.games.undaunted.terminal", page="wartable.games.undaunted:page.js"
    )

    def __init__(self, data_dir: Path | None = None) -> None:
        self.data_dir = data_dir or data_folder("undaunted", PACKAGE_DATA)
        self.library = Library(self.data_dir)
        self._scenarios: dict[str, Scenario] = {}
        found = []
        problems: list[str] = []  # every scenario file's, reported at once
        for path in content_files(self.data_dir / "scenarios", "scenario"):
            try:
                sc = compile_scenario(self.library, path)
            except ContentError as exc:
                problems.extend(exc.problems)
                continue
            found.append((str(path), sc.id))
            self._scenarios.setdefault(sc.id, sc)
        problems.extend(repeated_ids(found, "scenario"))
        if problems:
            raise ContentError(problems)
        weights = estimates.load(list(self._scenarios), self.data_dir / "estimates.yaml")
        for key, sc in self._scenarios.items():
            sc.outlook = weights.get(key)
        self._by_number = sorted(self._scenarios.values(), key=lambda s: s.number)
        tiles = set(self.library.tiles.faces)
        kinds = set(self.library.kind_keys)
        self._names = {"tile": tiles, "card": kinds}

    def scenarios(self) -> list[ScenarioInfo]:
        return [
            ScenarioInfo(
                sc.id,
                named(sc.title),
                sc.players,
                named(sc.summary),
                sc.provenance,
                {
                    "number": sc.number,
                    "tiles": len(sc.tiles),
                    "goal": dict(zip(sc.players, sc.goal, strict=True)),
                    "victory": {p: goal_text(sc, i) for i, p in enumerate(sc.players)},
                },
            )
            for sc in self._by_number
        ]

    def add_scenario(self, path: Path) -> ScenarioInfo:
        """Load a scenario file of one's own (same format as the shipped ones)."""
        sc = compile_scenario(self.library, Path(path))
        self._scenarios[sc.id] = sc
        weights = estimates.load(list(self._scenarios), self.data_dir / "estimates.yaml")
        for key, sc in self._scenarios.items():
            sc.outlook = weights.get(key)
        self._by_number = sorted(self._scenarios.values(), key=lambda s: s.number)
        return next(info for info in self.scenarios() if info.id == sc.id)

    def scenario(self, scenario_id: str | None) -> Scenario:
        if scenario_id is None:
            return self._by_number[0]
        sc = self._scenarios.get(scenario_id)
        if sc is None:
            raise UnknownNameError("scenario", scenario_id, [s.id for s in self._by_number])
        return sc

    def guide(self) -> dict[str, Any]:
        return guide.packaged(__file__)

    def said(self, event: Event) -> str:
        return speech.said(event)

    def glossary(self, scenario: str | None = None) -> dict[str, CardFace]:
        return faces(self.scenario(scenario))

    def places(self, scenario: str | None = None) -> dict[str, tuple[float, float]]:
        g = self.scenario(scenario).graph
        return {t: (g.screen_x(i), float(g.coords[i][1])) for i, t in enumerate(g.ids)}

    def seat_title(self, seat: str) -> str:
        return seat_words(SIDE_WORDS, seat)

    def options(self) -> dict[str, GameOption]:
        return dict(OPTIONS)

    def _new_game(
        self, scenario: str | None, seed: int, options: Mapping[str, OptionValue]
    ) -> UndauntedState:
        sc = self.scenario(scenario)
        opts = {**DEFAULT_OPTIONS, **options}
        st = UndauntedState.__new__(UndauntedState)
        st._init_base(sc.players, {"scenario": sc.id, "options": opts, "seed": seed})
        st.sc = sc
        st.rng = Rng(seed)
        st.sides = [self._side(sc, i, st.rng) for i in (0, 1)]
        st.phase = Phase.TURN
        st.initiative = sc.initiative
        st.active = sc.initiative
        st.turns_done = 0
        st.round = 0
        st.pending = None
        st.max_rounds = opts["max_rounds"]
        st.revealed = None
        st.notes = [None, None]
        st.beliefs = (None, None)
        st._draws_before = 0  # set again before every action (state._apply)
        events: list[Event] = []
        flow.start_round(st, events)
        return st

    @staticmethod
    def _side(sc: Scenario, i: int, rng: Rng) -> SideState:
        s = SideState()
        s.deck = [k for k, n in enumerate(sc.start_deck[i]) for _ in range(n)]
        rng.shuffle(s.deck)
        nk = len(sc.kinds)
        s.hand, s.play, s.discard, s.removed = [0] * nk, [0] * nk, [0] * nk, [0] * nk
        s.supply = list(sc.start_supply[i])
        s.pos = list(sc.start_pos[i])
        s.supp = [False] * len(sc.units)
        s.marks = list(sc.start_marks[i])
        s.target = -1
        s.bid = -2
        return s

    def grammar(self) -> Grammar[UndauntedState, Scenario]:
        return GRAMMAR

    def event_kinds(self) -> type[EventKind]:
        return EventKind

    def _check_action(self, action: Action) -> None:
        """A declared verb with the words its notation takes, naming a tile, card or unit
        of the game (which scenario's, the space of each says)."""
        GRAMMAR.check(action)
        kind = "tile" if action.verb in ("move", "target") else "card"
        if action.args and action.args[0] not in self._names[kind]:
            example = {"tile": "a tile name (like 13B)", "card": CARD_EXAMPLE}[kind]
            raise ActionParseError(f"{action.args[0]!r} is not {example}")

    def public_action(self, player: str, action: Action, viewer: str | None) -> str:
        """A bid is chosen in secret: the others learn it when both bids are revealed."""
        return GRAMMAR.public(action, viewer == player)

    def agents(self) -> dict[str, AgentFactory]:
        from wartable.games.undaunted.ai import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> list[Action]:
        """Every action of a scenario in a fixed order (index = RL action id); the options
        (a round limit) add none."""
        self.check_options(options)
        return GRAMMAR.space(self.scenario(scenario))  # the scenario's interned actions

    def observer(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Observer:
        from wartable.games.undaunted.observation import UndauntedObserver

        opts = {**DEFAULT_OPTIONS, **self.check_options(options)}
        return UndauntedObserver(self.scenario(scenario), int(opts["max_rounds"]))
