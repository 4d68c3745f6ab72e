"""Each verb's effect, as verbs.py hands it over: the action's words read into the rules'
terms (a unit id into its piece, a square's label into the square), then the rule function
that carries it out. Only legal actions come here, so a missing piece is a fault."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import named, say
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import Piece
from wartable.games.tactics2gm.phases import Phase
from wartable.games.tactics2gm.rules import (
    air,
    assault,
    carry,
    late_terrain,
    orders,
    pairs,
    salvage,
    skills,
    smoke,
    turn,
)
from wartable.games.tactics2gm.rules.common import SIDES, ev, seats_of
from wartable.games.tactics2gm.rules.legal import ABOARD, ALONE

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState


def unit(st: Tactics2GMState, action: Action, k: int = 0) -> Piece:
    p = st.piece(action.args[k])
    if p is None:
        raise InvariantError(f"{action.verb}: no unit {action.args[k]}")
    return p


def placed(p: Piece) -> tuple[int, int]:
    if p.sq is None:
        raise InvariantError(f"{p.id} is not on the field")
    return p.sq


# ---- the opening -------------------------------------------------------------------------
def bid(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return turn.bid(st, st.seat_side[seat], int(action.args[0]))


def first(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return turn.choose_first(st, SIDES.index(action.args[0]))


def terrain(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """Bought with the bid (GM-12), or in the Deployment phase with AP (GM-13)."""
    if st.phase == Phase.TERRAIN:
        return orders.lay_terrain(st, st.seat_side[seat], action)
    return late_terrain.lay(st, seat, action)


def mulligan(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """keep, redraw."""
    return turn.mulligan(st, seat, action.verb == "redraw")


def done(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return turn.done(st, seat)


# ---- Movimiento --------------------------------------------------------------------------
def move(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    to = st.field.grid.parse(action.args[1])
    return orders.move(st, unit(st, action), to, action.args[2:] == (ALONE,))


def assault_(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """Stepping in ends the move there, mines and all (GM-32)."""
    p, d = unit(st, action), unit(st, action, 1)
    out = pairs.part(st, p, "it goes in to assault") + assault.declare(st, p, d)
    return out + orders.enter(st, p, placed(d))


def advance(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return orders.advance(st, unit(st, action), unit(st, action, 1))


def board(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """Onto a transport's or tower's square (GM-92, GM-96); up a landing craft's ramp: the
    unit's whole move, the craft's last (GM-82)."""
    p, c = unit(st, action), unit(st, action, 1)
    if carry.is_craft(st, c):
        out = [*pairs.part(st, p, "it boards"), *carry.board(st, p, c)]
        p.moved = c.moved = True
        return out
    text = orders.moved(p, placed(p), placed(c))
    out = [ev(EventKind.MOVE, text, "GM-96", unit=p.id), *pairs.part(st, p, "it boards")]
    out += orders.enter(st, p, placed(c))
    return out + carry.board(st, p, c) if p in st.pieces else out


def unload(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    p, to = unit(st, action), st.field.grid.parse(action.args[1])
    out = carry.set_down(st, p, to) + orders.enter(st, p, to)
    p.moved = not carry.moves_on(st, p)
    return out


def swap(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return orders.swap(st, unit(st, action), unit(st, action, 1))


def march(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return orders.march(st, seat, unit(st, action))


def ride(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return skills.ride(st, unit(st, action))


def salvage_(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """pick, trade: equipment from the ground (GM-106)."""
    own = action.args[1] if action.verb == "trade" else ""
    return salvage.take(st, unit(st, action), action.args[-1], own)


# ---- Despliegue --------------------------------------------------------------------------
def deploy(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    args = action.args
    return orders.deploy(st, seat, args[0], args[1], args[2:] == (ABOARD,))


def equip(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return orders.equip(st, seat, action.args[0])


def play(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    args = action.args
    return orders.play(st, seat, args[0], args[1] if len(args) > 1 else "")


# ---- Disparo and Voltear -----------------------------------------------------------------
def fire(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return orders.fire(st, seat, unit(st, action), action.args[1], action.args[2])


def storm(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return assault.storm(st, unit(st, action))


def react(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return assault.react(st, unit(st, action), action.args[1])


def screen(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    args = action.args
    to = st.field.grid.parse(args[1])
    return smoke.lay(st, unit(st, action), to, args[2] if len(args) > 2 else "")


def mend(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """repair, heal (GM-94, GM-95)."""
    return skills.mend(st, unit(st, action), unit(st, action, 1))


def clear(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return skills.clear(st, unit(st, action), st.field.grid.parse(action.args[1]))


def mount(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """mount, fold: a weapon team set up or packed away (GM-56)."""
    return orders.mount(st, unit(st, action), action.verb == "mount")


# ---- answers out of turn -----------------------------------------------------------------
def escort(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return orders.air_combat(st, action, air.escort)


def flak(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return orders.air_combat(st, action, air.anti_aircraft)


def intercept(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return orders.air_combat(st, action, air.intercept)


def engage(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    return orders.air_combat(st, action, air.engage)


def throw(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """smoke: a grenade thrown before the enemy's roll (GM-80, A-15)."""
    return orders.answer(st, action)


def pass_(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """No more answers in the air combat, or no smoke before the enemy's roll."""
    if st.sortie is not None:
        return orders.air_combat(st, action, air.enough)
    return orders.answer(st, action)


# ---- the rest ----------------------------------------------------------------------------
def give(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    """The Marshal's 1 AP to his teammate (GM-104)."""
    mate = next(k for k in seats_of(st, st.seat_side[seat]) if k != seat)
    st.ap[seat] -= 1
    st.ap[mate] += 1
    st.gave = True
    text = say("{player} gives 1 AP to {mate}", player=st.players[seat], mate=st.players[mate])
    return [ev(EventKind.GIVE, text, "GM-104", mate=st.players[mate])]


def discard(st: Tactics2GMState, seat: int, action: Action) -> list[Event]:
    card = action.args[0]
    st.hands[seat].remove(card)
    st.discards[seat].append(card)
    title = named(st.lib.card(card).title)  # the card by its title, as a play names it
    text = say("{player} discards {card}", player=st.players[seat], card=title)
    return [ev(EventKind.DISCARD, text, "GM-26", card=card)]
