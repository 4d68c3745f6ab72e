"""Día de Honor's grammar, declared once (core/verbs.py): every verb (its notation, the
moments it is offered in, its arguments, refusal, effect, words, what is clicked for it)
and every moment (the phases, and a situation card's decision held over them). The state's
hooks, the action space and the parse check come from here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.verbs import Grammar, Moment, Verb, in_bar
from wartable.games.diadehonor import labels, space, steps
from wartable.games.diadehonor.phases import Interruption as I
from wartable.games.diadehonor.phases import Phase as P
from wartable.games.diadehonor.phases import moment
from wartable.games.diadehonor.rules import flow, legal, refusals
from wartable.games.diadehonor.space import Domains

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

ACTING = frozenset((P.ACTIVATE, P.CARDS))  # a seat's activation


def when(*moments: P | I) -> frozenset[str]:
    return frozenset(moments)


VERBS: list[Verb[DiaDeHonorState, Domains]] = [
    Verb("initiative", "initiative first|second", when(P.INITIATIVE), flow.chosen,
      space.initiative, words=labels.initiative, board=in_bar, rules=("DH-5",)),
    Verb("deploy", "deploy UNIT SQUARE", when(P.DEPLOY), flow.deployed, space.deploy,
      words=labels.deploy, rules=("set-up",)),
    Verb("move", "move UNIT SQUARE", ACTING, flow.acted, space.move, refuse=refusals.unit,
      words=labels.movement, rules=("DH-15", "DH-16", "DH-26")),
    Verb("crawl", "crawl SOLDIER SQUARE", ACTING, flow.acted, space.crawl, refuse=refusals.unit,
      words=labels.movement, rules=("DH-21",)),
    Verb("prone", "prone SOLDIER", ACTING, flow.acted, space.stance, refuse=refusals.unit,
      words=labels.stance, rules=("DH-20",)),
    Verb("stand", "stand SOLDIER", ACTING, flow.acted, space.stance, refuse=refusals.unit,
      words=labels.stance, rules=("DH-22",)),
    Verb("aim", "aim SNIPER SOLDIER", ACTING, flow.acted, space.aim, refuse=refusals.unit,
      words=labels.at_unit, rules=("DH-69", "Q27")),
    Verb("fire", "fire UNIT TARGET", ACTING, flow.acted, space.fire, refuse=refusals.unit,
      words=labels.at_unit, rules=("DH-29", "DH-30", "DH-72")),
    Verb("melee", "melee SOLDIER SOLDIER", ACTING, flow.acted, space.melee,
      refuse=refusals.unit, words=labels.at_unit, rules=("DH-36", "DH-40")),
    Verb("play", "play CARD [UNIT [TARGET]]", ACTING, flow.played, space.play,
      refuse=refusals.play, words=labels.play, board=steps.card, rules=("DH-4", "DH-53")),
    Verb("react", "react detect|pass", when(I.DECIDE), flow.decided, space.react,
      words=labels.react, board=in_bar, rules=("DH-65", "DH-67")),
    Verb("target", "target UNIT", when(I.DECIDE), flow.decided, space.target,
      words=labels.target, rules=("DH-50", "DH-66")),
    Verb("place", "place SQUARE", when(I.DECIDE), flow.decided, space.place,
      words=labels.place, rules=("DH-54",)),
    Verb("done", "done", ACTING, flow.done, words=labels.done, board=in_bar,
      rules=("DH-11",)),
]  # fmt: skip

MOMENTS: list[Moment[DiaDeHonorState]] = [
    Moment(P.DEPLOY, legal.to_act, legal.deployments, refusals.deploying,
            words="each seat deploys its squad on its side's start zone, a unit at a time"),
    Moment(P.INITIATIVE, legal.to_act, legal.initiative, refusals.choosing,
            words="the side that won the roll chooses to act first or second"),
    Moment(P.ACTIVATE, legal.to_act, legal.activation, refusals.activating,
            words="a seat's activation: two actions a unit, one an attack; cards"),
    Moment(P.CARDS, legal.to_act, legal.activation, refusals.activating,
            words="situation cards being resolved"),
    Moment(P.OVER, legal.nobody, legal.activation, refusals.activating,
            words="the battle is over"),
    Moment(I.DECIDE, legal.to_act, legal.decisions, refusals.deciding, interrupts=True,
            words="a situation card waits on a seat's decision"),
]  # fmt: skip

GRAMMAR: Grammar[DiaDeHonorState, Domains] = Grammar(
    "Día de Honor", VERBS, MOMENTS, moment, after=flow.after
)
