"""Equipment left on the ground (GM-106, A-26; option ``ground_equipment``): a destroyed
infantry unit's equipment tokens stay on its square, face up for both sides to see. In its
own Movement phase an infantry unit on that square whose card offers the same token as an
option may pick it up for nothing, or trade one of its own tokens of the same kind
(offensive or defensive) for it, within one offensive and one defensive token (GM-8)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import listing, named, say, word
from wartable.games.tactics2gm.deck import equipment_problems
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import Piece
from wartable.games.tactics2gm.phases import Phase
from wartable.games.tactics2gm.rules.common import ev, footing, label, mine

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState
    from wartable.geometry.squaregrid import Square

WHY = word(
    "an infantry unit picks up (pick UNIT TOKEN) or trades for (trade UNIT OWN TOKEN) a token "
    "lying on its own square in its Movement phase, if its card offers that token as an "
    "option: one offensive and one defensive at most (GM-8), each kind changed once a turn, "
    "not while set up as a weapon team or assaulting (GM-106, A-26)"
)


def face(state: str) -> str:
    """A token on the ground lies ready or grey: one used this turn is simply grey there."""
    return "ready" if state == "ready" else "disabled"


def drop(st: Tactics2GMState, t: Piece) -> list[Event]:
    """Destroyed infantry ``t`` leaves its equipment tokens on its square, each with the face
    it showed. Nothing stays from a unit lost aboard its carrier or in the air, nor on ground
    no unit can enter."""
    unit = st.lib.units[t.card]
    if (
        not st.ground_equipment
        or unit.kind != "infantry"
        or not t.options
        or t.sq is None
        or t.aboard
        or footing(st, t.sq) == "impassable"
    ):
        return []
    lying = st.dropped.setdefault(t.sq, [])
    lying += [(unit.options[name].token, face(t.tokens.get(name, "ready"))) for name in t.options]
    lying.sort()
    titles = listing([named(st.lib.tokens[unit.options[name].token].title) for name in t.options])
    text = say(
        "{unit}'s equipment stays on {square}: {tokens}",
        unit=t.id,
        square=label(t.sq),
        tokens=titles,
    )
    return [ev(EventKind.DROPPED, text, "GM-106", square=label(t.sq))]


def swept(st: Tactics2GMState, squares: Iterable[Square]) -> list[Event]:
    """Tokens on a square that can no longer be entered leave play."""
    out = []
    for sq in squares:
        if sq in st.dropped and footing(st, sq) == "impassable":
            del st.dropped[sq]
            text = say("The equipment on {square} is lost", square=label(sq))
            out.append(ev(EventKind.KIT_LOST, text, "GM-106"))
    return out


def option_for(st: Tactics2GMState, p: Piece, token: str) -> str | None:
    """The option of ``p``'s card that is ``token``, if its card offers it."""
    options = st.lib.units[p.card].options
    return next((name for name, o in options.items() if o.token == token), None)


def may_take(st: Tactics2GMState, p: Piece) -> bool:
    """Infantry of the side whose turn it is, on the field in its Movement phase, neither
    aboard, assaulting nor set up as a weapon team."""
    return (
        st.ground_equipment
        and st.phase == Phase.MOVE
        and p.side == st.active
        and p.sq is not None
        and p.sq in st.dropped
        and not p.aboard
        and not p.assaulting
        and not p.mounted
        and st.lib.units[p.card].kind == "infantry"
    )


def offers(st: Tactics2GMState, p: Piece) -> Iterator[Action]:
    """What ``p`` may pick up or trade for from its square."""
    if not may_take(st, p):
        return
    if p.sq is None:
        raise InvariantError("offers: no p.sq")
    unit = st.lib.units[p.card]
    for token in sorted({token for token, _ in st.dropped[p.sq]}):
        name = option_for(st, p, token)
        if name is None or name in p.options:  # never the same token twice (GM-9)
            continue
        slot = unit.options[name].slot
        if (p.id, slot) in st.picked:
            continue
        if not equipment_problems(unit, [*p.options, name]):
            yield Action("pick", (p.id, token))
        for own in p.options:
            rest = [o for o in p.options if o != own]
            if unit.options[own].slot == slot and not equipment_problems(unit, [*rest, name]):
                yield Action("trade", (p.id, own, token))


def actions(st: Tactics2GMState, seat: int) -> Iterator[Action]:
    if not st.dropped:
        return
    for p in mine(st, seat):
        yield from offers(st, p)


def take(st: Tactics2GMState, p: Piece, token: str, own: str = "") -> list[Event]:
    """``p`` picks ``token`` up from its square (a ready one where ready and grey lie side by
    side), leaving its own option ``own`` there in exchange if it names one. The token keeps
    its face: a grey one comes back in the new holder's Flip phase. Riding on (GM-86) keeps
    a weapon picked up from firing this turn."""
    if p.sq is None:
        raise InvariantError("take: no p.sq")
    unit = st.lib.units[p.card]
    lying = st.dropped[p.sq]
    got = (token, "ready") if (token, "ready") in lying else (token, "disabled")
    lying.remove(got)
    name = option_for(st, p, token)
    if name is None:
        raise InvariantError("take: no name")
    title = named(st.lib.tokens[token].title)
    where = label(p.sq)
    if own:
        lying.append((unit.options[own].token, face(p.tokens.pop(own, "ready"))))
        lying.sort()
        i = p.options.index(own)
        p.options = p.options[:i] + p.options[i + 1 :]
        text = say(
            "{unit} leaves its {own} on {square} and takes the {token}",
            unit=p.id,
            own=named(st.lib.tokens[unit.options[own].token].title),
            square=where,
            token=title,
        )
    else:
        text = say(
            "{unit} picks up the {token} lying on {square}", unit=p.id, token=title, square=where
        )
    if not lying:
        del st.dropped[p.sq]
    p.options = (*p.options, name)
    p.tokens[name] = got[1]
    if p.rode and st.lib.tokens[token].weapon is not None:
        p.fired = (*p.fired, name)
    st.picked.add((p.id, unit.options[name].slot))
    return [ev(EventKind.PICK_UP, text, "GM-106", unit=p.id, token=token, square=where)]
