"""Why an action is not legal now, verb by verb, in words a player understands (verbs.py
hands each verb its function); where a verb has nothing to say, the moment's words do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.games.undaunted.phases import Phase
from wartable.games.undaunted.scenario import FOG

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState

REASONS = {  # why a card's action cannot be played now
    "attack": "there is no enemy counter on the board",
    "suppress": "there is no enemy counter on the board",
    "move": "no neighbouring tile is scouted or controlled by your side",
    "control": "the tile holds an enemy counter or is already yours",
    "recon": "you hold no Fog of War card",
    "blast": "the mortar has no target marker on the board",
    "target": "no tile is 3 or more tiles from the mortar",
    "guide": "none of your ready counters can move onto a scouted or controlled tile",
    "bolster": "no eligible card is left in your supply",
    "inspire": "no eligible card is in your play area",
    "command": "your deck and discard pile are empty",
}


def legal_now(st: UndauntedState, i: int) -> str:
    return ", ".join(str(a) for a in st.legal_actions(st.players[i]))


def unknown(st: UndauntedState, action: Action) -> str:
    """An action of no verb's table in this scenario (a tile or card it does not have)."""
    if action in st.sc.actions.decode:
        return ""
    return f"{str(action)!r} is not an action of this scenario (see the legal actions)"


# ---- the moments' words ------------------------------------------------------------------
def bidding(st: UndauntedState, i: int, action: Action) -> str:
    why = unknown(st, action)
    return why or f"{str(action)!r}: both players must first choose a card for initiative (bid)"


def playing(st: UndauntedState, i: int, action: Action) -> str:
    why = unknown(st, action)
    return why or f"{str(action)!r} is not legal now; legal actions: {legal_now(st, i)}"


# ---- the verbs' own -----------------------------------------------------------------------
def bid(st: UndauntedState, i: int, action: Action) -> str:
    if why := unknown(st, action):
        return why
    if st.phase != Phase.BID:
        return f"{str(action)!r}: initiative has been decided for this round"
    return card(st, i, action)


def card(st: UndauntedState, i: int, action: Action) -> str:
    """bid, hunker, rally, play: a card of the hand, able to do it."""
    if why := unknown(st, action):
        return why
    text = str(action)
    sc = st.sc
    verb, arg, card_verb = sc.actions.decode[action]
    if verb != "bid" and st.phase == Phase.BID:
        return ""
    if st.pending is not None:
        return finish(st, i, action)
    kind = sc.kinds[arg]
    s = st.sides[i]
    if not s.hand[arg]:
        return f"{text!r}: there is no {kind.key} card in your hand"
    if kind.category == FOG:
        return f"{text!r}: Fog of War cards can only be bid for initiative"
    if verb == "rally":
        return f"{text!r}: the {kind.key} counter is not suppressed"
    if verb == "play" and kind.unit >= 0 and s.supp[kind.unit]:
        return (
            f"{text!r}: the {kind.key} counter is suppressed; its cards may only rally "
            f"it or hunker down"
        )
    if verb == "play":
        why = REASONS.get(card_verb, "that action cannot be taken now")
        return f"'play {kind.key} {card_verb}': {why}"
    return ""


def finish(st: UndauntedState, i: int, action: Action) -> str:
    """end, and a card, while a card action waits on its choices."""
    p = st.pending
    if p is None or st.phase == Phase.BID:
        return ""
    return (
        f"{str(action)!r}: finish the {st.sc.kinds[p.kind].key} {p.verb} first "
        f"(choose one of: {legal_now(st, i)})"
    )


def choice(st: UndauntedState, i: int, action: Action) -> str:
    """done, draw, move, target, guide, attack, suppress, bolster, inspire: a choice of the
    card action in progress."""
    if why := unknown(st, action):
        return why
    if st.pending is not None or st.phase == Phase.BID:
        return ""
    return (
        f"{str(action)!r}: no card action is waiting for that choice "
        f"(legal now: {legal_now(st, i)})"
    )
