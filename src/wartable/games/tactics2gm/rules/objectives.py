"""A scenario's objective decides its battle, not the HQs (GM-100): the HQs may still be
shot, and a destroyed one pays nothing (GM-21), but its fall ends nothing. ``hold``: the
objective's side needs units on enough of its squares at the end of the last round.
``destroy``: it wins the moment it has destroyed enough enemy units, or the enemy HQ where
the objective says so. Either way the other side wins by stopping it until the last round
is over. On two fields the objective is doubled, its rounds are not (GM-105): a square
objective is held on each field, twice the units are destroyed, and one enemy HQ's fall is
enough, as in a pitched battle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.errors import InvariantError
from wartable.core.words import Said, say, say_n
from wartable.games.tactics2gm.rules.common import SIDES, hq_title, hqs, label
from wartable.games.tactics2gm.rules.field import GRID, shifted

if TYPE_CHECKING:
    from wartable.games.tactics2gm.scenario import Objective
    from wartable.games.tactics2gm.state import Tactics2GMState


def squares(st: Tactics2GMState, o: Objective) -> list[list[str]]:
    """The objective's squares on each field."""
    return [[label(shifted(GRID.parse(s), k)) for s in o.squares] for k in range(st.field.copies)]


def held(st: Tactics2GMState, o: Objective) -> list[str]:
    """The objective's squares, on every field, that hold a unit of its side."""
    side = SIDES.index(o.side)
    mine = {label(p.sq) for p in st.pieces if p.side == side and p.sq is not None}
    return [s for field in squares(st, o) for s in field if s in mine]


def needed(st: Tactics2GMState, o: Objective) -> int:
    """The enemy units a ``destroy`` objective needs: doubled on two fields."""
    return o.count * st.field.copies


def words(st: Tactics2GMState, o: Objective) -> str:
    """The objective in words, with what two fields make of it (GM-105)."""
    if st.field.copies == 1:
        return o.text
    if o.kind == "hold":
        each = " and ".join(f"{o.count} of {', '.join(f)}" for f in squares(st, o))
        return f"{o.text}; on two fields, on each: {each}"
    return f"{o.text}; on two fields, {needed(st, o)} enemy units"


def reached(st: Tactics2GMState) -> tuple[int, Said] | None:
    """After every action: a ``destroy`` objective met ends the battle at once."""
    if st.brief is None:
        raise InvariantError("reached: no st.brief")
    o = st.brief.objective
    side = SIDES.index(o.side)
    if o.kind == "destroy" and st.destroyed[1 - side] >= needed(st, o):
        return side, say_n(
            "{side} has destroyed {count} enemy units ({objective})",
            "{side} has destroyed {count} enemy units ({objective})",  # the same English
            st.destroyed[1 - side],
            side=o.side,
            objective=o.text,
        )
    fallen = [h for h in hqs(st, 1 - side) if st.hq_hp[h] <= 0]
    if o.hq and fallen:
        return side, say(
            "{hq} is destroyed ({objective})", hq=hq_title(st, fallen[0]), objective=o.text
        )
    return None


def at_the_end(st: Tactics2GMState) -> tuple[int, Said]:
    """The last round is over: the winner and why."""
    if st.brief is None:
        raise InvariantError("at_the_end: no st.brief")
    o = st.brief.objective
    side = SIDES.index(o.side)
    if o.kind == "hold":
        got = held(st, o)
        fields = squares(st, o)
        if all(len(set(got).intersection(f)) >= o.count for f in fields):
            return side, holds(o.side, got, st.brief.rounds)
        return 1 - side, holds_not(o.side, got, o.count, fields)
    lost = st.destroyed[1 - side]
    return 1 - side, say(
        "{side} held out: {lost} of {needed} lost",
        side=SIDES[1 - side],
        lost=lost,
        needed=needed(st, o),
    )


def holds(side: str, got: list[str], rounds: int) -> Said:
    """A ``hold`` objective met: the squares ``side`` holds at the end."""
    if not got:
        return say("{side} holds none at the end of round {round}", side=side, round=rounds)
    return say(
        "{side} holds {squares} at the end of round {round}",
        side=side,
        squares=", ".join(got),
        round=rounds,
    )


def holds_not(side: str, got: list[str], count: int, fields: list[list[str]]) -> Said:
    """A ``hold`` objective missed: what ``side`` holds, and the ``count`` of each field's
    squares it needed."""
    each = [say("{count} of {squares}", count=count, squares=", ".join(f)) for f in fields]
    wanted = each[0]
    for more in each[1:]:  # on two fields, one of each
        wanted = say("{first} and {second}", first=wanted, second=more)
    if not got:
        return say("{side} holds none, not {wanted}", side=side, wanted=wanted)
    return say(
        "{side} holds {squares}, not {wanted}", side=side, squares=", ".join(got), wanted=wanted
    )
