"""One range of seeds everywhere: 0 to 2**64 - 1. The generator keeps 64 bits, so a
negative or longer seed would fold into another one silently; new_game, sample_hidden and
a study's base seed refuse it alike (the command line's --seed too: tests/cli)."""

from __future__ import annotations

import pytest

import wartable
from wartable.sim.runner import plan

BAD = [-5, -1, 2**64, 2**70, True, "3", 2.0]


@pytest.mark.parametrize("seed", BAD)
def test_a_seed_outside_64_bits_is_refused_everywhere(seed):
    game = wartable.get_game("duel")
    with pytest.raises(wartable.ArgumentError, match="seed must be"):
        game.new_game(None, seed=seed)
    st = game.new_game(None, seed=1)
    before = st.full_state()
    with pytest.raises(wartable.ArgumentError, match="seed must be"):
        st.sample_hidden(st.players[0], seed)
    assert st.full_state() == before
    with pytest.raises(wartable.ArgumentError, match="base seed must be"):
        plan("duel", None, ["random", "random"], seed)


@pytest.mark.parametrize("seed", [0, 2**64 - 1])
def test_the_ends_of_the_range_are_taken(seed):
    st = wartable.get_game("duel").new_game(None, seed=seed)
    assert st.sample_hidden(st.players[0], seed).players == st.players
