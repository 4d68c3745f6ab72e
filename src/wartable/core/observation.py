"""A seat's view as a fixed-length list of numbers, for learning agents.

An observer reads only what ``GameState.view(player)`` returns, never the state itself, so a
numeric observation can hold nothing the seat could not read on its screen. Each game lays
its numbers out in named blocks (``Feature``); the layout is fixed for a scenario and its
options, so a network's input keeps its meaning from one step, and one game, to the next.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from wartable.core.errors import WartableError


@dataclass(frozen=True, slots=True)
class Feature:
    """A block of ``size`` numbers, each between ``low`` and ``high``, meaning ``meaning``."""

    name: str
    size: int
    meaning: str
    low: float = 0.0
    high: float = 1.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Observer(ABC):
    """Encodes views of one scenario (with its options) by a fixed layout."""

    def __init__(self, features: Sequence[Feature]) -> None:
        names = [f.name for f in features]
        if len(set(names)) != len(names):
            raise WartableError(f"an observation names a block twice: {names}")
        self.features: tuple[Feature, ...] = tuple(features)
        self.size = sum(f.size for f in features)

    @abstractmethod
    def _encode(self, view: Mapping[str, Any]) -> Mapping[str, Sequence[float]]:
        """Every block of the layout by name, from the seat's view alone."""

    def encode(self, view: Mapping[str, Any]) -> list[float]:
        """The view as numbers, block after block; a block of the wrong size or a number out
        of its bounds is the game's mistake, and says which."""
        out: list[float] = []
        for block in self.checked(self.blocks(view)):
            out += block
        return out

    def blocks(self, view: Mapping[str, Any]) -> list[Sequence[float]]:
        """Every block of the view, in the layout's order, each of its size (a block missing,
        of another size or outside the layout is the game's mistake, and says which); the
        numbers not yet checked against their bounds (``encode`` does, and the environments
        do it for all the numbers at once)."""
        blocks = self._encode(view)
        extra = set(blocks) - {f.name for f in self.features}
        if extra:
            raise WartableError(f"observation blocks outside the layout: {sorted(extra)}")
        out: list[Sequence[float]] = []
        for f in self.features:
            values = blocks.get(f.name)
            if values is None:
                raise WartableError(f"observation block {f.name!r} is missing")
            if len(values) != f.size:
                raise WartableError(
                    f"observation block {f.name!r} has {len(values)} numbers, not {f.size}"
                )
            out.append(values)
        return out

    def checked(self, blocks: list[Sequence[float]]) -> list[list[float]]:
        """The blocks as floats, each number within its bounds (else an error naming the
        block and the number)."""
        out: list[list[float]] = []
        for f, values in zip(self.features, blocks, strict=True):
            block = list(map(float, values))
            if block and not (f.low <= min(block) and max(block) <= f.high and _finite(block)):
                wrong = next(x for x in block if not f.low <= x <= f.high)
                raise WartableError(
                    f"observation block {f.name!r} holds {wrong}, outside {f.low} to {f.high}"
                )
            out.append(block)
        return out

    def blank(self, prefix: str) -> dict[str, list[float]]:
        """Every block whose name starts with ``prefix``, all zeros, at its layout's size: an
        encoder fills in only what the view holds, and the sizes are stated once."""
        return {f.name: [0.0] * f.size for f in self.features if f.name.startswith(prefix)}

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and highest value of every number, in order."""
        low: list[float] = []
        high: list[float] = []
        for f in self.features:
            low += [f.low] * f.size
            high += [f.high] * f.size
        return low, high

    def notes(self) -> list[str]:
        """Finer tables for the docs (Markdown lines: a board block's planes, what each
        number of a small block means), where a game has them; ``tools/doc_tables.py`` puts
        them under the layout's table."""
        return []

    def layout(self) -> list[dict[str, Any]]:
        """The blocks with where each starts, for documentation and for people reading a
        vector."""
        out, at = [], 0
        for f in self.features:
            out.append({**f.to_json(), "offset": at})
            at += f.size
        return out


def _finite(block: list[float]) -> bool:
    """No NaN hides in the block (a NaN passes every comparison of min and max)."""
    return not math.isnan(math.fsum(block))


def one_hot(value: object, choices: Sequence[object]) -> list[float]:
    """1 at ``value``'s place among ``choices`` (all 0 for a value not among them: none).
    The choices are distinct; the search for the place is the sequence's own (in C)."""
    out = [0.0] * len(choices)
    if value in choices:
        out[choices.index(value)] = 1.0
    return out


def scaled(value: float, most: float) -> float:
    """``value`` as a share of ``most``, held within 0 to 1."""
    if most <= 0:
        return 0.0
    return min(1.0, max(0.0, value / most))


def counts(found: Mapping[str, int] | None, keys: Iterable[str], most: float) -> list[float]:
    """How many of each key ``found`` holds, each as a share of ``most``."""
    if not found or most <= 0:
        return [0.0 for _ in keys]
    get = found.get  # scaled(), written out: encoders ask it of every key of every block
    return [min(1.0, max(0.0, get(k, 0) / most)) for k in keys]
