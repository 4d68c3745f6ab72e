"""Why an action is refused, verb by verb, naming the rule (verbs.py hands each verb its
function); where a verb has nothing to say, the moment's words explain the refusal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.games.diadehonor.phases import Phase
from wartable.games.diadehonor.rules import cards
from wartable.games.diadehonor.rules.common import find

if TYPE_CHECKING:
    from wartable.games.diadehonor.state import DiaDeHonorState

STANCES = ("prone", "crawl", "stand", "melee")  # soldiers' verbs only (DH-25, DH-40)


# ---- the moments' words ------------------------------------------------------------------
def deciding(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return "a situation card waits on your decision: " + ", ".join(map(str, cards.decisions(st)))


def deploying(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return (
        "deploy one of your units in reserve, any of them, on a free square of your "
        "side's start zone (set-up)"
    )


def choosing(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return "choose whether your side acts first or second: initiative first|second (DH-5)"


def activating(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return f"{action} is not an action of Día de Honor now"


# ---- the verbs' own -----------------------------------------------------------------------
def play(st: DiaDeHonorState, seat: int, action: Action) -> str:
    card = action.args[0] if action.args else ""
    if card not in st.hands[seat]:
        return f"you hold no {card!r} card (DH-4)"
    return f"{card} cannot be played so now: it needs a target it may have (DH-53)"


def unit(st: DiaDeHonorState, seat: int, action: Action) -> str:
    """move, crawl, prone, stand, fire, melee, aim: a unit of the seat's, on the map, with
    an action left this round, able to do it (only in the activations: before, the phase
    says what it waits on)."""
    if st.phase in (Phase.DEPLOY, Phase.INITIATIVE):
        return ""
    verb = action.verb
    i = find(st, action.args[0]) if action.args else -1
    if i < 0:
        return f"there is no unit {action.args[0] if action.args else ''!r}"
    u = st.units[i]
    if u.seat != seat:
        return f"{u.key} is not yours to command"
    if not st.on_map(i):
        return f"{u.key} is not on the map"
    if st.actions[i] <= 0:
        return f"{u.key} has used both its actions this round (DH-9)"
    if st.kind(i).kind != "soldier" and verb in STANCES:
        return "only soldiers go prone, crawl, stand or duel (DH-25, DH-40)"
    if verb == "aim":
        if u.type != "sniper":
            return "only a sniper aims (DH-69)"
        if st.aim.get(i, (-1, 0, 0))[2] == st.round:
            return f"{u.key} has already aimed this round (Q27)"
        return "a sniper aims at an enemy soldier it sees (DH-69, Q27)"
    if verb == "move" and st.prone[i]:
        return f"{u.key} is prone: it crawls, or stands up first (DH-21, DH-22)"
    if verb == "crawl" and not st.prone[i]:
        return f"{u.key} is standing: only a prone soldier crawls (DH-21)"
    if verb in ("move", "crawl"):
        return f"{u.key} cannot reach that square with one action (DH-15 to DH-21, DH-26)"
    if verb in ("fire", "melee") and st.attacked[i]:
        return f"{u.key} has already attacked this round (DH-10)"
    if verb == "fire":
        return (
            "the target must be an enemy unit in sight; only a tank or heavy infantry "
            "may fire on a tank (DH-29, DH-72)"
        )
    if verb == "melee":
        return "a duel needs an enemy soldier on one of the 8 squares around (DH-36)"
    return f"{u.key} cannot do that now"
