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


def describe(st: UndauntedState, i: int, action: Action) -> str:
    sc = st.sc
    verb, args = action.verb, action.args
    kind = sc.kinds[sc.kind_index[args[0]]] if args and args[0] in sc.kind_index else None
    if verb == "bid" and kind is not None:
        return f"Bid {card_name(kind)} (initiative {kind.initiative})"
    if verb == "play" and kind is not None and len(args) == 2:
        act = next((a for a in kind.actions if a.verb == args[1]), None)
        amount = f" {act.amount}" if act is not None and act.amount else ""
        own = " (own squad)" if act is not None and act.squad_only else ""
        return f"{card_name(kind)}: {args[1]}{amount}{own}"
    if verb == "hunker" and kind is not None:
        return f"Hunker: {card_name(kind)} back to supply"
    if verb == "rally" and kind is not None:
        return f"Rally {card_name(kind)}: ready again"
    if verb == "bolster" and kind is not None:
        return f"Bolster {card_name(kind)} (supply to discard)"
    if verb == "inspire" and kind is not None:
        return f"Inspire {card_name(kind)} (back to hand)"
    if verb == "end":
        return "End your turn"
    if verb == "draw":
        return "Draw a card"
    p = st.pending
    if verb == "done":
        return STOP.get(p.verb, "Done") if p is not None else "Done"
    if verb == "move" and args:
        mover = sc.units[p.unit] if p is not None and p.unit >= 0 else None
        return f"Move {unit_name(mover)} to {args[0]}" if mover else f"Move to {args[0]}"
    if verb == "target" and args:
        return f"Mortar target on {args[0]}"
    if verb in ("guide", "attack", "suppress") and args and args[0] in sc.unit_index:
        u = sc.unit_index[args[0]]
        side = st.sides[i if verb == "guide" else 1 - i]
        where = f" on {sc.tiles[side.pos[u]]}" if side.pos[u] >= 0 else ""
        return f"{verb.capitalize()} {unit_name(sc.units[u])}{where}"
    text = str(action)
    return text[:1].upper() + text[1:]
