"""Why an action is refused, verb by verb, naming the rule (verbs.py hands each verb its
function); where a verb has nothing to say, the moment's words explain the refusal. The words
are messages (core/words.py): the interfaces say them in the player's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.words import say
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.rules import cards
from wartable.games.diadehonor.rules.common import find

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

STANCES = ("prone", "crawl", "stand", "melee")  # soldiers' verbs only (DH-25, DH-40)


# ---- the moments' words ------------------------------------------------------------------
def deciding(st: DiaDeHonorState, seat: int, action: Action) -> str:
    choices = ", ".join(map(str, cards.decisions(st)))
    return say("a situation card waits on your decision: {choices}", choices=choices)


def deploying(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return say(
        "deploy one of your units in reserve, any of them, on a free square of your "
        "side's start zone (set-up)"
    )


def choosing(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return say("choose whether your side acts first or second: initiative first|second (DH-5)")


def activating(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return say("{action} is not an action of Día de Honor now", action=str(action))


# ---- the verbs' own -----------------------------------------------------------------------
def play(st: DiaDeHonorState, seat: int, action: Action) -> str:
    card = action.args[0] if action.args else ""
    if card not in st.hands[seat]:
        return say("you hold no {card!r} card (DH-4)", card=card)
    return say("{card} cannot be played so now: it needs a target it may have (DH-53)", card=card)


def unit(st: DiaDeHonorState, seat: int, action: Action) -> str:
    """move, crawl, prone, stand, fire, melee, aim: a unit of the seat's, on the map, with
    an action left this round, able to do it (only in the activations: before, the phase
    says what it waits on)."""
    if st.phase in (Phase.DEPLOY, Phase.INITIATIVE):
        return ""
    verb = action.verb
    key = action.args[0] if action.args else ""
    i = find(st, key) if action.args else -1
    if i < 0:
        return say("there is no unit {unit!r}", unit=key)
    u = st.units[i]
    unit = u.key
    if u.seat != seat:
        return say("{unit} is not yours to command", unit=unit)
    if not st.on_map(i):
        return say("{unit} is not on the map", unit=unit)
    if st.actions[i] <= 0:
        return say("{unit} has used both its actions this round (DH-9)", unit=unit)
    if st.kind(i).kind != "soldier" and verb in STANCES:
        return say("only soldiers go prone, crawl, stand or duel (DH-25, DH-40)")
    if verb == "aim":
        if u.type != "sniper":
            return say("only a sniper aims (DH-69)")
        if st.aim.get(i, (-1, 0, 0))[2] == st.round:
            return say("{unit} has already aimed this round (Q27)", unit=unit)
        return say("a sniper aims at an enemy soldier it sees (DH-69, Q27)")
    if verb == "move" and st.prone[i]:
        return say("{unit} is prone: it crawls, or stands up first (DH-21, DH-22)", unit=unit)
    if verb == "crawl" and not st.prone[i]:
        return say("{unit} is standing: only a prone soldier crawls (DH-21)", unit=unit)
    if verb in ("move", "crawl"):
        return say(
            "{unit} cannot reach that square with one action (DH-15 to DH-21, DH-26)", unit=unit
        )
    if verb in ("fire", "melee") and st.attacked[i]:
        return say("{unit} has already attacked this round (DH-10)", unit=unit)
    if verb == "fire":
        return say(
            "the target must be an enemy unit in sight; only a tank or heavy infantry "
            "may fire on a tank (DH-29, DH-72)"
        )
    if verb == "melee":
        return say("a duel needs an enemy soldier on one of the 8 squares around (DH-36)")
    return say("{unit} cannot do that now", unit=unit)
