"""2GM Tactics' grammar, declared once: every verb (what a player types, the moments it is
offered in, its arguments in the action space, why it is refused, its effect, its words,
what is clicked for it, whether it is secret) and every moment of play (a phase, or the
interruption held over one: who acts, what is offered, what a refusal says). The state's
hooks, the action space and the parse check all come from here (core/verbs.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.verbs import Grammar, Moment, Verb, in_bar
from wartable.games.tactics2gm import labels, space, steps
from wartable.games.tactics2gm.phases import OWN_PHASES, moment
from wartable.games.tactics2gm.phases import Interruption as I
from wartable.games.tactics2gm.phases import Moment as M
from wartable.games.tactics2gm.phases import Phase as P
from wartable.games.tactics2gm.rules import effects, legal, orders, refusals, turn
from wartable.games.tactics2gm.rules.refusals import commanded
from wartable.games.tactics2gm.space import Domains

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

OWN = frozenset(OWN_PHASES)  # a turn's phases with orders in them
MOVING = frozenset((P.MOVE, P.DEPLOY))  # units arriving with Movilidad move in Deployment


def when(*moments: M) -> frozenset[str]:
    return frozenset(moments)


VERBS: list[Verb[Tactics2GMState, Domains]] = [
    Verb("done", "done", when(P.TERRAIN, I.EQUIP, P.DISCARD, *OWN), effects.done,
      refuse=refusals.done, words=labels.done, board=in_bar, rules=("GM-12", "GM-23", "A-25")),
    Verb("keep", "keep", when(P.MULLIGAN), effects.mulligan, words=labels.mulligan, board=in_bar,
      secret="opening hand (a secret choice)", rules=("GM-14",)),
    Verb("redraw", "redraw", when(P.MULLIGAN), effects.mulligan, words=labels.mulligan,
      board=in_bar, secret="opening hand (a secret choice)", rules=("GM-14",)),
    Verb("pass", "pass", when(I.SMOKE, I.AIR), effects.pass_, refuse=refusals.throw,
      words=labels.pass_, board=in_bar, rules=("GM-80", "GM-69")),
    Verb("give", "give", OWN, effects.give, refuse=refusals.give, words=labels.give,
      board=in_bar, rules=("GM-104",)),
    Verb("bid", "bid N", when(P.BID), effects.bid, space.bid, words=labels.bid, board=in_bar,
      secret="bid (a secret spend)", rules=("GM-11",)),
    Verb("first", "first allies|axis", when(P.FIRST), effects.first, space.first,
      words=labels.first, board=in_bar, rules=("GM-11",)),
    Verb("terrain", "terrain CARD SQUARE [left|right|both]", when(P.TERRAIN, P.DEPLOY),
      effects.terrain, space.terrain, refuse=refusals.terrain, words=labels.terrain,
      board=steps.on_board, rules=("GM-12", "GM-13", "GM-107")),
    Verb("move", "move UNIT SQUARE [alone]", MOVING, effects.move, space.move,
      refuse=commanded(refusals.move), words=labels.move, board=steps.on_board,
      rules=("GM-29", "GM-30", "GM-35", "GM-36", "GM-87")),
    Verb("march", "march UNIT", when(P.MOVE), effects.march, space.unit, refuse=commanded(),
      words=labels.unit_order, board=steps.on_board, rules=("GM-84",)),
    Verb("mount", "mount UNIT", when(P.FLIP), effects.mount, space.unit, refuse=commanded(),
      words=labels.unit_order, board=steps.on_board, rules=("GM-56", "GM-79")),
    Verb("fold", "fold UNIT", when(P.FLIP), effects.mount, space.unit, refuse=commanded(),
      words=labels.unit_order, board=steps.on_board, rules=("GM-56",)),
    Verb("swap", "swap UNIT UNIT", when(P.MOVE), effects.swap, space.swap, refuse=commanded(),
      words=labels.swap, board=steps.on_board, rules=("GM-31", "A-8")),
    Verb("fire", "fire UNIT WEAPON TARGET", when(P.FIRE, I.STRIKE), effects.fire, space.fire,
      refuse=commanded(refusals.fire), words=labels.fire, board=steps.armed,
      rules=("GM-42", "GM-43", "GM-53", "GM-33")),
    Verb("react", "react UNIT WEAPON", when(I.REACT), effects.react, space.react,
      refuse=commanded(), words=labels.react, board=steps.armed, rules=("GM-33",)),
    Verb("assault", "assault UNIT ENEMY", MOVING, effects.assault_, space.assault,
      refuse=commanded(refusals.assaults), words=labels.assault, board=steps.on_board,
      rules=("GM-32",)),
    Verb("storm", "storm UNIT", when(P.FIRE), effects.storm, space.storm,
      refuse=commanded(refusals.storm), words=labels.storm, board=steps.on_board,
      rules=("GM-33",)),
    Verb("advance", "advance UNIT VEHICLE", MOVING, effects.advance, space.advance,
      refuse=commanded(refusals.advance), words=labels.advance, board=steps.on_board,
      rules=("GM-35", "A-9")),
    Verb("pick", "pick UNIT TOKEN", when(P.MOVE), effects.salvage_, space.pick,
      refuse=commanded(refusals.salvage_), words=labels.salvage, board=steps.by_unit,
      rules=("GM-106", "A-26")),
    Verb("trade", "trade UNIT OWN TOKEN", when(P.MOVE), effects.salvage_, space.trade,
      refuse=commanded(refusals.salvage_), words=labels.salvage, board=steps.by_unit,
      rules=("GM-106", "A-26")),
    Verb("repair", "repair MECHANIC WOUNDED", OWN, effects.mend, space.mender("repair"),
      refuse=commanded(refusals.mend), words=labels.mend, board=steps.on_board,
      rules=("GM-94",)),
    Verb("heal", "heal MEDIC WOUNDED", OWN, effects.mend, space.mender("heal"),
      refuse=commanded(refusals.mend), words=labels.mend, board=steps.on_board,
      rules=("GM-95",)),
    Verb("clear", "clear SAPPER SQUARE", OWN, effects.clear, space.clear,
      refuse=commanded(refusals.clear), words=labels.clear, board=steps.on_board,
      rules=("GM-97",)),
    Verb("ride", "ride UNIT", when(P.MOVE), effects.ride, space.ride,
      refuse=commanded(refusals.ride), words=labels.ride, board=steps.on_board,
      rules=("GM-86",)),
    Verb("smoke", "smoke UNIT", when(I.SMOKE), effects.throw, space.throw,
      refuse=refusals.throw, words=labels.smoke, board=steps.on_board,
      rules=("GM-80", "A-15")),
    Verb("screen", "screen UNIT SQUARE [left|right|both]", when(P.FIRE), effects.screen,
      space.screen, refuse=commanded(refusals.screen), words=labels.screen,
      board=steps.on_board, rules=("GM-77", "A-15")),
    Verb("board", "board UNIT CARRIER", MOVING, effects.board, space.board,
      refuse=commanded(refusals.board), words=labels.board, board=steps.on_board,
      rules=("GM-81", "GM-82", "GM-92", "GM-96")),
    Verb("unload", "unload UNIT SQUARE", MOVING, effects.unload, space.unload,
      refuse=commanded(refusals.unload), words=labels.unload, board=steps.on_board,
      rules=("GM-82", "GM-96", "A-24")),
    Verb("flak", "flak GUN WEAPON AIRCRAFT", when(I.AIR), effects.flak, space.flak,
      refuse=commanded(refusals.aloft), words=labels.aloft, board=steps.armed,
      rules=("GM-72", "A-13")),
    Verb("escort", "escort FIGHTER", when(I.AIR), effects.escort, space.escort,
      refuse=commanded(refusals.aloft), words=labels.escort, board=steps.on_board,
      rules=("GM-70",)),
    Verb("intercept", "intercept FIGHTER WEAPON", when(I.AIR), effects.intercept, space.intercept,
      refuse=commanded(refusals.aloft), words=labels.intercept, board=steps.armed,
      rules=("GM-69",)),
    Verb("engage", "engage ESCORT WEAPON INTERCEPTOR", when(I.AIR), effects.engage,
      space.engage, refuse=commanded(refusals.aloft), words=labels.aloft,
      board=steps.armed, rules=("GM-70", "A-13")),
    Verb("deploy", "deploy CARD SQUARE|hq|hq2 [aboard]", when(P.DEPLOY), effects.deploy,
      space.deploy, refuse=refusals.deploy, words=labels.deploy, board=steps.on_board,
      rules=("GM-38", "GM-66", "GM-74", "GM-81", "GM-96")),
    Verb("equip", "equip OPTION", when(I.EQUIP), effects.equip, space.equip,
      refuse=refusals.equip, words=labels.equip, board=in_bar, rules=("GM-7", "GM-8")),
    Verb("play", "play CARD [TARGET]", when(P.DEPLOY), effects.play, space.play,
      refuse=refusals.play, words=labels.play, board=steps.play,
      rules=("GM-39", "GM-67")),
    Verb("discard", "discard CARD", when(P.DISCARD), effects.discard, space.discard,
      words=labels.discard, board=steps.on_board, rules=("GM-26",)),
]  # fmt: skip

MOMENTS: list[Moment[Tactics2GMState]] = [
    Moment(P.BID, legal.bidders, legal.bids, refusals.in_phase,
            words="both sides bid 0 to 5 AP in secret"),
    Moment(P.FIRST, legal.active_marshal, legal.first_player, refusals.in_phase,
            words="the bid's winner chooses who plays first"),
    Moment(P.TERRAIN, legal.active_marshal, legal.orders, refusals.in_phase,
            words="terrain bought with the bid, the winner's first"),
    Moment(P.MULLIGAN, legal.undecided, legal.opening_hand, refusals.in_phase,
            words="each seat keeps its opening hand or redraws it once"),
    Moment(P.MOVE, legal.in_turn, legal.orders, refusals.in_phase,
            words="the Movement phase"),
    Moment(P.DEPLOY, legal.in_turn, legal.orders, refusals.in_phase,
            words="the Deployment phase: units and support cards"),
    Moment(P.FIRE, legal.in_turn, legal.orders, refusals.in_phase,
            words="the Fire phase"),
    Moment(P.FLIP, legal.in_turn, legal.orders, refusals.in_phase,
            words="the Flip phase: weapon teams set up or packed away"),
    Moment(P.DISCARD, legal.in_turn, legal.discards, refusals.in_phase,
            words="down to the hand limit"),
    Moment(P.OVER, legal.nobody, legal.orders, refusals.in_phase, words="the battle is over"),
    Moment(I.AIR, legal.air_answer, legal.air_answers, refusals.in_air, interrupts=True,
            words="the air combat over an attack from the air: escorts, flak, interceptors"),
    Moment(I.SMOKE, legal.smoke_answer, legal.smoke_answers, refusals.in_smoke,
            interrupts=True, words="the units aimed at may throw smoke before the roll"),
    Moment(I.REACT, legal.defender, legal.reactions, refusals.in_reaction, interrupts=True,
            words="the defender of an assault fires back first, out of its turn"),
    Moment(I.EQUIP, legal.focus, legal.orders, refusals.in_equipping, interrupts=True,
            words="the unit just deployed buys its options"),
    Moment(I.STRIKE, legal.focus, legal.strike, refusals.in_strike, interrupts=True,
            words="the assaulter fires its one shot at the defender"),
]  # fmt: skip

GRAMMAR: Grammar[Tactics2GMState, Domains] = Grammar(
    "2GM Tactics", VERBS, MOMENTS, moment, carry_out=orders.act, after=turn.after
)
