"""Día de Honor's numeric observation (``observation.py``): units show at their squares, each
seat reads its own secret objective and hand and nobody else's (Q33), the numbers are seen
from the seat's side, and the layout follows the battlefield and the line-up."""

from __future__ import annotations

import json

import pytest

from wartable.agents.random import RandomAgent
from wartable.core.errors import WartableError
from wartable.games.diadehonor.game import DiaDeHonor

GAME = DiaDeHonor()
FIELD = "crossroads"


def blocks(observer, numbers: list[float]) -> dict[str, list[float]]:
    """The numbers cut into the layout's blocks, by name."""
    return {f["name"]: numbers[f["offset"] : f["offset"] + f["size"]] for f in observer.layout()}


def read(observer, st, player: str) -> dict[str, list[float]]:
    return blocks(observer, observer.encode(st.view(player)))


def square(label: str) -> int:
    return GAME.battle(FIELD).square_of[label]


def unit_slot(key: str) -> int:
    """Where a unit's numbers start in its seat's units block."""
    observer = GAME.observer(FIELD)
    return observer.unit_slots.index(key.split("/", 1)[1]) * 14


def play_until(st, wanted, seed: int = 1, most: int = 3000):
    agent = RandomAgent(seed)
    for _ in range(most):
        if wanted(st):
            return st
        p = st.current_players[0]
        st.apply(p, agent.act(st, p))
    raise AssertionError("the battle never got there")


def test_a_deployed_unit_shows_at_its_square_for_both_sides():
    observer = GAME.observer(FIELD)
    st = GAME.new_game(FIELD, seed=3)
    deploy = st.legal_actions("axis-1")[5]
    assert deploy.verb == "deploy"
    key, label = deploy.args
    before = read(observer, st, "axis-1")
    assert not any(before["map.mine"])
    st.apply("axis-1", deploy)
    mine, theirs = read(observer, st, "axis-1"), read(observer, st, "allies-1")
    assert [q for q, x in enumerate(mine["map.mine"]) if x] == [square(label)]
    assert [q for q, x in enumerate(theirs["map.enemies"]) if x] == [square(label)]
    assert not any(theirs["map.mine"])
    at = unit_slot(key)
    assert mine["me.units"][at : at + 4] == [0.0, 1.0, 0.0, 0.0]  # on the map
    assert theirs["enemy1.units"] == mine["me.units"]
    column, row = GAME.battle(FIELD).grid.parse(label)
    assert mine["me.units"][at + 4 : at + 6] == [column / 15, row / 19]


def test_dh15_a_moved_unit_leaves_its_square_for_the_one_it_reached():
    observer = GAME.observer(FIELD)
    st = play_until(
        GAME.new_game(FIELD, seed=5),
        lambda s: any(a.verb == "move" for a in s.legal_actions(s.current_players[0])),
    )
    p = st.current_players[0]
    move = next(a for a in st.legal_actions(p) if a.verb == "move")
    key, label = move.args
    start = next(u["square"] for u in st.view(p)["units"] if u["key"] == key)
    at = unit_slot(key)
    left = read(observer, st, p)["me.units"][at + 8]
    st.apply(p, move)
    mine = read(observer, st, p)
    assert mine["map.mine"][square(label)] == 1.0 and mine["map.mine"][square(start)] == 0.0
    assert mine["me.units"][at + 8] == left - 0.5  # one of its two actions spent (DH-9)


def test_dh80_q33_a_secret_objective_is_read_by_its_holder_alone():
    """Another objective for axis-1 changes axis-1's numbers and nobody else's, a teammate's
    included; a sample drawn for allies-1 redraws it and allies-1 reads the same numbers."""
    observer = GAME.observer(FIELD, {"players": "2v2"})
    st = GAME.new_game(FIELD, seed=7, options={"players": "2v2"})
    seen = {p: observer.encode(st.view(p)) for p in st.players}
    own = blocks(observer, seen["axis-1"])["objective"]
    assert own.index(1.0) == observer.objectives.index(st.objectives[0])
    other = next(k for k in st.pool if k not in st.objectives)
    swapped = st.clone()
    swapped.objectives[0] = other
    for p in ("allies-1", "axis-2", "allies-2"):
        assert observer.encode(swapped.view(p)) == seen[p], p
    changed = blocks(observer, observer.encode(swapped.view("axis-1")))["objective"]
    assert changed.index(1.0) == observer.objectives.index(other)
    twins = [st.sample_hidden("allies-1", seed) for seed in range(20)]
    redrawn = [t for t in twins if t.objectives[0] != st.objectives[0]]
    assert redrawn, "no sample redrew axis-1's objective"
    for twin in redrawn:
        assert observer.encode(twin.view("allies-1")) == seen["allies-1"]


def test_dh2_q33_a_seat_reads_its_own_cards_and_only_how_many_the_others_hold():
    observer = GAME.observer(FIELD, {"players": "2v2"})
    st = GAME.new_game(FIELD, seed=11, options={"players": "2v2"})
    st.hands = [["medic", "grenade"], ["spy"], [], ["tank"]]
    mine = read(observer, st, "axis-1")
    held = [observer.cards[n] for n, x in enumerate(mine["hand"]) if x]
    assert held == ["grenade", "medic"]
    assert mine["me.seat"][1] == 2 / 17 and mine["enemy1.seat"][1] == 1 / 17
    assert mine["mate1.seat"][1] == 0.0 and mine["enemy2.seat"][1] == 1 / 17
    st.hands[1] = ["tank"]  # the other seats' cards change, not how many they hold
    st.hands[3] = ["spy"]
    assert read(observer, st, "axis-1") == mine


def test_one_network_plays_either_side_mine_before_theirs():
    observer = GAME.observer(FIELD)
    st = play_until(GAME.new_game(FIELD, seed=2), lambda s: s.phase == "activate")
    axis, allies = read(observer, st, "axis-1"), read(observer, st, "allies-1")
    assert axis["me.units"] == allies["enemy1.units"] and axis["enemy1.units"] == allies["me.units"]
    assert axis["map.mine"] == allies["map.enemies"]
    assert axis["zone.mine"] == allies["zone.theirs"] and any(axis["zone.mine"])
    assert axis["side"] == [1.0, 0.0] and allies["side"] == [0.0, 1.0]
    assert sorted([axis["initiative"], allies["initiative"]]) == [[0.0, 1.0], [1.0, 0.0]]
    assert axis["ground.impassable"] == allies["ground.impassable"]
    impassable = [q for q, x in enumerate(axis["ground.impassable"]) if x]
    assert impassable and all(GAME.battle(FIELD).entry[q] == 0 for q in impassable)


def test_teammates_units_read_as_theirs_not_mine():
    observer = GAME.observer(FIELD, {"players": "2v2"})
    st = play_until(
        GAME.new_game(FIELD, seed=6, options={"players": "2v2"}), lambda s: s.phase == "activate"
    )
    first, second = read(observer, st, "axis-1"), read(observer, st, "axis-2")
    assert first["map.mates"] == second["map.mine"] and any(first["map.mates"])
    assert first["mate1.units"] == second["me.units"]
    assert first["map.enemies"] == second["map.enemies"]
    assert not any(m and t for m, t in zip(first["map.mine"], first["map.mates"], strict=True))


def test_a_view_of_another_battlefield_is_refused():
    st = GAME.new_game("hedgerow", seed=1)
    with pytest.raises(WartableError, match="hedgerow"):
        GAME.observer(FIELD).encode(st.view("axis-1"))


def test_dh48_dh50_campaign_soldiers_show_their_rank_and_the_bench():
    squads = {"axis-1": [["v1", "light", "Vera", 10], ["v2", "sniper", "Sam", 3]]}
    options = {"players": "1v1", "squads": json.dumps(squads)}
    observer = GAME.observer(FIELD, {"players": "1v1"})
    st = GAME.new_game(FIELD, seed=1, options=options)
    mine, theirs = read(observer, st, "axis-1"), read(observer, st, "allies-1")
    commander = [r.title for r in GAME.lib.ranks].index("Commander") / (len(GAME.lib.ranks) - 1)
    at = unit_slot("axis-1/light-1")
    assert mine["me.units"][at + 13] == commander == theirs["enemy1.units"][at + 13]
    sniper = observer.types.index("sniper")
    assert mine["me.bench"][sniper] == 1.0 == theirs["enemy1.bench"][sniper]  # public (DH-50)
    assert not any(mine["enemy1.bench"])


def test_the_layout_follows_the_line_up_and_the_battlefield():
    sizes = {}
    for lineup in ("1v1", "2v1", "1v2", "2v2", "3v2", "2v3", "3v3"):
        first = GAME.observer(FIELD, {"players": lineup})
        assert GAME.observer(FIELD, {"players": lineup}).layout() == first.layout()
        sizes[lineup] = first.size
        st = GAME.new_game(FIELD, seed=1, options={"players": lineup})
        assert {len(first.encode(st.view(p))) for p in st.players} == {first.size}
    assert sizes["1v1"] < sizes["2v2"] < sizes["3v3"]
    assert (
        GAME.observer(FIELD, {"players": "2v3"}).layout()
        != GAME.observer(FIELD, {"players": "3v3"}).layout()
    )
    names = [f["name"] for f in GAME.observer(FIELD, {"players": "2v3"}).layout()]
    assert [n for n in names if n.endswith(".units")] == [
        *("me.units", "mate1.units", "mate2.units", "enemy1.units", "enemy2.units"),
        "enemy3.units",
    ]
    other = GAME.observer("hedgerow")
    st = GAME.new_game("hedgerow", seed=1)
    assert (
        read(other, st, "axis-1")["ground.cover"]
        != read(GAME.observer(FIELD), GAME.new_game(FIELD, seed=1), "axis-1")["ground.cover"]
    )


def test_a_card_waiting_on_a_decision_shows_its_kind_and_the_round_its_share():
    observer = GAME.observer(FIELD, {"players": "1v1", "max_rounds": 10})
    st = play_until(
        GAME.new_game(FIELD, seed=4, options={"max_rounds": 10}), lambda s: s.round == 2
    )
    assert read(observer, st, "axis-1")["round"] == [0.2]
    st.pending = ("place", 0, "tank", -1, 0)
    assert read(observer, st, "axis-1")["decision"] == [1.0, 0.0, 0.0]
