"""The ground a game is fought over: the map's terrain, as shells have left it.

Most games never change their map, so every game of a scenario shares one ``Ground`` (with
its line-of-sight table). A crater or rubble (20.0) gives that game a new ``Ground``: the map
with those hexes changed, and a sight table patched from the map's (it answers anew only
where a line crosses a changed hex), shared by every game that has the same changes.
"""

from __future__ import annotations

from collections import OrderedDict

from wartable.games.combat.board import Board
from wartable.games.combat.sight import SightTable
from wartable.geometry.hexgrid import Offset

KEEP_VARIANTS = 32  # changed grounds remembered per scenario (a batch of games reuses them)


class Ground:
    def __init__(self, board: Board, sight: SightTable | None = None) -> None:
        self.board = board
        self.kind = board.kind
        terrain = board.table.terrain
        self.cover: tuple[bool, ...] = tuple(terrain[k].cover for k in board.kind)
        # rough ground, where a Sprint must stop (7.07, 10.07)
        self.rough: set[Offset] = {
            h for h, k in zip(board.hexes, board.kind, strict=True) if terrain[k].rough
        }
        self.sight = sight or SightTable(board)
        # what views list of the map: each hex that is not open ground at level 0, with its
        # terrain and level (every view of every game on this ground lists the same)
        self.listed: tuple[tuple[str, str, int], ...] = tuple(
            (label, kind, level)
            for label, kind, level in zip(board.labels, board.kind, board.level, strict=True)
            if kind != "open" or level
        )
        self._variants: OrderedDict[frozenset[tuple[int, str]], Ground] = OrderedDict()

    def changed(self, changes: tuple[tuple[int, str], ...]) -> Ground:
        """This ground with the listed hexes turned to the listed terrain."""
        if not changes:
            return self
        key = frozenset(changes)
        got = self._variants.get(key)
        if got is None:
            board = self.board.with_kinds(dict(changes))
            got = Ground(board, self.sight.patched(board, frozenset(h for h, _ in changes)))
            self._variants[key] = got
            if len(self._variants) > KEEP_VARIANTS:
                self._variants.popitem(last=False)
        else:
            self._variants.move_to_end(key)
        return got
