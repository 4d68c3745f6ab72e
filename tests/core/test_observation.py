"""The observation contract: a layout of named blocks, and an encoder held to it."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartable.core.errors import WartableError
from wartable.core.observation import Feature, Observer, Sparse, counts, one_hot, scaled


class Blocks(Observer):
    """Returns whatever the test hands it as the view."""

    def __init__(self) -> None:
        super().__init__([Feature("a", 2, "two numbers"), Feature("b", 1, "one", -1.0, 3.0)])

    def _encode(self, view):
        return view


def test_blocks_are_laid_end_to_end_in_order():
    o = Blocks()
    assert o.size == 3
    assert [(f["name"], f["offset"]) for f in o.layout()] == [("a", 0), ("b", 2)]
    assert o.bounds() == ([0.0, 0.0, -1.0], [1.0, 1.0, 3.0])
    assert o.encode({"a": [0, 1], "b": [-1]}) == [0.0, 1.0, -1.0]


@pytest.mark.parametrize(
    ("blocks", "says"),
    [
        ({"a": [0, 1]}, "'b' is missing"),
        ({"a": [0], "b": [0]}, "'a' has 1 numbers, not 2"),
        ({"a": [0, 1.5], "b": [0]}, "'a' holds 1.5, outside 0.0 to 1.0"),
        ({"a": [0, 1], "b": [3.5]}, "'b' holds 3.5"),
        ({"a": [math.nan, 1], "b": [0]}, "'a' holds nan"),
        ({"a": [0, 1], "b": [0], "c": [1]}, "outside the layout"),
    ],
)
def test_a_wrong_encoding_is_the_games_mistake_and_says_which_block(blocks, says):
    with pytest.raises(WartableError, match=says.replace("(", r"\(")):
        Blocks().encode(blocks)


def test_blank_gives_the_blocks_of_a_prefix_at_their_sizes():
    class Named(Observer):
        def _encode(self, view):
            return {}

    o = Named([Feature("me.units", 3, ""), Feature("me.seat", 1, ""), Feature("mess", 2, "")])
    assert o.blank("me.") == {"me.units": [0.0, 0.0, 0.0], "me.seat": [0.0]}
    assert o.blank("nothing") == {}


def test_a_layout_names_each_block_once():
    class Twice(Observer):
        def _encode(self, view):
            return {}

    with pytest.raises(WartableError, match="twice"):
        Twice([Feature("a", 1, ""), Feature("a", 2, "")])


def test_the_helpers_keep_numbers_within_zero_and_one():
    assert one_hot("b", ["a", "b", "c"]) == [0.0, 1.0, 0.0]
    assert one_hot(None, ["a", "b"]) == [0.0, 0.0]
    assert [scaled(v, 4) for v in (-1, 0, 2, 9)] == [0.0, 0.0, 0.5, 1.0]
    assert scaled(3, 0) == 0.0
    assert counts({"x": 2, "y": 8}, ["y", "x", "z"], 4) == [1.0, 0.5, 0.0]
    assert counts(None, ["x"], 4) == [0.0]


@given(
    value=st.one_of(st.none(), st.sampled_from("abcdz"), st.integers(-2, 6)),
    choices=st.lists(st.one_of(st.sampled_from("abcd"), st.integers(0, 4)), unique=True),
    found=st.one_of(st.none(), st.dictionaries(st.sampled_from("abcdz"), st.integers(-5, 50))),
    keys=st.lists(st.sampled_from("abcdxy")),
    most=st.sampled_from([-1, 0, 1, 4, 40]),
)
def test_the_quick_helpers_give_what_their_plain_definitions_give(
    value, choices, found, keys, most
):
    """``one_hot`` and ``counts`` are written for speed (issue 47): the same numbers as the
    plain definitions, an element at a time."""
    assert one_hot(value, choices) == [1.0 if value == c else 0.0 for c in choices]
    assert counts(found, keys, most) == [scaled((found or {}).get(k, 0), most) for k in keys]


def test_a_shortcut_lays_its_numbers_over_its_base():
    """``quickly``: the base named by the shortcut's key, with its values at its places; an
    observer without a shortcut gives none, and has no base to give."""

    class Quick(Blocks):
        def quick(self, state, player):
            return ("k", [2, 0], [-1.0, 1.0])

        def base(self, key):
            return [0.0, 1.0, 3.0] if key == "k" else super().base(key)

    assert Quick().quickly(None, "p") == [1.0, 1.0, -1.0]
    assert Quick().offsets() == {"a": 0, "b": 2}
    assert Blocks().quickly(None, "p") is None
    with pytest.raises(WartableError, match="no shortcut"):
        Quick().base("other")


def test_a_sparse_block_reads_as_the_whole_block():
    block = Sparse(4, {1: 0.5, 3: 1.0})
    assert list(block) == [0.0, 0.5, 0.0, 1.0] == block
    assert len(block) == 4 and block[3] == 1.0 and block[-3] == 0.5 and block[1:3] == [0.5, 0.0]
    with pytest.raises(IndexError):
        block[4]
    assert Blocks().encode({"a": Sparse(2, {0: 1.0}), "b": [2]}) == [1.0, 0.0, 2.0]


@pytest.mark.parametrize("at", [{2: 1.0}, {-1: 1.0}])
def test_a_sparse_block_places_its_numbers_inside_itself(at):
    with pytest.raises(WartableError, match="'a' places a number outside its 2"):
        Blocks().encode({"a": Sparse(2, at), "b": [0]})


@pytest.mark.parametrize(
    ("places", "says"), [([3], "outside"), ([-1], "outside"), ([0, 0], "a place twice")]
)
def test_a_shortcut_writes_each_place_of_the_observation_once(places, says):
    class Wrong(Blocks):
        def quick(self, state, player):
            return ("k", places, [1.0] * len(places))

        def base(self, key):
            return [0.0, 0.0, 0.0]

    with pytest.raises(WartableError, match=says):
        Wrong().quickly(None, "p")
