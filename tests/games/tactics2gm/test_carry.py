"""Transports and towing played through the game state (GM-85, GM-92, GM-93, GM-96, A-24):
infantry boards a transport by moving onto its square, rides along, and is set down on a
free square beside it; aboard it neither fires nor can be fired at; a carrier destroyed
with units aboard takes them with it; guns ride a tower the same way. The rulings followed
are in docs/games/tactics2gm.md."""

from __future__ import annotations

from tests.games.tactics2gm.scenes import legal, pass_until, put, refused, scene, sq


def verbs(st, verb, unit, player="allies"):
    return {a.args[1] for a in st.legal_actions(player) if a.verb == verb and a.args[0] == unit}


def loaded(st, where):
    """A halftrack on ``where`` with light infantry aboard."""
    c = put(st, "usa_halftrack", 0, where)
    i = put(st, "light_infantry", 0, where)
    i.aboard = c.id
    return c, i


def test_gm96_infantry_boards_rides_and_is_set_down_beside_its_transport():
    st = scene("move")
    i = put(st, "light_infantry", 0, "D1")  # movement 2
    c = put(st, "usa_halftrack", 0, "D3")  # movement 3, room for one
    put(st, "m4_sherman", 0, "H1")  # no transport: nothing to board
    assert verbs(st, "board", "light_infantry-1") == {"usa_halftrack-1"}
    assert "GM-96" in refused(st, "allies", "board light_infantry-1 m4_sherman-1")
    events = st.apply("allies", "board light_infantry-1 usa_halftrack-1")
    assert [e.kind for e in events] == ["move", "board"]
    assert st.describe("allies", "move usa_halftrack-1 D6") == "Move M3 Half-track 1 to D6"
    assert i.aboard == c.id and i.sq == c.sq == sq("D3")
    assert not verbs(st, "move", "light_infantry-1")  # aboard, it only leaves
    st.apply("allies", "move usa_halftrack-1 D6")
    assert i.sq == sq("D6")  # it rides along
    assert verbs(st, "unload", "light_infantry-1") == {"C6", "E6", "D5"}
    assert "A-24" in refused(st, "allies", "unload light_infantry-1 D4")  # not beside it
    assert st.describe("allies", "unload light_infantry-1 E6") == "Set Rifle Squad 1 down on E6"
    st.apply("allies", "unload light_infantry-1 E6")
    assert i.sq == sq("E6") and not i.aboard and i.moved  # its movement is used up
    assert "board light_infantry-1 usa_halftrack-1" not in legal(st)


def test_a24_one_unit_aboard_unless_the_card_says_more_and_only_its_kind():
    st = scene("move")
    put(st, "light_infantry", 0, "D1")
    put(st, "light_infantry", 0, "C2")
    put(st, "usa_field_gun", 0, "E1")  # a gun rides a tower, not a transport
    c = put(st, "usa_halftrack", 0, "D2")
    put(st, "light_infantry", 0, "H1").aboard = "usa_halftrack-1"  # already full
    st.pieces[-1].sq = c.sq
    st._legal_cache = None
    assert not [a for a in st.legal_actions("allies") if a.verb == "board"]
    assert "GM-96" in refused(st, "allies", "board light_infantry-1 usa_halftrack-1")  # full


def test_a24_aboard_a_unit_neither_fires_nor_is_fired_at():
    st = scene("fire", active="axis")
    loaded(st, "D3")
    put(st, "ger_grenadiers", 1, "D4")
    targets = {a.args[2] for a in st.legal_actions("axis") if a.verb == "fire"}
    assert targets == {"usa_halftrack-1"}  # the halftrack's armour 2 is in the rifle's reach
    assert "GM-42" in refused(st, "axis", "fire ger_grenadiers-1 w1 light_infantry-1")
    st = scene("fire")
    loaded(st, "D3")
    put(st, "ger_grenadiers", 1, "D4")
    shooters = {a.args[0] for a in st.legal_actions("allies") if a.verb == "fire"}
    assert shooters == {"usa_halftrack-1"}


def test_gm85_a_mechanized_unit_still_moves_after_it_is_set_down():
    st = scene("move")
    i = put(st, "usa_armored_infantry", 0, "D1")  # mechanized, movement 2
    put(st, "usa_halftrack", 0, "D2")
    st.apply("allies", "board usa_armored_infantry-1 usa_halftrack-1")
    st.apply("allies", "move usa_halftrack-1 D5")
    st.apply("allies", "unload usa_armored_infantry-1 D6")
    assert not i.moved and "C6" in verbs(st, "move", "usa_armored_infantry-1")
    assert "board usa_armored_infantry-1 usa_halftrack-1" not in legal(st)  # not again


def test_gm93_a_carrier_destroyed_takes_its_passenger_with_it():
    st = scene("fire", active="axis")
    loaded(st, "D3")
    put(st, "tiger", 1, "D5")
    before = list(st.discards[0])
    st.rng.force([10])
    events = st.apply("axis", "fire tiger-1 w1 usa_halftrack-1")
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["critical", "destroyed", "destroyed"]
    assert st.piece("light_infantry-1") is None and st.destroyed[0] == 2
    assert st.discards[0] == [*before, "usa_halftrack", "light_infantry"]


def test_gm92_a_gun_deployed_on_its_tower_is_towed_and_dropped_beside_it():
    st = scene("deploy")
    st.hands[0] = ["usa_truck", "usa_57mm"]
    st.apply("allies", "deploy usa_truck D1")
    assert "deploy usa_57mm D1 aboard" in legal(st)
    st.apply("allies", "deploy usa_57mm D1 aboard")
    gun = st.piece("usa_57mm-1")
    assert gun.aboard == "usa_truck-1" and gun.sq == sq("D1")
    pass_until(st, "allies", "move", 3)
    assert verbs(st, "board", "usa_57mm-1") == set()  # movement 0: it never boards itself
    st.apply("allies", "move usa_truck-1 D4")
    st.apply("allies", "unload usa_57mm-1 D5")
    assert gun.sq == sq("D5") and not gun.aboard


def test_gm63_a_transport_entering_a_minefield_shields_its_passenger():
    st = scene("move")
    _, i = loaded(st, "D2")
    st.terrain[sq("D3")], st.owner[sq("D3")] = "minefield", 1
    st.rng.force([5])
    events = st.apply("allies", "move usa_halftrack-1 D3")
    assert [e.kind for e in events].count("mine") == 1 and i.wounds == 0
    assert i.sq == sq("D3")
