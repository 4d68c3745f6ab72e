"""Undaunted's actions in players' words, for buttons and menus (``GameState.describe``).

``bid squad-leader-A`` reads "Bid Squad Leader A (initiative 5)", ``play scout-B scout``
"Scout B: scout 2", ``move 13B`` "Move Scout B to 13B", ``attack rifleman-A`` "Attack
Rifleman A on 5B". A label names only what its player sees: their own cards, the board and
the card being resolved, which lies face up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wartable.core.action import Action
    from wartable.games.undaunted.scenario import Kind, Unit
    from wartable.games.undaunted.state import UndauntedState

STOP = {
    "move": "Stop moving",
    "scout": "Stop scouting",
    "stalk": "Stop stalking",
    "guide": "Stop guiding",
    "bolster": "Stop bolstering",
    "inspire": "Stop inspiring",
    "command": "Stop drawing",
}


def card_name(kind: Kind) -> str:
    return kind.title + (f" {kind.squad}" if kind.squad else "")


def unit_name(unit: Unit) -> str:
    return unit.title + (f" {unit.squad}" if unit.squad else "")


# ---- each verb's words (verbs.py hands them over) -----------------------------------------
def kind_of(st: UndauntedState, action: Action) -> Kind | None:
    sc = st.sc
    key = action.args[0] if action.args else ""
    return sc.kinds[sc.kind_index[key]] if key in sc.kind_index else None


def bid(st: UndauntedState, i: int, action: Action) -> str | None:
    kind = kind_of(st, action)
    return f"Bid {card_name(kind)} (initiative {kind.initiative})" if kind else None


def play(st: UndauntedState, i: int, action: Action) -> str | None:
    kind = kind_of(st, action)
    if kind is None:
        return None
    what = action.args[1]
    act = next((a for a in kind.actions if a.verb == what), None)
    amount = f" {act.amount}" if act is not None and act.amount else ""
    own = " (own squad)" if act is not None and act.squad_only else ""
    return f"{card_name(kind)}: {what}{amount}{own}"


CARD_WORDS = {
    "hunker": "Hunker: {card} back to supply",
    "rally": "Rally {card}: ready again",
    "bolster": "Bolster {card} (supply to discard)",
    "inspire": "Inspire {card} (back to hand)",
}


def card(st: UndauntedState, i: int, action: Action) -> str | None:
    """hunker, rally, bolster, inspire: a card by its name."""
    kind = kind_of(st, action)
    return CARD_WORDS[action.verb].format(card=card_name(kind)) if kind else None


def end(st: UndauntedState, i: int, action: Action) -> str:
    return "End your turn"


def draw(st: UndauntedState, i: int, action: Action) -> str:
    return "Draw a card"


def done(st: UndauntedState, i: int, action: Action) -> str:
    p = st.pending
    return STOP.get(p.verb, "Done") if p is not None else "Done"


def move(st: UndauntedState, i: int, action: Action) -> str:
    p = st.pending
    mover = st.sc.units[p.unit] if p is not None and p.unit >= 0 else None
    to = action.args[0]
    return f"Move {unit_name(mover)} to {to}" if mover else f"Move to {to}"


def target(st: UndauntedState, i: int, action: Action) -> str:
    return f"Mortar target on {action.args[0]}"


def counter(st: UndauntedState, i: int, action: Action) -> str | None:
    """guide (one's own counter), attack, suppress (the other side's): the counter and
    its tile."""
    sc = st.sc
    if action.args[0] not in sc.unit_index:
        return None
    u = sc.unit_index[action.args[0]]
    side = st.sides[i if action.verb == "guide" else 1 - i]
    where = f" on {sc.tiles[side.pos[u]]}" if side.pos[u] >= 0 else ""
    return f"{action.verb.capitalize()} {unit_name(sc.units[u])}{where}"
