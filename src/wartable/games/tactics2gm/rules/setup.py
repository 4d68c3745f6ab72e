"""A battle's set-up (GM-10 to GM-12, GM-15, A-20, A-21): the tiles laid at random, the
secret bid that decides who picks the first player, the terrain the bid buys, and a
scenario's units and generals in play from the start."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartable.core.action import Action
from wartable.core.rng import Rng
from wartable.games.tactics2gm.content import FEATURES, Library, TerrainCard, Tile
from wartable.games.tactics2gm.model import Piece, weapons
from wartable.games.tactics2gm.rules.common import SIDES, label, seats_of
from wartable.games.tactics2gm.rules.field import COLUMNS, GRID, ROWS, line, shifted
from wartable.games.tactics2gm.rules.tokens import TOOLS
from wartable.geometry.squaregrid import Square, SquareGrid

if TYPE_CHECKING:
    from wartable.games.tactics2gm.scenario import Scenario
    from wartable.games.tactics2gm.state import Tactics2GMState

TILES_ACROSS, TILES_DEEP = COLUMNS // 2, ROWS // 2


@dataclass(frozen=True)
class Placed:
    tile: str
    face: int  # 0 or 1
    turned: bool  # laid the other way round (180 degrees)


def lay_tiles(tiles: Mapping[str, Tile], rng: Rng) -> list[Placed]:
    """Twelve dry tiles drawn at random and laid left to right, from the allies' edge up,
    each on a random face and either way round (GM-10, A-21)."""
    dry = sorted(key for key, t in tiles.items() if not t.water)
    rng.shuffle(dry)
    return [
        Placed(key, rng.below(2), bool(rng.below(2))) for key in dry[: TILES_ACROSS * TILES_DEEP]
    ]


def features(tiles: Mapping[str, Tile], laid: list[Placed]) -> list[str]:
    """The feature letter of every square, indexed as the grid's squares (row by row from
    row 1): tile k covers columns 2i, 2i+1 and rows 2j, 2j+1 with i = k % 4, j = k // 4."""
    out = ["."] * (COLUMNS * ROWS)
    for k, p in enumerate(laid):
        i, j = k % TILES_ACROSS, k // TILES_ACROSS
        face = tiles[p.tile].faces[p.face]
        for r in range(2):
            for c in range(2):
                rr, cc = (1 - r, 1 - c) if p.turned else (r, c)
                out[GRID.index((2 * i + c, 2 * j + r))] = face[rr][cc]
    return out


def scenario_ground(tiles: Mapping[str, Tile], sc: Scenario) -> list[str]:
    """The feature letter of every square: the scenario's tiles, under its sea."""
    out = features(tiles, [Placed(*t) for t in sc.tiles])
    for sq in GRID.squares:
        if sq[1] + 1 in sc.sea:
            out[GRID.index(sq)] = "S"
    return out


def side_by_side(grounds: list[list[str]]) -> list[str]:
    """The ground of fields laid side by side, row by row (GM-105): the first field's
    columns A-H, the second's I-P."""
    return [g[r * COLUMNS + c] for r in range(ROWS) for g in grounds for c in range(COLUMNS)]


def footing(letter: str) -> str:
    return FEATURES[letter][1]


def bid_winner(
    spends: Mapping[str, int], roll: Callable[[], int]
) -> tuple[str, list[dict[str, int]]]:
    """Each side rolls a D10 and adds its secret spend; the higher total chooses who plays
    first, and a tie is rolled again with the same spends (GM-11). Returns the winner and
    every round of rolls."""
    rounds: list[dict[str, int]] = []
    while True:
        totals = {side: roll() + spend for side, spend in spends.items()}
        rounds.append(totals)
        best = max(totals.values())
        leaders = [side for side, t in totals.items() if t == best]
        if len(leaders) == 1:
            return leaders[0], rounds


def terrain_problems(
    lib: Library,
    side: str,
    spend: int,
    placing: Mapping[Square, str],
    ground: list[str],
    taken: set[Square],
    grid: SquareGrid = GRID,
) -> list[str]:
    """Why ``side`` may not lay the terrain cards ``placing`` (square -> card) with the AP it
    spent on its bid: more than it spent, off its lines 2 and 3, on impassable ground, or on
    a square that holds a terrain card already (GM-12, A-20)."""
    out = []
    unknown = sorted({card for card in placing.values() if card not in lib.terrain})
    out += [f"no terrain card {card!r}" for card in unknown]
    cost = sum(lib.terrain[c].cost for c in placing.values() if c in lib.terrain)
    if cost > spend:
        out.append(f"the terrain costs {cost}, more than the {spend} AP spent on the bid (GM-12)")
    for sq in sorted(placing):
        label = grid.label(sq)
        if line(side, sq) not in (2, 3):
            out.append(f"{label} is on your line {line(side, sq)}: terrain goes on lines 2-3")
        elif footing(ground[grid.index(sq)]) == "impassable":
            out.append(f"{label} cannot be entered: no terrain goes there (A-20)")
        elif sq in taken:
            out.append(f"{label} holds a terrain card already: one a square (A-20)")
    return out


def extensive(
    lib: Library,
    card: str,
    sq: Square,
    *,
    left: bool = False,
    right: bool = False,
    grid: SquareGrid = GRID,
) -> tuple[list[Square], int]:
    """With the ``extensive_terrain`` option, a wire, barrier, wall or trench card may also
    cover its left and/or right neighbour, for 1 AP more (GM-107): the squares it covers and
    what it costs. Left and right are the board's columns, A to H."""
    terrain = lib.terrain[card]
    if not (left or right):
        return [sq], terrain.cost
    if not terrain.extensive:
        raise ValueError(f"{terrain.title} covers its own square only (GM-107)")
    squares = [sq]
    for wanted, dx in ((left, -1), (right, 1)):
        if wanted:
            side = (sq[0] + dx, sq[1])
            if side not in grid:
                raise ValueError(f"{GRID.label(sq)} has no square on that side")
            squares.append(side)
    return sorted(squares), terrain.cost + 1


EXTENTS = {"left": (True, False), "right": (False, True), "both": (True, True)}  # GM-107


def affordable(st: Tactics2GMState, budget: int) -> list[tuple[str, TerrainCard]]:
    """The terrain cards ``budget`` AP buys that the shared deck still holds."""
    return [
        (key, card)
        for key, card in st.lib.terrain.items()
        if card.cost <= budget and st.laid_count.get(key, 0) < card.copies
    ]


def offers(
    st: Tactics2GMState, budget: int, squares: list[Square], free: Collection[Square]
) -> Iterator[Action]:
    """Each affordable card on each of ``squares``, and with extensive terrain spread over
    ``free`` neighbours for 1 AP more (GM-107): the bid's terrain and terrain laid later
    alike."""
    for key, card in affordable(st, budget):
        for sq in squares:
            yield Action("terrain", (key, label(sq)))
            if not (st.extensive and card.extensive) or card.cost + 1 > budget:
                continue
            for extent, (left, right) in EXTENTS.items():
                sides = [(sq[0] - 1, sq[1])] * left + [(sq[0] + 1, sq[1])] * right
                if all(s in free for s in sides):
                    yield Action("terrain", (key, label(sq), extent))


def lay(st: Tactics2GMState, side: int, action: Action) -> tuple[list[Square], int]:
    """A ``terrain`` action's card leaves the shared deck for its squares, ``side``'s (a
    mine card attacks the other side): the squares it covers and its price, for the caller
    to pay."""
    card, at = action.args[0], st.field.grid.parse(action.args[1])
    left, right = EXTENTS.get(action.args[2], (False, False)) if action.args[2:] else (False, False)
    squares, cost = extensive(st.lib, card, at, left=left, right=right, grid=st.field.grid)
    st.laid_count[card] = st.laid_count.get(card, 0) + 1
    for sq in squares:
        st.terrain[sq], st.owner[sq] = card, side
    return squares, cost


def in_play(st: Tactics2GMState, sc: Scenario) -> None:
    """A scenario's units stand on their squares before the first turn (some aboard their
    carriers), with their equipment ready, as if deployed before it (they may move in their
    side's first turn), and its generals serve at their HQs (GM-15). They come from outside
    the decks. On two fields each field has its own, commanded by the player whose HQ stands
    behind it, and each HQ its general (GM-105)."""
    for k in range(st.field.copies):
        for seat, placements in sc.units.items():
            side = SIDES.index(seat)
            owner = seats_of(st, side)[k] if st.field.copies > 1 else -1
            for u in placements:
                sq = shifted(GRID.parse(u.square), k)
                st.serial[u.card] = st.serial.get(u.card, 0) + 1
                p = Piece(f"{u.card}-{st.serial[u.card]}", u.card, side, sq, 0, owner=owner)
                p.options, p.mounted = tuple(u.options), u.mounted
                if u.aboard:  # the carrier listed before it on its square
                    p.aboard = next(q.id for q in st.pieces if q.sq == p.sq and not q.aboard)
                p.tokens = {key: "ready" for key in [*weapons(st.lib, p), *p.options]}
                if "sappers" in st.lib.units[u.card].abilities:
                    p.tokens[TOOLS] = "ready"
                st.pieces.append(p)
        for seat, general in sc.generals.items():
            st.generals[SIDES.index(seat) + 2 * k] = general
