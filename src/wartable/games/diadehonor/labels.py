"""Día de Honor's actions in players' words, for buttons and menus (``GameState.describe``).

``move axis-1/light-3 F7`` reads "Move Light 3 to F7", ``fire axis-1/assault-2
allies-1/light-5`` "Fire: Assault 2 at Light 5", ``play first_aid axis-1/light-2`` "Play First
aid on Light 2". A unit of the player's own seat is named by its type and number; another
seat's unit gets its seat too where that side has more than one ("Light 5 of Allies 2"). A
label names only what its player sees: the map (public), their own cards, and the card being
resolved, which lies face up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wartable.core.action import Action
    from wartable.games.diadehonor.state import DiaDeHonorState

TYPES = {
    "light": "Light",
    "assault": "Assault",
    "heavy": "Heavy",
    "artillery": "Artillery",
    "tank": "Tank",
    "sniper": "Sniper",
    "green_beret": "Green beret",
}
SIMPLE = {
    "prone": "Go prone: {unit}",
    "stand": "Stand up: {unit}",
}
TWO = {
    "fire": "Fire: {unit} at {other}",
    "melee": "Melee: {unit} against {other}",
    "aim": "Aim: {unit} at {other}",
}


def seat_words(seat: str) -> str:
    """``allies-2`` reads "Allies 2"."""
    side, _, n = seat.partition("-")
    return f"{side.capitalize()} {n}".strip()


def unit_words(key: str) -> str:
    """A unit key's type and number: ``axis-1/green_beret-1`` reads "Green beret 1"."""
    _, _, rest = key.rpartition("/")
    kind, _, n = rest.rpartition("-")
    if not kind or not n.isdigit():
        return key
    return f"{TYPES.get(kind, kind.replace('_', ' ').capitalize())} {n}"


def name(st: DiaDeHonorState, seat: int, key: str) -> str:
    """A unit as ``seat``'s player calls it: their own by type and number; another seat's
    with its seat where its side has more than one seat."""
    unit = next((u for u in st.units if u.key == key), None)
    if unit is None:
        return key
    words = unit_words(key)
    if unit.seat == seat or sum(side == unit.side for side in st.sides) < 2:
        return words
    return f"{words} of {seat_words(st.players[unit.seat])}"


def card(st: DiaDeHonorState, card_id: str) -> str:
    face = st.lib.cards.get(card_id)
    return face.title if face is not None else card_id.replace("_", " ")


def pending(st: DiaDeHonorState) -> tuple[str, str, int]:
    """The decision a card asks now: its kind, the card, and the unit it concerns (-1)."""
    p = getattr(st, "pending", None)
    if not p:
        return "", "", -1
    return str(p[0]), str(p[2]), int(p[3])


# ---- each verb's words (verbs.py hands them over; only legal actions come here) -----------
def deploy(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return f"Deploy {name(st, seat, action.args[0])} at {action.args[1]}"


def initiative(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return "Our side acts first" if action.args[0] == "first" else "Our side acts second"


def movement(st: DiaDeHonorState, seat: int, action: Action) -> str:
    """move, crawl."""
    return f"{action.verb.capitalize()} {name(st, seat, action.args[0])} to {action.args[1]}"


def stance(st: DiaDeHonorState, seat: int, action: Action) -> str:
    """prone, stand."""
    return SIMPLE[action.verb].format(unit=name(st, seat, action.args[0]))


def at_unit(st: DiaDeHonorState, seat: int, action: Action) -> str:
    """fire, melee, aim."""
    unit, other = (name(st, seat, k) for k in action.args)
    return TWO[action.verb].format(unit=unit, other=other)


def play(st: DiaDeHonorState, seat: int, action: Action) -> str:
    args = action.args
    title = card(st, args[0])
    if len(args) == 1:
        return f"Play {title}"
    if len(args) == 2:
        return f"Play {title} on {name(st, seat, args[1])}"
    return f"Play {title}: {name(st, seat, args[1])} at {name(st, seat, args[2])}"


def react(st: DiaDeHonorState, seat: int, action: Action) -> str:
    _, _, unit = pending(st)
    victim = name(st, seat, st.units[unit].key) if 0 <= unit < len(st.units) else "your soldier"
    if action.args[0] == "detect":
        return f"Play Mine detection: the mine under {victim} is found"
    return f"No mine detection: {victim} steps on the mine"


def target(st: DiaDeHonorState, seat: int, action: Action) -> str:
    _, card_id, _ = pending(st)
    who = name(st, seat, action.args[0])
    if card_id == "mine_choice":
        return f"Lay the mine under {who}"
    if card_id == "spy":
        return f"Sabotage {who}"
    if card_id == "enemy_air_attack":
        return f"Aircraft destroy {who}"
    return f"{card(st, card_id) if card_id else 'Target'}: {who}"


def place(st: DiaDeHonorState, seat: int, action: Action) -> str:
    kind, card_id, _ = pending(st)
    brought = f"the {card(st, card_id)}" if kind == "place" and card_id else "the new unit"
    return f"Place {brought} at {action.args[0]}"


def done(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return "End your activation"
