"""Buildings and terrain worn down by fire, played through the game state (GM-47, GM-53,
GM-58, GM-59, GM-63 to GM-65, GM-83, GM-88, GM-98, A-16): a unit walks into and out of a
building as over open ground and inside gets its cover and armour; empty forests, hedges
and buildings may be fired at and cannot be missed; a building takes the damage its
occupant takes (criticals aside) and at 0 PI is ruins, burying whoever holds it;
howitzers and flamethrowers are made for buildings. The
rulings followed are in docs/games/tactics2gm.md."""

from __future__ import annotations

import dataclasses

from tests.games.tactics2gm.scenes import OPEN, legal, pass_until, put, refused, scene, sq
from wartable.games.tactics2gm.content import RUINS
from wartable.games.tactics2gm.model import weapons
from wartable.games.tactics2gm.rules import shots
from wartable.games.tactics2gm.rules.common import card_on, footing
from wartable.games.tactics2gm.rules.field import GRID


def kinds(events):
    return [e.kind for e in events]


def trimmed(events):
    k = kinds(events)
    return events[: k.index("flip")] if "flip" in k else events


def ground(**features):
    """Open ground with the tile features given by square: ground(D4="F")."""
    cells = list(OPEN)
    for where, f in features.items():
        cells[GRID.index(sq(where))] = f
    return tuple(cells)


def house(st, where, side=1, card="house"):
    st.terrain[sq(where)], st.owner[sq(where)] = card, side


def terms(st, firer, key, target):
    p, t = st.piece(firer), st.piece(target)
    return shots.terms(st, p, weapons(st.lib, p)[key], t)


# ---- fire at empty terrain (GM-53) -----------------------------------------------------------
def test_gm53_empty_forests_hedges_and_buildings_in_range_may_be_fired_at():
    st = scene("fire")
    st.ground = ground(D3="F", E2="H", C2="M", D5="F")
    house(st, "C1")
    put(st, "light_infantry", 0, "D1")  # rifle range 2
    put(st, "light_infantry", 0, "A1")
    put(st, "ger_grenadiers", 1, "D4")
    offered = {a.split()[3] for a in legal(st) if a.startswith("fire light_infantry-1")}
    assert {"D3", "E2", "C1"} <= offered
    assert "C2" not in offered  # a mountain has no PI
    assert "D5" not in offered  # out of range
    assert "A1" not in offered and "D1" not in offered  # open ground
    st.ground = ground(D3="F", D2="F")
    put(st, "light_infantry", 0, "D2")  # a unit on it: fire goes at the occupant, not the wood
    offered = {a.split()[3] for a in legal(st) if a.startswith("fire light_infantry-1")}
    assert "D2" not in offered and "D3" in offered
    assert "GM-53" in refused(st, "allies", "fire light_infantry-1 w1 D2")


def test_gm53_gm58_fire_at_an_empty_forest_cannot_miss_and_8_pi_later_it_is_open_ground():
    st = scene("fire")
    st.ground = ground(D3="F")
    put(st, "light_infantry", 0, "D1")
    put(st, "light_infantry", 0, "C3")  # a second rifle for the last point
    events = trimmed(st.apply("allies", "fire light_infantry-1 w1 D3"))
    assert kinds(events) == ["terrain_hit", "worn"] and events[0].rule == "GM-53"
    assert "cannot miss" in events[0].text and "die" not in events[0].data
    assert st.tile_wear == {sq("D3"): 1}
    assert st.view("axis")["field"]["worn"] == {"D3": 7}
    st.tile_wear[sq("D3")] = 7
    events = trimmed(st.apply("allies", "fire light_infantry-2 w1 D3"))
    assert kinds(events) == ["terrain_hit", "worn", "felled"]
    assert footing(st, sq("D3")) == "normal"
    assert st.view("axis")["field"]["rows"][2][3] == "."
    p = put(st, "ger_grenadiers", 1, "D3")
    assert shots.defence(st, p) == shots.Mods()  # no cover left


def test_gm59_a_hedge_holds_4_pi():
    st = scene("fire")
    st.ground = ground(D2="H")
    put(st, "m4_sherman", 0, "D1")  # 75 mm: damage 2
    st.tile_wear[sq("D2")] = 2
    events = trimmed(st.apply("allies", "fire m4_sherman-1 w1 D2"))
    assert kinds(events)[-1] == "felled"


def test_a16_a_unit_hit_in_a_forest_leaves_the_forest_whole():
    st = scene("fire")
    st.ground = ground(D3="F")
    put(st, "light_infantry", 0, "D1")
    put(st, "ger_grenadiers", 1, "D3")
    st.rng.force([9])
    events = trimmed(st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1"))
    assert "hit" in kinds(events) and st.tile_wear == {}


def test_gm53_gm65_an_empty_building_fired_at_turns_to_ruins_at_0_pi():
    st = scene("fire")
    house(st, "D3")  # 6 PI
    put(st, "m4_sherman", 0, "D1")
    st.card_wear[sq("D3")] = 5
    events = trimmed(st.apply("allies", "fire m4_sherman-1 w1 D3"))
    assert kinds(events) == ["terrain_hit", "worn", "ruins"]
    assert st.terrain[sq("D3")] == "house" and st.ruins == {sq("D3")}  # the card turns over
    assert card_on(st, sq("D3")) is RUINS and footing(st, sq("D3")) == "difficult"
    assert "D3" not in {a.split()[3] for a in legal(st) if a.startswith("fire")}
    assert st.view("axis")["field"]["ruins"] == ["D3"]


# ---- a building takes its occupant's damage (GM-65) ------------------------------------------
def test_gm64_gm65_damage_to_a_unit_inside_wears_the_building_down():
    """GM-64: the unit inside gets the house's +2/+1 and its armour bonus of 1; GM-98: the
    Edificio card works as GM-64 and GM-65 say; GM-65: its damage wears the house down."""
    st = scene("fire")
    house(st, "D3")  # +2/+1 to be hit, armour +1, 6 PI
    put(st, "light_infantry", 0, "D1")
    put(st, "ger_grenadiers", 1, "D3")
    k = terms(st, "light_infantry-1", "w1", "ger_grenadiers-1")
    assert k.need == (7, 10) and k.armour == 1 and k.pierces
    st.rng.force([7])
    events = trimmed(st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1"))
    assert kinds(events) == ["hit", "worn"] and events[1].rule == "GM-65"
    assert st.piece("ger_grenadiers-1").wounds == 1 and st.card_wear == {sq("D3"): 1}


def test_gm64_a_unit_walks_into_and_out_of_a_building_as_over_open_ground():
    """GM-64: entering or leaving a building is an ordinary move: entering ends no move."""
    st = scene("move")
    house(st, "D2", side=0)
    put(st, "light_infantry", 0, "D1")  # movement 2
    targets = {a.args[1] for a in st.legal_actions("allies") if a.verb == "move"}
    assert {"D2", "D3"} <= targets  # in, or through and on: entering ends no move
    st.apply("allies", "move light_infantry-1 D2")
    pass_until(st, "allies", "move", 3)
    targets = {a.args[1] for a in st.legal_actions("allies") if a.verb == "move"}
    assert {"D4", "B2", "F2"} <= targets  # out again with its whole move


def test_gm65_a_critical_destroys_the_unit_and_spares_the_building():
    """GM-47: a critical destroys the unit inside (3 wounds, none taken) at once, never the
    building (GM-65)."""
    st = scene("fire")
    house(st, "D3")
    put(st, "light_infantry", 0, "D1")
    put(st, "ger_grenadiers", 1, "D3")
    st.rng.force([10])
    events = trimmed(st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1"))
    assert kinds(events) == ["critical", "destroyed"] and st.card_wear == {}


def test_gm65_a_building_falling_buries_every_unit_holding_it():
    st = scene("fire")
    house(st, "D3")
    put(st, "m4_sherman", 0, "D1")  # damage 2
    put(st, "ger_panzer_iv", 1, "D3")
    put(st, "ger_grenadiers", 1, "D3").beside = "ger_panzer_iv-1"  # a pair inside
    st.card_wear[sq("D3")] = 5
    st.rng.force([9])  # a hit, not a critical: 2 wounds of 3, and the house falls
    events = trimmed(st.apply("allies", "fire m4_sherman-1 w1 ger_grenadiers-1"))
    assert kinds(events)[:3] == ["hit", "worn", "ruins"]
    assert kinds(events).count("buried") == 2
    assert not [p for p in st.pieces if p.side == 1] and st.ruins == {sq("D3")}


def test_gm65_a_defenders_building_is_worn_by_the_assault_not_by_its_own_reaction():
    st = scene("move")
    house(st, "D4")
    put(st, "light_infantry", 0, "D3")
    put(st, "ger_grenadiers", 1, "D4")
    st.apply("allies", "assault light_infantry-1 ger_grenadiers-1")
    pass_until(st, "allies", "fire", st.turn)
    st.rng.force([6, 9])  # the reaction hits the assaulter; the assault's shot hits back
    events = st.apply("allies", "storm light_infantry-1")
    assert st.card_wear == {}  # the reaction's hit on the assaulter, outside the walls
    events += st.apply("allies", "fire light_infantry-1 w1 ger_grenadiers-1")
    assert "worn" in kinds(events) and st.card_wear == {sq("D4"): 1}


# ---- weapons made for buildings (GM-83, GM-88) -----------------------------------------------
def test_gm88_a_howitzer_hits_a_unit_in_a_building_harder_and_an_empty_one_too():
    st = scene("fire")
    house(st, "D5", card="bunker")  # armour +2, 8 PI
    house(st, "B5", card="bunker")
    put(st, "usa_howitzer", 0, "D1")  # pen 5, damage 2
    put(st, "ger_panzer_iv", 1, "D5")  # armour 5 + 2
    k = terms(st, "usa_howitzer-1", "w1", "ger_panzer_iv-1")
    assert (k.pen, k.armour, k.damage) == (7, 7, 4)
    st.rng.force([9])
    events = trimmed(st.apply("allies", "fire usa_howitzer-1 w1 ger_panzer_iv-1"))
    assert kinds(events) == ["hit", "worn", "destroyed"] and st.card_wear == {sq("D5"): 4}
    st = scene("fire")
    house(st, "D5", card="bunker")
    put(st, "usa_howitzer", 0, "D1")
    events = trimmed(st.apply("allies", "fire usa_howitzer-1 w1 D5"))
    assert "4 damage" in events[0].text and st.card_wear == {sq("D5"): 4}
    assert terms_in_open(st)[2] == 2  # in the open, no bonus


def terms_in_open(st):
    put(st, "ger_grenadiers", 1, "E2")
    k = terms(st, "usa_howitzer-1", "w1", "ger_grenadiers-1")
    return k.pen, k.armour, k.damage


def test_gm83_flames_into_a_building_cannot_miss_and_pass_armour_and_walls():
    st = scene("fire")
    house(st, "D3", card="bunker")  # +2/+2, armour +2
    put(st, "usa_flamethrower", 0, "D2", ["flamethrower"])  # hit 4, crit 9, pen 3, damage 2
    put(st, "ger_panzer_iv", 1, "D3")  # armour 5 + 2: far above the flames' pen 3
    k = terms(st, "usa_flamethrower-1", "flamethrower", "ger_panzer_iv-1")
    assert k.need == (1, 9) and k.pierces  # the bunker's +2/+2 left out of the critical
    st.rng.force([1])
    events = trimmed(st.apply("allies", "fire usa_flamethrower-1 flamethrower ger_panzer_iv-1"))
    assert kinds(events) == ["hit", "worn"] and "cannot miss" in events[0].text
    assert st.piece("ger_panzer_iv-1").wounds == 2
    assert st.view("allies")["units"][0]["tokens"]["flamethrower"] == "used"  # a flip weapon


def test_gm83_the_flamethrowers_own_rifle_and_flames_in_the_open_are_plain_shots():
    st = scene("fire")
    house(st, "D3", card="bunker")
    put(st, "usa_flamethrower", 0, "D2", ["flamethrower"])
    put(st, "ger_grenadiers", 1, "D3")
    put(st, "ger_grenadiers", 1, "E2")
    assert terms(st, "usa_flamethrower-1", "w1", "ger_grenadiers-1").need == (8, 10)
    k = terms(st, "usa_flamethrower-1", "flamethrower", "ger_grenadiers-2")
    assert k.need == (4, 9) and not k.armour_aside


def test_gm63_a_terrain_card_with_pi_that_is_no_building_leaves_the_field():
    st = scene("fire")
    lib = st.lib
    sturdy = lib.terrain["wall"].model_copy(update={"hit_points": 2})
    st.lib = dataclasses.replace(lib, terrain={**lib.terrain, "wall": sturdy})
    house(st, "D3", card="wall")
    put(st, "m4_sherman", 0, "D1")
    events = trimmed(st.apply("allies", "fire m4_sherman-1 w1 D3"))
    assert kinds(events) == ["terrain_hit", "worn", "razed"]
    assert sq("D3") not in st.terrain and sq("D3") not in st.owner
