"""A state's fields declared once by their part (issue 46, item 2): the clone's copy and the
canonical snapshot follow from the layout, and the conformance check catches a layout that
forgets a field, shares what changes in place, or lets a sample move a public field."""

from __future__ import annotations

import enum

import pytest

import wartable
from tests.conformance.test_check_game import duel_of
from wartable.core.action import Action
from wartable.core.layout import Layout, by_key, each, fresh, maybe, plain, same
from wartable.core.rng import Rng
from wartable.games.duel.state import LAYOUT, DuelState
from wartable.testing import ConformanceError, check_game, checks


class Box:
    def __init__(self, items: list[int]) -> None:
        self.items = items

    def copy(self) -> Box:
        return Box(list(self.items))

    def snapshot(self) -> dict[str, object]:
        return {"items": self.items, "pair": (1, 2)}


class Thing:
    """A bare object standing in for a state: the layout's copy needs only its fields."""


def thing() -> Thing:
    t = Thing()
    t.__dict__.update(
        lib={"static": True},
        turn=3,
        cols=[1, 2],
        rows=[[1], [2]],
        table={"a": [1]},
        box=Box([5]),
        gone=None,
        rng=Rng(9),
    )
    return t


LAYOUT_OF_THING = Layout(
    static=("lib",),
    public={"turn": same, "cols": fresh, "rows": each, "table": by_key, "box": maybe},
    hidden={"rng": fresh},
    memo={"gone": maybe},
)


def test_the_copy_shares_the_static_and_the_unchanging_and_copies_the_rest_to_its_depth():
    t = thing()
    twin = LAYOUT_OF_THING.copy(t)
    assert twin.lib is t.lib and twin.turn == 3 and twin.gone is None
    twin.cols.append(3)
    twin.rows[0].append(9)
    twin.table["a"].append(2)
    twin.box.items.append(6)
    twin.rng.die(6)
    assert t.cols == [1, 2] and t.rows == [[1], [2]] and t.table == {"a": [1]}
    assert t.box.items == [5] and t.rng.counter == 0


def test_the_snapshot_names_the_public_and_hidden_fields_never_the_static_or_memo():
    assert LAYOUT_OF_THING.snapshot == ("box", "cols", "rng", "rows", "table", "turn")
    assert LAYOUT_OF_THING.hidden == {"rng"}


def test_a_field_declared_twice_or_with_a_copier_of_its_own_is_refused():
    with pytest.raises(ValueError, match="'turn' declared public and hidden"):
        Layout(static=(), public={"turn": same}, hidden={"turn": same})
    with pytest.raises(ValueError, match="COPIERS"):
        Layout(static=(), public={"turn": lambda v: v}, hidden={})
    with pytest.raises(ValueError, match="not a name"):
        Layout(static=(), public={"a.b": same}, hidden={})


class Colour(enum.StrEnum):
    RED = "red"


class Number(enum.Enum):
    ONE = 1


def test_plain_writes_every_value_the_same_way_in_every_game():
    assert plain((1, "a", None, True)) == [1, "a", None, True]
    assert plain({3, 1, 2}) == [1, 2, 3] and plain(frozenset({(2, 1), (1, 5)})) == [[1, 5], [2, 1]]
    assert plain({(1, 2): [3], (0, 1): [4]}) == [[[0, 1], [4]], [[1, 2], [3]]]
    assert plain({}) == [] and plain({"b": 1, "a": 2}) == [["a", 2], ["b", 1]]
    assert plain(Colour.RED) == "red" and plain(Number.ONE) == 1
    assert plain(Action("fire", ("a", "b"))) == "fire a b"
    assert plain(Box([1])) == {"items": [1], "pair": [1, 2]}  # an object's own names kept
    assert plain(Rng(5)) == [5, 0, []]
    with pytest.raises(TypeError, match="Thing: give it a snapshot"):
        plain(Thing())


def test_plain_makes_every_container_anew():
    box = Box([1, 2])
    told = plain([box, [3]])
    told[0]["items"].append(9)
    assert box.items == [1, 2]


def test_the_full_state_shares_nothing_with_the_state():
    st = wartable.get_game("duel").new_game("standard", seed=1)
    before = st.full_state()
    before["state"]["hands"][0].append("stolen")
    assert st.full_state() != before and "stolen" not in st.hands[0]


def states():
    st = wartable.get_game("duel").new_game("standard", seed=1)
    return [st]


def with_copier(name: str, copier, part: str = "public"):
    """The duel's layout with one field's copier or part changed, or (None) left out."""
    parts = {"public": {}, "hidden": {}}
    for k, c in LAYOUT.copiers.items():
        if LAYOUT.parts[k] != "static":
            parts[LAYOUT.parts[k]][k] = c
    for fields in parts.values():
        fields.pop(name, None)
    if copier is not None:
        parts[part][name] = copier
    static = [k for k, p in LAYOUT.parts.items() if p == "static"]
    return Layout(static=static, public=parts["public"], hidden=parts["hidden"])


def test_a_field_the_layout_forgets_is_named():
    class Forgetful(DuelState):
        layout = with_copier("turns", None)

    with pytest.raises(ConformanceError, match=r"fields not in the layout: \['turns'\]"):
        check_game(duel_of(Forgetful), playouts=1)


def test_a_list_the_clones_share_is_named():
    class Sharing(DuelState):
        layout = with_copier("strength", same)

    st = states()[0]
    st.__class__ = Sharing
    with pytest.raises(ConformanceError, match="strength changes in place, but clones share"):
        checks.fields_are_declared([st])


def test_lists_of_lists_copied_flat_are_named():
    class Shallow(DuelState):
        layout = with_copier("discards", fresh)

    st = states()[0]
    st.__class__ = Shallow
    with pytest.raises(ConformanceError, match=r"discards holds lists.*copy it with each"):
        checks.fields_are_declared([st])


def test_a_sample_that_moves_a_field_not_declared_hidden_is_named():
    class Open(DuelState):
        layout = with_copier("hands", each, part="public")

    st = states()[0]
    st.__class__ = Open
    with pytest.raises(ConformanceError, match=r"changed fields not declared hidden: \['hands'\]"):
        checks.fields_are_declared([st])


def test_a_hand_written_copy_that_shares_what_the_layout_copies_is_named():
    class Lazy(DuelState):
        def _copy(self):
            twin = super()._copy()
            twin.hands = self.hands  # the layout copies each hand
            return twin

    st = states()[0]
    st.__class__ = Lazy
    with pytest.raises(ConformanceError, match="the clone shares hands"):
        checks.fields_are_declared([st])
