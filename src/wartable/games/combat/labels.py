"""Combat!'s actions in players' words, for buttons and menus (``GameState.describe``).

``order pvt-smith rapid_fire`` reads "Pvt Smith: rapid fire", ``deploy sgt-taylor 01.05``
"Deploy Sgt Taylor at 01.05", ``fire pvt-smith g03`` "Pvt Smith fires at unknown blue
counter g03". A face-down German is named only by what shows on the map (his team and his
counter's number), never by who he is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.games.combat.rules.common import face_down

if TYPE_CHECKING:
    from wartable.core.action import Action
    from wartable.games.combat.state import CombatState

ORDER = {
    "medical_aid": "medical aid for",
    "carry_drag": "carry",
    "search": "search",
    "grenade": "grenade at",
    "rifle_grenade": "rifle grenade at",
}
STEP = {
    "move": "move to",
    "aim": "aim the grenade at",
    "throw": "throw smoke at",
    "flare": "fire a flare over",
}
ALONE = {
    "leave": "leave the map by our edge",
    "stay": "stay here",
    "hold": "hold fire",
    "done": "done",
    "duck": "duck back",
}


def name(st: CombatState, key: str) -> str | None:
    """A soldier as the player knows him: his name, or his counter's face (None: no such
    soldier)."""
    for s in st.soldiers:
        if s.key == key:
            return f"unknown {s.team} counter {key}" if face_down(st, s.index) else s.name
    return None


def who(st: CombatState, key: str) -> str:
    return name(st, key) or key


def card(st: CombatState, number: str) -> str:
    cards = st.sc.lib.friendly_cards.cards
    n = int(number) if number.isdigit() else 0
    return f"{cards[n - 1].title} ({n})" if 0 < n <= len(cards) else f"card {number}"


# ---- each verb's words (verbs.py hands them over) -----------------------------------------
def deploy(st: CombatState, seat: int, action: Action) -> str:
    return f"Deploy {who(st, action.args[0])} at {action.args[1]}"


def play(st: CombatState, seat: int, action: Action) -> str:
    return f"Play {card(st, action.args[0])} for initiative"


def discard(st: CombatState, seat: int, action: Action) -> str:
    return f"Discard {card(st, action.args[0])}"


def use(st: CombatState, seat: int, action: Action) -> str:
    args = action.args
    if len(args) == 1:
        return f"Use {card(st, args[0])}: held ready"
    on = name(st, args[1]) or f"team {args[1].capitalize()}"
    return f"Use {card(st, args[0])} on {on}"


def order(st: CombatState, seat: int, action: Action) -> str:
    args = action.args
    what = ORDER.get(args[1], args[1].replace("_", " "))
    if len(args) == 3:
        return f"{who(st, args[0])}: {what} {name(st, args[2]) or args[2]}"
    return f"{who(st, args[0])}: {what}"


def attack(st: CombatState, seat: int, action: Action) -> str:
    """fire, strike."""
    return f"{who(st, action.args[0])} {action.verb}s at {who(st, action.args[1])}"


def toward(st: CombatState, seat: int, action: Action) -> str:
    """move, aim, throw, flare: the man, then the hex."""
    return f"{who(st, action.args[0])}: {STEP[action.verb]} {action.args[1]}"


def alone(st: CombatState, seat: int, action: Action) -> str:
    """leave, stay, hold, done, duck: the man alone."""
    return f"{who(st, action.args[0])}: {ALONE[action.verb]}"
