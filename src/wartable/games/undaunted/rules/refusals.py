"""Why an action is not legal now, verb by verb, in words a player understands (verbs.py
hands each verb its function); where a verb has nothing to say, the moment's words do. The
words are messages (core/words.py): the interfaces say them in the player's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.words import say, word
from wartable.games.undaunted.phases import Phase
from wartable.games.undaunted.scenario import FOG

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState

REASONS = {  # why a card's action cannot be played now
    "attack": word("there is no enemy counter on the board"),
    "suppress": word("there is no enemy counter on the board"),
    "move": word("no neighbouring tile is scouted or controlled by your side"),
    "control": word("the tile holds an enemy counter or is already yours"),
    "recon": word("you hold no Fog of War card"),
    "blast": word("the mortar has no target marker on the board"),
    "target": word("no tile is 3 or more tiles from the mortar"),
    "guide": word("none of your ready counters can move onto a scouted or controlled tile"),
    "bolster": word("no eligible card is left in your supply"),
    "inspire": word("no eligible card is in your play area"),
    "command": word("your deck and discard pile are empty"),
}


def legal_now(st: UndauntedState, i: int) -> str:
    return ", ".join(str(a) for a in st.legal_actions(st.players[i]))


def unknown(st: UndauntedState, action: Action) -> str:
    """An action of no verb's table in this scenario (a tile or card it does not have)."""
    if action in st.sc.actions.decode:
        return ""
    return say(
        "{action!r} is not an action of this scenario (see the legal actions)", action=str(action)
    )


# ---- the moments' words ------------------------------------------------------------------
def bidding(st: UndauntedState, i: int, action: Action) -> str:
    why = unknown(st, action)
    return why or say(
        "{action!r}: both players must first choose a card for initiative (bid)", action=str(action)
    )


def playing(st: UndauntedState, i: int, action: Action) -> str:
    why = unknown(st, action)
    return why or say(
        "{action!r} is not legal now; legal actions: {legal}",
        action=str(action),
        legal=legal_now(st, i),
    )


# ---- the verbs' own -----------------------------------------------------------------------
def bid(st: UndauntedState, i: int, action: Action) -> str:
    if why := unknown(st, action):
        return why
    if st.phase != Phase.BID:
        return say("{action!r}: initiative has been decided for this round", action=str(action))
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
        return say("{action!r}: there is no {card} card in your hand", action=text, card=kind.key)
    if kind.category == FOG:
        return say("{action!r}: Fog of War cards can only be bid for initiative", action=text)
    if verb == "rally":
        return say("{action!r}: the {card} counter is not suppressed", action=text, card=kind.key)
    if verb == "play" and kind.unit >= 0 and s.supp[kind.unit]:
        return say(
            "{action!r}: the {card} counter is suppressed; its cards may only rally it or "
            "hunker down",
            action=text,
            card=kind.key,
        )
    if verb == "play":
        why = REASONS.get(card_verb, word("that action cannot be taken now"))
        return say("'play {card} {action}': {why}", card=kind.key, action=card_verb, why=why)
    return ""


def finish(st: UndauntedState, i: int, action: Action) -> str:
    """end, and a card, while a card action waits on its choices."""
    p = st.pending
    if p is None or st.phase == Phase.BID:
        return ""
    return say(
        "{action!r}: finish the {card} {verb} first (choose one of: {legal})",
        action=str(action),
        card=st.sc.kinds[p.kind].key,
        verb=word(p.verb.removesuffix("-pick")),  # choosing whom to guide is still guiding
        legal=legal_now(st, i),
    )


def choice(st: UndauntedState, i: int, action: Action) -> str:
    """done, draw, move, target, guide, attack, suppress, bolster, inspire: a choice of the
    card action in progress."""
    if why := unknown(st, action):
        return why
    if st.pending is not None or st.phase == Phase.BID:
        return ""
    return say(
        "{action!r}: no card action is waiting for that choice (legal now: {legal})",
        action=str(action),
        legal=legal_now(st, i),
    )
