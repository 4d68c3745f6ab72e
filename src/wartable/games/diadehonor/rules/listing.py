"""Each unit's actions kept between one listing and the next (incremental legality).

An activation offers every move, crawl, shot and melee of every unit of the seat: about 400
actions, listed again after each one taken. Most of them have not changed: a unit that moved
changes the moves only of the units within a move of where it was and where it went, and the
shots only of the enemies (and its own). So a state keeps, per unit, what it last listed:

- ``moves``: its stance change and its moves or crawls, which depend on its square, its
  stance, and who holds the squares within its speed (the board below);
- ``strikes``: its aims, shots and melees, which depend on its square and on where the
  enemies are, whether they are on the map, and whether they are sabotaged.

Before a listing, the board it was made on (every unit's square, status, sabotage and
stance) is compared with the board now; the entries that a change could touch are dropped,
and only those are listed afresh. What does not depend on the board (actions left, the
attack made, a sniper's aim this round) is checked at every listing, outside the memo. A
test lists every position of random games both ways and compares (tests/diadehonor).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.core.action import Action

if TYPE_CHECKING:
    from wartable.games.diadehonor.model import Status
    from wartable.games.diadehonor.state import DiaDeHonorState

Strikes = tuple[tuple[Action, ...], tuple[Action, ...], tuple[Action, ...]]  # aims, fires, melees
Board = tuple[list[int], list["Status"], list[bool], list[bool]]  # pos, status, sabotaged, prone


class Listed:
    """A state's memo of what each unit last listed, and the board it was listed on (the
    lists are copies, replaced whole, never changed in place)."""

    __slots__ = ("board", "moves", "strikes")

    def __init__(self) -> None:
        self.board: Board | None = None
        self.moves: dict[int, tuple[Action, ...]] = {}  # per unit: stance change, then moves
        self.strikes: dict[int, Strikes] = {}  # per unit: aims, fires, melees

    def copy(self) -> Listed:
        twin = Listed.__new__(Listed)
        twin.board = self.board
        twin.moves = self.moves.copy()
        twin.strikes = self.strikes.copy()
        return twin


def refresh(st: DiaDeHonorState) -> Listed:
    """The state's memo, with every entry that the board's changes since the last listing
    could have touched dropped."""
    memo = st.listed
    board = memo.board
    pos, status, sabotaged, prone = st.pos, st.status, st.sabotaged, st.prone
    if board is not None:
        was_pos, was_status, was_sabotaged, was_prone = board
        if (
            was_pos == pos
            and was_status == status
            and was_sabotaged == sabotaged
            and was_prone == prone
        ):
            return memo
    if board is None or len(board[0]) != len(pos):  # a unit enlisted: all afresh
        memo.moves.clear()
        memo.strikes.clear()
    else:
        forget(st, memo, board)
    memo.board = (pos.copy(), status.copy(), sabotaged.copy(), prone.copy())
    return memo


def forget(st: DiaDeHonorState, memo: Listed, board: Board) -> None:
    """Drops the entries the changes from ``board`` to the state's could touch: a unit's own
    (it moved, fell, was sabotaged or changed stance), the moves of units within a move of a
    square a unit left or took, and the strikes of units whose enemies changed."""
    was_pos, was_status, was_sabotaged, was_prone = board
    pos, status, sabotaged, prone, units = st.pos, st.status, st.sabotaged, st.prone, st.units
    changed = {
        j
        for j in range(len(pos))
        if pos[j] != was_pos[j] or status[j] != was_status[j] or sabotaged[j] != was_sabotaged[j]
    }
    moves, strikes = memo.moves, memo.strikes
    for j in range(len(pos)):
        if prone[j] != was_prone[j]:
            moves.pop(j, None)
    if not changed:
        return
    squares = {q for j in changed for q in (pos[j], was_pos[j]) if q >= 0}
    battle, lib = st.battle, st.lib
    apart, n = battle.apart, len(battle.ground)
    for i in list(moves):
        if i in changed:
            del moves[i]
            continue
        base, speed = pos[i] * n, lib.units[units[i].type].speed
        if any(apart[base + q] <= speed for q in squares):
            del moves[i]
    sides = {units[j].side for j in changed}
    for i in list(strikes):
        if i in changed or any(side != units[i].side for side in sides):
            del strikes[i]
