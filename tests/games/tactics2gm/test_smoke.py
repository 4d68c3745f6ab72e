"""Smoke played through the game state (GM-77, GM-80, A-15, A-17): a screen laid by a
vehicle on up to three squares of a row makes shots into or out of them +2/+2 until the
layer's next Inicio; a grenade wraps a unit (+1/+1) until the next Inicio of either side
and is thrown the moment an enemy aims at that unit, before the roll; the two never add up.
The rulings followed are in docs/games/tactics2gm.md."""

from __future__ import annotations

from tests.games.tactics2gm.scenes import legal, pass_until, put, refused, scene, sq
from wartable.games.tactics2gm.model import weapons
from wartable.games.tactics2gm.rules import shots
from wartable.games.tactics2gm.rules.field import GRID


def kinds(events):
    return [e.kind for e in events]


def trimmed(events):
    """The events of a shot, without the turn that goes on by itself after it."""
    k = kinds(events)
    return events[: k.index("flip")] if "flip" in k else events


def need(st, firer, key, target):
    p, t = st.piece(firer), st.piece(target)
    return shots.need(st, p, weapons(st.lib, p)[key], t)


# ---- the screen (GM-77) ----------------------------------------------------------------------
def test_gm77_a_screen_goes_on_a_square_in_reach_of_the_longest_weapon_spread_or_not():
    st = scene("fire", active="axis")
    put(st, "ger_panzer_iv", 1, "D6", ["mg1", "smoke"])  # gun range 4, machine gun less
    screens = {a for a in legal(st, "axis") if a.startswith("screen")}
    reach = {GRID.label(s) for s in GRID.squares if abs(s[0] - 3) + abs(s[1] - 5) <= 4}
    assert {a.split()[2] for a in screens} == reach
    assert "screen ger_panzer_iv-1 D2" in screens  # four steps
    assert "screen ger_panzer_iv-1 D2 both" in screens
    assert "screen ger_panzer_iv-1 A6 right" in screens
    assert "screen ger_panzer_iv-1 A6 left" not in screens  # no square left of column A
    assert "screen ger_panzer_iv-1 A6 both" not in screens
    assert "GM-77" in refused(st, "axis", "screen ger_panzer_iv-1 D1")  # five steps


def test_gm77_laying_a_screen_is_no_shot_and_needs_no_die():
    """GM-98: Humo: laying a screen puts smoke tokens on the squares, seen by both sides."""
    st = scene("fire", active="axis")
    tank = put(st, "ger_panzer_iv", 1, "D6", ["mg1", "smoke"])
    put(st, "light_infantry", 0, "D3")
    events = st.apply("axis", "screen ger_panzer_iv-1 D4 both")
    assert kinds(events) == ["screen"] and events[0].rule == "GM-77"
    assert st.screens == {sq("C4"): 1, sq("D4"): 1, sq("E4"): 1}
    assert tank.tokens["smoke"] == "used" and tank.fired == ()  # flipped, not a shot (GM-54)
    assert not [a for a in legal(st, "axis") if a.startswith("screen")]  # once, it flips
    assert "fire ger_panzer_iv-1 w1 light_infantry-1" in legal(st, "axis")  # it still fires
    assert st.view("allies")["field"]["smoke"] == {"C4": "axis", "D4": "axis", "E4": "axis"}


def test_gm77_a15_shots_into_or_out_of_a_screened_square_are_2_2_harder():
    st = scene("fire")
    put(st, "light_infantry", 0, "D2")  # rifle 5+/10
    put(st, "light_infantry", 0, "B3")
    put(st, "ger_grenadiers", 1, "D4")
    put(st, "ger_grenadiers", 1, "B4")
    assert need(st, "light_infantry-1", "w1", "ger_grenadiers-1") == (5, 10)
    st.screens[sq("D4")] = 1  # on the target's square
    assert need(st, "light_infantry-1", "w1", "ger_grenadiers-1") == (7, 10)
    st.screens = {sq("B3"): 0}  # on the firer's square
    assert need(st, "light_infantry-2", "w1", "ger_grenadiers-2") == (7, 10)
    st.screens = {sq("C3"): 0}  # between them only: A-15 counts the two squares, not the way
    assert need(st, "light_infantry-2", "w1", "ger_grenadiers-2") == (5, 10)
    st.screens = {sq("D2"): 0, sq("D4"): 1}  # both ends: still +2/+2
    assert need(st, "light_infantry-1", "w1", "ger_grenadiers-1") == (7, 10)


def test_gm77_the_screen_lifts_at_the_layers_next_inicio_not_the_enemys():
    """GM-24: an effect lasting one turn of its side ends in that side's next Inicio."""
    st = scene("fire", active="axis")
    put(st, "ger_panzer_iv", 1, "D6", ["smoke"])
    put(st, "light_infantry", 0, "A1")  # out of reach: the allies have a move to make
    st.apply("axis", "screen ger_panzer_iv-1 D4")
    pass_until(st, "allies", "move", 2)  # the allies' turn: the screen stands
    assert st.screens == {sq("D4"): 1}
    events = pass_until(st, "axis", "move", 3)
    assert "screen_clears" in kinds(events) and st.screens == {}


def test_a15_a_screen_counts_against_a_shot_at_the_hq_from_it():
    st = scene("fire")
    put(st, "m4_sherman", 0, "D5")  # one step from the enemy's edge: the HQ in reach
    key = "fire m4_sherman-1 w1 hq"
    assert key in legal(st)
    open_need = need_hq(st)
    st.screens[sq("D5")] = 1
    assert need_hq(st) == (open_need[0] + 2, min(open_need[1] + 2, 10))


def need_hq(st):
    p = st.piece("m4_sherman-1")
    return shots.need(st, p, weapons(st.lib, p)["w1"], None)


# ---- the grenade (GM-80) ---------------------------------------------------------------------
def test_gm80_a_unit_aimed_at_may_throw_smoke_before_the_roll():
    st = axis_fires_at_squad(answer=False)
    squad = st.piece("usa_assault_squad-1")
    events = st.apply("axis", "fire ger_grenadiers-1 w1 usa_assault_squad-1")
    assert kinds(events) == ["aim"] and events[0].rule == "GM-80"
    assert st.current_players == ("allies",)
    assert legal(st, "allies") == {"smoke usa_assault_squad-1", "pass"}
    assert legal(st, "axis") == set()
    assert "waiting for allies" in refused(st, "axis", "done")
    assert st.view("axis")["aim"] == {
        "by": "axis",
        "action": "fire ger_grenadiers-1 w1 usa_assault_squad-1",
        "asking": ["usa_assault_squad-1"],
    }
    st.rng.force([5])  # 5 would hit in the open: the smoke makes it 6+
    events = trimmed(st.apply("allies", "smoke usa_assault_squad-1"))
    assert kinds(events) == ["smoke", "miss"]
    assert "needs 6+" in events[1].text
    assert squad.smoked and squad.tokens["smoke"] == "disabled"  # back at its own Flip
    assert st.current_players == ("axis",)
    assert "ger_grenadiers-1 w1" not in " ".join(legal(st, "axis"))  # it has fired


def test_gm80_passing_lets_the_shot_come_as_it_was():
    st = axis_fires_at_squad()
    st.rng.force([5])
    events = trimmed(st.apply("allies", "pass"))
    assert kinds(events) == ["no_smoke", "hit"] and "needs 5+" in events[1].text
    squad = st.piece("usa_assault_squad-1")
    assert not squad.smoked and squad.tokens["smoke"] == "ready"


def test_gm80_the_cloud_stays_for_every_shot_until_the_next_inicio_of_either_side():
    """GM-24: the grenade's cloud ends at an Inicio, here the allies' own."""
    st = axis_fires_at_squad()
    st.rng.force([1])
    st.apply("allies", "smoke usa_assault_squad-1")
    st._legal_cache = None
    st.rng.force([6])  # a second shot this turn: no new window, still +1/+1
    events = st.apply("axis", "fire ger_grenadiers-2 w1 usa_assault_squad-1")
    assert kinds(trimmed(events)) == ["suppressed", "hit"] and "needs 6+" in events[1].text
    events += pass_until(st, "allies", "move", 2)  # on to the allies' own Inicio
    assert kinds(events).index("smoke_clears") > kinds(events).index("turn")
    assert not st.piece("usa_assault_squad-1").smoked


def test_gm80_a15_smoke_never_adds_up_so_a_screened_unit_is_not_asked():
    st = axis_fires_at_squad(answer=False)
    st.screens[sq("D3")] = 0
    st._legal_cache = None
    st.rng.force([7])
    events = trimmed(st.apply("axis", "fire ger_grenadiers-1 w1 usa_assault_squad-1"))
    assert kinds(events) == ["hit"] and "needs 7+" in events[0].text  # the screen's +2 only
    squad = st.piece("usa_assault_squad-1")
    squad.smoked = True  # a grenade and a screen together: still +2/+2
    assert need(st, "ger_grenadiers-1", "w1", "usa_assault_squad-1") == (7, 10)


def test_gm80_a_spent_grenade_or_none_bought_opens_no_window():
    st = axis_fires_at_squad(answer=False)
    st.piece("usa_assault_squad-1").tokens["smoke"] = "disabled"
    put(st, "light_infantry", 0, "E3")  # no grenade bought
    st.rng.force([1])
    events = st.apply("axis", "fire ger_grenadiers-1 w1 usa_assault_squad-1")
    assert kinds(events) == ["miss"] and st.current_players == ("axis",)
    st.rng.force([1])
    events = trimmed(st.apply("axis", "fire ger_grenadiers-2 w1 light_infantry-1"))
    assert kinds(events) == ["miss"]


def test_gm80_smoke_is_thrown_only_when_aimed_at():
    st = scene("move")
    put(st, "usa_assault_squad", 0, "D3", ["smoke"])
    assert "GM-80" in refused(st, "allies", "smoke usa_assault_squad-1")
    assert "GM-80" in refused(st, "allies", "pass")


def test_gm80_a_bombers_targets_each_get_their_say_and_pass_ends_the_asking():
    st = scene("deploy")
    st.hands[0] = ["usa_b25", "light_infantry"]  # a card left: the allies' phase goes on
    put(st, "ger_puma", 1, "D4", ["smoke"])
    put(st, "ger_puma", 1, "E4", ["smoke"])
    put(st, "ger_grenadiers", 1, "C4")  # no grenade: never asked
    events = st.apply("allies", "play usa_b25 D4")
    assert kinds(events) == ["bomber", "aim"] and st.asking == ["ger_puma-1", "ger_puma-2"]
    assert "usa_b25" not in st.hands[0]  # paid and in the air (rules/air.py)
    assert st.view("axis")["units"][-1]["square"] == "air"
    assert legal(st, "axis") == {"smoke ger_puma-1", "smoke ger_puma-2", "pass"}
    events = st.apply("axis", "smoke ger_puma-2")
    assert kinds(events) == ["smoke"] and st.asking == ["ger_puma-1"]
    st.rng.force([1, 1, 1])
    events = st.apply("axis", "pass")
    assert kinds(events)[0] == "no_smoke" and kinds(events).count("miss") == 3
    assert st.piece("ger_puma-2").smoked and not st.piece("ger_puma-1").smoked
    assert "usa_b25" in st.discards[0] and st.current_players == ("allies",)


def test_a15_a_sample_of_hidden_cards_keeps_the_card_held_while_smoke_is_decided():
    st = scene("deploy")
    st.hands[0] = ["usa_b25", "light_infantry", "impact"]
    for card in st.hands[0]:  # the hand's cards come out of the deck: the one B-25 is held
        if card in st.decks[0]:
            st.decks[0].remove(card)
    put(st, "ger_puma", 1, "D4", ["smoke"])
    st.apply("allies", "play impact ger_puma-1")
    assert st.asking == ["ger_puma-1"]
    for seed in range(5):
        twin = st.sample_hidden("axis", seed)
        assert "impact" in twin.hands[0] and len(twin.hands[0]) == 3
        twin.apply("axis", "pass")  # the held card is played in every sample
    st.apply("axis", "pass")
    st.apply("allies", "play usa_b25 D4")  # a bomber is out of the hand as it takes off
    assert st.asking == ["ger_puma-1"] and st.hands[0] == ["light_infantry"]
    for seed in range(5):
        twin = st.sample_hidden("axis", seed)
        assert "usa_b25" not in twin.hands[0] and len(twin.hands[0]) == 1
        twin.apply("axis", "pass")


def test_gm80_gm33_an_assaulter_may_hide_from_the_defenders_reaction():
    st = scene("move")
    put(st, "usa_assault_squad", 0, "D3", ["smoke"])
    put(st, "ger_grenadiers", 1, "D4")  # one weapon: it fires back on its own
    st.apply("allies", "assault usa_assault_squad-1 ger_grenadiers-1")
    pass_until(st, "allies", "fire", st.turn)
    events = st.apply("allies", "storm usa_assault_squad-1")
    assert kinds(events) == ["storm", "aim"]
    assert st.current_players == ("allies",)  # the assaulter's side decides, in its own turn
    st.rng.force([5, 1])
    events = st.apply("allies", "smoke usa_assault_squad-1")
    assert kinds(events) == ["smoke", "miss"] and "needs 6+" in events[1].text
    assert st.piece("usa_assault_squad-1").tokens["smoke"] == "used"  # its own turn (GM-54)
    assert st.stage == "strike"


def test_gm77_a_mine_is_not_aimed_and_sees_through_smoke():
    st = scene("move")
    put(st, "light_infantry", 0, "D2")
    st.terrain[sq("D3")], st.owner[sq("D3")] = "minefield", 1
    st.screens[sq("D3")] = 1
    st.rng.force([mine_hit(st)])
    events = st.apply("allies", "move light_infantry-1 D3")
    assert "hit" in kinds(events)


def mine_hit(st):
    return st.lib.terrain["minefield"].mine.hit


def test_smoke_options_are_bought_at_deployment_ex9():
    st = scene("deploy")
    st.hands[0] = ["m4_sherman"]
    st.apply("allies", "deploy m4_sherman D1")
    assert {"equip mg1", "equip mrl", "equip smoke"} <= legal(st)


def axis_fires_at_squad(answer=True):
    """The axis' Fire phase with a grenadier in reach of an allied assault squad that
    carries a smoke grenade; with ``answer``, the grenadier has already taken aim."""
    st = scene("fire", active="axis")
    put(st, "usa_assault_squad", 0, "D3", ["smoke"])
    put(st, "ger_grenadiers", 1, "D4")
    put(st, "ger_grenadiers", 1, "E4")  # a second rifle: the axis' phase goes on
    if answer:
        st.apply("axis", "fire ger_grenadiers-1 w1 usa_assault_squad-1")
        assert st.asking == ["usa_assault_squad-1"]
    return st
