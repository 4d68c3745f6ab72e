"""The campaign (DH-46 to DH-50): the option ``squads`` fields a roster's soldiers with their
names and missions, the bench waits for unit cards, ranks apply in combat and change only
between battles; a finished battle's survivors, fallen and newcomers are recorded in the
roster in one transaction."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.games.diadehonor.scene import LIB, at, field, put, scene, zoned
from wartable.agents.random import RandomAgent
from wartable.core.action import Action
from wartable.core.campaign import Fielded, Soldier
from wartable.core.errors import ArgumentError
from wartable.core.rng import derive_seed
from wartable.games.diadehonor.campaign import survivors
from wartable.games.diadehonor.game import DiaDeHonor
from wartable.games.diadehonor.rules import attack, flow
from wartable.server import rosters
from wartable.server.store import StorageError, open_store

GAME = DiaDeHonor()
VETERANS = [
    ["s1", "light", "Juan", 10],  # Commander: +2
    ["s2", "light", "Pedro", 0],
    ["s3", "heavy", "Bruno", 25],  # War veteran: +4
    ["s4", "sniper", "Ojo", 11],  # no sniper starts: he waits on the bench
    ["s5", "artillery", "Bertha", 3],
    ["s6", "artillery", "Dora", 1],  # the second gun waits for the Artillery card
]


def squads(**seats) -> str:
    return json.dumps({seat.replace("_", "-"): rows for seat, rows in seats.items()})


def battle(options: dict | None = None, seed: int = 1):
    return GAME.new_game(None, seed=seed, options=options or {})


def play_out(st, seed: int = 0):
    """Random play to the end of the battle."""
    agent = RandomAgent(derive_seed(seed, 2))
    for _ in range(20_000):
        if st.is_over:
            return st
        player = st.current_players[0]
        st.apply(player, agent.act(st, player))
    raise AssertionError("the battle did not end")


# ---- the game: fielding a roster ---------------------------------------------------------
def test_dh46_a_new_soldier_is_a_private_with_no_mission_named_by_the_player():
    camp = GAME.campaign()
    recruits = camp.recruits()
    assert [t for t, _ in recruits] == ["light"] * 6 + ["assault"] * 3 + ["heavy", "artillery"]
    assert recruits[0] == ("light", "Light 1") and recruits[-1] == ("artillery", "Artillery 1")
    assert camp.rank(0).title == LIB.ranks[0].title == "Private" and camp.rank(0).bonus == 0
    # a gap in a roster's squad is filled by a new private, named so the roster can keep him
    st = battle({"squads": squads(axis_1=VETERANS[:1])})
    lights = [u for u in st.units if u.seat == 0 and u.type == "light"]
    assert [(u.name, u.missions, u.roster) for u in lights[:3]] == [
        ("Juan", 10, "s1"),
        ("Light 1", 0, ""),
        ("Light 2", 0, ""),
    ]
    # a seat with no roster keeps its units' keys as names, as before campaigns
    assert all(u.name == u.key and u.roster == "" for u in st.units if u.seat == 1)


def test_dh50_the_squads_option_fields_each_type_from_the_roster_in_order():
    st = battle({"squads": squads(axis_1=VETERANS)})
    mine = {u.key: u for u in st.units if u.seat == 0}
    assert len(mine) == 11  # the starting squad: 6 light, 3 assault, 1 heavy, 1 gun
    assert (mine["axis-1/light-1"].name, mine["axis-1/light-1"].missions) == ("Juan", 10)
    assert (mine["axis-1/light-2"].name, mine["axis-1/light-2"].roster) == ("Pedro", "s2")
    assert (mine["axis-1/heavy-1"].name, mine["axis-1/heavy-1"].missions) == ("Bruno", 25)
    assert mine["axis-1/artillery-1"].name == "Bertha"
    # DH-48: ranks follow missions, and the view shows them to everyone
    ranks = {u["key"]: u["rank"] for u in st.view(None)["units"]}
    assert ranks["axis-1/light-1"] == "Commander" and ranks["axis-1/heavy-1"] == "War veteran"
    assert st.bonus(mine["axis-1/light-1"].index) == 2
    assert st.bonus(mine["axis-1/heavy-1"].index) == 4
    # the others wait on the bench, public like the units
    assert st.bench[0] == (("s4", "sniper", "Ojo", 11), ("s6", "artillery", "Dora", 1))
    assert st.view("allies-1")["bench"]["axis-1"][0] == {
        "type": "sniper",
        "name": "Ojo",
        "missions": 11,
        "rank": "Commander",
    }
    assert st.full_state()["state"]["bench"][0][0] == ["s4", "sniper", "Ojo", 11]


def test_dh48_a_veterans_rank_bonus_counts_in_his_attack():
    st = battle({"squads": squads(axis_1=VETERANS)})
    st.battle = field()
    st.hands, st.queue, st.pending, st.pool = [[], []], [], None, ()
    st.phase, st.round, st.order, st.turn, st.seat = "activate", 1, ("axis", "allies"), 0, 0
    st.after_cards = "initiative"
    juan, pedro = 0, 1  # axis-1/light-1 (10 missions) and axis-1/light-2 (none)
    target = next(u.index for u in st.units if u.key == "allies-1/light-1")
    for i, (x, y) in ((juan, (0, 0)), (pedro, (2, 0)), (target, (1, -3))):
        st.status[i], st.actions[i] = "active", 2
        st.pos[i] = st.battle.grid.index(st.battle.grid.parse(at(x, y)))
    st._legal_cache = None
    assert attack.ranged_terms(st, juan, target).attack == 2 + 2  # light +2, Commander +2
    assert attack.ranged_terms(st, pedro, target).attack == 2
    st.rng.force([3])  # 3 + 2 = 5 against 5: nothing for the private
    st.apply("axis-1", Action("fire", ("axis-1/light-2", "allies-1/light-1")))
    assert st.wounds[target] == 0
    st.rng.force([3])  # 3 + 4 = 7 against 5: two wounds for the veteran
    st.apply("axis-1", Action("fire", ("axis-1/light-1", "allies-1/light-1")))
    assert st.wounds[target] == 2


def drawn(st, card: str, seat: int) -> None:
    st.phase, st.after_cards, st.deck = "cards", "initiative", []
    st.queue = [(seat, card)]
    st._legal_cache = None
    flow.after_cards(st, [])


def test_dh50_a_unit_card_brings_the_first_benched_soldier_of_its_type():
    st = scene(battle=zoned())
    st.bench = list(battle({"squads": squads(allies_1=VETERANS)}).bench)
    st.rostered = (False, True)
    put(st, "able", "allies", "light", 0, 0)
    put(st, "gun", "allies", "artillery", 2, 0)
    put(st, "berg", "axis", "light", 0, -8)
    for card, name, missions, roster in (
        ("sniper", "Ojo", 11, "s4"),  # from the bench, with his record
        ("artillery", "Dora", 1, "s6"),  # a second gun: the second gun of the roster
        ("tank", "Tank 1", 0, ""),  # nobody of that type: a new private
    ):
        drawn(st, card, 1)
        st.apply("allies-1", Action("place", (sorted(st.legal_actions("allies-1"))[0].args[0],)))
        new = st.units[-1]
        assert (new.type, new.name, new.missions, new.roster) == (card, name, missions, roster)
        assert st.carried[new.index] == card
    assert st.bench[1] == ()
    assert st.bonus(next(u.index for u in st.units if u.name == "Ojo")) == 2


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "wants an object of seats"),
        ('{"axis-9": []}', "'axis-9' is not a seat of this line-up (axis-1, allies-1)"),
        ('{"axis-1": [], "axis-1": []}', "'axis-1' is given twice"),
        ('{"axis-1": {"s1": 1}}', "axis-1 wants a list of soldiers"),
        ('{"axis-1": [["s1", "light", "Juan"]]}', "axis-1, soldier 1: wants [ID, TYPE"),
        ('{"axis-1": [["s1", "cavalry", "Juan", 0]]}', "unknown unit type 'cavalry'"),
        ('{"axis-1": [["s1", "light", "Juan", -1]]}', "missions is a whole number from 0"),
        ('{"axis-1": [["s1", "light", "Juan", 2.5]]}', "missions is a whole number from 0"),
        ('{"axis-1": [["s1", "light", "Juan", true]]}', "missions is a whole number from 0"),
        ('{"axis-1": [["s1", "light", "Juan", "3"]]}', "missions is a whole number from 0"),
        ('{"axis-1": [["", "light", "Juan", 0]]}', "the id is text of 1 to 40"),
        ('{"axis-1": [["s1", "light", "A", 0], ["s1", "light", "B", 0]]}', "given twice"),
        ('{"axis-1": [["s1", "light", " ", 0]]}', "the name is printable text"),
        ('{"axis-1": [["s1", "light", "Juan", 1' + "0" * 5000 + "]]}", "not JSON"),
    ],
)
def test_dh50_a_bad_squads_option_is_refused_naming_it(text, reason):
    before = battle({"squads": squads(axis_1=VETERANS)}).full_state()
    with pytest.raises(ArgumentError, match="option squads") as err:
        battle({"squads": text})
    assert reason in str(err.value)
    assert len(str(err.value)) < 300
    # nothing of the refused battle stays behind: the same battle sets up as before
    assert battle({"squads": squads(axis_1=VETERANS)}).full_state() == before


def test_dh50_the_default_squads_option_is_no_roster():
    plain, empty = battle(), battle({"squads": ""})
    assert plain.full_state() == empty.full_state()
    assert not any(plain.full_state()["state"]["bench"]) and plain.view(None)["bench"] == {}
    assert all(u.roster == "" for u in plain.units)


def test_dh50_a_record_with_squads_replays_exactly_and_samples_keep_the_bench():
    st = play_out(battle({"squads": squads(axis_1=VETERANS, allies_1=VETERANS[:3])}, seed=4))
    record = st.record()
    assert json.loads(record["options"]["squads"])["axis-1"][0] == ["s1", "light", "Juan", 10]
    assert GAME.replay(record).full_state() == st.full_state()
    middle = GAME.replay(record, upto=len(record["actions"]) // 2)
    sample = middle.sample_hidden("allies-1", seed=9)
    assert sample.bench == middle.bench
    assert sample.view("allies-1") == middle.view("allies-1")


def test_dh49_missions_and_ranks_do_not_change_during_a_battle():
    st = battle({"squads": squads(axis_1=VETERANS)}, seed=2)
    start = [(u.name, u.missions) for u in st.units]
    play_out(st, seed=2)
    assert [(u.name, u.missions) for u in st.units[: len(start)]] == start


# ---- who came back ---------------------------------------------------------------------------
def test_dh47_survivors_lists_every_fielded_unit_and_whether_it_stands():
    st = scene()
    able = put(st, "able", "allies", "light", 0, 0)
    dead = put(st, "baker", "allies", "light", 1, 0)
    tank = put(st, "tank", "allies", "tank", 2, 0)
    wreck = put(st, "gun", "allies", "artillery", 3, 0)
    put(st, "berg", "axis", "light", 0, -5)
    st.status[dead], st.pos[dead] = "dead", -1
    st.sabotaged[tank] = True
    st.status[wreck] = "wreck"
    found = survivors(st, 1)
    assert [(f.name, f.alive) for f in found] == [
        ("able", True),
        ("baker", False),
        ("tank", True),  # a sabotaged tank still stands
        ("gun", False),  # a wreck does not
    ]
    assert GAME.campaign().fielded(st, "allies-1") == found
    assert able == 0


def roster_store(tmp_path, name: str = "Alpha"):
    store = open_store(tmp_path / "campaign.sqlite3")
    store.run(rosters.create_roster(name, GAME.name, "Spain", GAME.campaign().recruits()))
    return store


def fielded_from(store, name: str) -> list[Soldier]:
    return store.run(rosters.load_roster(name)).soldiers


def two_rosters(tmp_path):
    """A store with an Axis and an Allies roster, and the squads option fielding each."""
    store = open_store(tmp_path / "campaign.sqlite3")
    camp = GAME.campaign()
    for name in ("Axis", "Allies"):
        store.run(rosters.create_roster(name, GAME.name, "", camp.recruits()))
    rows = {
        seat: [[s.id, s.type, s.name, s.missions] for s in fielded_from(store, name)]
        for seat, name in (("axis-1", "Axis"), ("allies-1", "Allies"))
    }
    return store, rows


@pytest.mark.parametrize("ending", ["won", "lost", "draw"])
def test_dh47_dh50_a_battle_recorded_won_lost_or_drawn(tmp_path, ending):
    """Two rosters fight each other; both sides' survivors count the mission."""
    store, rows = two_rosters(tmp_path)
    options = {"squads": json.dumps(rows), **({"max_rounds": 1} if ending == "draw" else {})}
    for seed in range(1, 40):
        st = play_out(battle(options, seed=seed), seed=seed)
        winner = st.outcome.winner
        if ending == "draw" and winner is None:
            break
        if ending != "draw" and winner == ("axis-1" if ending == "won" else "allies-1"):
            break
    else:
        pytest.fail(f"no battle ended {ending}")
    fielded = survivors(st, 0)
    before = {s.id: s for s in fielded_from(store, "Axis")}
    done = store.run(rosters.record_battle("Axis", fielded))
    after = {s.id: s for s in fielded_from(store, "Axis")}
    for f in fielded:
        if f.id and f.alive:
            assert after[f.id].missions == before[f.id].missions + 1  # DH-47
        elif f.id:
            assert f.id not in after  # DH-50: the dead leave the roster
    newcomers = [f for f in fielded if not f.id and f.alive]
    assert [(s.name, s.missions) for s in done.joined] == [(f.name, 1) for f in newcomers]
    assert len(after) == sum(f.alive for f in fielded)
    assert {s.id for s in done.fallen} == {f.id for f in fielded if f.id and not f.alive}


def test_dh50_record_battle_survivors_dead_and_newcomers(tmp_path):
    store = roster_store(tmp_path)
    store.run(rosters.rename_soldier("Alpha", "s1", "Juan"))
    fielded = [
        Fielded("s1", "light", "Juan", 0, True),
        Fielded("s2", "light", "Light 2", 0, False),
        Fielded("s3", "light", "Light 3", 0, True),
        Fielded("", "sniper", "Sniper 1", 0, True),  # a card brought him: he joins
        Fielded("", "tank", "Tank 1", 0, False),  # a recruit who fell: nothing to keep
    ]
    done = store.run(rosters.record_battle("Alpha", fielded))
    soldiers = {s.id: s for s in fielded_from(store, "Alpha")}
    assert soldiers["s1"] == Soldier("s1", "light", "Juan", 1)
    assert "s2" not in soldiers and soldiers["s3"].missions == 1
    assert soldiers["s12"] == Soldier("s12", "sniper", "Sniper 1", 1)  # after s1 to s11
    assert len(soldiers) == 11 - 1 + 1
    assert [s.name for s in done.fallen] == ["Light 2"]
    assert [s.id for s in done.joined] == ["s12"]
    # the order of a roster is the order its soldiers joined: s12 after s11, never after s1
    assert [s.id for s in fielded_from(store, "Alpha")][-2:] == ["s11", "s12"]


class Counting:
    """A transaction that counts its statements, and fails the one numbered ``fail_at``."""

    def __init__(self, tx, fail_at: int = 0) -> None:
        self.tx, self.fail_at, self.count = tx, fail_at, 0

    def run(self, sql, params=()):
        self.count += 1
        if self.count == self.fail_at:
            raise sqlite3.OperationalError("disk I/O error (the test's)")
        return self.tx.run(sql, params)

    def is_conflict(self, exc):
        return self.tx.is_conflict(exc)


def test_dh50_a_battle_is_recorded_in_one_transaction_or_not_at_all(tmp_path):
    fielded = [
        Fielded("s1", "light", "Light 1", 0, True),
        Fielded("s2", "light", "Light 2", 0, False),
        Fielded("", "sniper", "Sniper 1", 0, True),
    ]
    twin = roster_store(tmp_path / "twin")
    counter: list[Counting] = []

    def counted(tx):
        counter.append(Counting(tx))
        return rosters.record_battle("Alpha", fielded)(counter[0])

    twin.run(counted)
    statements = counter[0].count
    assert statements >= 5  # the roster, its soldiers, an update, a delete, an insert

    store = roster_store(tmp_path)
    before = fielded_from(store, "Alpha")
    with pytest.raises(StorageError, match="the test's"):  # the store's one-line error
        store.run(lambda tx: rosters.record_battle("Alpha", fielded)(Counting(tx, statements)))
    assert fielded_from(store, "Alpha") == before  # the update and the delete are undone
    store.run(rosters.record_battle("Alpha", fielded))
    assert fielded_from(store, "Alpha") == twin.run(rosters.load_roster("Alpha")).soldiers


def test_rosters_refuse_unknown_names_taken_names_and_bad_names(tmp_path):
    store = roster_store(tmp_path)
    with pytest.raises(rosters.RosterError, match="no roster called 'Beta'"):
        store.run(rosters.load_roster("Beta"))
    with pytest.raises(rosters.RosterError, match="already"):
        store.run(rosters.create_roster("Alpha", GAME.name, "", []))
    with pytest.raises(rosters.RosterError, match="a roster's name"):
        rosters.create_roster("../etc", GAME.name, "", [])
    with pytest.raises(rosters.RosterError, match="no soldier 'Nobody'"):
        store.run(rosters.rename_soldier("Alpha", "Nobody", "Juan"))
    store.run(rosters.rename_soldier("Alpha", "Light 2", "Juan"))  # by his name
    with pytest.raises(rosters.RosterError, match="another soldier"):
        store.run(rosters.rename_soldier("Alpha", "s3", "Juan"))
    with pytest.raises(rosters.RosterError, match="reads as a soldier's id"):
        rosters.rename_soldier("Alpha", "s3", "s9")
    with pytest.raises(rosters.RosterError, match="printable text"):
        rosters.rename_soldier("Alpha", "s3", "x" * 61)
    assert fielded_from(store, "Alpha")[1].name == "Juan"
    assert [r.name for r in store.run(rosters.list_rosters())] == ["Alpha"]


def test_a_side_that_resigns_survives_no_mission_but_its_dead_stay_dead(tmp_path):
    """A ruling: resigning is abandoning the mission, so the side that resigns counts none
    (resigning at once must not farm ranks); the winner's survivors count theirs; soldiers
    who fell before the resignation leave the roster all the same (DH-47, DH-50)."""
    store, rows = two_rosters(tmp_path)
    for seed in range(1, 60):  # a battle in which the axis lost someone before resigning
        st = battle({"squads": json.dumps(rows)}, seed=seed)
        agent = RandomAgent(seed)
        while not st.is_over:
            lost = [f for f in survivors(st, 0) if not f.alive]
            if lost:
                break
            st.apply(st.current_players[0], agent.act(st, st.current_players[0]))
        if not st.is_over and lost:
            break
    else:
        pytest.fail("no battle found with an axis loss before its end")
    st.apply("axis-1", "resign")
    quitters, winners = survivors(st, 0), survivors(st, 1)
    assert not any(f.mission for f in quitters) and all(f.mission for f in winners)
    before = {s.id: s for s in fielded_from(store, "Axis")}
    store.run(rosters.record_battle("Axis", quitters))
    after = {s.id: s for s in fielded_from(store, "Axis")}
    for f in quitters:
        if f.id and f.alive:
            assert after[f.id].missions == before[f.id].missions  # no mission counted
        elif f.id:
            assert f.id not in after
    store.run(rosters.record_battle("Allies", winners))
    assert all(
        s.missions == 1
        for s in fielded_from(store, "Allies")
        if s.id in {f.id for f in winners if f.alive}
    )
