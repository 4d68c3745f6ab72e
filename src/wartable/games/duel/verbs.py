"""The duel's grammar, declared once (core/verbs.py): its two verbs, with their notation,
their arguments in the action space, why each is refused, its effect; and its one moment,
a side's turn. The state's hooks, the action space and the parse check come from here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.verbs import Grammar, Moment, Verb
from wartable.games.duel import rules
from wartable.games.duel.content import CardsFile

if TYPE_CHECKING:
    from wartable.games.duel.state import DuelState

TURN = "turn"
VERBS: list[Verb[DuelState, CardsFile]] = [
    Verb("play", "play CARD", frozenset({TURN}), rules.play,
         space=lambda data: ((key,) for key in sorted(data.cards)), refuse=rules.why_not_play,
         rules=("2", "3", "4")),
    Verb("pass", "pass", frozenset({TURN}), rules.pass_, refuse=rules.why_not_pass,
         rules=("2",)),
]  # fmt: skip
MOMENTS: list[Moment[DuelState]] = [
    Moment(TURN, rules.to_act, rules.offers, rules.in_turn, words="a side's turn")
]

GRAMMAR: Grammar[DuelState, CardsFile] = Grammar(
    "Card Duel", VERBS, MOMENTS, lambda st: TURN, after=rules.turn_over
)
