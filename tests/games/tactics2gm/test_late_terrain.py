"""Terrain after the start: GM-40 (the Deployment phase is the only phase terrain may enter
play in once the battle has begun) and GM-13 with its optional rule (option
``late_terrain``): a player buys a card of the shared terrain deck for its AP and lays it on
an empty square at most 1 square from one of his units. The rulings followed are in
docs/games/tactics2gm.md."""

from __future__ import annotations

from tests.games.tactics2gm.scenes import GAME, OPEN, legal, put, refused, scene, sq

ON = {"late_terrain": True}


def laid(st, player="allies"):
    return {a for a in legal(st, player) if a.startswith("terrain")}


def test_gm13_gm40_without_the_option_no_terrain_enters_play_after_the_start():
    st = scene("deploy", ap=(10, 10))
    put(st, "light_infantry", 0, "D2")
    assert laid(st) == set()
    reason = refused(st, "allies", "terrain wall D3")
    assert "GM-13" in reason and "GM-40" in reason
    st.phase, st._legal_cache = "fire", None
    assert "GM-40" in refused(st, "allies", "terrain wall D3")


def test_gm13_late_terrain_goes_on_empty_squares_within_one_of_an_own_unit():
    st = scene("deploy", ap=(1, 10), **ON)
    put(st, "light_infantry", 0, "D2")
    put(st, "m4_sherman", 0, "D3")  # a unit's square takes no card
    put(st, "ger_grenadiers", 1, "E2")  # nor an enemy's
    put(st, "ger_grenadiers", 1, "G5")  # the squares around the enemy's units do not count
    st.terrain[sq("C3")], st.owner[sq("C3")] = "wall", 0  # one card a square
    st.ground = tuple("L" if k == 10 else g for k, g in enumerate(st.ground))  # C2: a lake
    st._legal_cache = None
    walls = {a.split()[2] for a in laid(st) if a.split()[1] == "wall"}
    # around D2 and D3: C2 is a lake, D2, D3 and E2 hold units, C3 a wall already
    assert walls == {"D1", "E3", "D4"}
    assert {a.split()[1] for a in laid(st)} == {"wall", "wire", "barrier", "foxholes", "craters"}
    reason = refused(st, "allies", "terrain wall F4")  # out of reach
    assert "GM-13" in reason
    assert "GM-13" in refused(st, "allies", "terrain house D4")  # 3 AP: more than its pool


def test_gm13_the_card_is_paid_from_the_pool_and_leaves_the_shared_deck():
    st = scene("deploy", ap=(5, 10), **ON)
    put(st, "light_infantry", 0, "D2")
    put(st, "ger_grenadiers", 1, "D5")
    st.laid_count["wall"] = 1  # the axis laid the other wall at the opening
    events = st.apply("allies", "terrain wall D3")
    assert [e.kind for e in events] == ["terrain"] and events[0].rule == "GM-13"
    assert st.ap[0] == 4 and st.terrain[sq("D3")] == "wall" and st.owner[sq("D3")] == 0
    assert st.laid_count["wall"] == 2
    assert not [a for a in laid(st) if a.split()[1] == "wall"]  # the deck has no wall left
    assert st.view("axis")["field"]["terrain"]["D3"] == ["wall", "allies"]


def test_gm13_gm107_a_late_card_spreads_over_free_squares_for_one_ap_more():
    st = scene("deploy", ap=(3, 10), extensive_terrain=True, **ON)
    put(st, "light_infantry", 0, "D2")
    put(st, "ger_grenadiers", 1, "E1")
    # the card's own square is near the unit; the squares it spreads over need only be free
    assert {"terrain wall D3 both", "terrain wall D1 left"} <= laid(st)
    assert "terrain wall D1 right" not in laid(st)  # E1 holds a unit
    assert "terrain wall D4 left" not in laid(st)  # D4 is two squares from D2
    st.apply("allies", "terrain trench D3 both")
    assert st.ap[0] == 0 and all(st.terrain[sq(s)] == "trench" for s in ("C3", "D3", "E3"))


def test_gm13_a_mine_laid_late_is_its_sides_and_attacks_the_enemy():
    st = scene("deploy", ap=(5, 10), **ON)
    put(st, "light_infantry", 0, "D3")
    st.apply("allies", "terrain minefield D4")
    assert st.owner[sq("D4")] == 0
    assert st.view(None)["field"]["terrain"]["D4"] == ["minefield", "allies"]


def test_gm40_late_terrain_only_in_the_deployment_phase():
    st = scene("move", ap=(5, 10), **ON)
    put(st, "light_infantry", 0, "D2")
    assert laid(st) == set()
    assert "GM-40" in refused(st, "allies", "terrain wall D3")


def test_gm13_a_late_card_reads_with_its_price():
    st = scene("deploy", ap=(5, 10), extensive_terrain=True, **ON)
    put(st, "light_infantry", 0, "D2")
    assert (
        st.describe("allies", "terrain wall D3 both")
        == "Lay Stone Wall on D3, spread both for 2 AP"
    )


def test_gm13_a25_in_team_play_the_player_laying_the_card_pays_from_his_own_pool():
    """A teammate's unit counts as his own side's (A-25)."""
    st = GAME.new_game(None, seed=1, options={"players": "2v1", **ON})
    st.rng.force([6, 5])
    st.apply("allies-1", "bid 0")
    st.apply("axis", "bid 0")
    st.apply("allies-1", "first allies")
    for seat in ("allies-1", "allies-2", "axis"):
        st.apply(seat, "keep")
    st.ground, st.pieces, st.serial = OPEN, [], {}
    st.phase, st.ap, st.passed = "deploy", [0, 3, 5], [False] * 3
    put(st, "light_infantry", 0, "D2")  # the Marshal's squad
    assert laid(st, "allies-1") == set()  # no AP left in his pool
    st.apply("allies-2", "terrain wall D3")
    assert st.ap == [0, 2, 5] and st.owner[sq("D3")] == 0
