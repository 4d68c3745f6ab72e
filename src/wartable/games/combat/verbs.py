"""Combat!'s grammar, declared once (core/verbs.py): every verb (its notation, the moments
it is offered in, its arguments in the action space, its effect, its words, what is clicked
for it) and every moment (deployment, the card and order phases, an activation in the
impulses, a card's new order held over them). The state's hooks, the action space and the
parse check come from here; the order keeps the action ids learning agents use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.verbs import Grammar, Moment, Verb
from wartable.games.combat import labels, space, steps
from wartable.games.combat.phases import Interruption, Phase, moment
from wartable.games.combat.rules import flow, legal
from wartable.games.combat.space import Domains

if TYPE_CHECKING:
    from wartable.games.combat.state import CombatState

CARDS_HELD = frozenset(
    (Phase.CARDS, Phase.ORDERS, Phase.IMPULSES)
)  # a card used from the hand (5.0)
ORDERING = frozenset((Phase.ORDERS, Interruption.REORDER))
ACTIVATION = frozenset((Phase.IMPULSES,))

VERBS: list[Verb[CombatState, Domains]] = [
    Verb("deploy", "deploy SOLDIER HEX", frozenset({Phase.DEPLOY}), flow.deploy, space.deploy,
      words=labels.deploy, rules=("22.0",)),
    Verb("play", "play CARD", frozenset({Phase.CARDS}), flow.play, space.card, words=labels.play,
      board=steps.card, rules=("5.0",)),
    Verb("discard", "discard CARD", frozenset({Phase.CARDS}), flow.discard, space.card,
      words=labels.discard, board=steps.card, rules=("5.0",)),
    Verb("use", "use CARD [TEAM|SOLDIER]", CARDS_HELD, flow.use, space.use, words=labels.use,
      board=steps.card, rules=("5.0",)),
    Verb("order", "order SOLDIER ORDER [HEX|SOLDIER]", ORDERING, flow.order, space.order,
      refuse=legal.why_not_order, words=labels.order, board=steps.order, rules=("7.0",)),
    Verb("move", "move SOLDIER HEX", ACTIVATION, flow.move, space.to_hex, words=labels.toward,
      rules=("6.0",)),
    Verb("leave", "leave SOLDIER", ACTIVATION, flow.leave, space.alone, words=labels.alone,
      rules=("9.5",)),
    Verb("stay", "stay SOLDIER", ACTIVATION, flow.stay, space.alone, words=labels.alone,
      rules=("6.0",)),
    Verb("aim", "aim SOLDIER HEX", ACTIVATION, flow.aim, space.aim, words=labels.toward,
      rules=("7.09", "7.11")),
    Verb("throw", "throw SOLDIER HEX", ACTIVATION, flow.throw, space.throw, words=labels.toward,
      rules=("7.10",)),
    Verb("fire", "fire SOLDIER TARGET", ACTIVATION, flow.fire, space.fire, words=labels.attack,
      rules=("13.0",)),
    Verb("flare", "flare SOLDIER HEX", ACTIVATION, flow.flare, space.flare, words=labels.toward,
      rules=("21.0",)),
    Verb("hold", "hold SOLDIER", ACTIVATION, flow.stay, space.hold, words=labels.alone,
      rules=("13.0",)),
    Verb("strike", "strike SOLDIER TARGET", ACTIVATION, flow.strike, space.strike,
      words=labels.attack, rules=("15.0",)),
    Verb("done", "done SOLDIER", ACTIVATION, flow.done, space.alone, words=labels.alone,
      rules=("6.0",)),
    Verb("duck", "duck SOLDIER", ACTIVATION, flow.duck, space.alone, words=labels.alone,
      rules=("6.0",)),
]  # fmt: skip

MOMENTS: list[Moment[CombatState]] = [
    Moment(Phase.DEPLOY, legal.player, legal.deployments, legal.possible,
            words="the squad deploys, a man at a time, in its deploy zone"),
    Moment(Phase.CARDS, legal.player, legal.card_phase, legal.possible,
            words="a card for initiative, or discards down to the hand limit"),
    Moment(Phase.ORDERS, legal.player, legal.order_phase, legal.possible,
            words="an order for each man on the map, in squad order"),
    Moment(Phase.IMPULSES, legal.player, legal.impulse, legal.possible,
            words="a friendly activation played out, a step at a time"),
    Moment(Phase.OVER, legal.nobody, legal.nothing, legal.possible, words="the game is over"),
    Moment(Interruption.REORDER, legal.player, legal.reorder, legal.possible,
            words="a card lets one man take a new order now"),
]  # fmt: skip

GRAMMAR: Grammar[CombatState, Domains] = Grammar(
    "Combat!", VERBS, MOMENTS, moment, after=flow.after
)
