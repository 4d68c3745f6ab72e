"""Smoke (GM-77, GM-80, A-15). A smoke screen is laid, not fired: a vehicle or a gun puts
smoke on a square in reach of its longest weapon (and, if it likes, on the squares to its
left and right) until its own next Inicio; every shot out of or into such a square is
+2/+2. A smoke grenade wraps one unit (+1/+1 to hit it) until the next Inicio of either
side, so it matters only against fire coming before then: the engine offers it to the
owner the moment an enemy aims at that unit, before the die is rolled. The two never add
up: the thickest counts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import say
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import Piece, flips, weapons
from wartable.games.tactics2gm.rules import tokens
from wartable.games.tactics2gm.rules.common import SIDES, ev, label
from wartable.games.tactics2gm.rules.field import steps
from wartable.geometry.squaregrid import Square

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

GRENADE, SCREEN = "smoke_grenade", "smoke_screen"  # the tokens' effects
PASS = Action("pass", ())  # the aimed-at side lets the shot come without smoke
SPREADS = {"left": (-1,), "right": (1,), "both": (-1, 1)}  # a screen's extra squares, by column


def token(st: Tactics2GMState, p: Piece, effect: str) -> str | None:
    """The word of ``p``'s ready token with ``effect`` (an option it bought), or None."""
    unit = st.lib.units[p.card]
    for name in p.options:
        if st.lib.tokens[unit.options[name].token].effect == effect:
            return name if p.tokens.get(name) == "ready" else None
    return None


def clouds(st: Tactics2GMState, firer_sq: Square | None, t: Piece | None) -> set[str]:
    """The smoke a shot from ``firer_sq`` at ``t`` (None: an HQ) passes through: a screen on
    either square (A-15), a grenade's cloud around the target."""
    out = set()
    if (firer_sq is not None and firer_sq in st.screens) or (
        t is not None and t.sq is not None and t.sq in st.screens
    ):
        out.add("screen")
    if t is not None and t.smoked:
        out.add("grenade")
    return out


# ---- the grenade: a window before an enemy's roll ----------------------------------------
def askers(
    st: Tactics2GMState, side: int, targets: list[Piece], firer_sq: Square | None
) -> list[Piece]:
    """The enemies of ``side`` that ``side`` is about to roll against and that a grenade
    would help: a ready grenade, no smoke on this shot yet (it never adds up)."""
    return [
        t
        for t in targets
        if t.side != side and token(st, t, GRENADE) and not clouds(st, firer_sq, t)
    ]


def aim(
    st: Tactics2GMState,
    seat: int,
    action: Action,
    targets: list[Piece],
    firer_sq: Square | None,
) -> list[Event]:
    """Hold ``seat``'s ``action`` while the side of its targets decides on smoke; nothing
    when no target has a grenade to throw (the action goes ahead at once)."""
    waiting = askers(st, st.seat_side[seat], targets, firer_sq)
    if not waiting:
        return []
    st.aim, st.asking = (seat, action), [t.id for t in waiting]
    who = SIDES[waiting[0].side]
    names = ", ".join(st.asking)
    text = say(
        "{player} takes aim at {units}: {side} may throw smoke first",
        player=st.players[seat],
        units=names,
        side=who,
    )
    return [ev(EventKind.AIM, text, "GM-80", units=list(st.asking))]


def asked(st: Tactics2GMState) -> int:
    """The side deciding on smoke while an enemy's shot is held."""
    p = st.piece(st.asking[0])
    if p is None:
        raise InvariantError("asked: no p")
    return p.side


def answers(st: Tactics2GMState) -> list[Action]:
    return [*(Action("smoke", (u,)) for u in st.asking), PASS]


def throw(st: Tactics2GMState, p: Piece) -> list[Event]:
    """``p`` wraps itself in smoke; its flip token is spent (GM-80), in the other side's turn
    until its owner's next Flip phase (rules/tokens.py)."""
    key = token(st, p, GRENADE)
    if key is None:
        raise InvariantError("throw: no key")
    own_turn = p.side == st.active
    p.tokens[key] = tokens.use(p.tokens[key], flips(st.lib, p, key), own_turn)  # type: ignore[arg-type]
    p.smoked = True
    st.asking.remove(p.id)
    text = say("{unit} throws smoke: +1/+1 to hit it until the next turn", unit=p.id)
    return [ev(EventKind.SMOKE, text, "GM-80")]


def release(st: Tactics2GMState) -> tuple[int, Action]:
    """The held action, to be carried out now that every smoke choice is made."""
    if st.aim is None:
        raise InvariantError("release: no st.aim")
    held, st.aim, st.asking = st.aim, None, []
    return held


# ---- the screen --------------------------------------------------------------------------
def reach(st: Tactics2GMState, p: Piece) -> int:
    """A screen's reach: the unit's longest weapon (A-15)."""
    return max((w.range for w in weapons(st.lib, p).values()), default=0)


def screens(st: Tactics2GMState, p: Piece) -> list[tuple[str, ...]]:
    """Where ``p`` may lay its screen: a square in reach, alone or spread to the squares
    beside it in the same row, where the field has them."""
    if p.sq is None or p.aboard or token(st, p, SCREEN) is None:
        return []
    out: list[tuple[str, ...]] = []
    r = reach(st, p)
    for sq in st.field.grid.squares:
        if steps(p.sq, sq) > r:
            continue
        out.append((label(sq),))
        for word, cols in SPREADS.items():
            if all((sq[0] + dx, sq[1]) in st.field.grid for dx in cols):
                out.append((label(sq), word))
    return out


def lay(st: Tactics2GMState, p: Piece, at: Square, spread: str = "") -> list[Event]:
    """Smoke tokens on ``at`` and the squares its spread names, until the Inicio of ``p``'s
    side; not a shot: ``p`` may still fire (GM-77)."""
    key = token(st, p, SCREEN)
    if key is None:
        raise InvariantError("lay: no key")
    p.tokens[key] = tokens.use(p.tokens[key], flips(st.lib, p, key))  # type: ignore[arg-type]
    squares = [at, *((at[0] + dx, at[1]) for dx in SPREADS.get(spread, ()))]
    for sq in squares:
        st.screens[sq] = p.side  # a later screen lasts longer: the later side's Inicio
    where = ", ".join(label(sq) for sq in squares)
    text = say(
        "{unit} lays a smoke screen on {squares}: +2/+2 to shots into or out of it",
        unit=p.id,
        squares=where,
    )
    return [ev(EventKind.SCREEN, text, "GM-77", unit=p.id, squares=[label(sq) for sq in squares])]


def lift(st: Tactics2GMState, side: int) -> list[Event]:
    """The Inicio of ``side``: every grenade's smoke clears (GM-80), and the screens
    ``side`` laid (GM-77)."""
    out = []
    for p in st.pieces:
        if p.smoked:
            p.smoked = False
            text = say("The smoke around {unit} clears", unit=p.id)
            out.append(ev(EventKind.SMOKE_CLEARS, text, "GM-80"))
    gone = sorted(sq for sq, s in st.screens.items() if s == side)
    for sq in gone:
        del st.screens[sq]
    if gone:
        where = ", ".join(label(sq) for sq in gone)
        text = say("{side}'s smoke screen lifts from {squares}", side=SIDES[side], squares=where)
        out.append(ev(EventKind.SCREEN_CLEARS, text, "GM-77"))
    return out
