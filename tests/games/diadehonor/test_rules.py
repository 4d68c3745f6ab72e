"""One test per rule of the core of play (rules index ids), with forced dice."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from tests.games.diadehonor.scene import at, field, put, scene
from wartable.core.action import Action
from wartable.core.errors import IllegalActionError
from wartable.games.diadehonor.game import DiaDeHonor, seats
from wartable.games.diadehonor.rules import attack, ground


def duel_ready():
    st = scene()
    a = put(st, "able", "allies", "light", 0, 0)
    b = put(st, "berg", "axis", "light", 0, -3)
    return st, a, b


def test_dh12_a_natural_six_always_wounds_at_least_once():
    assert attack.wounds_dealt(6, 6, 20) == 1
    assert attack.wounds_dealt(6, 12, 9) == 3


def test_dh13_a_natural_one_always_misses():
    assert attack.wounds_dealt(1, 30, 5) == 0


def test_dh28_no_wound_unless_the_total_beats_the_defence():
    assert attack.wounds_dealt(4, 6, 6) == 0 and attack.wounds_dealt(4, 7, 6) == 1


def test_dh10_one_attack_a_round_and_two_actions_at_most():
    st, _, _ = duel_ready()
    st.rng.force([2])
    st.apply("allies-1", Action("fire", ("able", "berg")))
    assert Action("fire", ("able", "berg")) not in st.legal_actions("allies-1")
    with pytest.raises(IllegalActionError, match="already attacked"):
        st.apply("allies-1", Action("fire", ("able", "berg")))
    st.apply("allies-1", Action("prone", ("able",)))
    assert not [x for x in st.legal_actions("allies-1") if x.args[:1] == ("able",)]


def test_dh15_dh19_light_infantry_crosses_adverse_ground_at_full_speed():
    woods = ["r" * 16 if 2 <= i <= 20 else "." * 16 for i in range(24)]
    st = scene(battle=field(woods))
    light = put(st, "light", "allies", "light", 0, 0)
    assault = put(st, "assault", "allies", "assault", 2, 0)
    assert max(ground.reach(st, light).values()) == 6
    far = {st.battle.grid.squares[q][1] for q in ground.reach(st, light)}
    assert min(far) == 11 - 6  # six squares through rough ground
    slow = {st.battle.grid.squares[q][1] for q in ground.reach(st, assault)}
    assert min(slow) == 11 - 1  # speed 3 at 2 points a square: one square (Q9)


def test_dh21_a_prone_soldier_crawls_at_half_speed_and_stays_prone():
    st = scene()
    i = put(st, "able", "allies", "light", 0, 0, prone=True)
    put(st, "berg", "axis", "light", 7, 10)
    assert Action("move", ("able", at(0, -1))) not in st.legal_actions("allies-1")
    assert Action("crawl", ("able", at(0, -3))) in st.legal_actions("allies-1")
    assert Action("crawl", ("able", at(0, -4))) not in st.legal_actions("allies-1")
    st.apply("allies-1", Action("crawl", ("able", at(0, -3))))
    assert st.prone[i]
    st.apply("allies-1", Action("stand", ("able",)))
    assert not st.prone[i] and st.actions[i] == 0


def test_dh26_no_passing_through_enemies_and_one_unit_a_square():
    rows = ["." * 16] * 24
    st = scene(battle=field(rows))
    i = put(st, "able", "allies", "assault", 0, 0)
    put(st, "friend", "allies", "light", 0, -1)
    assert st.battle.grid.index(st.battle.grid.parse(at(0, -1))) not in ground.reach(st, i)
    assert st.battle.grid.index(st.battle.grid.parse(at(0, -2))) in ground.reach(st, i)


def test_dh29_dense_woods_block_sight_and_units_do_not():
    rows = ["." * 16] * 24
    rows[9] = "." * 8 + "w" + "." * 7  # the square (0, -2)
    st = scene(battle=field(rows))
    a = put(st, "able", "allies", "light", 0, 0)
    b = put(st, "berg", "axis", "light", 0, -4)
    c = put(st, "carl", "axis", "light", 2, -4)
    put(st, "dora", "allies", "light", 1, -2)  # a unit on the line to Carl: no matter
    assert not ground.sees(st, a, b) and ground.sees(st, a, c)
    assert Action("fire", ("able", "berg")) not in st.legal_actions("allies-1")


def test_dh30_beyond_range_is_minus_four_and_there_is_no_maximum():
    st = scene()
    a = put(st, "able", "allies", "light", 0, 0)
    b = put(st, "berg", "axis", "light", 0, -10)
    assert attack.ranged_terms(st, a, b).attack == 2 - 4
    assert Action("fire", ("able", "berg")) in st.legal_actions("allies-1")


def test_dh31_higher_ground_is_plus_one():
    levels = ["0" * 16] * 24
    levels[11] = "0" * 8 + "1" + "0" * 7
    st = scene(battle=field(levels=levels))
    a = put(st, "able", "allies", "light", 0, 0)
    b = put(st, "berg", "axis", "light", 0, -3)
    assert attack.ranged_terms(st, a, b).attack == 3
    assert attack.ranged_terms(st, b, a).attack == 2  # firing uphill: nothing


def test_dh34_dh35_cover_and_prone_add_up_to_four():
    rows = ["." * 16] * 24
    rows[12] = "." * 8 + "W" + "." * 7  # a wall next to (0, 0)
    st = scene(battle=field(rows))
    a = put(st, "able", "allies", "light", 0, 0, prone=True)
    b = put(st, "berg", "axis", "light", 0, -3)
    assert attack.ranged_terms(st, b, a).defence == 5 + 4


def test_dh34_a_tank_or_gun_gives_cover_to_both_sides():
    st = scene()
    a = put(st, "able", "allies", "light", 0, 0)
    put(st, "gun", "axis", "artillery", 1, 1)
    b = put(st, "berg", "axis", "light", 0, -3)
    assert attack.ranged_terms(st, b, a).defence == 5 + 2


def test_dh33_dh72_a_tank_is_never_flanked_and_only_tanks_and_heavies_fire_on_it():
    st = scene()
    tank = put(st, "tank", "axis", "tank", 0, -3)
    put(st, "able", "allies", "light", 0, 0)
    h = put(st, "hank", "allies", "heavy", 0, -6)
    assert Action("fire", ("able", "tank")) not in st.legal_actions("allies-1")
    assert Action("fire", ("hank", "tank")) in st.legal_actions("allies-1")
    assert ground.flanker(st, h, tank) == -1


def test_dh36_to_dh39_melee_the_defender_may_win_and_damage_ignores_resistance():
    st = scene()
    a = put(st, "able", "allies", "light", 0, 0, prone=True)
    b = put(st, "berg", "axis", "light", 0, -1)
    st.rng.force([3, 3, 2, 6])  # equal totals: again; then berg wins with a natural 6
    st.apply("allies-1", Action("melee", ("able", "berg")))
    assert st.wounds[b] == 0 and st.wounds[a] == 2
    assert st.attacked[a]


def test_dh38_a_winner_rolling_low_deals_nothing():
    st = scene()
    put(st, "able", "allies", "assault", 0, 0)
    put(st, "berg", "axis", "light", 0, -1)
    st.rng.force([4, 2])  # 4 + 3 beats 2 + 2, but a natural 4 wounds nobody
    st.apply("allies-1", Action("melee", ("able", "berg")))
    assert st.wounds == [0, 0]


def test_dh40_machines_never_duel():
    st = scene()
    put(st, "able", "allies", "light", 0, 0)
    put(st, "gun", "axis", "artillery", 0, -1)
    assert not [x for x in st.legal_actions("allies-1") if x.verb == "melee"]


def test_dh48_rank_bonus_from_missions():
    st = scene()
    a = put(st, "able", "allies", "light", 0, 0, missions=6)
    b = put(st, "berg", "axis", "light", 0, -3, missions=25)
    terms = attack.ranged_terms(st, a, b)
    assert terms.attack == 2 + 1 and terms.defence == 5 + 4


def test_dh77_artillery_supports_infantry_against_the_same_soldier():
    st = scene()
    put(st, "able", "allies", "light", 0, 0)
    gun = put(st, "gun", "allies", "artillery", 2, 0)
    b = put(st, "berg", "axis", "light", 0, -3)
    before = attack.ranged_terms(st, gun, b).attack
    st.rng.force([1])
    st.apply("allies-1", Action("fire", ("able", "berg")))  # a miss still counts (Q29)
    assert attack.ranged_terms(st, gun, b).attack == before + 3


def test_dh82_destroying_the_enemy_squad_wins_for_the_side():
    st = scene()
    put(st, "able", "allies", "assault", 0, 0)
    b = put(st, "berg", "axis", "light", 0, -3, wounds=4)
    st.rng.force([6])
    st.apply("allies-1", Action("fire", ("able", "berg")))
    assert st.status[b] == "dead" and st.is_over
    assert st.outcome.scores == {"axis-1": -1.0, "allies-1": 1.0}


def test_dh5_initiative_ties_roll_again_and_the_winner_chooses():
    g = DiaDeHonor()
    st = g.new_game("crossroads", seed=3)
    st.hands, st.queue, st.deck = [[], []], [], []  # no card in the way
    while st.phase == "deploy":
        p = st.current_players[0]
        st.rng.force([] if st.rng.forced else [4, 4, 2, 5])
        st.apply(p, st.legal_actions(p)[0])
    assert st.phase == "initiative" and st.current_players == ("allies-1",)  # 2 v 5 after a tie
    st.apply("allies-1", Action("initiative", ("second",)))
    assert st.order == ("axis", "allies") and st.current_players == ("axis-1",)


def test_setup_units_are_deployed_one_at_a_time_in_any_order():
    """At set-up every unit in reserve may be placed next, on every free square of the start
    zone; two different units may each be the first one placed, and the seat keeps deploying
    until none is left in reserve."""
    g = DiaDeHonor()
    fresh = g.new_game("crossroads", seed=3)
    reserve = [u.key for u in fresh.units if u.seat == 0]
    legal = fresh.legal_actions("axis-1")
    assert {a.args[0] for a in legal} == set(reserve)
    zone = {a.args[1] for a in legal if a.args[0] == reserve[0]}
    assert all({a.args[1] for a in legal if a.args[0] == k} == zone for k in reserve)
    assert len(legal) == len(reserve) * len(zone)
    firsts = {}
    for key in (reserve[0], reserve[-1]):  # a light infantryman, the artillery piece
        st = g.new_game("crossroads", seed=3)
        square = sorted(zone)[0]
        st.apply("axis-1", Action("deploy", (key, square)))
        firsts[key] = square
        i = next(u.index for u in st.units if u.key == key)
        assert st.status[i] == "active" and st.battle.labels[st.pos[i]] == square
        assert st.current_players == ("axis-1",)
        left = st.legal_actions("axis-1")
        assert {a.args[0] for a in left} == set(reserve) - {key}
        assert all(a.args[1] != square for a in left)
    assert len(firsts) == 2
    st = g.new_game("crossroads", seed=3)
    st.apply("axis-1", Action("deploy", (reserve[-1], sorted(zone)[0])))
    with pytest.raises(IllegalActionError, match="any of them"):
        st.apply("axis-1", Action("deploy", (reserve[-1], sorted(zone)[1])))  # placed already
    for key, square in zip(reversed(reserve[:-1]), sorted(zone)[1:], strict=False):
        st.apply("axis-1", Action("deploy", (key, square)))
    assert st.current_players == ("allies-1",)  # the next seat deploys once all are placed


def test_line_ups_alternate_sides_in_a_fixed_order():
    assert seats("3v2")[0] == ("axis-1", "allies-1", "axis-2", "allies-2", "axis-3")
    assert seats("2v3")[0] == ("axis-1", "allies-1", "axis-2", "allies-2", "allies-3")
    with pytest.raises(Exception, match="1v1, 2v1"):
        DiaDeHonor().new_game(None, options={"players": "3v1"})


def cards_in_play(st) -> Counter:
    pending = [st.pending[2]] if st.pending else []
    held = [c for hand in st.hands for c in hand] + [c for _, c in st.queue] + pending
    held += [c for c in st.carried if c]  # unit cards stay with their units (DH-57)
    return Counter(st.deck) + Counter(held)


@settings(max_examples=8)
@given(
    lineup=st_.sampled_from(["1v1", "2v1", "1v2", "2v2", "3v2", "2v3", "3v3"]),
    battlefield=st_.sampled_from(["crossroads", "hedgerow", "ruined-village", "front-line"]),
    seed=st_.integers(0, 2**32),
)
def test_random_battles_end_and_keep_their_invariants(lineup, battlefield, seed):
    from wartable.agents.random import RandomAgent

    options = {"players": lineup, "max_rounds": 2}
    st = DiaDeHonor().new_game(battlefield, seed=seed, options=options)
    agent = RandomAgent(seed)
    deck = cards_in_play(st)
    while not st.is_over:
        p = st.current_players[0]
        st.apply(p, agent.act(st, p))
        assert_invariants(st, deck)
    assert st.outcome is not None


def assert_invariants(st, deck: Counter) -> None:
    placed = [st.pos[u.index] for u in st.units if st.status[u.index] in ("active", "wreck")]
    assert len(placed) == len(set(placed))  # one unit a square (DH-26)
    assert all(0 <= w <= 5 for w in st.wounds)  # DH-44
    assert cards_in_play(st) == deck  # no card made or lost
    for seat in range(len(st.players)):  # never over a cap (DH-55)
        for kind, sheet in st.lib.units.items():
            fielded = [u for u in st.units if u.seat == seat and u.type == kind]
            assert sum(st.on_map(u.index) for u in fielded) <= sheet.cap


UNIT_TYPES = ["light", "assault", "heavy", "sniper", "green_beret", "tank", "artillery"]
soldier_rows = st_.lists(
    st_.tuples(st_.sampled_from(UNIT_TYPES), st_.integers(0, 40)), min_size=1, max_size=8
)


@settings(max_examples=6, deadline=None)
@given(
    lineup=st_.sampled_from(["1v1", "2v1", "1v2", "2v2", "3v2", "2v3", "3v3"]),
    battlefield=st_.sampled_from(["crossroads", "hedgerow", "ruined-village", "front-line"]),
    seed=st_.integers(0, 2**32),
    squad=soldier_rows,
    thinking=st_.booleans(),
)
def test_whole_battles_with_campaign_squads_end_and_keep_their_invariants(
    lineup, battlefield, seed, squad, thinking
):
    """Whole battles (no round limit but the rules' own), the first seat fielding a campaign
    squad (DH-46 to DH-50) whose soldiers unit cards call up, the other seats random or the
    heuristic, which plays its cards and objectives on purpose: units never share a square
    (DH-26), wounds stay within 0..5 (DH-44), caps hold (DH-55), no card is made or lost,
    every objective stays its seat's own, and the battle ends. The squad's soldiers take the
    field as they are on the roster; recruits fill the types it lacks."""
    from wartable.agents.random import RandomAgent
    from wartable.games.diadehonor.ai import HeuristicAgent

    players = seats(lineup)[0]
    rows = [[f"s{k}", kind, f"Soldier {k}", missions] for k, (kind, missions) in enumerate(squad)]
    options = {"players": lineup, "squads": json.dumps({players[0]: rows})}
    st = DiaDeHonor().new_game(battlefield, seed=seed, options=options)
    agents = {
        p: HeuristicAgent(seed + k) if thinking and k % 2 else RandomAgent(seed + k)
        for k, p in enumerate(players)
    }
    deck, dealt = cards_in_play(st), list(st.objectives)
    for _ in range(20_000):
        if st.is_over:
            break
        p = st.current_players[0]
        st.apply(p, agents[p].act(st, p))
        assert_invariants(st, deck)
        assert list(st.objectives) == dealt
    assert st.is_over and st.outcome is not None
    given = {r[2]: (r[1], r[3]) for r in rows}  # a soldier keeps type and missions (DH-49)
    assert all(
        (u.type, u.missions) == given[u.name] for u in st.units if u.seat == 0 and u.name in given
    )


@pytest.mark.parametrize(
    ("seat", "action", "why"),
    [
        ("axis-1", "fire berg able", "waiting for allies-1"),
        ("allies-1", "fire able carl", "enemy unit in sight"),
        ("allies-1", "move able P24", "cannot reach"),
        ("allies-1", "play grenade able berg", "hold no 'grenade'"),
        ("allies-1", "melee able carl", "8 squares around"),
    ],
)
def test_an_illegal_action_says_why_and_changes_nothing(seat, action, why):
    rows = ["." * 16] * 24
    rows[9] = "." * 8 + "w" + "." * 7
    st = scene(battle=field(rows))
    put(st, "able", "allies", "light", 0, 0)
    put(st, "berg", "axis", "light", 1, -1)
    put(st, "carl", "axis", "light", 0, -4)  # behind the woods
    before = st.full_state()
    with pytest.raises(IllegalActionError, match=why):
        st.apply(seat, action)
    assert st.full_state() == before


def test_the_odds_before_a_shot_name_every_modifier_and_sum_to_one():
    st, _, berg = duel_ready()
    st.prone[berg] = True
    info = st.action_info("allies-1", Action("fire", ("able", "berg")))
    assert "prone +2" in info["text"] and "attack 2" in info["text"]
    assert info["attack"] == 2 and info["defence"] == 7  # R 5, prone +2
    assert abs(sum(info["wounds"].values()) - 1) < 1e-9
    assert info["wounds"] == pytest.approx({"0": 5 / 6, "1": 1 / 6})  # a natural 6 only
    assert info["chance"] == pytest.approx(1 / 6)


def test_the_odds_of_a_duel_between_equals_are_even():
    st = scene()
    put(st, "able", "allies", "light", 0, 0)
    put(st, "berg", "axis", "light", 0, -1)
    info = st.action_info("allies-1", Action("melee", ("able", "berg")))
    assert info["chance"] == pytest.approx(0.5)
    assert "wins 50%" in info["text"]
