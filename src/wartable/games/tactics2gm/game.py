"""2GM Tactics' registry entry: its scenario (a pitched battle), the options a battle takes,
how it starts, and its words."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from wartable.content import guide
from wartable.content.loader import data_folder
from wartable.core.action import Action
from wartable.core.decks import DeckList
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
from wartable.core.words import named, say, seat_words, word
from wartable.games.tactics2gm import content, deck, estimates, glossary, scenario
from wartable.games.tactics2gm.building import ARMY_OF, Building, custom_option
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.labels import SIDES as SIDE_WORDS
from wartable.games.tactics2gm.phases import Phase
from wartable.games.tactics2gm.rules import hq, river, setup
from wartable.games.tactics2gm.rules.common import SIDES
from wartable.games.tactics2gm.rules.field import NARROW, WIDE
from wartable.games.tactics2gm.scenario import short_of
from wartable.games.tactics2gm.space import Domains
from wartable.games.tactics2gm.state import Tactics2GMState
from wartable.games.tactics2gm.verbs import GRAMMAR

PITCHED = ScenarioInfo(
    "pitched-battle",
    word("Pitched battle (Batalla Campal)"),
    SIDES,
    word(
        "Twelve tiles at random, a secret bid for the first turn, and the first to destroy the "
        "enemy HQ wins."
    ),
)
SUMMARY = word(  # the game in short: `wartable rules`, said in the player's language
    "Two armies play decks built to a points limit. Each turn: Inicio, HQ phase (action "
    "points: income, supply line, command groups), draw 2, move, deploy and play support "
    "cards, fire, flip tokens, discard to 7. A D10 hits on the weapon's number, a critical "
    "destroys when penetration beats armour; destroy the enemy HQ (10 PI) to win."
)
NOVICE = ("none", "allies", "axis", "both")
LINEUPS = ("1v1", "2v1", "1v2", "2v2")  # allies players v axis players (GM-103 to GM-105)
FIELDS = ("one", "two")  # two side by side for a battle of four (GM-105)
BUILT = {"allies": word("Allies' own deck"), "axis": word("Axis own deck")}  # custom_SIDE


def seats(lineup: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The seats of a line-up and the side of each, allies first: a side of one is its
    army's name, a side of two is ``allies-1`` (its Marshal) and ``allies-2``."""
    counts = [int(n) for n in lineup.split("v")]
    names: list[str] = []
    sides: list[int] = []
    for side, (army, n) in enumerate(zip(SIDES, counts, strict=True)):
        names += [army] if n == 1 else [f"{army}-{k}" for k in range(1, n + 1)]
        sides += [side] * n
    return tuple(names), tuple(sides)


def side_of_seat(name: str) -> str:
    """``allies-2`` belongs to the allies."""
    return name.partition("-")[0]


def field_and_lineup(
    chosen: Mapping[str, OptionValue], given: Mapping[str, OptionValue]
) -> tuple[int, str]:
    """How many fields a battle lays and its line-up, from the options ``chosen`` (every
    option with its value) and those ``given`` by the players: two fields are a battle of
    four (GM-105), the line-up it sets unless one is given, and then it must be 2v2."""
    copies = FIELDS.index(str(chosen["fields"])) + 1
    lineup = "2v2" if copies == 2 and "players" not in given else str(chosen["players"])
    if lineup not in LINEUPS:
        raise ArgumentError(f"players: one of {', '.join(LINEUPS)}, not {lineup!r}")
    if copies == 2 and lineup != "2v2":
        raise ArgumentError(f"fields=two is a battle of four: players=2v2, not {lineup} (GM-105)")
    return copies, lineup


class Tactics2GM(Game):
    info = GameInfo(
        "tactics2gm", "2GM Tactics", SIDES, Tactics2GMState.game_version, SUMMARY, "round"
    )
    interfaces = Interfaces(
        terminal="wartable.games.tactics2gm.terminal", page="wartable.games.tactics2gm:page.js"
    )

    def __init__(self, data: Path | None = None) -> None:
        """The game on the content in ``data`` (a copy given, else the player's own under
        WARTABLE_DATA, else the shipped content); any problem in it is a ContentError
        naming the file, the field and the reason."""
        data = data or data_folder("tactics2gm", content.DATA)
        self.lib = content.load(data)
        self.decks = deck.shipped(self.lib, data / "decks")
        self.building = Building(self.lib, self.decks)
        self.fixed = scenario.load(self.lib, self.decks, data / "scenarios.yaml")
        self.outlooks = estimates.load([PITCHED.id, *self.fixed], data / "estimates.yaml")

    def scenarios(self) -> list[ScenarioInfo]:
        return [PITCHED] + [
            ScenarioInfo(key, named(sc.title), SIDES, named(sc.text))
            for key, sc in self.fixed.items()
        ]

    def agents(self) -> dict[str, AgentFactory]:
        from wartable.games.tactics2gm.ai import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def deck_names(self, side: str) -> tuple[str, ...]:
        return tuple(k for k, d in self.decks.items() if d.army == ARMY_OF[side])

    def deck_building(self) -> Building:
        return self.building

    def fielded(self, side: str, chosen: Mapping[str, OptionValue]) -> DeckList:
        """The deck ``side`` fields: one built by a player (its JSON in ``custom_SIDE``),
        else the ready-made one named by ``deck_SIDE``; of ``side``'s army either way."""
        text = str(chosen[custom_option(side)])
        if not text:
            return self.decks[str(chosen[f"deck_{side}"])]
        d = DeckList.from_text(text, f"option {custom_option(side)}")
        if d.army != ARMY_OF[side]:
            raise ArgumentError(
                say(
                    "deck {deck}: a deck of {army}; {side} fields {fields}",
                    deck=d.name, army=deck.army_word(d.army), side=deck.seat_word(side),
                    fields=deck.army_word(ARMY_OF[side]),
                )
            )  # fmt: skip
        return d

    def seat_title(self, seat: str) -> str:
        return seat_words(SIDE_WORDS, seat)

    def options(self) -> dict[str, GameOption]:
        return {
            "deck_allies": GameOption(
                "deck_allies", "usa-armour", word("the USA's deck"),
                choices=self.deck_names("allies"), label=word("Allies' deck"),
            ),
            "deck_axis": GameOption(
                "deck_axis", "germany-armour", word("Germany's deck"),
                choices=self.deck_names("axis"), label=word("Axis deck"),
            ),
            **{
                custom_option(side): GameOption(
                    custom_option(side), "",
                    say(
                        "a deck built with wartable deck for {side}, as its JSON; it replaces "
                        "deck_{side} (set by the interfaces)",
                        side=side,
                    ),
                    internal=True, label=BUILT[side],
                )
                for side in SIDES
            },
            "points": GameOption(
                "points", self.lib.hq.points,
                word(
                    "the points limit every deck keeps to: 120 in a pitched battle, or one "
                    "agreed (GM-2)"
                ),
                minimum=1, maximum=1000, label=word("points limit"),
            ),
            "max_rounds": GameOption(
                "max_rounds", 60, word("rounds before the battle is decided by HQ damage (A-19)"),
                minimum=1, maximum=200, label=word("round limit"),
            ),
            "time_limit": GameOption(
                "time_limit", 0,
                word("a timed battle: after so many rounds, one last turn each (GM-102); 0: none"),
                minimum=0, maximum=200, label=word("time limit"),
            ),
            "hq_income": GameOption(
                "hq_income", self.lib.hq.income,
                word("AP each HQ pays a turn (not printed, A-3)"),
                minimum=0, maximum=10, label=word("HQ income"),
            ),
            "extensive_terrain": GameOption(
                "extensive_terrain", False,
                word("walls, wire, barriers and trenches may cover 3 squares (GM-107)"),
                label=word("extensive terrain"),
            ),
            "novice": GameOption(
                "novice", "none", word("a novice side gets 1 AP more a turn (GM-108)"),
                choices=NOVICE, label=word("novice side"),
            ),
            "players": GameOption(
                "players", "1v1",
                word(
                    "the line-up, allies v axis: a side of two players shares its HQ, its AP "
                    "and its deck, dealt between them (GM-103 to GM-105)"
                ),
                choices=LINEUPS, label=word("players"),
            ),
            "fields": GameOption(
                "fields", "one",
                word(
                    "two: a battle of four (players=2v2, the line-up it sets) on two fields "
                    "side by side, each player with his own HQ; one enemy HQ's fall wins (GM-105)"
                ),
                choices=FIELDS, label=word("fields"),
            ),
            "ground_equipment": GameOption(
                "ground_equipment", False,
                word(
                    "a fallen infantry unit's equipment stays on its square, for infantry able "
                    "to use it to pick up (GM-106, A-26)"
                ),
                label=word("equipment on the ground"),
            ),
            "late_terrain": GameOption(
                "late_terrain", False,
                word(
                    "terrain cards may be bought in your Deployment phase, next to your units "
                    "(GM-13)"
                ),
                label=word("late terrain"),
            ),
        }  # fmt: skip

    def _new_game(
        self, scenario: str | None, seed: int, options: Mapping[str, OptionValue]
    ) -> Tactics2GMState:
        self.known(scenario)
        sc = self.fixed.get(scenario or PITCHED.id)
        chosen = {name: o.default for name, o in self.options().items()}
        if sc is not None:  # its decks and limits, unless the players chose others
            chosen |= {f"deck_{seat}": name for seat, name in sc.decks.items()}
            chosen["points"] = sc.points
        chosen |= dict(options)
        copies, lineup = field_and_lineup(chosen, options)
        chosen["players"] = lineup
        names, st_sides = seats(lineup)
        st = Tactics2GMState.__new__(Tactics2GMState)
        st._init_base(
            names, {"scenario": scenario or PITCHED.id, "options": dict(options), "seed": seed}
        )
        st.seat_side = st_sides
        st.brief = sc
        st.outlook = self.outlooks.get(scenario or PITCHED.id)
        st.lib = self.lib
        st.armies = (ARMY_OF["allies"], ARMY_OF["axis"])
        st.max_rounds = int(chosen["max_rounds"])
        st.hq = self.lib.hq.model_copy(update={"income": int(chosen["hq_income"])})
        st.time_limit = int(chosen["time_limit"])
        st.extensive = bool(chosen["extensive_terrain"])
        st.ground_equipment = bool(chosen["ground_equipment"])
        st.late_terrain = bool(chosen["late_terrain"])
        novice = str(chosen["novice"])
        st.novice = (novice in ("allies", "both"), novice in ("axis", "both"))
        st.rng = Rng(seed)
        st.field = WIDE if copies == 2 else NARROW
        grounds, st.laid = [], ()
        for _ in range(copies):  # on two fields, each laid from its own box's tiles
            if sc is None:
                tiles = setup.lay_tiles(self.lib.tiles, st.rng)
                grounds.append(setup.features(self.lib.tiles, tiles))
            else:
                tiles = [setup.Placed(t, face, turned) for t, face, turned in sc.tiles]
                grounds.append(setup.scenario_ground(self.lib.tiles, sc))
            st.laid += tuple(tiles)
        st.ground = tuple(setup.side_by_side(grounds))
        st.walls = river.walls(sc, copies)
        st.decks = [[] for _ in names]
        st.ap = [0] * len(names)
        for side, army in enumerate(SIDES):
            d = self.fielded(army, chosen)
            year = sc.year if sc is not None else None
            why = deck.problems(d, self.lib, int(chosen["points"]), year)
            if sc is not None and army in sc.hands:  # its fixed opening hand comes from it
                why += short_of(sc.hands[army], d)
            if why:
                raise ArgumentError(say("deck {deck}: {why}", deck=d.name, why=deck.joined(why)))
            cards = sorted(d.cards_in_order())
            st.rng.shuffle(cards)
            team = [k for k, s in enumerate(st_sides) if s == side]
            for n, k in enumerate(team):  # a team's deck is dealt between its two players
                st.decks[k] = cards[n :: len(team)]
            start = [self.lib.hq.start_ap] * len(team)  # each his own HQ's (GM-105)
            if copies == 1:  # a team shares one HQ's (GM-104)
                start = hq.split(self.lib.hq.start_ap, len(team))
            for k, share in zip(team, start, strict=True):
                st.ap[k] = share
        st.hands, st.discards = [[] for _ in names], [[] for _ in names]
        st.passed, st.gave = [False] * len(names), False
        st.pieces, st.serial = [], {}
        st.terrain, st.owner, st.laid_count = {}, {}, {}
        st.hq_hp = [self.lib.hq.hit_points] * 2 * copies
        st.generals = [None for _ in range(2 * copies)]
        st.phase, st.active, st.first, st.winner_of_bid, st.turn = Phase.BID, 0, -1, -1, 0
        st.bids, st.budget, st.redraws = [None, None], [0, 0], [None] * len(names)
        st.equipping, st.fired_at, st.destroyed = "", {}, [0, 0]
        st.storming = st.stage = ""
        st.screens, st.aim, st.asking, st.sortie = {}, None, [], None
        st.card_wear, st.tile_wear, st.ruins = {}, {}, set()
        st.dropped, st.picked = {}, set()
        for sq, card in river.laid(sc, copies).items():  # the scenario's own terrain: no one's
            st.terrain[sq] = card
            st.owner[sq] = -1
        if sc is not None:
            setup.in_play(st, sc)
        return st

    # ---- the words -----------------------------------------------------------------------
    @cached_property
    def domains(self) -> Domains:
        return Domains(self.lib, tuple(self.fixed.values()))

    def grammar(self) -> Grammar[Tactics2GMState, Domains]:
        return GRAMMAR

    def event_kinds(self) -> type[EventKind]:
        return EventKind

    def _check_action(self, action: Action) -> None:
        GRAMMAR.check(action, self.space_set)

    @cached_property
    def space(self) -> list[Action]:
        """Verb by verb, as verbs.py declares them (space.py lists each one's arguments)."""
        return GRAMMAR.space(self.domains)

    @cached_property
    def space_set(self) -> frozenset[Action]:
        return frozenset(self.space)

    def known(self, scenario: str | None) -> None:
        names = [s.id for s in self.scenarios()]
        if scenario is not None and scenario not in names:
            raise UnknownNameError("scenario", scenario, names)

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> list[Action]:
        """One space for every scenario and option: squares A1 to P6 (two fields), both HQs
        of a side, every card of both armies."""
        self.known(scenario)
        self.check_options(options)
        return list(self.space)

    def observer(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Observer:
        """The layout depends on the number of fields (the squares, the HQs) and on whether
        a side may have two seats; decks, scenarios and the other options keep it."""
        from wartable.games.tactics2gm.observation import Tactics2GMObserver

        self.known(scenario)
        given = self.check_options(options)
        chosen = {name: o.default for name, o in self.options().items()} | given
        copies, lineup = field_and_lineup(chosen, given)
        novice = str(chosen["novice"])
        return Tactics2GMObserver(
            self.lib,
            fields=copies,
            seats=1 if lineup == "1v1" else 2,
            income=int(chosen["hq_income"]),
            novice=(novice in ("allies", "both"), novice in ("axis", "both")),
            time_limit=int(chosen["time_limit"]),
        )

    def public_action(self, player: str, action: Action, viewer: str | None) -> str:
        """A bid and an opening-hand choice are secret from the other side (a teammate
        sees them) until both sides have made theirs."""
        team = viewer is not None and side_of_seat(viewer) == side_of_seat(player)
        return GRAMMAR.public(action, team)

    def guide(self) -> dict[str, Any]:
        return guide.packaged(__file__)

    def glossary(self, scenario: str | None = None) -> dict[str, CardFace]:
        self.known(scenario)
        return glossary.faces(self.lib)  # each with its kind, cost and numbers, a fact a line
