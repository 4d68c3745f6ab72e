"""Assault played through the game state (GM-32 to GM-34, A-6, A-7): infantry steps into an
enemy's square as its move's last step; in the Fire phase the defender fires back first, out
of its turn, with a weapon of its choosing; a surviving assaulter fires one weapon with no
armour check, takes the square if the defender falls, and otherwise goes back where it came
from and fires nothing more. The rulings followed are in docs/games/tactics2gm.md."""

from __future__ import annotations

from tests.games.tactics2gm.scenes import OPEN, legal, pass_until, put, refused, scene, sq
from wartable.games.tactics2gm.rules.field import GRID


def assaults(st, player="allies"):
    return {str(a) for a in st.legal_actions(player) if a.verb == "assault"}


def to_fire(st):
    """From the allies' Movement phase to their Fire phase, passing on the way."""
    pass_until(st, "allies", "fire", st.turn)


def kinds(events):
    return [e.kind for e in events]


# ---- declaring (GM-32) -----------------------------------------------------------------------
def test_gm32_infantry_steps_into_an_enemy_square_as_the_last_step_of_its_move():
    st = scene("move")
    put(st, "light_infantry", 0, "D2")  # movement 2
    put(st, "light_infantry", 0, "D3")  # a friend on the way: passed, not stopped on
    put(st, "m4_sherman", 0, "B3")
    put(st, "ger_grenadiers", 1, "D4")  # two steps: through the friend, then in
    put(st, "ger_grenadiers", 1, "F4")  # four steps: out of reach
    put(st, "ger_grenadiers", 1, "B4")  # next to the tank: tanks do not assault
    assert assaults(st) == {
        "assault light_infantry-1 ger_grenadiers-1",
        "assault light_infantry-2 ger_grenadiers-1",
    }
    assert "GM-32" in refused(st, "allies", "assault m4_sherman-1 ger_grenadiers-3")
    assert "GM-32" in refused(st, "allies", "assault light_infantry-1 ger_grenadiers-2")
    events = st.apply("allies", "assault light_infantry-1 ger_grenadiers-1")
    assert kinds(events) == ["assault"] and events[0].rule == "GM-32"
    p = st.piece("light_infantry-1")
    assert p.sq == sq("D4") and p.origin == sq("D2") and p.assaulting == "ger_grenadiers-1"
    assert p.moved and not [a for a in st.legal_actions("allies") if a.args[:1] == (p.id,)]
    assert [u.id for u in st.units_at(sq("D4"))] == ["light_infantry-1", "ger_grenadiers-1"]
    view = st.view("axis")
    seen = next(u for u in view["units"] if u["id"] == p.id)
    assert seen["square"] == "D4" and seen["assaulting"] == "ger_grenadiers-1"
    assert seen["origin"] == "D2"


def test_gm32_an_assault_reaches_exactly_as_far_as_a_move():
    """Movement 2: the enemy must be next to a square one step away (or to the start); a
    forest entered on the way ends the move there (GM-57)."""
    st = scene("move")
    put(st, "light_infantry", 0, "D2")
    for where in ("D4", "E3", "B2", "D5", "F3"):
        put(st, "ger_grenadiers", 1, where)
    targets = {str(GRID.label(st.piece(a.split()[-1]).sq)) for a in assaults(st)}
    assert targets == {"D4", "E3", "B2"}
    st = scene("move")
    st.ground = tuple("F" if i == GRID.index(sq("D3")) else "." for i in range(len(OPEN)))
    put(st, "light_infantry", 0, "D2")
    put(st, "ger_grenadiers", 1, "D4")
    put(st, "ger_grenadiers", 1, "D1")
    assert assaults(st) == {"assault light_infantry-1 ger_grenadiers-2"}  # not through the forest


def test_gm32_gm63_stepping_into_a_mined_square_sets_the_mine_off():
    st = scene("move")
    put(st, "light_infantry", 0, "D3")
    put(st, "ger_grenadiers", 1, "D4")
    st.terrain[sq("D4")], st.owner[sq("D4")] = "minefield", 1
    st.rng.force([5])
    events = st.apply("allies", "assault light_infantry-1 ger_grenadiers-1")
    assert kinds(events)[:3] == ["assault", "mine", "hit"]
    assert st.piece("light_infantry-1").wounds == 1


# ---- the reaction (GM-33) --------------------------------------------------------------------
def test_gm33_the_defender_fires_first_and_a_fallen_assaulter_strikes_nothing():
    st = scene("move")
    p = put(st, "light_infantry", 0, "D3")
    p.wounds = 2  # of 3: one hit ends it
    d = put(st, "ger_grenadiers", 1, "D4")  # its rifle is its only weapon: no choice to make
    st.apply("allies", "assault light_infantry-1 ger_grenadiers-1")
    to_fire(st)
    assert legal(st) == {"storm light_infantry-1"}  # no passing with an assault open
    assert "storm" in refused(st, "allies", "done")
    assert "storm" in refused(st, "allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    st.rng.force([5])
    events = st.apply("allies", "storm light_infantry-1")
    assert kinds(events)[:3] == ["storm", "hit", "destroyed"]
    assert "ger_grenadiers-1 fires Kar 98k at light_infantry-1" in events[1].text
    assert st.phase != "fire"  # nothing was left to do in it
    assert st.piece("light_infantry-1") is None and d.wounds == 0
    assert st.storming == "" and d.fired == ()  # the extra shot is not its own turn's


def test_gm33_the_defender_chooses_its_weapon_out_of_turn():
    st = scene("move")
    put(st, "light_infantry", 0, "D3")
    d = put(st, "ger_volksgrenadiers", 1, "D4", ["panzerfaust"])
    st.apply("allies", "assault light_infantry-1 ger_volksgrenadiers-1")
    to_fire(st)
    st.apply("allies", "storm light_infantry-1")
    assert st.current_players == ("axis",)
    assert legal(st, "axis") == {
        "react ger_volksgrenadiers-1 w1",
        "react ger_volksgrenadiers-1 panzerfaust",
    }
    assert st.legal_actions("allies") == []
    reason = refused(st, "axis", "react ger_volksgrenadiers-1 grenades")
    assert "GM-33" in reason and "react ger_volksgrenadiers-1 panzerfaust" in reason
    words = {a: st.describe("axis", a) for a in st.legal_actions("axis")}
    assert any("Fire back" in w and "Panzerfaust" in w for w in words.values())
    st.rng.force([1])
    st.apply("axis", "react ger_volksgrenadiers-1 panzerfaust")
    assert d.tokens["panzerfaust"] == "disabled" and d.fired == ()
    assert st.current_players == ("allies",) and st.stage == "strike"


def test_gm55_a_flip_weapon_fired_in_reaction_is_back_at_its_owners_next_flip_phase():
    st = scene("move")
    put(st, "light_infantry", 0, "D3")
    d = put(st, "ger_volksgrenadiers", 1, "D4", ["panzerfaust"])
    put(st, "light_infantry", 0, "H1")
    st.apply("allies", "assault light_infantry-1 ger_volksgrenadiers-1")
    to_fire(st)
    st.apply("allies", "storm light_infantry-1")
    st.rng.force([1, 1])  # both miss
    st.apply("axis", "react ger_volksgrenadiers-1 panzerfaust")
    st.apply("allies", "fire light_infantry-1 w1 ger_volksgrenadiers-1")
    pass_until(st, "axis", "fire", 2)
    assert d.tokens["panzerfaust"] == "disabled"  # not in the axis' fire of turn 2
    assert not [a for a in st.legal_actions("axis") if a.args[1:2] == ("panzerfaust",)]
    st.apply("axis", "done")
    assert d.tokens["panzerfaust"] == "ready"  # its Flip phase turned it back


# ---- the assaulter's shot (GM-33, GM-34) -----------------------------------------------------
def test_gm33_gm34_the_assaults_shot_ignores_armour_and_a_standing_defender_sends_it_back():
    st = scene("move")
    put(st, "light_infantry", 0, "D3", ["grenades"])
    tiger = put(st, "tiger", 1, "D4")  # armour 6: the rifle's penetration 2 never passes it
    put(st, "light_infantry", 0, "H1")
    put(st, "ger_grenadiers", 1, "H3")  # a target that keeps the Fire phase open
    st.apply("allies", "assault light_infantry-1 tiger-1")
    to_fire(st)
    st.rng.force([1, 5])  # the tiger's gun misses; the rifle hits
    st.apply("allies", "storm light_infantry-1")
    assert st.stage == "strike"
    assert legal(st) == {
        "fire light_infantry-1 w1 tiger-1",
        "fire light_infantry-1 grenades tiger-1",
    }
    words = st.describe("allies", st.legal_actions("allies")[0])
    assert "armour aside" in words
    assert st.action_info("allies", st.legal_actions("allies")[0])["chance"] > 0
    events = st.apply("allies", "fire light_infantry-1 w1 tiger-1")
    assert kinds(events)[:2] == ["hit", "falls_back"] and tiger.wounds == 1
    p = st.piece("light_infantry-1")
    assert p.sq == sq("D3") and p.origin is None and not p.assaulting
    assert set(p.fired) == {"w1", "grenades"}  # a failed assaulter fires nothing more
    assert not [a for a in st.legal_actions("allies") if a.args[:1] == (p.id,)]
    assert legal(st) == {"fire light_infantry-2 w1 ger_grenadiers-1", "done"}


def test_gm33_an_assaults_critical_destroys_whatever_the_armour():
    st = scene("move")
    put(st, "light_infantry", 0, "D3")
    put(st, "tiger", 1, "D4")
    st.apply("allies", "assault light_infantry-1 tiger-1")
    to_fire(st)
    st.rng.force([1, 10])
    st.apply("allies", "storm light_infantry-1")
    events = st.apply("allies", "fire light_infantry-1 w1 tiger-1")
    assert kinds(events)[:3] == ["critical", "destroyed", "takes"]
    assert st.piece("light_infantry-1").sq == sq("D4")


def test_gm34_the_victor_takes_the_square_and_fires_its_other_weapons():
    st = scene("move")
    p = put(st, "light_infantry", 0, "D3", ["grenades"])
    put(st, "ger_grenadiers", 1, "D4").wounds = 2
    put(st, "ger_grenadiers", 1, "D5")  # next to the taken square: in the grenades' reach
    st.apply("allies", "assault light_infantry-1 ger_grenadiers-1")
    to_fire(st)
    st.rng.force([1, 5])
    st.apply("allies", "storm light_infantry-1")
    events = st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    assert kinds(events)[:3] == ["hit", "destroyed", "takes"] and events[2].rule == "GM-34"
    assert p.sq == sq("D4") and p.origin is None and not p.assaulting and p.fired == ("w1",)
    assert "fire light_infantry-1 grenades ger_grenadiers-2" in legal(st)


# ---- ruling A-7 ------------------------------------------------------------------------------
def test_a7_the_square_the_assaulter_left_stays_free_for_it():
    st = scene("move")
    st.hands[0] = ["light_infantry", "light_infantry"]
    put(st, "light_infantry", 0, "D1")
    put(st, "light_infantry", 0, "C1")
    put(st, "ger_grenadiers", 1, "D2")
    st.apply("allies", "assault light_infantry-1 ger_grenadiers-1")
    assert "move light_infantry-2 D1" not in legal(st)  # passing is fine, stopping is not
    assert "A-7" in refused(st, "allies", "move light_infantry-2 D1")
    st.apply("allies", "done")
    assert st.phase == "deploy"
    assert "deploy light_infantry D1" not in legal(st)
    assert "deploy light_infantry E1" in legal(st)


def test_a7_a_defender_shot_down_first_gives_its_square_without_a_fight():
    st = scene("move")
    p = put(st, "light_infantry", 0, "D3")
    put(st, "m4_sherman", 0, "B4")
    put(st, "ger_grenadiers", 1, "D4")
    put(st, "ger_grenadiers", 1, "E5")
    st.apply("allies", "assault light_infantry-1 ger_grenadiers-1")
    to_fire(st)
    assert "fire m4_sherman-1 w1 ger_grenadiers-1" in legal(st)  # others may fire at it first
    st.rng.force([10])
    events = st.apply("allies", "fire m4_sherman-1 w1 ger_grenadiers-1")
    assert kinds(events)[-3:] == ["critical", "destroyed", "takes"]
    assert p.sq == sq("D4") and not p.assaulting and p.fired == ()  # no reaction, arms intact
    assert "storm light_infantry-1" not in legal(st)
    assert "fire light_infantry-1 w1 ger_grenadiers-2" in legal(st)


def test_a7_several_assaults_on_one_defender_each_draw_their_own_reaction():
    st = scene("move")
    a = put(st, "light_infantry", 0, "C4")
    b = put(st, "light_infantry", 0, "E4")
    c = put(st, "light_infantry", 0, "D3")
    put(st, "ger_grenadiers", 1, "D4")
    for unit in ("light_infantry-1", "light_infantry-2", "light_infantry-3"):
        st.apply("allies", f"assault {unit} ger_grenadiers-1")
    assert [u.sq for u in (a, b, c)] == [sq("D4")] * 3
    to_fire(st)
    st.rng.force([1, 1])  # the reaction misses, the first assaulter misses
    events = st.apply("allies", "storm light_infantry-1")
    assert kinds(events) == ["storm", "miss"]
    events = st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    assert kinds(events) == ["miss", "falls_back"] and a.sq == sq("C4")
    st.rng.force([1, 10])  # a second reaction, then a critical
    events = st.apply("allies", "storm light_infantry-2")
    assert kinds(events) == ["storm", "miss"]
    events = st.apply("allies", "fire light_infantry-2 w1 ger_grenadiers-1")
    # the second unit to fire at it this turn suppresses it as well
    assert kinds(events)[:5] == ["suppressed", "critical", "destroyed", "takes", "falls_back"]
    assert b.sq == sq("D4") and c.sq == sq("D3")  # the third goes back, its rifle unfired
    assert c.fired == () and not c.assaulting and c.origin is None


def test_a6_the_assaults_shot_counts_towards_suppression():
    st = scene("move")
    put(st, "light_infantry", 0, "D3")
    put(st, "light_infantry", 0, "B4")
    d = put(st, "ger_grenadiers", 1, "D4")
    st.apply("allies", "assault light_infantry-1 ger_grenadiers-1")
    to_fire(st)
    st.rng.force([1, 1, 1])
    st.apply("allies", "fire light_infantry-2 w1 ger_grenadiers-1")
    st.apply("allies", "storm light_infantry-1")
    assert not d.suppressed  # the defender's reaction is no unit of the side whose turn it is
    events = st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    assert "suppressed" in kinds(events) and d.suppressed


def test_a7_the_defenders_cover_counts_the_assaulter_has_none():
    """The house gives the defender +2/+1 against the assault's shot (5+ becomes 7+); the
    assaulter standing in the same square has neither the house nor its prone token."""
    st = scene("move")
    put(st, "light_infantry", 0, "D3", ["prone"])
    put(st, "ger_grenadiers", 1, "D4")
    st.terrain[sq("D4")], st.owner[sq("D4")] = "house", 1
    st.apply("allies", "assault light_infantry-1 ger_grenadiers-1")
    to_fire(st)
    st.rng.force([1, 1])
    events = st.apply("allies", "storm light_infantry-1")
    assert "needs 5+ (critical 10+)" in events[1].text
    events = st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    assert "needs 7+ (critical 10+)" in events[0].text


def test_the_assault_words_and_refusals_while_the_defender_chooses():
    st = scene("move")
    put(st, "light_infantry", 0, "D3")
    put(st, "ger_volksgrenadiers", 1, "D4", ["panzerfaust"])
    words = st.describe(
        "allies", next(a for a in st.legal_actions("allies") if a.verb == "assault")
    )
    assert words == "Assault Volksgrenadiers 1 on D4 with Rifle Squad 1"
    st.apply("allies", "assault light_infantry-1 ger_volksgrenadiers-1")
    assert st.phase == "deploy"  # the Movement phase had nothing left in it
    assert "GM-38" in refused(st, "allies", "storm light_infantry-1")  # not before the Fire
    to_fire(st)
    storm = next(a for a in st.legal_actions("allies") if a.verb == "storm")
    assert "fires first" in st.describe("allies", storm)
    st.apply("allies", storm)
    assert "waiting for axis" in refused(st, "allies", "done")


def test_a7_an_assaulter_that_left_a_vehicles_cover_falls_back_beside_it():
    """GM-34, GM-35, A-7: the square it started from is the vehicle's, under its cover; no
    one else may join the vehicle (or board it) while the assault is on."""
    st = scene("move")
    put(st, "m4_sherman", 0, "D3")
    p = put(st, "light_infantry", 0, "D3")
    p.beside = "m4_sherman-1"
    put(st, "light_infantry", 0, "C3")
    tiger = put(st, "tiger", 1, "D4")
    put(st, "ger_grenadiers", 1, "H3")
    events = st.apply("allies", "assault light_infantry-1 tiger-1")
    assert kinds(events)[0] == "parted" or p.beside == ""
    assert "advance light_infantry-2 m4_sherman-1" not in legal(st)
    assert "A-7" in refused(st, "allies", "advance light_infantry-2 m4_sherman-1")
    to_fire(st)
    st.rng.force([1, 5])  # the tiger misses; the rifle hits but the tiger stands
    st.apply("allies", "storm light_infantry-1")
    events = st.apply("allies", "fire light_infantry-1 w1 tiger-1")
    assert kinds(events)[:2] == ["hit", "falls_back"] and tiger.wounds == 1
    assert p.sq == sq("D3") and p.beside == "m4_sherman-1" and p.origin is None
    assert "beside m4_sherman-1" in events[1].text


def test_a7_a8_a_friend_swapped_onto_the_way_back_sends_the_assaulter_to_the_nearest_free_square():
    """A swap (A-8) is the one move that may bring a friend onto an assaulter's square of
    origin: the vehicle it left trades places with infantry. Failing, the assaulter goes to
    the free square nearest its origin, nearer its own deployment line on a tie (a ruling;
    recorded from a game in tests/cases/tactics2gm-assault-fallback-*.json)."""
    st = scene("move")
    put(st, "m4_sherman", 0, "D3")
    p = put(st, "light_infantry", 0, "D3")
    p.beside = "m4_sherman-1"
    put(st, "light_infantry", 0, "D2")
    for where in ("C3", "E3"):  # the two squares one step away are held: two steps it is
        put(st, "heavy_infantry", 0, where)
    tiger = put(st, "tiger", 1, "D4")
    put(st, "ger_grenadiers", 1, "H3")
    st.apply("allies", "assault light_infantry-1 tiger-1")
    st.apply("allies", "swap light_infantry-2 m4_sherman-1")
    assert {str(q.sq and GRID.label(q.sq)) for q in st.pieces if q.id != p.id} >= {"D3", "D2"}
    to_fire(st)
    st.rng.force([1, 5])  # the tiger misses; the rifle hits but the tiger stands
    st.apply("allies", "storm light_infantry-1")
    events = st.apply("allies", "fire light_infantry-1 w1 tiger-1")
    assert kinds(events)[:2] == ["hit", "falls_back"] and tiger.wounds == 1
    assert p.sq == sq("D1") and p.beside == "" and p.origin is None and not p.assaulting
    assert "light_infantry-2 now holds D3" in events[1].text
    held = [q.sq for q in st.pieces if q.sq is not None and not q.beside and not q.aboard]
    assert len(held) == len(set(held))  # no two units share a square but a covered pair
