"""Special abilities used as orders, played through the game state (GM-85, GM-86, GM-87,
GM-94, GM-95, GM-96, GM-97, A-10, A-23). The rulings followed are in
docs/games/tactics2gm.md."""

from __future__ import annotations

from tests.games.tactics2gm.scenes import legal, put, refused, scene, sq
from wartable.games.tactics2gm.rules import turn
from wartable.games.tactics2gm.rules.common import movement


def kinds(events):
    return [e.kind for e in events]


def trimmed(events):
    k = kinds(events)
    return events[: k.index("flip")] if "flip" in k else events


# ---- Reparar and Sanar (GM-94, GM-95) --------------------------------------------------------
def test_gm94_a_mechanic_mends_a_vehicle_or_gun_beside_it_once_a_turn():
    st = scene("fire")
    put(st, "usa_mechanics", 0, "D2")
    tank = put(st, "m4_sherman", 0, "D3")
    gun = put(st, "usa_howitzer", 0, "C2")
    far = put(st, "m4_sherman", 0, "D5")  # two squares away
    rifles = put(st, "light_infantry", 0, "E2")  # infantry: a medic's work
    for p in (tank, gun, far, rifles):
        p.wounds = 2
    offered = {a for a in legal(st) if a.startswith("repair")}
    assert offered == {
        "repair usa_mechanics-1 m4_sherman-1",
        "repair usa_mechanics-1 usa_howitzer-1",
    }
    events = trimmed(st.apply("allies", "repair usa_mechanics-1 m4_sherman-1"))
    assert kinds(events) == ["mended"] and events[0].rule == "GM-94" and tank.wounds == 1
    assert not [a for a in legal(st) if a.startswith("repair")]  # once a turn
    assert "GM-94" in refused(st, "allies", "repair usa_mechanics-1 usa_howitzer-1")


def test_gm95_a_medic_mends_infantry_or_a_gun_itself_included_not_a_tank():
    st = scene("fire")
    medic = put(st, "usa_medics", 0, "D2")
    rifles = put(st, "light_infantry", 0, "D3")
    tank = put(st, "m4_sherman", 0, "C2")
    put(st, "light_infantry", 0, "A1")  # keeps the phase going
    put(st, "ger_grenadiers", 1, "A3")
    for p in (medic, rifles, tank):
        p.wounds = 1
    offered = {a for a in legal(st) if a.startswith("heal")}
    assert offered == {"heal usa_medics-1 usa_medics-1", "heal usa_medics-1 light_infantry-1"}
    events = trimmed(st.apply("allies", "heal usa_medics-1 usa_medics-1"))
    assert events[0].rule == "GM-95" and medic.wounds == 0


def test_gm94_gm95_the_work_is_offered_again_next_turn():
    st = scene("fire")
    put(st, "usa_medics", 0, "D2").tended = True
    put(st, "light_infantry", 0, "D3").wounds = 2
    assert not [a for a in legal(st) if a.startswith("heal")]
    turn.begin_turn(st)  # the allies' next turn: the work is there to do again
    st.phase, st._legal_cache = "fire", None
    assert "heal usa_medics-1 light_infantry-1" in legal(st)


# ---- Zapadores (GM-97, A-23) -----------------------------------------------------------------
def test_gm97_sappers_clear_wire_barriers_and_mines_beside_them_and_their_tools_flip():
    st = scene("fire")
    sapper = put(st, "usa_sappers", 0, "D2")
    sapper.tokens["sappers"] = "ready"
    put(st, "light_infantry", 0, "A1")  # keeps the phase going
    put(st, "ger_grenadiers", 1, "A3")
    for where, card, side in (
        ("D3", "wire", 1),
        ("C2", "minefield", 1),
        ("E2", "wall", 1),  # not removable
        ("D4", "barrier", 1),  # two squares away
        ("D1", "at_mine", 1),  # a support card
    ):
        st.terrain[sq(where)], st.owner[sq(where)] = card, side
    offered = {a for a in legal(st) if a.startswith("clear")}
    assert offered == {"clear usa_sappers-1 D3", "clear usa_sappers-1 C2", "clear usa_sappers-1 D1"}
    events = trimmed(st.apply("allies", "clear usa_sappers-1 D1"))
    assert kinds(events) == ["cleared"] and events[0].rule == "GM-97"
    assert sq("D1") not in st.terrain and "at_mine" in st.discards[1]
    assert sapper.tokens["sappers"] == "used"
    assert "GM-97" in refused(st, "allies", "clear usa_sappers-1 D3")  # flipped until later


def test_gm97_a_sappers_tools_come_with_it_when_it_deploys():
    st = scene("deploy")
    st.hands[0] = ["usa_sappers"]
    st.apply("allies", "deploy usa_sappers A1")
    assert st.piece("usa_sappers-1").tokens["sappers"] == "ready"


# ---- Montada (GM-86) -------------------------------------------------------------------------
def test_gm86_mounted_troops_ride_one_square_further_and_give_up_their_fire():
    st = scene("move", active="axis")
    p = put(st, "ger_kradschutzen", 1, "D6")  # movement 2
    assert "ride ger_kradschutzen-1" in legal(st, "axis")
    assert "move ger_kradschutzen-1 D3" not in legal(st, "axis")
    events = st.apply("axis", "ride ger_kradschutzen-1")
    assert kinds(events) == ["ride"] and movement(st, p) == 3
    assert "move ger_kradschutzen-1 D3" in legal(st, "axis")
    assert p.fired == ("w1",)  # no fire this turn
    assert "GM-86" in refused(st, "axis", "ride ger_kradschutzen-1")


def test_gm86_a_unit_that_moved_no_longer_rides():
    st = scene("move", active="axis")
    put(st, "ger_kradschutzen", 1, "D6")
    put(st, "ger_grenadiers", 1, "A6")
    st.apply("axis", "move ger_kradschutzen-1 D5")
    assert "ride ger_kradschutzen-1" not in legal(st, "axis")


# ---- Movilidad (GM-87, GM-96, A-10) and Mecanizada (GM-85) -----------------------------------
def test_gm87_a10_a_unit_with_movilidad_moves_in_the_deployment_phase_it_arrives_in():
    st = scene("deploy")
    st.hands[0] = ["usa_stuart", "m4_sherman"]
    st.apply("allies", "deploy usa_stuart D1")
    st.apply("allies", "done")  # no equipment
    offered = legal(st)
    assert "move usa_stuart-1 D4" in offered  # movement 3
    st.apply("allies", "deploy m4_sherman E1")
    st.apply("allies", "done")
    assert not [a for a in legal(st) if a.startswith("move m4_sherman-1")]  # no Movilidad
    st.apply("allies", "move usa_stuart-1 D4")
    assert not [a for a in legal(st) if a.startswith("move usa_stuart-1")]  # one move


def test_gm96_a10_a_fast_transport_carries_its_infantry_forward_and_sets_it_down():
    st = scene("deploy")
    st.hands[0] = ["usa_halftrack", "usa_armored_infantry"]
    st.apply("allies", "deploy usa_halftrack D1")
    if st.equipping:
        st.apply("allies", "done")
    st.apply("allies", "deploy usa_armored_infantry D1 aboard")
    if st.equipping:
        st.apply("allies", "done")
    st.apply("allies", "move usa_halftrack-1 D3")
    infantry = st.piece("usa_armored_infantry-1")
    assert infantry.sq == sq("D3") and infantry.aboard
    assert "unload usa_armored_infantry-1 D4" in legal(st)
    st.apply("allies", "unload usa_armored_infantry-1 D4")
    assert "move usa_armored_infantry-1 D5" in legal(st)  # mechanized: it moves on (GM-85)


def test_a10_a_carrier_without_movilidad_keeps_its_load_until_the_movement_phase():
    st = scene("deploy")
    st.hands[0] = ["usa_truck", "usa_howitzer"]  # a tower without Movilidad
    st.apply("allies", "deploy usa_truck D1")
    st.apply("allies", "deploy usa_howitzer D1 aboard")
    assert st.piece("usa_howitzer-1").aboard == "usa_truck-1"
    assert not [a for a in legal(st) if a.startswith(("unload", "move"))]


def test_gm28_a17_abilities_without_a_time_of_their_own_in_any_phase_of_the_own_turn():
    """GM-28, A-17: sappers clear wire in the Movement phase, and a unit walks through where
    it lay in that same phase; mending and healing come in any own phase, once a turn; the
    other side never uses them in a turn not its own."""
    st = scene("move")
    sapper = put(st, "usa_sappers", 0, "C2")
    sapper.tokens["sappers"] = "ready"
    rifles = put(st, "light_infantry", 0, "D1")  # movement 2
    st.terrain[sq("D2")], st.owner[sq("D2")] = "wire", 1
    assert "move light_infantry-1 D3" not in legal(st)  # the wire stops it on D2
    assert "clear usa_sappers-1 D2" in legal(st)
    st.apply("allies", "clear usa_sappers-1 D2")
    st.apply("allies", "move light_infantry-1 D3")
    assert rifles.sq == sq("D3")
    for phase in ("deploy", "flip"):
        st = scene(phase)
        medic = put(st, "usa_medics", 0, "C2")
        hurt = put(st, "light_infantry", 0, "C3")
        hurt.wounds = 2
        put(st, "ger_grenadiers", 1, "A6")
        assert "heal usa_medics-1 light_infantry-1" in legal(st)
        st.apply("allies", "heal usa_medics-1 light_infantry-1")
        assert hurt.wounds == 1 and medic.tended
        assert "heal usa_medics-1 light_infantry-1" not in legal(st)  # once a turn
    st = scene("move", active="axis")
    put(st, "usa_medics", 0, "C2")
    put(st, "light_infantry", 0, "C3").wounds = 1
    put(st, "ger_grenadiers", 1, "A6")
    assert "waiting for axis" in refused(st, "allies", "heal usa_medics-1 light_infantry-1")
