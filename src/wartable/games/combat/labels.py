"""Combat!'s actions in players' words, for buttons and menus (``GameState.describe``).

``order pvt-smith rapid_fire`` reads "Pvt Smith: rapid fire", ``deploy sgt-taylor 01.05``
"Deploy Sgt Taylor at 01.05", ``fire pvt-smith g03`` "Pvt Smith fires at unknown blue
counter g03". A face-down German is named only by what shows on the map (his team and his
counter's number), never by who he is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.words import Said, named, say, word
from wartable.games.combat.rules.common import face_down
from wartable.games.combat.vocabulary import ORDERS, TEAMS, of

if TYPE_CHECKING:
    from wartable.core.action import Action
    from wartable.games.combat.state import CombatState

AIMED = {  # an order given with its hex or man
    "medical_aid": word("{unit}: medical aid for {other}"),
    "carry_drag": word("{unit}: carry {other}"),
    "search": word("{unit}: search {other}"),
    "grenade": word("{unit}: grenade at {other}"),
    "rifle_grenade": word("{unit}: rifle grenade at {other}"),
}
STEP = {
    "move": word("{unit}: move to {hex}"),
    "aim": word("{unit}: aim the grenade at {hex}"),
    "throw": word("{unit}: throw smoke at {hex}"),
    "flare": word("{unit}: fire a flare over {hex}"),
}
ALONE = {
    "leave": word("{unit}: leave the map by our edge"),
    "stay": word("{unit}: stay here"),
    "hold": word("{unit}: hold fire"),
    "done": word("{unit}: done"),
    "duck": word("{unit}: duck back"),
}
ATTACK = {"fire": word("{unit} fires at {other}"), "strike": word("{unit} strikes at {other}")}


def name(st: CombatState, key: str) -> str | None:
    """A soldier as the player knows him: his name, or his counter's face (None: no such
    soldier)."""
    for s in st.soldiers:
        if s.key == key:
            if face_down(st, s.index):
                return say("unknown {team} counter {key}", team=of(TEAMS, s.team), key=key)
            return s.name
    return None


def who(st: CombatState, key: str) -> str:
    return name(st, key) or key


def card(st: CombatState, number: str) -> Said:
    cards = st.sc.lib.friendly_cards.cards
    n = int(number) if number.isdigit() else 0
    if 0 < n <= len(cards):
        return say("{title} ({n})", title=named(cards[n - 1].title), n=n)
    return say("card {n}", n=number)


# ---- each verb's words (verbs.py hands them over) -----------------------------------------
def deploy(st: CombatState, seat: int, action: Action) -> Said:
    return say("Deploy {unit} at {hex}", unit=who(st, action.args[0]), hex=action.args[1])


def play(st: CombatState, seat: int, action: Action) -> Said:
    return say("Play {card} for initiative", card=card(st, action.args[0]))


def discard(st: CombatState, seat: int, action: Action) -> Said:
    return say("Discard {card}", card=card(st, action.args[0]))


def use(st: CombatState, seat: int, action: Action) -> Said:
    args = action.args
    if len(args) == 1:
        return say("Use {card}: held ready", card=card(st, args[0]))
    on = name(st, args[1]) or say("team {team}", team=TEAMS.get(args[1], args[1].capitalize()))
    return say("Use {card} on {other}", card=card(st, args[0]), other=on)


def order(st: CombatState, seat: int, action: Action) -> Said:
    args = action.args
    unit = who(st, args[0])
    if len(args) == 3 and args[1] in AIMED:
        return say(AIMED[args[1]], unit=unit, other=name(st, args[2]) or args[2])
    what = of(ORDERS, args[1])
    if len(args) == 3:
        return say(
            "{unit}: {order} {other}", unit=unit, order=what, other=name(st, args[2]) or args[2]
        )
    return say("{unit}: {order}", unit=unit, order=what)


def attack(st: CombatState, seat: int, action: Action) -> Said:
    """fire, strike."""
    return say(ATTACK[action.verb], unit=who(st, action.args[0]), other=who(st, action.args[1]))


def toward(st: CombatState, seat: int, action: Action) -> Said:
    """move, aim, throw, flare: the man, then the hex."""
    return say(STEP[action.verb], unit=who(st, action.args[0]), hex=action.args[1])


def alone(st: CombatState, seat: int, action: Action) -> Said:
    """leave, stay, hold, done, duck: the man alone."""
    return say(ALONE[action.verb], unit=who(st, action.args[0]))
