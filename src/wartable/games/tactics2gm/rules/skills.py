"""Special abilities used as orders (GM-86, GM-87, GM-94, GM-95, GM-97, A-10, A-23):
mechanics mend vehicles and guns, medics mend infantry and guns, sappers clear wire,
barriers and mines, mounted troops ride one square further by giving up their fire, and
units with Movilidad (or mechanized infantry set down) move in the Deployment phase in
which they arrive."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.errors import InvariantError
from wartable.core.events import Event
from wartable.core.words import named, say
from wartable.games.tactics2gm.event_kinds import EventKind
from wartable.games.tactics2gm.model import Piece, weapons
from wartable.games.tactics2gm.rules import carry, tokens
from wartable.games.tactics2gm.rules.common import SIDES, ev, label, marshal, mine, own
from wartable.games.tactics2gm.rules.field import steps
from wartable.games.tactics2gm.rules.tokens import TOOLS
from wartable.geometry.squaregrid import Square

if TYPE_CHECKING:
    from wartable.games.tactics2gm.state import Tactics2GMState

MENDS = {  # what each ability mends, and whether the unit may mend itself
    "repair": (("tank", "transport", "artillery"), False),  # GM-94
    "heal": (("infantry", "artillery"), True),  # GM-95
}


def mender(st: Tactics2GMState, p: Piece) -> str | None:
    """``p``'s mending ability, if it has one and has not used it this turn."""
    if p.tended or p.sq is None or p.aboard:
        return None
    return next((a for a in MENDS if a in st.lib.units[p.card].abilities), None)


def patients(st: Tactics2GMState, p: Piece) -> list[Piece]:
    """The wounded friends ``p`` may take a wound off: within one square, of a kind its
    ability mends, itself included for a medic."""
    skill = mender(st, p)
    if skill is None:
        return []
    kinds, itself = MENDS[skill]
    if p.sq is None:
        raise InvariantError("patients: no p.sq")
    return [
        q
        for q in own(st, p.side)
        if q.wounds > 0
        and q.sq is not None
        and not q.aboard
        and st.lib.units[q.card].kind in kinds
        and steps(p.sq, q.sq) <= 1
        and (itself or q is not p)
    ]


def mend(st: Tactics2GMState, p: Piece, q: Piece) -> list[Event]:
    skill = mender(st, p)
    p.tended = True
    q.wounds -= 1
    rule = "GM-94" if skill == "repair" else "GM-95"
    text = say(
        "{unit} takes a wound off {other} ({wounds} left)", unit=p.id, other=q.id, wounds=q.wounds
    )
    return [ev(EventKind.MENDED, text, rule, unit=q.id)]


def clearable(st: Tactics2GMState, p: Piece) -> list[Square]:
    """Wire, barriers and mines within one square of a sapper with its tools ready."""
    if p.sq is None or p.aboard or p.tokens.get(TOOLS) != "ready":
        return []
    return sorted(
        sq
        for sq, key in st.terrain.items()
        if steps(p.sq, sq) <= 1
        and sq not in st.ruins
        and (key in st.lib.support or st.lib.terrain[key].removable)
    )


def clear(st: Tactics2GMState, p: Piece, sq: Square) -> list[Event]:
    """The card leaves the field: an anti-tank mine to its owner's discard pile, a terrain
    card out of the battle (GM-63); the tools flip (A-23)."""
    p.tokens[TOOLS] = tokens.use("ready", True)
    key, owner = st.terrain.pop(sq), st.owner.pop(sq)
    st.card_wear.pop(sq, None)
    if key in st.lib.support:
        st.discards[marshal(st, owner)].append(key)
    title = st.lib.support[key].title if key in st.lib.support else st.lib.terrain[key].title
    card, square = named(title), label(sq)
    if owner < 0:  # laid by the scenario, not by a side
        text = say("{unit} clears the {card} on {square}", unit=p.id, card=card, square=square)
    else:
        text = say(
            "{unit} clears the {card} of {side} on {square}",
            unit=p.id, card=card, side=SIDES[owner], square=square,
        )  # fmt: skip
    return [ev(EventKind.CLEARED, text, "GM-97", unit=p.id, square=label(sq))]


def may_ride(st: Tactics2GMState, p: Piece) -> bool:
    """Mounted troops that have neither moved nor fired this turn (GM-86)."""
    return "mounted" in st.lib.units[p.card].abilities and not (p.rode or p.moved or p.fired)


def ride(st: Tactics2GMState, p: Piece) -> list[Event]:
    """One square more this turn, and no fire at all (GM-86)."""
    p.rode = True
    p.fired = tuple(sorted(weapons(st.lib, p)))
    text = say("{unit} rides on: 1 square more, no fire this turn", unit=p.id)
    return [ev(EventKind.RIDE, text, "GM-86")]


def arriving(st: Tactics2GMState, seat: int) -> list[Piece]:
    """``seat``'s units that may move in this Deployment phase: deployed this turn with
    Movilidad, or mechanized infantry set down this turn (GM-85, GM-87, A-10)."""
    out = []
    for p in mine(st, seat):
        if p.sq is None or p.aboard or p.moved or p.mounted or p.deployed != st.turn:
            continue
        if "mobility" in st.lib.units[p.card].abilities or (p.landed and carry.moves_on(st, p)):
            out.append(p)
    return out


def drops(st: Tactics2GMState, p: Piece) -> bool:
    """Whether ``p``, aboard, may be set down in this Deployment phase: its carrier arrived
    this turn and has Movilidad (GM-96, A-10)."""
    c = st.piece(p.aboard)
    return c is not None and c.deployed == st.turn and "mobility" in st.lib.units[c.card].abilities
