"""A scenario's objective decides its battle, not the HQs (GM-100): the HQs may still be
shot, and a destroyed one pays nothing (GM-21), but its fall ends nothing. ``hold``: the
objective's side needs units on enough of its squares at the end of the last round.
``destroy``: it wins the moment it has destroyed enough enemy units, or the enemy HQ where
the objective says so. Either way the other side wins by stopping it until the last round
is over."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.games.tactics2gm.rules.common import SIDES
from wartable.games.tactics2gm.rules.field import GRID

if TYPE_CHECKING:
    from wartable.games.tactics2gm.scenario import Objective
    from wartable.games.tactics2gm.state import Tactics2GMState


def held(st: Tactics2GMState, o: Objective) -> list[str]:
    """The objective's squares that hold a unit of its side."""
    side = SIDES.index(o.side)
    mine = {p.sq for p in st.pieces if p.side == side and p.sq is not None}
    return [label for label in o.squares if GRID.parse(label) in mine]


def reached(st: Tactics2GMState) -> tuple[int, str] | None:
    """After every action: a ``destroy`` objective met ends the battle at once."""
    assert st.brief is not None
    o = st.brief.objective
    side = SIDES.index(o.side)
    if o.kind == "destroy" and st.destroyed[1 - side] >= o.count:
        return side, f"{o.side} has destroyed {st.destroyed[1 - side]} enemy units ({o.text})"
    if o.hq and st.hq_hp[1 - side] <= 0:
        return side, f"{SIDES[1 - side]}'s HQ is destroyed ({o.text})"
    return None


def at_the_end(st: Tactics2GMState) -> tuple[int, str]:
    """The last round is over: the winner and why."""
    assert st.brief is not None
    o = st.brief.objective
    side = SIDES.index(o.side)
    if o.kind == "hold":
        got = held(st, o)
        said = ", ".join(got) or "none"
        if len(got) >= o.count:
            return side, f"{o.side} holds {said} at the end of round {st.brief.rounds}"
        return 1 - side, f"{o.side} holds {said}, not {o.count} of {', '.join(o.squares)}"
    return 1 - side, f"{SIDES[1 - side]} held out: {st.destroyed[1 - side]} of {o.count} lost"
