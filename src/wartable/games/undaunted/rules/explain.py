"""Why an action is not legal now, in words a player understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.games.undaunted.model import BID
from wartable.games.undaunted.rules.legal import legal_actions
from wartable.games.undaunted.scenario import FOG

if TYPE_CHECKING:
    from wartable.games.undaunted.state import UndauntedState

CARD_VERBS = {"bid", "hunker", "rally", "play"}


def explain(st: UndauntedState, i: int, action: Action) -> str:
    sc = st.sc
    s = st.sides[i]
    text = str(action)
    decoded = sc.actions.decode.get(action)
    if decoded is None:
        return f"{text!r} is not an action of this scenario (see the legal actions)"
    verb, arg, card_verb = decoded
    legal = ", ".join(str(a) for a in legal_actions(st, i))
    if st.phase == BID and verb != "bid":
        return f"{text!r}: both players must first choose a card for initiative (bid)"
    if st.phase != BID and verb == "bid":
        return f"{text!r}: initiative has been decided for this round"
    if st.pending is not None and verb in CARD_VERBS | {"end"}:
        return (
            f"{text!r}: finish the {sc.kinds[st.pending.kind].key} {st.pending.verb} first "
            f"(choose one of: {legal})"
        )
    if st.pending is None and verb not in CARD_VERBS | {"end"}:
        return f"{text!r}: no card action is waiting for that choice (legal now: {legal})"
    if verb in CARD_VERBS:
        kind = sc.kinds[arg]
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
            return _why_not_play(st, i, card_verb, kind.key)
    return f"{text!r} is not legal now; legal actions: {legal}"


def _why_not_play(st: UndauntedState, i: int, verb: str, key: str) -> str:
    reasons = {
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
    return f"'play {key} {verb}': {reasons.get(verb, 'that action cannot be taken now')}"
