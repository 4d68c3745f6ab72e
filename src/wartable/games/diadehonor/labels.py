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

from wartable.core.words import Said, named, say, word

if TYPE_CHECKING:
    from wartable.core.action import Action
    from wartable.games.diadehonor.state import DiaDeHonorState

TYPES = {  # marked for the catalogs: the menus say them in the player's language
    "light": word("Light"),
    "assault": word("Assault"),
    "heavy": word("Heavy"),
    "artillery": word("Artillery"),
    "tank": word("Tank"),
    "sniper": word("Sniper"),
    "green_beret": word("Green beret"),
}
SIMPLE = {
    "prone": word("Go prone: {unit}"),
    "stand": word("Stand up: {unit}"),
}
TWO = {
    "fire": word("Fire: {unit} at {other}"),
    "melee": word("Melee: {unit} against {other}"),
    "aim": word("Aim: {unit} at {other}"),
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
    """A card by its title (the data's, said in the player's language: the catalogs hold
    every title of the game's data)."""
    face = st.lib.cards.get(card_id)
    return named(face.title) if face is not None else card_id.replace("_", " ")


def pending(st: DiaDeHonorState) -> tuple[str, str, int]:
    """The decision a card asks now: its kind, the card, and the unit it concerns (-1)."""
    p = getattr(st, "pending", None)
    if not p:
        return "", "", -1
    return str(p[0]), str(p[2]), int(p[3])


# ---- each verb's words (verbs.py hands them over; only legal actions come here) -----------
# The words are the engine's messages (core/words.py): menus say them in the player's
# language. ``unit_words`` and ``name`` above stay plain English: the log and views call them
# by the thousand, and their lines are said again from their data where a game does so.
SIDES = {"allies": word("Allies"), "axis": word("Axis")}


def _seat(seat: str) -> Said:
    side, _, n = seat.partition("-")
    return say("{side} {n}", side=SIDES.get(side) or named(side.capitalize()), n=n)


def _unit(st: DiaDeHonorState, seat: int, key: str) -> str:
    """``name``, as a message: the type said in the player's language."""
    unit = next((u for u in st.units if u.key == key), None)
    _, _, rest = key.rpartition("/")
    kind, _, n = rest.rpartition("-")
    if unit is None or not kind or not n.isdigit():
        return key
    kind_words = TYPES.get(kind) or named(kind.replace("_", " ").capitalize())
    words = say("{type} {n}", type=kind_words, n=n)
    if unit.seat == seat or sum(side == unit.side for side in st.sides) < 2:
        return words
    return say("{unit} of {seat}", unit=words, seat=_seat(st.players[unit.seat]))


def _card(st: DiaDeHonorState, card_id: str) -> Said:
    return named(card(st, card_id))


def deploy(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return say(
        "Deploy {unit} at {square}", unit=_unit(st, seat, action.args[0]), square=action.args[1]
    )


def initiative(st: DiaDeHonorState, seat: int, action: Action) -> str:
    if action.args[0] == "first":
        return word("Our side acts first")
    return word("Our side acts second")


MOVES = {"move": word("Move {unit} to {square}"), "crawl": word("Crawl {unit} to {square}")}


def movement(st: DiaDeHonorState, seat: int, action: Action) -> str:
    """move, crawl."""
    return say(MOVES[action.verb], unit=_unit(st, seat, action.args[0]), square=action.args[1])


def stance(st: DiaDeHonorState, seat: int, action: Action) -> str:
    """prone, stand."""
    return say(SIMPLE[action.verb], unit=_unit(st, seat, action.args[0]))


def at_unit(st: DiaDeHonorState, seat: int, action: Action) -> str:
    """fire, melee, aim."""
    unit, other = (_unit(st, seat, k) for k in action.args)
    return say(TWO[action.verb], unit=unit, other=other)


def play(st: DiaDeHonorState, seat: int, action: Action) -> str:
    args = action.args
    title = _card(st, args[0])
    if len(args) == 1:
        return say("Play {card}", card=title)
    if len(args) == 2:
        return say("Play {card} on {unit}", card=title, unit=_unit(st, seat, args[1]))
    return say(
        "Play {card}: {unit} at {other}",
        card=title,
        unit=_unit(st, seat, args[1]),
        other=_unit(st, seat, args[2]),
    )


def react(st: DiaDeHonorState, seat: int, action: Action) -> str:
    _, _, unit = pending(st)
    victim = (
        _unit(st, seat, st.units[unit].key) if 0 <= unit < len(st.units) else word("your soldier")
    )
    if action.args[0] == "detect":
        return say("Play Mine detection: the mine under {unit} is found", unit=victim)
    return say("No mine detection: {unit} steps on the mine", unit=victim)


def target(st: DiaDeHonorState, seat: int, action: Action) -> str:
    _, card_id, _ = pending(st)
    who = _unit(st, seat, action.args[0])
    if card_id == "mine_choice":
        return say("Lay the mine under {unit}", unit=who)
    if card_id == "spy":
        return say("Sabotage {unit}", unit=who)
    if card_id == "enemy_air_attack":
        return say("Aircraft destroy {unit}", unit=who)
    return say("{card}: {unit}", card=_card(st, card_id) if card_id else word("Target"), unit=who)


def place(st: DiaDeHonorState, seat: int, action: Action) -> str:
    kind, card_id, _ = pending(st)
    if kind == "place" and card_id:
        return say("Place the {card} at {square}", card=_card(st, card_id), square=action.args[0])
    return say("Place the new unit at {square}", square=action.args[0])


def done(st: DiaDeHonorState, seat: int, action: Action) -> str:
    return word("End your activation")
