"""A bounded memory of answers worked out before, in a module of its own so that the
compiled build compiles it (the battlefield that holds one lives among pydantic models,
which mypyc cannot compile, and the rules ask it at every listing)."""

from __future__ import annotations

from collections import OrderedDict

MOVES_KEPT = 2_048  # answers a battlefield's memory of moves keeps (``Memo``, ``Battle.moves``)


class Memo:
    """The ``limit`` answers used most recently stay, and the one used least recently goes
    when a new one comes. A battlefield's is shared by every battle fought on it, for as
    long as the process lives (a study's worker plays hundreds), so it must not grow with
    the battles played; and its answers are mostly asked again within one battle, while the
    units stand where they stand."""

    __slots__ = ("_kept", "limit")

    def __init__(self, limit: int = MOVES_KEPT) -> None:
        if limit < 1:
            raise ValueError(f"a memo keeps at least one answer, not {limit}")
        self.limit = limit
        self._kept: OrderedDict[tuple[object, ...], object] = OrderedDict()

    def get(self, key: tuple[object, ...]) -> object | None:
        """The answer kept for ``key`` (now the most recently used), or None."""
        kept = self._kept
        found = kept.get(key)
        if found is not None:
            kept.move_to_end(key)
        return found

    def put(self, key: tuple[object, ...], value: object) -> None:
        """Keep ``value`` for ``key``, forgetting the least recently used beyond the limit."""
        kept = self._kept
        kept[key] = value
        kept.move_to_end(key)
        if len(kept) > self.limit:
            kept.popitem(last=False)

    def __len__(self) -> int:
        return len(self._kept)
