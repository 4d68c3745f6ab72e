"""Line-of-sight rules one by one (11.0, 11.07-11.09, 11.11, 12.0, 12.1, 18.0)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.combat.helpers import board
from wartable.games.combat.los import blind_hexes, line_of_sight


def los(b, a, c, **kw):
    return line_of_sight(b, b.parse(a), b.parse(c), **kw)


def test_blocking_terrain_between_blocks_on_flat_ground():
    b = board({"trees": ["20.05"]})
    s = los(b, "18.05", "22.05")
    assert not s.visible and s.blocker == ("20.05",) and "trees" in s.reason


def test_terrain_in_the_end_hexes_is_ignored():
    b = board({"building": ["18.05", "22.05"]})
    assert los(b, "18.05", "22.05").visible


def test_non_blocking_terrain_does_not_block():
    b = board({"field": ["20.05"], "crater": ["19.05"], "stream": ["21.05"]})
    assert los(b, "18.05", "22.05").visible


def test_a_hexside_blocks_only_if_both_hexes_block():
    line = board().grid.line(board().parse("17.01"), board().parse("19.01"))
    pair = next(b for b in line if len(b) == 2)
    labels = [board().label(h) for h in pair]
    one = board({"hedgerow": labels[:1]})
    both = board({"hedgerow": labels})
    assert los(one, "17.01", "19.01").visible
    assert los(one, "19.01", "17.01").visible
    s = los(both, "17.01", "19.01")
    assert not s.visible and set(s.blocker) == set(labels)


@pytest.mark.parametrize("kind", ["long_grass", "logs"])
def test_long_grass_and_logs_block_only_a_soldier_lying_low(kind):
    b = board({kind: ["20.05"]})
    assert los(b, "18.05", "22.05", orders=("aimed_fire", "sprint")).visible
    assert not los(b, "18.05", "22.05", orders=("hide", None)).visible
    assert not los(b, "18.05", "22.05", orders=(None, "sneak")).visible


@pytest.mark.parametrize("kind", ["depression", "stream"])
def test_a_soldier_lying_low_in_sunken_ground_is_seen_only_close_or_along_it(kind):
    b = board({kind: ["20.05", "21.05", "22.05"]}, {2: ["24.05"]})
    low = ("hide", None)
    assert los(b, "20.05", "19.05", orders=low).visible  # adjacent
    assert not los(b, "20.05", "18.05", orders=low).visible
    assert los(b, "20.05", "18.05", orders=("aimed_fire", None)).visible  # not lying low
    assert los(b, "20.05", "22.05", orders=low).visible  # along the sunken hexes
    assert los(b, "20.05", "23.05", orders=low).visible  # ...and out of them at the end
    assert los(b, "22.05", "24.05", orders=low).visible  # 2 hexes from a level-2 hex
    s = los(b, "20.05", "24.05", orders=low)  # 4 hexes; the line leaves the sunken hexes
    assert not s.visible and "lies low" in s.reason
    longer = board({kind: ["20.05", "21.05", "22.05", "23.05"]}, {2: ["24.05"]})
    assert los(longer, "20.05", "24.05", orders=low).visible  # along sunken ground throughout
    b2 = board({kind: ["20.05"]}, {2: ["24.05"]})
    assert not los(b2, "20.05", "23.05", orders=low).visible


def test_higher_ground_between_blocks_and_equal_ground_does_not():
    hill = board(levels={1: ["20.05"]})
    s = los(hill, "18.05", "22.05")
    assert not s.visible and "no height advantage" in s.reason
    plateau = board(levels={1: ["18.05", "20.05", "22.05", "19.05", "21.05"]})
    assert los(plateau, "18.05", "22.05").visible


def test_blocking_terrain_level_with_the_viewer_blocks():
    b = board({"trees": ["20.05"]}, {1: ["18.05", "22.05"]})  # trees reach height 1
    assert not los(b, "18.05", "22.05").visible
    b = board({"trees": ["20.05"]}, {2: ["18.05"], 1: ["22.05"]})  # Berger-like advantage
    assert los(b, "18.05", "22.05").visible  # 22.05 is as high as the trees: not blind


def test_line_of_sight_is_the_same_both_ways():
    b = board({"trees": ["24.07", "25.07"]}, {3: ["27.08"], 1: ["25.07"]})
    for t in ("24.06", "23.06", "23.07"):
        assert los(b, "27.08", t).visible == los(b, t, "27.08").visible


@pytest.mark.parametrize(
    ("rng", "advantage", "blind"),
    [
        (1, 1, 1),
        (5, 1, 1),
        (6, 1, 2),
        (10, 1, 2),
        (11, 1, 3),
        (26, 1, 6),
        (31, 1, 7),
        (5, 2, 0),
        (6, 2, 1),
        (8, 3, 0),
        (12, 3, 1),
        (6, Fraction(3, 2), 2),
        (6, Fraction(5, 2), 1),
    ],
)
def test_blind_hexes_by_range_and_height_advantage(rng, advantage, blind):
    assert blind_hexes(5, rng, Fraction(advantage)) == blind


def test_smoke_modifies_without_blocking():
    b = board()
    a, c = b.parse("18.05"), b.parse("22.05")
    smoke = {b.parse("20.05"): ["smoke"], c: ["dispersing"], a: ["smoke", "smoke"]}
    s = line_of_sight(b, a, c, smoke=smoke)
    assert s.visible and s.modifier == -4 - 2 - 8  # markers add up, ends included


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_random_maps_give_symmetric_line_of_sight(data):
    b0 = board()
    labels = [b0.label(h) for h in b0.hexes]
    kinds = ["trees", "hedgerow", "building", "long_grass", "stream", "field"]
    terrain = {
        k: data.draw(st.lists(st.sampled_from(labels), max_size=25, unique=True)) for k in kinds
    }
    used: set[str] = set()
    for k in kinds:  # a hex holds one terrain
        terrain[k] = [h for h in terrain[k] if not (h in used or used.add(h))]
    levels = {
        lv: data.draw(st.lists(st.sampled_from(labels), max_size=30, unique=True))
        for lv in (1, 2, 3)
    }
    seen: set[str] = set()
    for lv in (3, 2, 1):
        levels[lv] = [h for h in levels[lv] if not (h in seen or seen.add(h))]
    b = board(terrain, levels)
    a, c = data.draw(st.sampled_from(labels)), data.draw(st.sampled_from(labels))
    orders = data.draw(st.sampled_from([(None, None), ("hide", None), (None, "hide")]))
    one = line_of_sight(b, b.parse(a), b.parse(c), orders=orders)
    other = line_of_sight(b, b.parse(c), b.parse(a), orders=(orders[1], orders[0]))
    assert one.visible == other.visible, (one.reason, other.reason)


def test_a_line_along_the_map_edge_ignores_hexes_off_the_map():
    b = board({"hedgerow": ["18.00"]}, rows=(0, 10))
    line = b.grid.line(b.parse("17.00"), b.parse("19.00"))
    assert any(len(step) == 2 and (18, -1) in step for step in line)  # the side of 18.-1
    s = los(b, "17.00", "19.00")
    assert not s.visible and s.blocker == ("18.00",)
    assert los(board(rows=(0, 10)), "17.00", "19.00").visible


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_fast_table_agrees_with_the_explained_rules(data):
    from wartable.games.combat.sight import SightTable

    b = board(
        {
            "trees": ["20.05", "24.07", "25.07", "22.03"],
            "long_grass": ["21.08", "23.05"],
            "stream": ["19.03", "20.03", "21.04"],
            "hedgerow": ["26.06", "26.07"],
        },
        {3: ["27.08"], 2: ["28.07", "19.09"], 1: ["25.07", "21.12", "22.11"]},
    )
    table = SightTable(b)
    for _ in range(40):
        a = data.draw(st.integers(0, len(b.hexes) - 1))
        c = data.draw(st.integers(0, len(b.hexes) - 1))
        lows = data.draw(st.tuples(st.booleans(), st.booleans()))
        orders = tuple("hide" if low else None for low in lows)
        slow = line_of_sight(b, b.hexes[a], b.hexes[c], orders=orders).visible
        assert table.sees(a, c, *lows) == slow
        assert table.sees(a, c, *lows) == slow  # again, from the cache


def test_the_fast_table_keeps_lines_of_different_displacements_apart_bug():
    """Two displacements with the same flat-array offset once shared a cached line."""
    from wartable.games.combat.sight import SightTable

    b = board({"trees": ["24.07"]})
    table = SightTable(b)
    table.sees(0, 97)  # caches the line of a displacement whose flat offset equals...
    a, c = b.index[b.parse("21.16")], b.index[b.parse("27.00")]  # ...this pair's
    assert table.sees(a, c) == line_of_sight(b, b.hexes[a], b.hexes[c]).visible is False


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_a_table_patched_for_craters_answers_as_a_table_of_the_changed_map(data):
    """Craters and rubble (20.0) patch the map's table instead of starting a new one: it
    must answer exactly as a fresh table of the changed map, whichever answers the map's
    own table already held (asked before and after the change)."""
    from wartable.games.combat.sight import SightTable

    b = board(
        {"trees": ["20.05", "24.07", "25.07", "22.03"], "building": ["23.08", "23.09"],
         "long_grass": ["21.08", "23.05"], "stream": ["19.03", "20.03", "21.04"]},
        {2: ["28.07", "19.09"], 1: ["25.07", "21.12", "22.11"]},
    )  # fmt: skip
    n = len(b.hexes)
    kinds = st.sampled_from(["crater", "rubble", "open", "trees"])
    changes = data.draw(st.dictionaries(st.integers(0, n - 1), kinds, min_size=1, max_size=4))
    sources = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=2))
    warm = data.draw(st.lists(st.integers(0, n - 1), max_size=40))
    base = SightTable(b)
    for a in sources:
        for c in warm:
            base.sees(a, c)  # the map's table already knows some answers
    changed = b.with_kinds(changes)
    patched = base.patched(changed, frozenset(changes))
    fresh, unchanged = SightTable(changed), SightTable(b)
    for a in sources:
        for c in range(n):  # every line from the source: some cross the changed hexes
            for lows in ((False, False), (True, False), (False, True)):
                want = fresh.sees(a, c, *lows)
                assert patched.sees(a, c, *lows) == want, (a, c, lows)
                assert patched.sees(c, a, lows[1], lows[0]) == want
                assert base.sees(a, c, *lows) == unchanged.sees(a, c, *lows)


def test_a_patched_table_sees_the_change_and_the_map_keeps_its_answer():
    from wartable.games.combat.sight import SightTable

    b = board()
    a, c = b.index[b.parse("20.05")], b.index[b.parse("24.05")]
    middle = b.index[b.parse("22.05")]
    base = SightTable(b)
    assert base.sees(a, c)  # open ground: seen, and remembered
    wood = base.patched(b.with_kinds({middle: "building"}), frozenset({middle}))
    assert not wood.sees(a, c) and not wood.sees(c, a)
    assert base.sees(a, c)
