"""Air combat played through the game state (GM-66 to GM-74, GM-98, A-13): a fighter
attacks anything of the enemy's in its own Fire phase; a bomber is played like a support
card and rolls for every unit in its area, or once at the enemy HQ; anti-aircraft guns
fire once a turn at an attack from the air whose target lies in reach; waiting fighters
intercept attacking fighters and bombers; a bomber's escorts fight the interceptors first
and its machine guns fire at each interceptor left; an aircraft shot down never attacks,
a damaged one attacks with its wounds' penalty. The rulings followed are in
docs/games/tactics2gm.md."""

from __future__ import annotations

import dataclasses

from tests.games.tactics2gm.scenes import legal, pass_until, put, refused, scene, shot, sq
from wartable.games.tactics2gm.rules.field import GRID


def kinds(events):
    """The kinds of ``events`` up to the Flip phase the turn then goes on to by itself."""
    return shot(events)


def waiting(st, card, side):
    """A fighter of ``card`` deployed at its side's HQ earlier, its weapons ready."""
    p = put(st, card, side, "A1")
    p.sq = None
    return p


def bomber_scene(*, flak_at="D6", target="C4"):
    """The allies' Deployment phase with a B-25 (bombs B4-D4 when aimed at C4: bomb load
    5+/9, 2 damage; armour 2, 3 wounds) and a card to keep the phase going; German
    grenadiers on ``target``; an 88 (5+/9, range 5, penetration 7, 2 damage) on
    ``flak_at``."""
    st = scene("deploy")
    st.hands[0] = ["usa_b25", "light_infantry"]
    put(st, "ger_grenadiers", 1, target)
    if flak_at:
        put(st, "ger_flak88", 1, flak_at)
    return st


# ---- what attacks from the air (GM-67, GM-68) --------------------------------------------------
def test_gm67_a_fighter_attacks_in_its_fire_phase_any_enemy_target_at_any_range():
    """GM-67: from its HQ a fighter reaches any enemy unit wherever it stands, a building,
    the enemy HQ and an aircraft waiting there; never a friend; its rockets, made for the
    ground, never the aircraft; and it attacks in its own Fire phase, not before."""
    st = scene("fire")
    waiting(st, "usa_p47", 0)  # .50 cal at air and ground, range 2; rockets at the ground
    put(st, "light_infantry", 0, "A1")
    put(st, "ger_grenadiers", 1, "H6")  # far beyond its weapons' range of 2
    waiting(st, "ger_bf109", 1)
    st.terrain[sq("C5")], st.owner[sq("C5")] = "house", 1  # an empty building
    guns = {a.split()[3] for a in legal(st) if a.startswith("fire usa_p47-1 w1 ")}
    rockets = {a.split()[3] for a in legal(st) if a.startswith("fire usa_p47-1 w2 ")}
    assert guns == {"ger_grenadiers-1", "ger_bf109-1", "hq", "C5"}
    assert rockets == {"ger_grenadiers-1", "hq", "C5"}
    st.phase, st._legal_cache = "move", None
    assert not [a for a in legal(st) if a.startswith("fire")]
    refused(st, "allies", "fire usa_p47-1 w1 ger_grenadiers-1")


def test_gm68_a_bomber_rolls_for_every_unit_in_its_area_friend_or_foe_and_is_discarded():
    """GM-68: played in the Deployment phase for its launch cost, the bomber rolls once for
    each unit in its area, its own side's included, then goes to the discard pile."""
    st = bomber_scene(flak_at="")  # aimed at C4, the B-25 bombs B4, C4 and D4
    friend = put(st, "light_infantry", 0, "B4")
    foe = put(st, "ger_grenadiers", 1, "D4")
    spared = put(st, "ger_grenadiers", 1, "E4")  # beside the area
    st.rng.force([5, 5, 5])  # each a hit: 2 wounds
    events = st.apply("allies", "play usa_b25 C4")
    assert kinds(events) == ["bomber", "hit", "hit", "hit"]
    hit = [st.piece("ger_grenadiers-1"), foe, friend, spared]
    assert [p.wounds for p in hit] == [2, 2, 2, 0]
    assert st.piece("usa_b25-1") is None and st.discards[0] == ["usa_b25"]
    assert st.ap[0] == 10 - 3 and st.phase == "deploy"  # its launch cost, as a support card


def test_gm68_a_bombers_one_attack_on_the_hq_only_in_the_deployment_phase():
    """GM-68: aimed at the enemy HQ it makes one attack; in the Fire phase it is not
    played."""
    st = bomber_scene(flak_at="")
    st.rng.force([5])
    events = st.apply("allies", "play usa_b25 hq")
    assert kinds(events) == ["bomber", "hq_hit"] and st.hq_hp == [10, 8]
    assert st.discards[0] == ["usa_b25"]
    st = scene("fire")
    st.hands[0] = ["usa_b25"]
    put(st, "light_infantry", 0, "D1")
    put(st, "ger_grenadiers", 1, "D3")
    assert not [a for a in legal(st) if a.startswith("play")]
    refused(st, "allies", "play usa_b25 hq")


# ---- anti-aircraft fire (GM-72, A-13) ---------------------------------------------------------
def test_gm72_a_gun_in_reach_fires_first_and_a_damaged_bomber_bombs_with_its_penalty():
    """GM-72; GM-98: a gun with Anti-Aéreo (the 88) works as GM-72 says: it answers the
    bomber out of its turn, before the bombs fall."""
    st = bomber_scene()
    events = st.apply("allies", "play usa_b25 C4")
    assert kinds(events) == ["bomber", "air_alert"]
    assert st.current_players == ("axis",)  # out of the axis' turn (GM-72)
    assert legal(st, "axis") == {"flak ger_flak88-1 w1 usa_b25-1", "pass"}
    assert st.ap[0] == 10 - 3  # the launch cost is paid as it takes off (GM-3)
    st.rng.force([6, 7])  # the 88 hits: 2 wounds; the bomb load then needs 7+
    events = st.apply("axis", "flak ger_flak88-1 w1 usa_b25-1")
    assert kinds(events) == ["hit"] and st.piece("usa_b25-1").wounds == 2
    assert legal(st, "axis") == {"pass"}  # once a turn
    events = st.apply("axis", "pass")
    assert kinds(events) == ["hit"] and "needs 7+" in events[0].text  # +2/+2 (GM-73)
    assert st.piece("usa_b25-1") is None and st.discards[0] == ["usa_b25"]
    assert st.piece("ger_grenadiers-1").wounds == 2
    assert st.current_players == ("allies",) and st.sortie is None


def test_gm73_a_bomber_shot_down_never_attacks():
    st = bomber_scene()
    st.apply("allies", "play usa_b25 C4")
    st.rng.force([9])  # a critical: penetration 7 beats armour 2
    events = st.apply("axis", "flak ger_flak88-1 w1 usa_b25-1")
    assert kinds(events) == ["critical", "destroyed", "shot_down"]
    assert st.sortie is None and st.current_players == ("allies",)
    assert st.piece("ger_grenadiers-1").wounds == 0
    assert st.discards[0] == ["usa_b25"] and st.destroyed == [1, 0]


def test_a13_a_gun_out_of_reach_of_the_area_is_not_asked():
    st = bomber_scene(flak_at="H6")  # 5 steps from the nearest bombed square, D4... just
    assert legal(st, "allies") >= {"play usa_b25 C4"}
    st.rng.force([1])
    events = st.apply("allies", "play usa_b25 B4")  # A4-C4: 7 steps at the nearest
    assert kinds(events) == ["bomber", "miss"] and st.sortie is None
    st2 = bomber_scene(flak_at="H6")
    events = st2.apply("allies", "play usa_b25 E4")  # D4-F4: F4 is 4 steps from H6
    assert kinds(events) == ["bomber", "air_alert"]


def test_a13_the_reach_to_an_hq_attack_is_the_guns_distance_from_its_own_hq():
    st = bomber_scene(flak_at="A3")  # axis HQ distance from A3: 1 + 3 columns + 3 lines = 7
    st.rng.force([1])
    events = st.apply("allies", "play usa_b25 hq")
    assert kinds(events) == ["bomber", "miss"]
    st = bomber_scene(flak_at="C6")  # 1 + 1 column = 2
    events = st.apply("allies", "play usa_b25 hq")
    assert kinds(events) == ["bomber", "air_alert"]


def test_a13_a_gun_fires_at_the_air_once_a_turn_and_again_the_next_turn():
    st = bomber_scene()
    st.hands[0] = ["usa_b25", "usa_p47"]
    st.ap[0] = 20
    st.apply("allies", "play usa_b25 C4")
    st.rng.force([1, 1])
    st.apply("axis", "flak ger_flak88-1 w1 usa_b25-1")
    assert st.piece("ger_flak88-1").flak
    st.apply("axis", "pass")
    st.apply("allies", "deploy usa_p47 hq")
    pass_until(st, "allies", "fire", 1)
    st.rng.force([1])
    events = st.apply("allies", "fire usa_p47-1 w1 ger_grenadiers-1")
    assert kinds(events) == ["suppressed", "miss", "fighter_home"]  # the gun has fired: no alert
    pass_until(st, "axis", "move", 2)
    assert not st.piece("ger_flak88-1").flak  # a new turn


def test_gm72_a_gun_may_fire_at_the_air_after_firing_in_its_own_turn():
    st = bomber_scene()
    st.piece("ger_flak88-1").fired = ("w1",)  # fired at the ground in its own turn
    events = st.apply("allies", "play usa_b25 C4")
    assert kinds(events) == ["bomber", "air_alert"]


def test_gm72_a_gun_fires_at_paratroopers_dropping_and_they_cannot_be_intercepted():
    st = scene("deploy")
    st.hands[0] = ["usa_airborne", "light_infantry"]
    put(st, "ger_flak88", 1, "D6")
    waiting(st, "ger_bf109", 1)
    events = st.apply("allies", "deploy usa_airborne C4")
    assert kinds(events) == ["drop", "air_alert"]
    assert legal(st, "axis") == {"flak ger_flak88-1 w1 usa_airborne-1", "pass"}
    assert st.view("allies")["units"][-1]["square"] == "air"
    st.rng.force([5])  # a hit: 2 wounds of 3
    st.apply("axis", "flak ger_flak88-1 w1 usa_airborne-1")
    events = st.apply("axis", "pass")
    p = st.piece("usa_airborne-1")
    assert kinds(events)[0] == "deploy" and p.sq == (2, 3) and p.wounds == 2


def test_gm74_paratroopers_shot_down_never_land_and_a_hard_landing_can_finish_them():
    st = scene("deploy")
    st.hands[0] = ["usa_airborne", "usa_airborne", "light_infantry"]
    st.ap[0] = 20
    put(st, "ger_flak88", 1, "D6")
    put(st, "usa_bofors", 0, "A1")  # a friend's gun never answers
    st.apply("allies", "deploy usa_airborne C4")
    st.rng.force([9])
    events = st.apply("axis", "flak ger_flak88-1 w1 usa_airborne-1")
    assert kinds(events) == ["critical", "destroyed", "shot_down"]
    assert st.piece("usa_airborne-1") is None and "usa_airborne" in st.discards[0]
    st.ground = (*st.ground[:27], "F", *st.ground[28:])  # a forest on D4
    st.piece("ger_flak88-1").flak = False  # as if a new turn
    st.apply("allies", "deploy usa_airborne D4")
    st.rng.force([5])
    st.apply("axis", "flak ger_flak88-1 w1 usa_airborne-2")
    events = st.apply("axis", "pass")
    assert kinds(events) == ["deploy", "landing", "destroyed"]  # 2 wounds, then the third
    assert st.piece("usa_airborne-2") is None


# ---- interception and escorts (GM-69 to GM-71) ------------------------------------------------
def test_gm69_a_waiting_fighter_intercepts_an_attacking_fighter_and_is_discarded():
    st = scene("fire")
    p47 = waiting(st, "usa_p47", 0)  # .50 cal 5+/9, pen 3; armour 2, 2 wounds
    waiting(st, "ger_bf109", 1)  # cannon 5+/9, pen 3, 1 damage; armour 1, 2 wounds
    put(st, "ger_grenadiers", 1, "C4")
    events = st.apply("allies", "fire usa_p47-1 w1 ger_grenadiers-1")
    assert kinds(events) == ["air_alert"] and st.current_players == ("axis",)
    assert legal(st, "axis") == {"intercept ger_bf109-1 w1", "pass"}
    st.apply("axis", "intercept ger_bf109-1 w1")
    assert legal(st, "axis") == {"pass"}
    st.rng.force([6, 6])  # the Bf 109 hits: 1 wound; the P-47 then needs 6+
    events = st.apply("axis", "pass")
    assert kinds(events) == ["hit", "fighter_home", "hit", "fighter_home"]
    assert "needs 6+" in events[2].text  # its wound's penalty (GM-73)
    assert st.piece("ger_bf109-1") is None and st.discards[1] == ["ger_bf109"]
    assert st.piece("usa_p47-1") is None and st.discards[0] == ["usa_p47"]
    assert p47.wounds == 1


def test_gm73_an_intercepted_fighter_shot_down_makes_no_attack():
    st = scene("fire")
    waiting(st, "usa_p47", 0)
    waiting(st, "ger_bf109", 1)
    put(st, "ger_grenadiers", 1, "C4")
    st.apply("allies", "fire usa_p47-1 w1 ger_grenadiers-1")
    st.apply("axis", "intercept ger_bf109-1 w1")
    st.rng.force([9])  # pen 3 beats armour 2: a critical
    events = st.apply("axis", "pass")
    assert kinds(events) == ["critical", "destroyed", "fighter_home", "shot_down"]
    assert st.piece("usa_p47-1") is None and st.piece("ger_grenadiers-1").wounds == 0


def test_gm69_a_fighter_whose_target_intercepts_it_flies_home():
    st = scene("fire")
    waiting(st, "usa_p47", 0)
    waiting(st, "ger_bf109", 1)
    events = st.apply("allies", "fire usa_p47-1 w1 ger_bf109-1")  # at the aircraft by the HQ
    assert kinds(events) == ["air_alert"]
    st.apply("axis", "intercept ger_bf109-1 w1")
    st.rng.force([1])
    events = st.apply("axis", "pass")
    assert kinds(events) == ["miss", "fighter_home", "called_off"]
    p47 = st.piece("usa_p47-1")
    assert p47 is not None and p47.sq is None and p47.fired == ()  # still waiting at its HQ


def test_gm71_a_bombers_machine_guns_fire_at_each_interceptor_before_it_attacks():
    st = bomber_scene(flak_at="")
    waiting(st, "ger_bf109", 1)
    waiting(st, "ger_bf109", 1)
    events = st.apply("allies", "play usa_b25 C4")
    assert kinds(events) == ["bomber", "air_alert"]  # no fighter of its own: no escort call
    st.apply("axis", "intercept ger_bf109-1 w1")
    st.apply("axis", "intercept ger_bf109-2 w1")
    # the MGs (6+/10, pen 2 vs armour 1): a critical on the first, a miss on the second;
    # the second Bf 109 misses; the bombs fall
    st.rng.force([10, 1, 1, 1])
    events = st.apply("axis", "pass")
    assert kinds(events) == ["critical", "destroyed", "miss", "miss", "fighter_home", "miss"]
    assert events[0].text.startswith("usa_b25-1 fires Defensive machine guns at ger_bf109-1")
    assert events[3].text.startswith("ger_bf109-2 fires")
    assert st.discards[1] == ["ger_bf109", "ger_bf109"] and st.discards[0] == ["usa_b25"]


def test_gm70_escorts_fight_the_interceptors_first_and_are_discarded_with_them():
    """GM-70: a fighter waiting at the HQ is named escort; it fires at the interceptor
    before the interceptor fires at the bomber; every fighter that fought is discarded."""
    st = bomber_scene(flak_at="")
    waiting(st, "usa_p47", 0)
    waiting(st, "ger_bf109", 1)
    events = st.apply("allies", "play usa_b25 C4")
    assert kinds(events) == ["bomber", "escort_call"] and st.current_players == ("allies",)
    assert legal(st, "allies") == {"escort usa_p47-1", "pass"}
    st.apply("allies", "escort usa_p47-1")
    events = st.apply("allies", "pass")
    assert kinds(events) == ["air_alert"] and st.current_players == ("axis",)
    st.apply("axis", "intercept ger_bf109-1 w1")
    events = st.apply("axis", "pass")
    assert events == [] and st.current_players == ("allies",)  # the dogfight: allies choose
    assert legal(st, "allies") == {"engage usa_p47-1 w1 ger_bf109-1"}
    # the escort hits (1 wound of 2), the MG misses, the Bf 109 with its wound needs 6+: 6
    # hits the bomber; the bombs (bomber with 1 wound: 6+) miss
    st.rng.force([5, 1, 6, 1])
    events = st.apply("allies", "engage usa_p47-1 w1 ger_bf109-1")
    assert kinds(events) == ["hit", "miss", "hit", "fighter_home", "fighter_home", "miss"]
    assert "needs 6+" in events[2].text and "needs 6+" in events[5].text
    assert st.discards[0] == ["usa_p47", "usa_b25"] and st.discards[1] == ["ger_bf109"]


def test_gm70_a_fighter_deployed_in_the_same_phase_may_fly_escort():
    """GM-70: a fighter deployed with the bomber, in the same phase, may be its escort."""
    st = bomber_scene(flak_at="")
    st.hands[0] = ["usa_p47", "usa_b25", "light_infantry"]
    st.ap[0] = 20
    waiting(st, "ger_bf109", 1)
    st.apply("allies", "deploy usa_p47 hq")
    events = st.apply("allies", "play usa_b25 C4")
    assert kinds(events) == ["bomber", "escort_call"]
    assert legal(st, "allies") == {"escort usa_p47-1", "pass"}


def test_gm70_escorts_stay_home_when_nobody_intercepts():
    """GM-70: only a fighter used in the combat is discarded."""
    st = bomber_scene(flak_at="")
    waiting(st, "usa_p47", 0)
    waiting(st, "ger_bf109", 1)
    st.apply("allies", "play usa_b25 C4")
    st.apply("allies", "escort usa_p47-1")
    st.apply("allies", "pass")
    st.rng.force([1, 1, 1])
    events = st.apply("axis", "pass")
    assert kinds(events) == ["miss"]
    assert st.piece("usa_p47-1") is not None and st.piece("ger_bf109-1") is not None


def test_gm72_a_gun_may_fire_at_an_escort_instead_of_the_bomber():
    st = bomber_scene()
    waiting(st, "usa_p47", 0)
    waiting(st, "ger_bf109", 1)
    st.apply("allies", "play usa_b25 C4")
    st.apply("allies", "escort usa_p47-1")
    st.apply("allies", "pass")
    assert legal(st, "axis") == {
        "flak ger_flak88-1 w1 usa_b25-1",
        "flak ger_flak88-1 w1 usa_p47-1",
        "intercept ger_bf109-1 w1",
        "pass",
    }


# ---- bad input and hidden information -----------------------------------------------------
def test_air_combat_choices_are_refused_with_a_reason_and_change_nothing():
    st = bomber_scene()
    put(st, "usa_bofors", 0, "A1")
    assert "GM-69" in refused(st, "allies", "flak usa_bofors-1 w1 ger_stuka-1")  # none flies
    st.apply("allies", "play usa_b25 C4")
    assert "waiting for axis" in refused(st, "allies", "play light_infantry")
    assert "GM-72" in refused(st, "axis", "intercept ger_flak88-1 w1")
    view = st.view("allies")["sortie"]
    assert view["plane"] == "usa_b25-1" and view["stage"] == "defend"


def test_a_sample_during_the_air_combat_keeps_the_combat_and_plays_on():
    st = bomber_scene()
    st.apply("allies", "play usa_b25 C4")
    for seed in range(3):
        twin = st.sample_hidden("axis", seed)
        assert twin.sortie == st.sortie and twin.sortie is not st.sortie
        twin.apply("axis", "pass")
        assert twin.sortie is None and st.sortie is not None


def test_gm66_a_fighter_waiting_at_its_hq_pairs_with_no_one():
    """Found by random play: a fighter deployed to its HQ while the enemy's fighter waited at
    the other HQ (neither on the field) was paired with it as if advancing under cover."""
    st = scene("deploy")
    st.hands[0] = ["usa_p47"]
    waiting(st, "ger_bf109", 1)
    events = st.apply("allies", "deploy usa_p47 hq")
    assert [e.kind for e in events] == ["deploy"]
    assert all(not p.beside for p in st.pieces)


def test_a14_a_bomber_leaves_empty_terrain_alone_unless_its_card_says_so():
    """A-14: the shipped bombers harm only units; a card marked ``razes`` also wears down
    the terrain of the empty squares in its area, a sure hit as any fire at terrain is
    (GM-53), while units in the area are still rolled for."""
    for razes, worn in ((False, {}), (True, {"B4": 2, "D4": 2})):
        st = bomber_scene(flak_at="")
        b25 = st.lib.units["usa_b25"].model_copy(update={"razes": razes})
        st.lib = dataclasses.replace(st.lib, units={**st.lib.units, "usa_b25": b25})
        for label in ("B4", "C4", "D4"):
            st.terrain[sq(label)], st.owner[sq(label)] = "house", -1
        st.rng.force([1])  # the grenadiers in the house on C4 are missed
        st.apply("allies", "play usa_b25 C4")
        assert {GRID.label(s): n for s, n in st.card_wear.items()} == worn
        assert st.piece("ger_grenadiers-1").wounds == 0
