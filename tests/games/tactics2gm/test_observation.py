"""2GM Tactics' numeric observation (``Game.observer``): the board is seen from the seat's own
edge (its line 1 first, GM-19: the axis' view is turned over, the columns keep their
letters), a unit shows on its own square in its side's planes, the HQs' PI and each HQ's
general are there, the other side's hand and a bid not yet shown never change a number, and
two fields (GM-105) double every plane."""

from __future__ import annotations

import pytest

from tests.games.tactics2gm.scenes import GAME, put, scene
from tests.games.tactics2gm.test_four import cleared, opened
from wartable import ArgumentError
from wartable.games.tactics2gm.model import Piece
from wartable.games.tactics2gm.observation import GROUND, UNIT_PLANES
from wartable.games.tactics2gm.rules.field import WIDE


def blocks(observer, numbers):
    """The numbers by block name."""
    return {f["name"]: numbers[f["offset"] : f["offset"] + f["size"]] for f in observer.layout()}


def plane(observer, numbers, block, k):
    """Plane ``k`` of a board block: one number a square, the seat's own edge first."""
    n = observer.n
    return blocks(observer, numbers)[block][k * n : (k + 1) * n]


def on(plane_numbers):
    """The squares of a plane holding something, as (column, line from my edge)."""
    columns = len(plane_numbers) // 6
    return {(k % columns, k // columns): x for k, x in enumerate(plane_numbers) if x}


UNITS = [name for name, _, _ in UNIT_PLANES].index("units")
LIGHT = [name for name, _, _ in UNIT_PLANES].index("infantry_light")
TANK = [name for name, _, _ in UNIT_PLANES].index("tank_medium")


def test_the_layout_is_fixed_by_the_fields_and_the_line_up_and_every_block_says_what_it_is():
    one = GAME.observer()
    assert one.size == 5191 == sum(f.size for f in one.features)
    assert all(f.meaning.strip() for f in one.features)
    assert GAME.observer("omaha-beach").size == one.size  # a scenario keeps the layout
    assert GAME.observer(None, {"deck_axis": "germany-infantry"}).size == one.size
    team = GAME.observer(None, {"players": "2v1"})
    names = {f.name for f in team.features}
    assert "mate_hand" in names and "mate_hand" not in {f.name for f in one.features}
    assert team.size == one.size + 2 * 10 + len(one.cards)  # a second seat a side, its hand
    with pytest.raises(ArgumentError, match="GM-105"):  # as a battle with them would
        GAME.observer(None, {"fields": "two", "players": "1v1"})


def test_gm105_two_fields_double_every_plane_and_the_hqs():
    one, two = GAME.observer(), GAME.observer(None, {"fields": "two"})
    sizes = {f.name: f.size for f in one.features}
    wide = {f.name: f.size for f in two.features}
    assert (one.n, two.n) == (48, 96)
    for name in ("board.ground", "board.terrain", "board.state", "mine.units", "theirs.hqs"):
        assert wide[name] == 2 * sizes[name]
    assert wide["board.ground"] == len(GROUND) * 96
    st = cleared(opened(), "move")
    tank = Piece("m4_sherman-1", "m4_sherman", 0, WIDE.grid.parse("J2"), 0, owner=1)
    st.pieces.append(tank)
    numbers = two.encode(st.view("allies-1"))
    assert on(plane(two, numbers, "mine.units", TANK)) == {(9, 1): 0.5}  # J2: the 2nd field
    assert on(plane(two, numbers, "mine.by_me", 0)) == {}  # allies-2's unit, not mine
    numbers = two.encode(st.view("allies-2"))
    assert on(plane(two, numbers, "mine.by_me", 0)) == {(9, 1): 0.25}
    numbers = two.encode(st.view("axis-2"))
    assert on(plane(two, numbers, "theirs.units", UNITS)) == {(9, 4): 0.25}  # turned over


def test_gm19_a_unit_shows_on_its_square_seen_from_each_sides_own_edge():
    st = scene("move")
    put(st, "light_infantry", 0, "B2")
    put(st, "light_infantry", 0, "B2")  # two on one square (stacked for the test)
    put(st, "m4_sherman", 1, "G5")
    observer = GAME.observer()
    allies = observer.encode(st.view("allies"))
    assert on(plane(observer, allies, "mine.units", UNITS)) == {(1, 1): 0.5}
    assert on(plane(observer, allies, "mine.units", LIGHT)) == {(1, 1): 1.0}
    assert on(plane(observer, allies, "theirs.units", TANK)) == {(6, 4): 0.5}
    axis = observer.encode(st.view("axis"))
    assert on(plane(observer, axis, "mine.units", TANK)) == {(6, 1): 0.5}  # G5: its line 2
    assert on(plane(observer, axis, "theirs.units", UNITS)) == {(1, 4): 0.5}
    assert blocks(observer, axis)["seat"] == [0.0, 1.0, 1.0]
    assert blocks(observer, allies)["mine.in_play"][observer.unit_cards.index("light_infantry")]
    wounds = [name for name, _, _ in UNIT_PLANES].index("wounds")
    st.pieces[-1].wounds = 3
    axis = observer.encode(st.view("axis"))
    assert on(plane(observer, axis, "mine.units", wounds)) == {(6, 1): 0.5}


def test_the_ground_is_turned_with_the_board():
    st = scene("move")
    forest = list(st.ground)
    forest[st.field.grid.index((2, 0))] = "F"  # C1, the allies' line 1
    st.ground = tuple(forest)
    observer = GAME.observer()
    f = GROUND.index("F")
    assert on(plane(observer, observer.encode(st.view("allies")), "board.ground", f)) == {
        (2, 0): 1.0
    }
    assert on(plane(observer, observer.encode(st.view("axis")), "board.ground", f)) == {(2, 5): 1.0}


def test_gm22_each_hqs_pi_and_its_general_show_for_both_sides():
    st = scene("move")
    st.hq_hp = [10, 7]
    st.generals = [None, "rommel"]
    observer = GAME.observer()
    allies = blocks(observer, observer.encode(st.view("allies")))
    axis = blocks(observer, observer.encode(st.view("axis")))
    assert allies["theirs.hqs"][0] == 0.7 == axis["mine.hqs"][0]
    assert allies["mine.hqs"][0] == 1.0 == axis["theirs.hqs"][0]
    general = 3 + observer.generals.index("rommel")
    assert allies["theirs.hqs"][general] == 1.0 == axis["mine.hqs"][general]
    assert axis["mine.hqs"][-1] == 1.0 and axis["theirs.hqs"][-1] == 0.0  # my seat draws on it


def test_the_enemy_hand_never_changes_my_numbers_but_my_own_shows_per_card():
    st = scene("move")
    observer = GAME.observer()
    mine, theirs = (observer.encode(st.view(p)) for p in ("allies", "axis"))
    assert observer.encode(st.sample_hidden("allies", seed=3).view("allies")) == mine
    st.hands[1] = ["tiger", "tiger"] + ["ger_puma"] * (len(st.hands[1]) - 2)  # as many cards
    assert observer.encode(st.view("allies")) == mine
    now = observer.encode(st.view("axis"))
    assert now != theirs  # the axis reads its own hand
    hand = blocks(observer, now)["hand"]
    assert hand[observer.cards.index("tiger")] == 2 / 6
    assert sum(hand) * 6 == len(st.hands[1])


def test_gm11_a_bid_shows_only_to_its_side_until_both_are_in():
    observer = GAME.observer()
    numbers = {}
    for spend in (0, 3):
        st = GAME.new_game(None, seed=2)
        st.apply("allies", f"bid {spend}")
        numbers[spend] = {p: observer.encode(st.view(p)) for p in st.players}
    assert blocks(observer, numbers[3]["allies"])["my_bid"] == [1.0, 0.6]
    assert blocks(observer, numbers[0]["allies"])["my_bid"] == [1.0, 0.0]
    assert numbers[3]["axis"] == numbers[0]["axis"]  # the allies' bid unseen
    axis = blocks(observer, numbers[3]["axis"])
    assert axis["my_bid"] == [0.0, 0.0] and axis["bids"] == [0.0, 0.0, 0.0]
    assert axis["theirs.side"][6] == 1.0  # but the allies have bid: that much is open
    st.apply("axis", "bid 1")
    shown = blocks(observer, observer.encode(st.view("axis")))
    assert shown["bids"] == [1.0, 0.2, 0.6]  # mine first: the axis' 1, the allies' 3


def test_a25_a_teammates_hand_is_no_secret_but_the_enemys_is():
    st = cleared(opened(fields="one"), "move")
    observer = GAME.observer(None, {"players": "2v2"})
    mate = blocks(observer, observer.encode(st.view("allies-1")))["mate_hand"]
    held = st.hands[st.players.index("allies-2")]
    assert sum(x * 6 for x in mate) == len(held) > 0
    twin = st.sample_hidden("allies-1", seed=4)
    assert observer.encode(twin.view("allies-1")) == observer.encode(st.view("allies-1"))


def test_every_block_is_described_number_by_number_for_the_docs():
    for options in ({}, {"players": "2v1"}, {"fields": "two"}):
        ob = GAME.observer(None, options)
        per = {"side": 1, "hq": ob.fields, "seat_of": ob.seats}
        for f in ob.features:
            who, _, what = f.name.rpartition(".")
            if f.name in ob.planes:
                assert f.size == len(ob.planes[f.name]) * ob.n, f.name
            elif what in ("in_play",):
                assert f.size == len(ob.unit_cards)
            elif what in ("discard", "hand", "mate_hand"):
                assert f.size == len(ob.cards)
            else:
                key = {"hqs": "hq", "seats": "seat_of"}.get(what, what) if who else f.name
                assert f.size == len(ob.numbers[key]) * per.get(key, 1), f.name
    # the docs' tables are generated from the observers (tools/doc_tables.py, its test)
    notes = "\n".join(GAME.observer().notes())
    assert "| `mine.units`, `theirs.units` | 0 `" in notes and "| `bids` | 0 |" in notes
