"""A battle set up by hand for the rules tests: an open level field (or one drawn in ground
letters), units placed where a test wants them, forced dice."""

from __future__ import annotations

import functools
from dataclasses import replace

from wartable.games.diadehonor.content import Battle, Library, load
from wartable.games.diadehonor.game import DiaDeHonor
from wartable.games.diadehonor.model import Unit
from wartable.games.diadehonor.state import DiaDeHonorState
from wartable.geometry.squaregrid import SquareGrid

ORIGIN = (8, 11)  # the rules index's (0, 0) on a 16 x 24 field
LIB = load()


def example_library() -> Library:
    """The worked examples' fixture: both infantry in range at 4, assault speed 3."""
    units = dict(LIB.units)
    units["light"] = units["light"].model_copy(update={"range": 4})
    units["assault"] = units["assault"].model_copy(update={"range": 4, "speed": 3})
    return replace(LIB, units=units)


def field(rows: list[str] | None = None, levels: list[str] | None = None) -> Battle:
    """A battlefield drawn in ground letters and levels: built once per drawing (a Battle
    is frozen; its caches of moves and sight hold for every battle on it)."""
    return _field(tuple(rows or ["." * 16] * 24), tuple(levels) if levels else None)


@functools.cache
def _field(rows: tuple[str, ...], levels: tuple[str, ...] | None) -> Battle:
    grid = SquareGrid(len(rows[0]), len(rows))
    ground = tuple("".join(rows))
    level = tuple(int(c) for c in "".join(levels)) if levels else (0,) * len(ground)
    no_zones: dict[str, frozenset[int]] = {"axis": frozenset(), "allies": frozenset()}
    return Battle("test", "Test field", grid, ground, level, no_zones)


@functools.cache
def zoned() -> Battle:
    """The open field with start zones: the axis on the top two rows, the allies on the
    bottom two."""
    plain = field()
    grid, rows = plain.grid, plain.grid.rows
    zones = {
        "axis": frozenset(grid.index((c, r)) for c in range(16) for r in (0, 1)),
        "allies": frozenset(grid.index((c, r)) for c in range(16) for r in (rows - 2, rows - 1)),
    }
    return Battle("zoned", "Zoned field", grid, plain.ground, plain.level, zones)


def scene(
    lib: Library | None = None, battle: Battle | None = None, lineup: str = "1v1"
) -> DiaDeHonorState:
    """A battle in the allies' activation (axis chose to go second) with no units yet."""
    st = DiaDeHonor().new_game(None, seed=1, options={"players": lineup})
    st.lib = lib or example_library()
    st.battle = battle or field()
    st.no_units()
    st.hands, st.queue, st.pending = [[] for _ in st.players], [], None
    st.known_hands = [[] for _ in st.players]
    st.phase, st.round, st.order, st.turn = "activate", 1, ("allies", "axis"), 0
    st.after_cards = "initiative"
    st.reviewed_kills = 0
    st.pool = ()  # no secret objective to end a rules test early (test_objectives.py has them)
    st.seat = st.sides.index("allies")
    return st


def at(x: int, y: int) -> str:
    """The label of the rules index's square (x, y)."""
    return field().grid.label((ORIGIN[0] + x, ORIGIN[1] + y))


def put(
    st: DiaDeHonorState,
    key: str,
    side: str,
    kind: str,
    x: int,
    y: int,
    *,
    wounds: int = 0,
    prone: bool = False,
    missions: int = 0,
    seat: int | None = None,
) -> int:
    """A unit of ``side`` on the rules index's square (x, y): of the side's first seat, or of
    ``seat``."""
    seat = st.sides.index(side) if seat is None else seat
    i = st.enlist(seat, kind, key, missions)
    st.units[i] = Unit(i, key, seat, side, kind, key, missions)  # the test's own name
    st.status[i], st.actions[i] = "active", 2
    st.pos[i] = st.battle.grid.index(st.battle.grid.parse(at(x, y)))
    st.wounds[i], st.prone[i] = wounds, prone
    st._legal_cache = None
    return i
