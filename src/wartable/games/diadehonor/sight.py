"""Lines of sight on a battlefield (DH-29), kept in the battlefield's flat table of answers:
a byte per ordered pair of squares, 0 not yet asked, 1 blocked, 2 clear. Functions over the
battlefield, in a module of their own so that the compiled build compiles them (the rules
ask them of every enemy, for every unit, every time they list what a seat may do)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartable.geometry.squaregrid import line

if TYPE_CHECKING:
    from wartable.games.diadehonor.content import Battle


def sees(b: Battle, a: int, c: int) -> bool:
    """Whether the line between the centres of squares ``a`` and ``c`` crosses no square
    that blocks sight; worked out once per pair and battlefield."""
    return (b._sight[a * len(b.ground) + c] or look(b, a, c)) == 2


def visible(b: Battle, a: int, others: list[int]) -> list[bool]:
    """``sees`` from square ``a`` to each of ``others``, in one call."""
    sight, base = b._sight, a * len(b.ground)
    out = []
    for c in others:
        seen = sight[base + c]
        out.append((seen or look(b, a, c)) == 2)
    return out


def watched(b: Battle, a: int, reach: int) -> int:
    """The squares within ``reach`` of square ``a`` that it sees, as the bits of an integer
    (bit q: square q): an AI asks "who sees this square" of every square a unit may reach,
    and a bit answers it for a whole side at a time."""
    key = (a, reach)
    found = b._watch.get(key)
    if found is None:
        n = len(b.ground)
        apart, base = b.apart, a * n
        near = [q for q in range(n) if apart[base + q] <= reach]
        found = 0
        for q, seen in zip(near, visible(b, a, near), strict=True):
            if seen:
                found |= 1 << q
        b._watch[key] = found
    return found


def look(b: Battle, a: int, c: int) -> int:
    """Works out and keeps the line between ``a`` and ``c``: 1 blocked, 2 clear."""
    n = len(b.ground)
    lo, hi = (a, c) if a <= c else (c, a)  # one line for both directions
    squares, index, opaque = b.grid.squares, b.grid.index, b.opaque
    seen = 2
    for sq in line(squares[lo], squares[hi])[1:-1]:
        if opaque[index(sq)]:
            seen = 1
            break
    b._sight[a * n + c] = b._sight[c * n + a] = seen
    return seen
