"""Assault (GM-32 to GM-34, A-7): infantry ends its move stepping into an enemy's square; in
the Fire phase the defender fires back first with one ready weapon, then the assaulter, if
it still stands, fires one weapon with no armour check. It takes the square if the defender
falls; if not, it goes back to where it started and fires nothing more this turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import say
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import Piece, flips, ready, weapons
from wartable.games.tactics2gm.rules import shots, smoke, tokens
from wartable.games.tactics2gm.rules.common import ev, label

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState


def may_assault(st: Tactics2GMState, p: Piece) -> bool:
    return st.lib.units[p.card].kind == "infantry"


def arms(st: Tactics2GMState, p: Piece, out_of_turn: bool = False) -> list[str]:
    """The weapons ``p`` may fire in an assault: ready, able to hit the ground; the range is
    0, in reach of every weapon (A-7)."""
    return [k for k in ready(st.lib, p, out_of_turn) if weapons(st.lib, p)[k].ground]


def defender(st: Tactics2GMState, p: Piece) -> Piece:
    d = st.piece(p.assaulting)
    if d is None:  # a fallen defender's assaulters are set free at once (shots.taken)
        raise InvariantError("defender: no d")
    return d


def declare(st: Tactics2GMState, p: Piece, d: Piece) -> list[Event]:
    """``p`` is to step into the square of ``d`` (the caller moves it there), keeping the
    square it started from (A-7). Where two enemies share it (cover advance), the assaulter
    picks its defender, as a firer picks its target (GM-35)."""
    if d.sq is None or p.sq is None:
        raise InvariantError("declare: no d.sq or p.sq")
    p.origin, p.assaulting = p.sq, d.id
    text = say(
        "{unit} assaults {defender} on {square} from {start}",
        unit=p.id,
        defender=d.id,
        square=label(d.sq),
        start=label(p.sq),
    )
    return [ev(EventKind.ASSAULT, text, "GM-32", unit=p.id, defender=d.id)]


def storm(st: Tactics2GMState, p: Piece) -> list[Event]:
    """The Fire phase takes up ``p``'s assault: the defender fires first (GM-33); it chooses
    its weapon where it has more than one ready."""
    d = defender(st, p)
    st.storming = p.id
    text = say(
        "{unit} storms {defender}'s position: {defender} fires first", unit=p.id, defender=d.id
    )
    out = [ev(EventKind.STORM, text, "GM-33")]
    choice = arms(st, d, out_of_turn=True)
    if len(choice) > 1:
        st.stage = "react"
        return out
    if choice:  # its one weapon fires, once the assaulter's side has decided on smoke
        held = smoke.aim(st, d.side, Action("react", (d.id, choice[0])), [p], d.sq)
        return out + (held or react(st, d, choice[0]))
    text = say("{unit} has no weapon ready to fire back", unit=d.id)
    out.append(ev(EventKind.NO_REACTION, text, "GM-33"))
    return out + after_reaction(st, p)


def react(st: Tactics2GMState, d: Piece, key: str) -> list[Event]:
    """The defender's shot at its assaulter, out of its turn: resolved as any shot, its flip
    token disabled until its owner's next Flip phase, its own fire untouched (GM-33)."""
    p = st.piece(st.storming)
    if p is None:
        raise InvariantError("react: no p")
    weapon = weapons(st.lib, d)[key]
    d.tokens[key] = tokens.use(d.tokens[key], flips(st.lib, d, key), own_turn=False)  # type: ignore[arg-type]
    out = shots.at_unit(st, d, weapon, p, d.id)
    return out + after_reaction(st, p)


def after_reaction(st: Tactics2GMState, p: Piece) -> list[Event]:
    """A fallen assaulter's assault is over; one with no weapon to fire fails (GM-33)."""
    if p not in st.pieces:
        st.storming = st.stage = ""
        return []
    if arms(st, p):
        st.stage = "strike"
        return []
    text = say("{unit} has no weapon ready for the assault", unit=p.id)
    out = [ev(EventKind.NO_STRIKE, text, "GM-33")]
    return out + fail(st, p)


def strike(st: Tactics2GMState, p: Piece, key: str) -> list[Event]:
    """The assaulter's one weapon at the defender, armour aside (GM-33); taking the square
    is done by the defender's fall (shots.taken)."""
    d = defender(st, p)
    weapon = weapons(st.lib, p)[key]
    p.fired = (*p.fired, key)
    p.tokens[key] = tokens.use(p.tokens[key], flips(st.lib, p, key))  # type: ignore[arg-type]
    out = shots.at_unit(st, p, weapon, d, p.id, assault=True)
    st.storming = st.stage = ""
    if p.assaulting:  # the defender stands
        out += fail(st, p)
    return out


def fail(st: Tactics2GMState, p: Piece) -> list[Event]:
    """A failed assaulter goes back and fires nothing more this turn (GM-34, A-7)."""
    st.storming = st.stage = ""
    p.fired = tuple(sorted(set(p.fired) | set(weapons(st.lib, p))))
    return shots.fall_back(st, p)
