"""A scenario's river (GM-61, GM-97, A-22): it runs across the whole field between two rows,
so a step from one bank to the other crosses it. A bridge spans it in its column (its two
squares, one on each bank, hold the bridge card); elsewhere only sappers cross, anywhere,
and infantry the scenario gives rowboats; and two sappers of a side standing face to face
across it open that crossing to its units while they stay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.errors import InvariantError
from wartable.games.tactics2gm.model import Piece
from wartable.games.tactics2gm.rules.common import SIDES
from wartable.games.tactics2gm.rules.field import COLUMNS, GRID, shifted
from wartable.geometry.squaregrid import Square

if TYPE_CHECKING:
    from wartable.games.tactics2gm.scenario import Scenario
    from wartable.games.tactics2gm.state import Tactics2GMState

Walls = frozenset[frozenset[Square]]
COLUMN_LETTERS = "ABCDEFGH"


def walls(sc: Scenario | None, copies: int = 1) -> Walls:
    """The steps the river closes: between rows ``river`` and ``river + 1``, in every column
    without a bridge; on two fields, the river of each (GM-105)."""
    if sc is None or sc.river is None:
        return frozenset()
    bridged = {COLUMN_LETTERS.index(c) for c in sc.bridges}
    low = sc.river - 1  # the grid counts rows from 0
    return frozenset(
        frozenset({shifted((c, low), k), shifted((c, low + 1), k)})
        for k in range(copies)
        for c in range(COLUMNS)
        if c not in bridged
    )


def laid(sc: Scenario | None, copies: int = 1) -> dict[Square, str]:
    """The terrain a scenario lays at set-up, its bridges' cards included; on each field."""
    if sc is None:
        return {}
    out = dict(sc.terrain)
    for col in sc.bridges:
        if sc.river is None:
            raise InvariantError("laid: no sc.river")
        out[f"{col}{sc.river}"] = out[f"{col}{sc.river + 1}"] = "bridge"
    return {shifted(GRID.parse(s), k): card for k in range(copies) for s, card in out.items()}


def sapper_squares(st: Tactics2GMState, side: int) -> set[Square]:
    """Where ``side``'s sappers stand: they ease difficult ground and bridge the river."""
    return {
        q.sq
        for q in st.pieces
        if q.side == side and q.sq is not None and "sappers" in st.lib.units[q.card].abilities
    }


def rows(st: Tactics2GMState, p: Piece) -> bool:
    """``p`` is infantry of a side the scenario gives rowboats: it rows across the river
    wherever it likes (GM-61)."""
    sides = st.brief.rowboats if st.brief is not None else ()
    return SIDES[p.side] in sides and st.lib.units[p.card].kind == "infantry"


def closed(st: Tactics2GMState, p: Piece, sappers: set[Square] | None = None) -> Walls:
    """The crossings closed to ``p``: none to a sapper, which crosses anywhere (GM-97), nor
    to infantry with rowboats (GM-61); for the others, every river step but where two
    sappers of its side face each other across it. ``sappers``: its side's sapper squares,
    where the caller has them already."""
    if not st.walls or "sappers" in st.lib.units[p.card].abilities or rows(st, p):
        return frozenset()
    at = sapper_squares(st, p.side) if sappers is None else sappers
    return frozenset(w for w in st.walls if not w <= at)


def crosses(walls: Walls, a: Square, b: Square) -> bool:
    return frozenset((a, b)) in walls


def label_of(walls: Walls) -> list[str]:
    """The closed steps in words, for the view: 'C3|C4'."""
    return sorted("|".join(sorted(GRID.label(s) for s in w)) for w in walls)
