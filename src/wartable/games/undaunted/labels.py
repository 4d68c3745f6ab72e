"""Undaunted's actions in players' words, for buttons and menus (``GameState.describe``).

``bid squad-leader-A`` reads "Bid Squad Leader A (initiative 5)", ``play scout-B scout``
"Scout B: scout 2", ``move 13B`` "Move Scout B to 13B", ``attack rifleman-A`` "Attack
Rifleman A on 5B". A label names only what its player sees: their own cards, the board and
the card being resolved, which lies face up. The words are the engine's (``say``, ``word``:
core/words.py), said in the player's language by the interfaces (docs/i18n.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.words import say, word

if TYPE_CHECKING:
    from wartable.core.action import Action
    from wartable.games.undaunted.scenario import Kind, Unit
    from wartable.games.undaunted.state import UndauntedState

STOP = {
    "move": word("Stop moving"),
    "scout": word("Stop scouting"),
    "stalk": word("Stop stalking"),
    "guide": word("Stop guiding"),
    "bolster": word("Stop bolstering"),
    "inspire": word("Stop inspiring"),
    "command": word("Stop drawing"),
}
# the names on the cards and counters of every scenario, and the actions printed on them:
# marked here for the catalogs, which say them in the player's language
NAMES = (
    word("Fog of War"), word("Machine Gunner"), word("Mortar"), word("Platoon Guide"),
    word("Platoon Sergeant"), word("Rifleman"), word("Scout"), word("Sniper"),
    word("Squad Leader"),
)  # fmt: skip
ACTIONS = (
    word("attack"), word("blast"), word("bolster"), word("command"), word("conceal"),
    word("control"), word("guide"), word("inspire"), word("move"), word("recon"),
    word("scout"), word("stalk"), word("suppress"), word("target"),
)  # fmt: skip


def card_name(kind: Kind) -> str:
    title = word(kind.title)
    return say("{card} {squad}", card=title, squad=kind.squad) if kind.squad else title


def unit_name(unit: Unit) -> str:
    title = word(unit.title)
    return say("{unit} {squad}", unit=title, squad=unit.squad) if unit.squad else title


# ---- each verb's words (verbs.py hands them over) -----------------------------------------
def kind_of(st: UndauntedState, action: Action) -> Kind | None:
    sc = st.sc
    key = action.args[0] if action.args else ""
    return sc.kinds[sc.kind_index[key]] if key in sc.kind_index else None


def bid(st: UndauntedState, i: int, action: Action) -> str | None:
    kind = kind_of(st, action)
    if kind is None:
        return None
    return say("Bid {card} (initiative {n})", card=card_name(kind), n=kind.initiative)


def play(st: UndauntedState, i: int, action: Action) -> str | None:
    kind = kind_of(st, action)
    if kind is None:
        return None
    what = word(action.args[1])
    act = next((a for a in kind.actions if a.verb == what), None)
    amount = act.amount if act is not None else 0
    if act is not None and act.squad_only:
        if amount:
            return say(
                "{card}: {action} {n} (own squad)", card=card_name(kind), action=what, n=amount
            )
        return say("{card}: {action} (own squad)", card=card_name(kind), action=what)
    if amount:
        return say("{card}: {action} {n}", card=card_name(kind), action=what, n=amount)
    return say("{card}: {action}", card=card_name(kind), action=what)


CARD_WORDS = {
    "hunker": word("Hunker: {card} back to supply"),
    "rally": word("Rally {card}: ready again"),
    "bolster": word("Bolster {card} (supply to discard)"),
    "inspire": word("Inspire {card} (back to hand)"),
}


def card(st: UndauntedState, i: int, action: Action) -> str | None:
    """hunker, rally, bolster, inspire: a card by its name."""
    kind = kind_of(st, action)
    return say(CARD_WORDS[action.verb], card=card_name(kind)) if kind else None


def end(st: UndauntedState, i: int, action: Action) -> str:
    return word("End your turn")


def draw(st: UndauntedState, i: int, action: Action) -> str:
    return word("Draw a card")


def done(st: UndauntedState, i: int, action: Action) -> str:
    p = st.pending
    return STOP.get(p.verb, word("Done")) if p is not None else word("Done")


def move(st: UndauntedState, i: int, action: Action) -> str:
    p = st.pending
    mover = st.sc.units[p.unit] if p is not None and p.unit >= 0 else None
    to = action.args[0]
    if mover is None:
        return say("Move to {tile}", tile=to)
    return say("Move {unit} to {tile}", unit=unit_name(mover), tile=to)


def target(st: UndauntedState, i: int, action: Action) -> str:
    return say("Mortar target on {tile}", tile=action.args[0])


ON_COUNTER = {
    "guide": (word("Guide {unit} on {tile}"), word("Guide {unit}")),
    "attack": (word("Attack {unit} on {tile}"), word("Attack {unit}")),
    "suppress": (word("Suppress {unit} on {tile}"), word("Suppress {unit}")),
}


def counter(st: UndauntedState, i: int, action: Action) -> str | None:
    """guide (one's own counter), attack, suppress (the other side's): the counter and
    its tile."""
    sc = st.sc
    if action.args[0] not in sc.unit_index:
        return None
    u = sc.unit_index[action.args[0]]
    side = st.sides[i if action.verb == "guide" else 1 - i]
    on, off = ON_COUNTER[action.verb]
    if side.pos[u] >= 0:
        return say(on, unit=unit_name(sc.units[u]), tile=sc.tiles[side.pos[u]])
    return say(off, unit=unit_name(sc.units[u]))
