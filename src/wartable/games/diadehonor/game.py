"""Día de Honor's registry entry: line-ups, battlefields, options, and how a battle starts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartable.content import guide
from wartable.content.loader import data_folder
from wartable.core.action import Action
from wartable.core.campaign import Campaign
from wartable.core.errors import ArgumentError, UnknownNameError
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
from wartable.games.diadehonor import campaign, content, estimates, glossary
from wartable.games.diadehonor.event_kinds import EventKind
from wartable.games.diadehonor.labels import SIDES as SIDE_WORDS
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.rules import cards, objectives
from wartable.games.diadehonor.rules.listing import Listed
from wartable.games.diadehonor.space import Domains
from wartable.games.diadehonor.state import DiaDeHonorState
from wartable.games.diadehonor.verbs import GRAMMAR

LINEUPS = ("1v1", "2v1", "1v2", "2v2", "3v2", "2v3", "3v3")  # axis v allies (Q1)
SUMMARY = word(  # the game in short: `wartable rules`, said in the player's language
    """Two sides, axis and allies, of one to three players each; every player commands a
squad on a square grid. Each round the sides roll for initiative; then each side's players
activate in seat order, each unit taking up to two actions (move, go prone, crawl, stand, fire,
duel), at most one of them an attack. An attack is a die plus attack against resistance; each
point over is a wound, the fifth kills. A side wins when the enemy has no unit left."""
)


def seats(lineup: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The seats of a line-up in their fixed order, alternating sides from the axis:
    ``axis-1, allies-1, axis-2, ...``; and the side of each."""
    axis, allies = (int(n) for n in lineup.split("v"))
    names, sides = [], []
    for k in range(1, max(axis, allies) + 1):
        for side, count in (("axis", axis), ("allies", allies)):
            if k <= count:
                names.append(f"{side}-{k}")
                sides.append(side)
    return tuple(names), tuple(sides)


class DiaDeHonor(Game):
    info = GameInfo(
        "diadehonor", "Día de Honor", seats("1v1")[0], DiaDeHonorState.game_version, SUMMARY
    )
    interfaces = Interfaces(
        terminal="wartable.games.diadehonor.terminal", page="wartable.games.diadehonor:page.js"
    )

    def __init__(self, lib: content.Library | None = None) -> None:
        # another library: a test's own data files; else the player's copy under
        # WARTABLE_DATA/diadehonor, else the shipped data
        folder = data_folder("diadehonor", content.DATA)
        self.lib = lib or content.load(folder)
        self._battles: dict[str, content.Battle] = {}  # shared by every battle on a field
        self._spaces: dict[tuple[str, str], tuple[Action, ...]] = {}  # by field and line-up
        self._campaign = campaign.Roster(self.lib)
        weights = folder / estimates.FILE  # a copy without fitted weights keeps the shipped
        self.outlooks = estimates.load(
            list(self.lib.boards.battlefields),
            weights if lib is None and weights.is_file() else estimates.ESTIMATES,
        )

    def battle(self, key: str) -> content.Battle:
        """The battlefield ``key``, built once: its tables and line-of-sight cache are the
        same for every battle fought on it."""
        if key not in self._battles:
            self._battles[key] = content.battle(self.lib.boards, key)
        return self._battles[key]

    def scenarios(self) -> list[ScenarioInfo]:
        return [
            ScenarioInfo(
                key, named(f.title), seats("1v1")[0], word("A battlefield of four boards.")
            )
            for key, f in self.lib.boards.battlefields.items()
        ]

    def seat_title(self, seat: str) -> str:
        return seat_words(SIDE_WORDS, seat)

    def options(self) -> dict[str, GameOption]:
        return {
            "players": GameOption(
                "players",
                "1v1",
                word("the line-up: axis players v allies players"),
                choices=LINEUPS,
                label=word("players"),
            ),
            "max_rounds": GameOption(
                "max_rounds",
                30,
                word("rounds before the battle ends in a draw"),
                minimum=1,
                maximum=200,
                label=word("round limit"),
            ),
            campaign.OPTION: GameOption(
                campaign.OPTION,
                "",
                "campaign soldiers each seat brings, as JSON: "
                f"{campaign.SHAPE} (empty: none; wartable play --roster writes it)",
                internal=True,
            ),
        }

    def campaign(self) -> Campaign:
        return self._campaign

    def _new_game(
        self, scenario: str | None, seed: int, options: Mapping[str, OptionValue]
    ) -> DiaDeHonorState:
        key = self._field(scenario)
        players, sides = seats(self._lineup(str(options.get("players", "1v1"))))
        squads = campaign.parse_squads(str(options.get(campaign.OPTION, "")), self.lib, players)
        st = DiaDeHonorState.__new__(DiaDeHonorState)
        st._init_base(players, {"scenario": key, "options": dict(options), "seed": seed})
        st.lib, st.battle = self.lib, self.battle(key)
        st.max_rounds = int(options.get("max_rounds", 30))
        st.sides = sides
        st.rng = Rng(seed)
        # roster soldiers wait on their seat's bench; the starting units take the first of
        # each type, the others a unit card (DH-50)
        st.rostered = tuple(seat in squads for seat in range(len(players)))
        st.bench = [squads.get(seat, ()) for seat in range(len(players))]
        st.no_units()
        squad = content.starting(self.lib, st.battle)  # a mission's, or the sheet's (Q35)
        for seat in range(len(players)):
            for kind, count in squad.items():
                for _ in range(count):
                    st.call_up(seat, kind)
        st.phase, st.round, st.order, st.turn, st.seat = Phase.DEPLOY, 0, (), 0, 0
        # the situation deck, shuffled once and never again (Q5); a card each, kept hidden
        st.deck = [
            card for card, face in sorted(self.lib.cards.items()) for _ in range(face.copies)
        ]
        st.rng.shuffle(st.deck)
        st.known_bottom, st.hands, st.queue, st.pending = 0, [[] for _ in players], [], None
        st.known_hands = [[] for _ in players]
        st.after_cards = "setup"
        st.pool = objectives.pool(self.lib, st.battle)
        st.outlook = self.outlooks.get(key)
        st.ruled_out = [set() for _ in players]
        st.reviewed_kills = 0
        st.listed = Listed()
        objectives.deal(st, [])
        st.defensive, st.aggressive = [0] * len(players), [0] * len(players)
        for seat in range(len(players)):
            cards.draw(st, seat, [])
        return st

    def agents(self) -> dict[str, AgentFactory]:
        from wartable.games.diadehonor.ai import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> list[Action]:
        """Every action a battle on ``scenario`` with the line-up of ``options`` can offer, in
        a fixed order (``space.py``)."""
        key = self._field(scenario)
        players = str(self.check_options(options).get("players", "1v1"))
        names, sides = seats(self._lineup(players))
        made = self._spaces.get((key, players))
        if made is None:  # thousands of actions: an agent asks on every step
            made = tuple(GRAMMAR.space(Domains(self.lib, self.battle(key), names, sides)))
            self._spaces[(key, players)] = made
        return list(made)

    def observer(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Observer:
        """A seat's view of a battle on ``scenario`` as numbers (``observation.py``): the
        layout follows the battlefield and the line-up, the round is shared out of the round
        limit."""
        from wartable.games.diadehonor.observation import DiaDeHonorObserver

        key = self._field(scenario)
        opts = self.check_options(options)
        lineup = self._lineup(str(opts.get("players", "1v1")))
        b = self.battle(key)
        return DiaDeHonorObserver(
            self.lib,
            key,
            b.grid.columns,
            b.grid.rows,
            lineup,
            seats(lineup)[0],
            int(opts.get("max_rounds", 30)),
            squad=content.starting(self.lib, b),
        )

    def guide(self) -> dict[str, Any]:
        return guide.packaged(__file__)

    def glossary(self, scenario: str | None = None) -> dict[str, CardFace]:
        """The situation cards and the secret objectives a battle may deal: what each says
        is public, who holds which is not."""
        self._field(scenario)
        return glossary.faces(self.lib)

    def _field(self, scenario: str | None) -> str:
        fields = self.lib.boards.battlefields
        key = scenario or next(iter(fields))
        if key not in fields:
            raise UnknownNameError("scenario", key, list(fields))
        return key

    def _lineup(self, lineup: str) -> str:
        if lineup not in LINEUPS:
            raise ArgumentError(f"line-up {lineup!r} is not one of {', '.join(LINEUPS)}")
        return lineup

    def grammar(self) -> Grammar[DiaDeHonorState, Domains]:
        return GRAMMAR

    def event_kinds(self) -> type[EventKind]:
        return EventKind

    def _check_action(self, action: Action) -> None:
        """A declared verb with the words its notation takes (the space itself depends on
        the battlefield and the line-up)."""
        GRAMMAR.check(action)
