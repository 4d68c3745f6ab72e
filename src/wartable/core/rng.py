"""A counter-based random generator that lives inside the game state.

State is two integers (seed, counter), so cloning and saving it is trivial and the same
seed with the same actions always replays exactly. Tests force dice through a queue of
scripted values on the same object instead of patching any global generator.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from wartable.core.errors import ArgumentError, quote

_MASK = (1 << 64) - 1
SEED_LIMIT = 1 << 64  # the generator keeps 64 bits: a seed beyond them only hides a mistake
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")
if TYPE_CHECKING:
    from _typeshed import SupportsRichComparisonT as Ordered
else:
    Ordered = TypeVar("Ordered")


def check_seed(seed: object, what: str = "the seed") -> int:
    """``seed`` if a game, a sample or a study may take it: a whole number from 0 to
    2**64 - 1. A negative or longer one would be folded into 64 bits silently, so two
    different seeds could give the same game; it is refused instead."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ArgumentError(f"{what} must be a whole number, not {quote(seed)}")
    if not 0 <= seed < SEED_LIMIT:
        raise ArgumentError(f"{what} must be from 0 to 2**64 - 1, not {quote(seed)}")
    return seed


def splitmix64(z: int) -> int:
    """The splitmix64 finaliser: a bijective 64-bit mix with good avalanche."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *salt: int) -> int:
    """A new seed from a seed and integers, e.g. one seed per game of a batch."""
    z = seed & _MASK
    for s in salt:
        z = splitmix64((z + (s & _MASK) * _GAMMA) & _MASK)
    return z


class Rng:
    """Seeded generator: the n-th draw is ``splitmix64(seed + n * gamma)``."""

    __slots__ = ("counter", "forced", "seed")

    def __init__(self, seed: int, counter: int = 0, forced: tuple[int, ...] = ()) -> None:
        self.seed = seed & _MASK
        self.counter = counter
        self.forced = forced

    def clone(self) -> Rng:
        return Rng(self.seed, self.counter, self.forced)

    copy = clone  # as a state's other objects are copied (core/layout.py)

    def snapshot(self) -> list[Any]:
        return [self.seed, self.counter, list(self.forced)]

    def next64(self) -> int:
        self.counter += 1
        return splitmix64((self.seed + self.counter * _GAMMA) & _MASK)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _MASK - (_MASK + 1) % n
        while True:
            # next64 and splitmix64 written out: dice and shuffles call this in every
            # look-ahead and every sample, and the calls cost more than the arithmetic
            self.counter += 1
            z = (self.seed + self.counter * _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            r = z ^ (z >> 31)
            if r <= limit:
                return r % n

    def force(self, values: Iterable[int]) -> None:
        """Queue die results that the next :meth:`die` calls return, in order (tests).

        A forced die still consumes the draws a real one would, so the counter, every draw
        after it and whatever a game decides from the counter (undo) are those of a real game
        whose dice happened to show these values."""
        self.forced = self.forced + tuple(values)

    def die(self, faces: int, lowest: int = 1) -> int:
        """One die showing ``lowest .. lowest + faces - 1`` (a d10 shows 0-9: lowest=0)."""
        rolled = lowest + self.below(faces)
        if not self.forced:
            return rolled
        value = self.forced[0]
        self.forced = self.forced[1:]
        if not lowest <= value < lowest + faces:
            raise ValueError(f"forced die value {value} is not on a d{faces}")
        return value

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place: each swap draws ``below(i + 1)``, written out."""
        seed, counter = self.seed, self.counter
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK + 1) % n
            while True:
                counter += 1
                z = (seed + counter * _GAMMA) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                r = z ^ (z >> 31)
                if r <= limit:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.counter = counter

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def unseen(self, cards: Iterable[Ordered]) -> list[Ordered]:
        """Cards a player cannot see, in a fresh order for a sample (``sample_hidden``):
        sorted first, then shuffled, so that the order depends only on which cards they are
        and on the seed, never on where they lay, which the player does not know."""
        out = sorted(cards)
        self.shuffle(out)
        return out
