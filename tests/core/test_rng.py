from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartable.core.rng import Rng, derive_seed, splitmix64


def test_splitmix64_reference_values():
    # first outputs of the reference splitmix64 generator seeded with 0
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    assert splitmix64(0) == 0


def test_same_seed_same_stream_and_clone_continues_it():
    a, b = Rng(42), Rng(42)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    c = a.clone()
    assert [a.die(10, 0) for _ in range(20)] == [c.die(10, 0) for _ in range(20)]


def test_forced_dice_come_first_and_are_checked():
    rng = Rng(1)
    rng.force([5, 8])
    assert (rng.die(10, 0), rng.die(10, 0)) == (5, 8)
    rng.force([10])
    with pytest.raises(ValueError, match="not on a d10"):
        rng.die(10, 0)


def test_dice_cover_every_face_roughly_evenly():
    rng = Rng(7)
    counts = [0] * 10
    for _ in range(20_000):
        counts[rng.die(10, 0)] += 1
    assert min(counts) > 1800 and max(counts) < 2200


@given(st.integers(0, 2**64), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed, items):
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_derive_seed_separates_games():
    assert len({derive_seed(1, i) for i in range(1000)}) == 1000
    assert derive_seed(1, 5) == derive_seed(1, 5)
