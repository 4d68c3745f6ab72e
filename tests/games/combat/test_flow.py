"""Combat!'s sequence of play as a player meets it."""

from __future__ import annotations

import random

import pytest

import wartable
from wartable.core.rng import Rng
from wartable.games.combat.scenario import EVENT_CARDS
from wartable.games.combat.state import CombatState

GAME = wartable.get_game("combat")


def test_attack_the_farmhouse_starts_with_deployment_in_columns_1_to_4():
    st = GAME.new_game("attack-the-farmhouse", seed=1)
    assert st.phase == "deploy" and 1 <= st.squad_roll <= 6
    legal = st.legal_actions("us")
    assert legal and all(a.verb == "deploy" and 1 <= int(a.args[1][:2]) <= 4 for a in legal)
    while st.phase == "deploy":
        st.apply("us", st.legal_actions("us")[0])
    assert st.phase == "cards" and len(st.hand) == 3
    assert not set(st.hand) & EVENT_CARDS  # 5.1.3: none in the opening hand
    us = [s for s in st.soldiers if s.side == "us"]
    assert len(us) == 12 and sum(1 for s in st.soldiers if s.side == "germany") == 55


def test_the_squad_comes_from_the_rolled_row_of_the_table():
    st = GAME.new_game("attack-the-farmhouse", seed=4)
    row = GAME.lib.characters.us.d6_table[st.squad_roll]
    assert [s.key for s in st.soldiers if s.side == "us"] == row


def test_face_down_counters_fill_the_setup_hexes_and_the_rest_wait_in_the_cup():
    st = GAME.new_game("attack-the-farmhouse", seed=2)
    view = st.view("us")
    germans = [s for s in view["soldiers"] if s["side"] == "germany"]
    assert len(germans) == 26 and view["cup"] == 55 - 26
    assert all("name" not in s and not s["known"] for s in germans)


def to_orders(st):
    while st.phase in ("deploy", "cards"):
        st.apply("us", st.legal_actions("us")[0])


def test_orders_go_in_squad_order_and_refusals_say_why():
    st = GAME.new_game("a-meeting-of-patrols", seed=3)
    assert st.phase == "cards"
    to_orders(st)
    first, second = st.legal_actions("us")[0], "pvt-brubaker"
    assert first.args[0] == "sgt-taylor"
    with pytest.raises(wartable.IllegalActionError, match="Sgt Taylor is next"):
        st.apply("us", f"order {second} hide")
    with pytest.raises(wartable.IllegalActionError, match="may take only"):
        st.apply("us", "order sgt-taylor charge")
    orders = {a.args[1] for a in st.legal_actions("us")}
    assert {"aimed_fire", "rapid_fire", "sprint", "hide", "plan"} <= orders  # Taylor leads
    assert "rally" not in orders  # only from Cautious down (7.17)


def test_a_slow_rifle_cannot_fire_rapidly():
    st = GAME.new_game("a-meeting-of-patrols", seed=3)
    to_orders(st)
    st.apply("us", "order sgt-taylor aimed_fire")
    orders = {a.args[1] for a in st.legal_actions("us")}  # Brubaker, M1 Garand: not slow
    assert "rapid_fire" in orders and "plan" not in orders


def test_patrol_germans_take_their_first_orders_from_a_die():
    st = GAME.new_game("a-meeting-of-patrols", seed=3)
    to_orders(st)
    events = []
    while st.phase == "orders":
        events += st.apply("us", st.legal_actions("us")[0])
    rolled = [e for e in events if e.kind == "enemy-order"]
    assert len(rolled) == 12 and all(" rolls " in e.text for e in rolled)
    on_map = [s.index for s in st.soldiers if s.side == "germany" and st.alive(s.index)]
    assert {st.order[i] for i in on_map} <= {"evade", "sneak", "duck_back", "hide"}


def test_a_whole_game_ends_with_victory_points_and_a_level():
    st = GAME.new_game("a-meeting-of-patrols", seed=9)
    rng = Rng(4)
    while not st.is_over:
        st.apply("us", rng.choice(st.legal_actions("us")))
    levels = [lv.result for lv in GAME.lib.scenarios["a-meeting-of-patrols"].victory.levels["list"]]
    assert st.outcome.kind in levels
    assert st.turn == 7 and st.outcome.scores["us"] == sum(p for _, p in st.vp_log)


def test_fire_choices_show_the_modified_skill_and_the_odds():
    for seed in range(30):
        st = GAME.new_game("a-meeting-of-patrols", seed=seed)
        rng = Rng(seed)
        while not st.is_over:
            legal = st.legal_actions("us")
            fires = [a for a in legal if a.verb == "fire"]
            if fires:
                info = st.action_info("us", fires[0])
                assert info["text"].startswith("WS ") and 0 <= info["chance"] <= 1
                return
            orders = [a for a in legal if a.verb == "order" and a.args[1] == "rapid_fire"]
            st.apply("us", orders[0] if orders else rng.choice(legal))
    pytest.fail("no fire choice came up in 30 games")


@pytest.mark.slow
def test_the_heuristic_plays_the_patrol_far_better_than_random():
    from wartable.sim import run_batch

    def mean_vp(agent):
        batch = run_batch("combat", "a-meeting-of-patrols", [agent], games=16, seed=7, workers=1)
        return batch.summary()["mean_scores"]["us"], batch.summary()["wins"]["us"]

    heuristic, wins = mean_vp("heuristic")
    random_vp, random_wins = mean_vp("random")
    assert heuristic >= random_vp + 5, (heuristic, random_vp)
    assert wins > random_wins


def test_a_finished_game_tallies_casualties_for_the_balance_figures():
    from wartable.sim import run_batch

    batch = run_batch("combat", "a-meeting-of-patrols", ["random"], games=4, seed=3, workers=1)
    stats = batch.summary()["stats"]
    assert set(stats) == {
        "friendly_killed",
        "friendly_wounded",
        "friendly_captured",
        "enemy_killed",
        "enemy_captured",
        "objectives_reached",
    }
    for r in batch.results:
        assert 0 <= r.stats["friendly_killed"] + r.stats["friendly_captured"] <= 6
        assert r.stats["objectives_reached"] <= 4
    killed = [r.stats["friendly_killed"] for r in batch.results]
    assert stats["friendly_killed"] == sum(killed) / 4


def test_the_patrols_victory_points_agree_with_its_tally():
    from wartable.sim import run_batch

    batch = run_batch("combat", "a-meeting-of-patrols", ["heuristic"], games=6, seed=5, workers=1)
    for r in batch.results:
        s = r.stats
        vp = (
            4 * s["objectives_reached"]
            + s["enemy_killed"]
            + s["enemy_captured"]
            - 3 * (s["friendly_killed"] + s["friendly_captured"])
            - s["friendly_wounded"]
        )
        assert r.scores["us"] == vp, (r.seed, s)


def test_simulations_give_each_victory_level_with_its_interval():
    from wartable.sim import run_batch

    summary = run_batch(
        "combat", "a-meeting-of-patrols", ["random"], games=5, seed=2, workers=1
    ).summary()
    rates = summary["reason_rates"]
    assert set(rates) == set(summary["reasons"])
    for kind, count in summary["reasons"].items():
        low, high = rates[kind]["ci95"]
        assert rates[kind]["rate"] == count / 5 and low <= count / 5 <= high


def test_the_initiative_track_holds_only_teams_with_men_in_the_scenario():
    """A Meeting of Patrols fields Able and Charlie, and Blue and Red: no Baker marker."""
    st = GAME.new_game("a-meeting-of-patrols", seed=3)
    to_orders(st)
    while st.phase == "orders":
        st.apply("us", st.legal_actions("us")[0])
    teams = [t for _, t in st.track]
    assert sorted(teams) == ["able", "blue", "charlie", "red"]


PATROL_MEN = {  # the scenario's named men and their roles
    ("blue", "Obfr Sauer"): "nco",
    ("blue", "Soldat Hahn"): "rifleman",
    ("blue", "Soldat Abbas"): "recruit",
    ("red", "Obfr Franke"): "nco",
    ("red", "Obfr Gunther"): "veteran",
    ("red", "Soldat Haas"): "sniper",
    ("red", "Soldat Jung"): "rifleman",
    ("red", "Soldat Engel"): "recruit",
}


def test_the_patrols_germans_have_the_roles_the_scenario_gives_their_names():
    for seed in (1, 2):
        st = GAME.new_game("a-meeting-of-patrols", seed=seed)
        dealt = {(s.team, s.name): s.role for s in st.soldiers if s.side == "germany"}
        for man, role in PATROL_MEN.items():
            assert dealt[man] == role, man


RANKS = {"officer": ("Lt ", "Hptm "), "nco": ("Obfr ",)}


def test_every_germans_rank_fits_his_role():
    """A lieutenant leads, an Obergefreiter is an NCO or veteran, a Soldat is neither."""
    for sid in ("attack-the-farmhouse", "a-meeting-of-patrols"):
        st = GAME.new_game(sid, seed=5)
        for s in st.soldiers:
            if s.side != "germany" or s.decoy:
                continue
            if s.role in RANKS:
                assert s.name.startswith(RANKS[s.role]), (s.name, s.role)
            elif s.role != "veteran":
                assert s.name.startswith("Soldat "), (s.name, s.role)


def test_a_copy_holds_every_field_and_shares_no_column():
    """``_copy`` names each field (a compiled state has no ``__dict__`` to copy): one left out
    would be missing here, and a shared list would let a search's look-ahead change the game."""
    st = GAME.new_game("attack-the-farmhouse", seed=3)
    rng = random.Random(3)
    for _ in range(150):
        st.apply("us", rng.choice(st.legal_actions("us")))
    twin = st.clone()
    fields = set(CombatState.__annotations__)
    assert fields <= set(vars(twin))
    for name in fields - {"rng"}:  # the generator is compared by the digest
        mine, theirs = getattr(st, name), getattr(twin, name)
        assert mine == theirs, name
        if isinstance(mine, list | dict):
            assert mine is not theirs, name
    assert twin.full_state() == st.full_state()
