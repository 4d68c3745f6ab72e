"""A seat's view as a fixed-length list of numbers, for learning agents.

An observer encodes what ``GameState.view(player)`` returns, never the state itself, so a
numeric observation can hold nothing the seat could not read on its screen. Each game lays
its numbers out in named blocks (``Feature``); the layout is fixed for a scenario and its
options, so a network's input keeps its meaning from one step, and one game, to the next.

Building a view's dictionaries is most of an environment's step, so a game may also give a
shortcut (``quick``) that reads the state's own lists for the same numbers: what never changes
in a seat's game once (``base``), and the rest as places and values. The view's encoding stays
the definition: each game's shortcut is tested to give exactly its numbers, for every seat, at
random positions (the conformance suite), so it too holds only what the view holds.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from wartable.core.errors import WartableError

if TYPE_CHECKING:
    from wartable.core.state import GameState

# a shortcut's answer: the key of the seat's ``base``, then the places (indices into the whole
# observation) whose numbers differ from the base's, and those numbers
Quick = tuple[Hashable, list[int], list[float]]


class Sparse(Sequence[float]):
    """A block that is mostly zeros, given by the numbers that are not (place in the block:
    number): a board's planes hold a few pieces on hundreds of squares, and the environments
    lay such a block out without walking its zeros. Reads as the whole block."""

    __slots__ = ("at", "size")

    def __init__(self, size: int, at: Mapping[int, float] | None = None) -> None:
        self.size = size
        self.at: dict[int, float] = dict(at or {})

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, k: Any) -> Any:
        if isinstance(k, slice):
            return list(self)[k]
        if not -self.size <= k < self.size:
            raise IndexError(k)
        return self.at.get(k % self.size, 0.0)

    def __iter__(self) -> Iterator[float]:
        out = [0.0] * self.size
        for k, x in self.at.items():
            out[k] = x
        return iter(out)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Sparse({self.size}, {self.at!r})"


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
            if (
                isinstance(values, Sparse)
                and values.at
                and not 0 <= min(values.at) <= max(values.at) < f.size
            ):
                raise WartableError(
                    f"observation block {f.name!r} places a number outside its {f.size}"
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

    def quick(self, state: GameState, player: str) -> Quick | None:
        """The seat's numbers read from the state without building its view, where the game
        gives such a shortcut (``None``: it does not, or not for this state). Exactly
        ``encode(state.view(player))``: ``base(key)`` with ``values`` written at ``places``,
        each place once."""
        return None

    def base(self, key: Hashable) -> list[float]:
        """The numbers a ``quick`` answer's ``key`` starts from: those that stay for the
        whole game (the ground, the seat's own marks), zero where the state writes."""
        raise WartableError(f"{type(self).__name__} gives no shortcut, so no base {key!r}")

    def quickly(self, state: GameState, player: str) -> list[float] | None:
        """``quick``'s numbers laid out in full, in plain Python (the environments do the same
        with numpy): what the tests compare with ``encode``."""
        found = self.quick(state, player)
        if found is None:
            return None
        key, places, values = found
        out = list(map(float, self.base(key)))
        if places and (min(places) < 0 or max(places) >= len(out)):
            raise WartableError("an observation's shortcut writes outside the observation")
        if len(set(places)) != len(places):
            raise WartableError("an observation's shortcut writes a place twice")
        for at, value in zip(places, values, strict=True):
            out[at] = float(value)
        return out

    def offsets(self) -> dict[str, int]:
        """Where each block starts in the whole observation, by name."""
        return {f["name"]: f["offset"] for f in self.layout()}

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
