"""A window onto a line of places too long for the screen: which run of them to show. The
terminal's maps use it for the columns and rows they show around what matters."""

from __future__ import annotations


def around(count: int, fit: int, centre: int, first: int | None = None) -> range:
    """The indices (of ``0..count-1``) of a run of ``fit`` centred on ``centre`` and kept
    inside the line; with ``first``, starting no later than it (an edge the run must show:
    a deploy zone's first column). Every index when ``fit`` holds them all."""
    if count <= fit:
        return range(count)
    start = centre - fit // 2
    if first is not None:
        start = min(start, first)
    start = max(0, min(start, count - fit))
    return range(start, start + fit)
