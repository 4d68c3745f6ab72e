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


@pytest.mark.parametrize(("faces", "lowest"), [(6, 1), (10, 0), (3, 1), (2**40 + 7, 0)])
def test_a_forced_die_advances_the_counter_as_a_real_one(faces, lowest):
    for seed in range(50):
        real, forced = Rng(seed), Rng(seed)
        forced.force([lowest, lowest + faces - 1])
        for _ in range(2):
            real.die(faces, lowest)
            forced.die(faces, lowest)
            assert forced.counter == real.counter


def test_draws_after_a_forced_die_are_those_after_a_real_one():
    real, forced = Rng(9), Rng(9)
    forced.force([4, 4, 4])
    for _ in range(3):
        real.die(6)
        assert forced.die(6) == 4
    assert [forced.die(10, 0) for _ in range(20)] == [real.die(10, 0) for _ in range(20)]
    after_real, after_forced = list(range(30)), list(range(30))
    real.shuffle(after_real)
    forced.shuffle(after_forced)
    assert after_forced == after_real and forced.next64() == real.next64()


class _Recording(Rng):
    """Real dice that remember what they showed."""

    __slots__ = ("rolled",)

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng.seed, rng.counter)
        self.rolled: list[int] = []

    def die(self, faces: int, lowest: int = 1) -> int:
        value = super().die(faces, lowest)
        self.rolled.append(value)
        return value


class _OldForced(Rng):
    """Forced dice as they were before: the counter stood still (to show the case matters)."""

    __slots__ = ()

    def die(self, faces: int, lowest: int = 1) -> int:
        if self.forced:
            value, self.forced = self.forced[0], self.forced[1:]
            return value
        return super().die(faces, lowest)


@pytest.mark.parametrize(
    ("game_name", "scenario", "verb"),
    [("undaunted", "la-raye", "attack"), ("combat", "a-meeting-of-patrols", "fire")],
)
def test_forced_dice_leave_undo_as_real_dice_do(game_name, scenario, verb):
    """An attack that misses keeps the turn: only the dice make it final. With the same
    values forced, the game must end exactly where the real roll left it, undo included."""
    import wartable
    from wartable.agents.random import RandomAgent

    state = wartable.get_game(game_name).new_game(scenario, seed=1)
    agent = RandomAgent(1)
    while not state.is_over:
        player = state.current_players[0]
        for action in state.legal_actions(player):
            if action.verb != verb:
                continue
            real = state.clone()
            real.rng = _Recording(real.rng)
            real.apply(player, action)
            old = state.clone()
            old.rng = _OldForced(old.rng.seed, old.rng.counter)
            old.rng.force(real.rng.rolled)
            old.apply(player, action)
            if not real.rng.rolled or old.undoable(player) == real.undoable(player):
                continue
            forced = state.clone()
            forced.rng.force(real.rng.rolled)
            forced.apply(player, action)
            assert forced.rng.counter == real.rng.counter
            assert forced.undoable(player) == real.undoable(player) == 0
            assert forced.full_state() == real.full_state()
            return
        state.apply(player, agent.act(state, player))
    pytest.fail(f"no {verb} in this game whose dice decide whether it may be undone")
