"""Undaunted's grammar, declared once (core/verbs.py): every verb (its notation, the
moments it is offered in, its interned actions in the action space, why it is refused, its
effect, its words, what is clicked for it, whether it is secret) and every moment (the bid,
a turn, the choices of a card action in progress). The state's hooks, the action space and
the parse check come from here; the order keeps the action ids learning agents use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.verbs import Grammar, Moment, Verb, in_bar
from wartable.games.undaunted import labels, steps
from wartable.games.undaunted.phases import Interruption, Phase, moment
from wartable.games.undaunted.rules import flow, legal, refusals
from wartable.games.undaunted.scenario import Scenario

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState

TURN, CHOICE = frozenset({Phase.TURN}), frozenset({Interruption.CHOICE})

VERBS: list[Verb[UndauntedState, Scenario]] = [
    Verb("end", "end", TURN, flow.end, lambda sc: [sc.actions.end], refuse=refusals.finish,
      words=labels.end, board=in_bar, rules=("Player turns",)),
    Verb("done", "done", CHOICE, flow.done, lambda sc: [sc.actions.done],
      refuse=refusals.choice, words=labels.done, board=in_bar,
      rules=("Move X", "Bolster X", "Inspire X", "Command X")),
    Verb("draw", "draw", CHOICE, flow.drawn, lambda sc: [sc.actions.draw],
      refuse=refusals.choice, words=labels.draw, board=in_bar, rules=("Command X",)),
    Verb("bid", "bid CARD", frozenset({Phase.BID}), flow.bid, lambda sc: sc.actions.bid,
      refuse=refusals.bid, words=labels.bid, board=steps.first,
      secret="bid (a card chosen in secret)", rules=("Initiative",)),
    Verb("hunker", "hunker CARD", TURN, flow.hunker, lambda sc: sc.actions.hunker,
      refuse=refusals.card, words=labels.card, board=steps.first,
      rules=("Hunker down",)),
    Verb("rally", "rally CARD", TURN, flow.rally, lambda sc: sc.actions.rally,
      refuse=refusals.card, words=labels.card, board=steps.first, rules=("Suppressed",)),
    Verb("bolster", "bolster CARD", CHOICE, flow.bolster, lambda sc: sc.actions.bolster,
      refuse=refusals.choice, words=labels.card, board=in_bar, rules=("Bolster X",)),
    Verb("inspire", "inspire CARD", CHOICE, flow.inspire, lambda sc: sc.actions.inspire,
      refuse=refusals.choice, words=labels.card, board=in_bar, rules=("Inspire X",)),
    Verb("move", "move TILE", CHOICE, flow.move, lambda sc: sc.actions.move,
      refuse=refusals.choice, words=labels.move, board=steps.first,
      rules=("Move X", "Guide X", "Scout X", "Stalk X")),
    Verb("target", "target TILE", CHOICE, flow.target, lambda sc: sc.actions.target,
      refuse=refusals.choice, words=labels.target, board=steps.first, rules=("Target",)),
    Verb("guide", "guide UNIT", CHOICE, flow.guide, lambda sc: sc.actions.guide,
      refuse=refusals.choice, words=labels.counter, board=steps.own, rules=("Guide X",)),
    Verb("attack", "attack UNIT", CHOICE, flow.attack, lambda sc: sc.actions.attack,
      refuse=refusals.choice, words=labels.counter, board=steps.enemy, rules=("Attack X",)),
    Verb("suppress", "suppress UNIT", CHOICE, flow.attack, lambda sc: sc.actions.suppress,
      refuse=refusals.choice, words=labels.counter, board=steps.enemy, rules=("Suppress X",)),
    Verb("play", "play CARD ACTION", TURN, flow.played,
      lambda sc: [a for plays in sc.actions.play for a in plays.values()],
      refuse=refusals.card, words=labels.play, board=steps.first,
      rules=("Player turns", "Placing counters")),
]  # fmt: skip

MOMENTS: list[Moment[UndauntedState]] = [
    Moment(Phase.BID, legal.bidders, legal.bids, refusals.bidding,
            words="both players choose a card for initiative, in secret"),
    Moment(Phase.TURN, legal.to_act, legal.turn, refusals.playing,
            words="the player with the turn plays cards from the hand, then ends the turn"),
    Moment(Interruption.CHOICE, legal.to_act, legal.pending_choices, refusals.playing,
            words="the card action in progress waits on its next choice"),
]  # fmt: skip

GRAMMAR: Grammar[UndauntedState, Scenario] = Grammar(
    "Undaunted", VERBS, MOMENTS, moment, after=flow.after
)
