"""Advance under cover played through the game state (GM-35, GM-36, A-9): infantry joins a
friendly armoured tank or transport on its square, is harder to hit there (+1/+1), moves
with it from the next Movement phase at the slower one's pace, and loses the cover when the
two are moved apart or the vehicle is destroyed. The rulings followed are in
docs/games/tactics2gm.md."""

from __future__ import annotations

from tests.games.tactics2gm.scenes import legal, pass_until, put, refused, scene, sq


def offered(st, verb, unit, player="allies"):
    return {a.args[1:] for a in st.legal_actions(player) if a.verb == verb and a.args[0] == unit}


def moves(st, unit):
    return {
        a.args[1]
        for a in st.legal_actions("allies")
        if a.verb == "move" and a.args[0] == unit and len(a.args) == 2
    }


def alone(st, unit):
    return {
        a.args[1]
        for a in st.legal_actions("allies")
        if a.verb == "move" and a.args[0] == unit and a.args[2:] == ("alone",)
    }


def paired(st, where="D2"):
    """Light infantry beside a Stuart (movement 3) on ``where``, formed in an earlier turn."""
    i = put(st, "light_infantry", 0, where)
    v = put(st, "usa_stuart", 0, where)
    i.beside = v.id
    st._legal_cache = None
    return i, v


# ---- joining (GM-35, A-9) ------------------------------------------------------------------
def test_gm35_infantry_joins_an_armoured_vehicle_within_its_move_and_stops_there():
    st = scene("move")
    put(st, "light_infantry", 0, "D1")  # movement 2
    put(st, "usa_stuart", 0, "D3")  # armour 3: two steps away
    put(st, "usa_jeep", 0, "C1")  # armour 0: no cover
    put(st, "usa_field_gun", 0, "E1")  # not a vehicle
    put(st, "m4_sherman", 0, "H1")  # out of reach
    assert offered(st, "advance", "light_infantry-1") == {("usa_stuart-1",)}
    assert "GM-35" in refused(st, "allies", "advance light_infantry-1 usa_jeep-1")
    assert "GM-35" in refused(st, "allies", "advance light_infantry-1 m4_sherman-1")
    events = st.apply("allies", "advance light_infantry-1 usa_stuart-1")
    assert [e.kind for e in events][:2] == ["move", "cover"]
    i, v = st.piece("light_infantry-1"), st.piece("usa_stuart-1")
    assert i.sq == v.sq == sq("D3") and i.beside == "usa_stuart-1" and i.moved
    # the pair moves together from the next Movement phase: the Stuart may only go alone now
    assert moves(st, "usa_stuart-1") == set() and "D6" in alone(st, "usa_stuart-1")
    assert st.view("axis")["units"][0]["beside"] == "usa_stuart-1"


def test_gm35_one_infantry_a_vehicle():
    st = scene("move")
    paired(st, "D2")
    put(st, "light_infantry", 0, "D1")
    assert offered(st, "advance", "light_infantry-2") == set()
    assert not any(a.verb == "swap" for a in st.legal_actions("allies"))  # not with a pair


def test_gm35_infantry_beside_a_vehicle_is_harder_to_hit_and_either_may_be_shot():
    st = scene("fire", active="axis")
    paired(st, "D3")
    put(st, "ger_grenadiers", 1, "D4")
    targets = {a.args[2] for a in st.legal_actions("axis") if a.verb == "fire"}
    assert {"light_infantry-1", "usa_stuart-1"} <= targets  # the firer picks which
    info = st.action_info("axis", "fire ger_grenadiers-1 w1 usa_stuart-1")
    assert "5+ to hit" in info["text"]  # the vehicle itself has no such cover
    st.rng.force([5])
    events = st.apply("axis", "fire ger_grenadiers-1 w1 light_infantry-1")
    assert "needs 6+ (critical 10+)" in events[0].text and events[0].kind == "miss"


# ---- moving together (GM-35) ----------------------------------------------------------------
def test_gm35_the_pair_moves_together_at_the_slower_pace_or_the_vehicle_alone():
    st = scene("move")
    i = put(st, "heavy_infantry", 0, "D2")  # movement 1
    v = put(st, "usa_stuart", 0, "D2")  # movement 3
    i.beside = v.id
    st._legal_cache = None
    assert moves(st, "usa_stuart-1") == {"C2", "E2", "D1", "D3"}
    assert "D5" in alone(st, "usa_stuart-1") and "D6" not in alone(st, "usa_stuart-1")
    words = st.describe("allies", "move usa_stuart-1 D3")
    assert words == "Move M3 Stuart 1 to D3 with Weapons Squad 1 beside it"
    st.apply("allies", "move usa_stuart-1 D3")
    assert i.sq == v.sq == sq("D3") and i.moved and v.moved and i.beside == v.id


def test_gm36_moving_the_vehicle_alone_leaves_the_infantry_uncovered():
    st = scene("move")
    i, v = paired(st, "D2")
    events = st.apply("allies", "move usa_stuart-1 D5 alone")
    assert "uncovered" in [e.kind for e in events]
    assert v.sq == sq("D5") and i.sq == sq("D2") and not i.beside and not i.moved
    assert "D3" in moves(st, "light_infantry-1")


def test_gm36_moving_the_infantry_off_ends_its_cover():
    st = scene("move")
    i, v = paired(st, "D2")
    assert "C2" in moves(st, "light_infantry-1")
    st.apply("allies", "move light_infantry-1 C2")
    assert i.sq == sq("C2") and not i.beside and v.sq == sq("D2")
    assert moves(st, "usa_stuart-1") and not alone(st, "usa_stuart-1")  # a lone vehicle now
    assert "GM-36" in refused(st, "allies", "move usa_stuart-1 D3 alone")


def test_gm36_the_vehicles_destruction_ends_the_cover():
    st = scene("fire", active="axis")
    i, _ = paired(st, "D3")
    put(st, "tiger", 1, "D5")
    st.rng.force([10])
    events = st.apply("axis", "fire tiger-1 w1 usa_stuart-1")
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["critical", "destroyed", "uncovered"]
    assert not i.beside and st.piece("usa_stuart-1") is None


# ---- deploying together (GM-36) --------------------------------------------------------------
def test_gm36_a_pair_deploys_together():
    st = scene("deploy")
    st.hands[0] = ["usa_stuart", "light_infantry", "light_infantry"]
    st.apply("allies", "deploy usa_stuart D1")
    while st.equipping:
        st.apply("allies", "done")
    assert "deploy light_infantry D1" in legal(st)
    events = st.apply("allies", "deploy light_infantry D1")
    assert "cover" in [e.kind for e in events]
    assert st.piece("light_infantry-1").beside == "usa_stuart-1"
    while st.equipping:
        st.apply("allies", "done")
    assert "deploy light_infantry D1" not in legal(st)  # one infantry a vehicle


def test_gm36_an_old_vehicle_takes_no_infantry_at_deployment():
    st = scene("deploy")
    st.hands[0] = ["light_infantry"]
    put(st, "usa_stuart", 0, "D1")  # deployed in an earlier turn
    assert "deploy light_infantry D1" not in legal(st)


# ---- with the other rules --------------------------------------------------------------------
def test_gm32_an_assault_on_a_pair_picks_its_defender_and_the_other_keeps_the_square():
    st = scene("move", active="axis")
    i, v = paired(st, "D4")
    i.wounds = 2  # one hit ends it
    a = put(st, "ger_grenadiers", 1, "D5")
    assert offered(st, "assault", "ger_grenadiers-1", "axis") == {
        ("light_infantry-1",),
        ("usa_stuart-1",),
    }
    st.apply("axis", "assault ger_grenadiers-1 light_infantry-1")
    pass_until(st, "axis", "fire", st.turn)
    st.rng.force([1, 6])  # the reaction misses; the assault's shot needs 6+ (cover advance)
    st.apply("axis", "storm ger_grenadiers-1")
    events = st.apply("axis", "fire ger_grenadiers-1 w1 light_infantry-1")
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["hit", "destroyed", "falls_back"]  # the Stuart still holds D4
    assert a.sq == sq("D5") and v.sq == sq("D4")


def test_a_strike_card_picks_one_unit_of_a_pair():
    st = scene("deploy", active="axis")
    paired(st, "D3")
    st.hands[1] = ["impact"]
    targets = {a.args[1] for a in st.legal_actions("axis") if a.verb == "play"}
    assert {"light_infantry-1", "usa_stuart-1"} <= targets


def test_gm63_a_pair_entering_a_minefield_is_attacked_twice():
    st = scene("move")
    i, v = paired(st, "D2")
    st.terrain[sq("D3")], st.owner[sq("D3")] = "minefield", 1
    st.rng.force([1, 1])
    events = st.apply("allies", "move usa_stuart-1 D3")
    assert [e.kind for e in events].count("mine") == 2
    assert i.sq == v.sq == sq("D3") and i.beside == v.id
