"""The duel's registry entry: what it is called, its scenario, how a game starts, its words.

This is wartable's example game, the template a new game starts from (docs/adding-a-game.md):
two sides, hidden hands, dice, one data file, and no drawing of its own, so the terminal and
the web page show it through their generic fallbacks.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from wartable.content import guide
from wartable.core.action import Action
from wartable.core.errors import UnknownNameError
from wartable.core.game import CardFace, Game, GameInfo, OptionValue, ScenarioInfo
from wartable.core.observation import Observer
from wartable.core.rng import Rng
from wartable.core.verbs import Grammar
from wartable.core.words import word
from wartable.games.duel import content, rules
from wartable.games.duel.content import CardsFile
from wartable.games.duel.event_kinds import EventKind
from wartable.games.duel.observation import DuelObserver
from wartable.games.duel.state import DuelState
from wartable.games.duel.verbs import GRAMMAR

PLAYERS = ("north", "south")
SCENARIO = ScenarioInfo(
    "standard",
    word("A standard duel"),
    PLAYERS,
    word("Each side: its own deck, three cards in hand."),
)
SUMMARY = (rules.__doc__ or "").split("\n", 2)[2]  # the numbered rules, in one place


class Duel(Game):
    info = GameInfo("duel", "Card Duel (example game)", PLAYERS, DuelState.game_version, SUMMARY)

    def __init__(self) -> None:
        self.data: CardsFile = content.load().model

    def scenarios(self) -> list[ScenarioInfo]:
        return [SCENARIO]

    def _new_game(
        self, scenario: str | None, seed: int, options: Mapping[str, OptionValue]
    ) -> DuelState:
        if scenario not in (None, SCENARIO.id):
            raise UnknownNameError("scenario", scenario, [SCENARIO.id])
        st = DuelState.__new__(DuelState)
        st._init_base(PLAYERS, {"scenario": SCENARIO.id, "options": {}, "seed": seed})
        st.cards = self.data.cards
        st.start_strength = self.data.start.strength
        st.rng = Rng(seed)
        st.strength = [st.start_strength] * 2
        st.guard = [False, False]
        st.decks, st.hands, st.discards = [], [], [[], []]
        for _ in PLAYERS:  # rule 1
            deck = [key for key, card in sorted(st.cards.items()) for _ in range(card.copies)]
            st.rng.shuffle(deck)
            st.hands.append(sorted(deck[-self.data.start.hand :]))
            st.decks.append(deck[: -self.data.start.hand])
        st.to_act, st.turns = 0, 0
        return st

    def grammar(self) -> Grammar[DuelState, CardsFile]:
        return GRAMMAR

    def event_kinds(self) -> type[EventKind]:
        return EventKind

    def _check_action(self, action: Action) -> None:
        GRAMMAR.check(action, self.space)

    @cached_property
    def space(self) -> frozenset[Action]:
        return frozenset(GRAMMAR.space(self.data))

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> list[Action]:
        if scenario not in (None, SCENARIO.id):
            raise UnknownNameError("scenario", scenario, [SCENARIO.id])
        self.check_options(options)
        return GRAMMAR.space(self.data)  # every card played, then pass

    def observer(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Observer:
        if scenario not in (None, SCENARIO.id):
            raise UnknownNameError("scenario", scenario, [SCENARIO.id])
        self.check_options(options)
        return DuelObserver(self.data, PLAYERS)

    def guide(self) -> dict[str, Any]:
        return guide.packaged(__file__)

    def glossary(self, scenario: str | None = None) -> dict[str, CardFace]:
        if scenario not in (None, SCENARIO.id):
            raise UnknownNameError("scenario", scenario, [SCENARIO.id])
        return {key: CardFace(card.title, card.text) for key, card in self.data.cards.items()}
