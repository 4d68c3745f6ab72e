"""Grenades, rifle grenades and smoke in play (7.09-7.11, 9.6, 10.09, 14.2, 18.0), dice forced."""

from __future__ import annotations

import pytest

import wartable
from wartable.games.combat.model import GERMANY
from wartable.games.combat.rules import enemy_phase, fire, grenades, harm, observe, smoke
from wartable.games.combat.rules.common import distance, posture, tq_now
from wartable.games.combat.rules.firing import fire_chance
from wartable.games.combat.rules.legal import order_actions

from .scene import hex_index, put, scene

BRUBAKER = "18.16"


def wolf_start(st, target: int) -> str:
    """A clear hex 4 from the target with two clear hexes nearer to it (as in 14.2)."""
    board = st.sc.board
    for h in range(len(board.hexes)):
        if distance(st, h, target) != 4 or st.ground.cover[h] or board.kind[h] != "open":
            continue
        nearer = [
            board.index[n]
            for n in board.grid.neighbours(board.hexes[h])
            if distance(st, board.index[n], target) == 3
        ]
        if len(nearer) == 2 and all(board.kind[n] == "open" for n in nearer):
            return board.label(board.hexes[h])
    raise AssertionError("no such hex")


def test_grenade_example_14_2_arm_close_in_throw_and_explode():
    st = scene()
    board = st.sc.board
    bru = put(st, BRUBAKER, key="pvt-brubaker", order="")
    target = st.pos[bru]
    wolf = put(st, wolf_start(st, target), side=GERMANY, role="recruit", order="grenade")
    winter_hex = next(
        board.label(board.hexes[h])
        for h in range(len(board.hexes))
        if distance(st, h, target) == 3 and board.kind[h] == "open" and h != st.pos[wolf]
    )
    winter = put(st, winter_hex, side=GERMANY, role="recruit", order="grenade")
    ev: list = []
    # impulse 1: both arm and mark Brubaker; nobody moves
    start = {wolf: st.pos[wolf], winter: st.pos[winter]}
    for g in (wolf, winter):
        grenades.enemy_grenade(st, g, ev)
    assert st.live[wolf] and st.live[winter]
    assert st.aim[wolf] == st.aim[winter] == target
    assert {g: st.pos[g] for g in start} == start
    # impulse 2: Wolf, 4 away, steps nearer; two clear hexes tie: a d6 of 5 takes the second
    st.impulse = 2
    nearer = sorted(
        (
            board.index[n]
            for n in board.grid.neighbours(board.hexes[start[wolf]])
            if distance(st, board.index[n], target) == 3
        ),
        key=board.hexes.__getitem__,
    )
    st.rng.force([5])
    grenades.enemy_grenade(st, wolf, ev)
    grenades.enemy_grenade(st, winter, ev)
    assert st.pos[wolf] == nearer[1] and st.pos[winter] == start[winter]
    # impulse 3: Wolf's throw lands (3), Brubaker rolls 2 against WS 2: Near;
    # Winter's scatters (9, direction 2) into an empty hex
    st.impulse = 3
    assert st.soldiers[wolf].grenade_ws == 2 and st.ground.sight.sees(st.pos[wolf], target)
    st.rng.force([3, 2, 9, 2])
    grenades.enemy_grenade(st, wolf, ev)
    grenades.enemy_grenade(st, winter, ev)
    assert st.blast[bru] == "near" and not st.live[wolf] and not st.live[winter]
    scattered = board.index[st.sc.compass.step(board.hexes[target], 2)]
    assert sorted(h for h, _ in st.bursts) == sorted([target, scattered])
    # end of turn: three damage rolls at 3 or less (with his Order/Terrain modifier), all
    # missing here; then a Morale Check for each grenade he is with or next to; smoke on both
    charts = st.sc.lib.charts
    modifier = fire.cover_modifier(charts, board.kind[target], posture(st, bru))
    assert 3 + modifier < 9
    st.rng.force([9, 9, 9, 1, 2])
    grenades.explode_all(st, ev)
    texts = [e.text for e in ev]
    assert any("(near): rolls 9 9 9 vs 3" in t and "0 hit(s)" in t for t in texts)
    checks = [e for e in ev if e.kind == "check" and "MC" in e.text]
    assert len(checks) == 2
    assert not st.bursts and st.blast[bru] == ""
    assert sorted(board.index[c.hexes[0]] for c in st.clouds) == sorted([target, scattered])
    assert st.smoke_at[target] == -4


def test_near_marker_hits_draw_wound_cards():
    st = scene()
    bru = put(st, BRUBAKER, key="pvt-brubaker")
    harm.mark(st, bru, "near", "stielhandgranate_24")
    st.bursts = ((st.pos[bru], "stielhandgranate_24"),)
    st.rng.force([0, 1, 9])
    ev: list = []
    grenades.explode_all(st, ev)
    assert any("2 hit(s)" in e.text for e in ev)
    assert any(e.kind == "wound" for e in ev)


def test_friendly_grenade_order_needs_a_known_enemy_within_4_hexes():
    st = scene()
    st.phase = "orders"
    bru = put(st, BRUBAKER, key="pvt-brubaker")
    foe = put(st, "18.11", side=GERMANY, role="rifleman")  # 5 hexes
    assert not [a for a in order_actions(st, bru) if a.args[1] == "grenade"]
    st.pos[foe] = hex_index(st, "18.12")  # 4 hexes: the order, with its target hex
    offered = [a for a in order_actions(st, bru) if a.args[1] == "grenade"]
    assert [a.args[2] for a in offered] == ["18.12"]
    st.seen[foe] = False  # an unknown counter is no target
    assert not [a for a in order_actions(st, bru) if a.args[1] == "grenade"]


def test_friendly_throw_uses_the_targets_order_and_terrain():
    st = scene(impulse=3)
    bru = put(st, BRUBAKER, key="pvt-brubaker", order="grenade")
    foe = put(st, "18.14", side=GERMANY, role="rifleman", order="hide")
    st.aim[bru] = st.pos[foe]
    charts = st.sc.lib.charts
    kind = st.sc.board.kind[st.pos[foe]]
    need = st.soldiers[bru].grenade_ws + fire.cover_modifier(charts, kind, "hide")
    assert need >= 0
    st.rng.force([0, need])  # lands; a roll equal to the modified WS is a Near marker
    grenades.throw(st, bru, [])
    assert st.blast[foe] == "near"
    st.blast[foe], st.bursts = "", ()
    st.order[bru], st.aim[bru] = "grenade", st.pos[foe]
    st.rng.force([0, need + 1])
    grenades.throw(st, bru, [])
    assert st.blast[foe] == "far"


def test_a_grenadier_forced_to_take_cover_drops_his_live_grenade():
    st = scene(impulse=2)
    g = put(st, "20.14", side=GERMANY, role="rifleman", order="grenade")
    mate = put(st, "20.14", side=GERMANY, role="rifleman", order="evade")
    st.live[g] = True
    ev: list = []
    harm.take_cover(st, g, ev)
    assert st.order[g] == "duck_back" and not st.live[g]
    assert (st.blast[g], st.blast[mate]) == ("near", "far")
    assert st.bursts == ((st.pos[g], "stielhandgranate_24"),)
    assert any("drops his live grenade" in e.text for e in ev)


def test_a_grenadier_killed_before_his_throw_drops_his_live_grenade():
    st = scene(impulse=2)
    g = put(st, "20.14", side=GERMANY, role="rifleman", order="grenade")
    mate = put(st, "20.14", side=GERMANY, role="rifleman", order="evade")
    st.live[g], st.aim[g] = True, hex_index(st, "20.17")
    ev: list = []
    harm.kill(st, g, ev)
    assert not st.live[g] and st.aim[g] == -1
    assert (st.blast[g], st.blast[mate]) == ("", "far")  # the dead need no marker
    assert st.bursts == ((st.pos[g], "stielhandgranate_24"),)


def test_rifle_grenade_explodes_as_it_lands():
    st = scene(impulse=3)
    bru = put(st, BRUBAKER, key="pvt-brubaker", order="rifle_grenade")
    assert st.soldiers[bru].rifle == "m7_rifle_grenade"  # he carries the Garand
    foe = put(st, "18.08", side=GERMANY, role="rifleman", order="")
    st.aim[bru] = st.pos[foe]
    st.rng.force([0, 0, 9, 9, 9, 0])  # lands, Near; three misses; his Morale Check passes
    ev: list = []
    grenades.throw(st, bru, ev)
    assert not st.bursts and st.blast[foe] == ""
    assert any("(near): rolls 9 9 9" in e.text for e in ev)
    assert any(e.kind == "check" and "MC" in e.text for e in ev)
    assert [(c.hexes[0], c.born) for c in st.clouds] == [(st.sc.board.hexes[st.pos[foe]], 1)]


def test_rifle_grenade_targets_must_be_in_sight_and_in_the_launchers_bands():
    st = scene()
    bru = put(st, BRUBAKER, key="pvt-brubaker")
    foe = put(st, "18.13", side=GERMANY, role="rifleman")  # 3 hexes: inside the minimum
    assert grenades.rifle_targets(st, bru) == []
    st.pos[foe] = hex_index(st, "18.08")
    assert grenades.rifle_targets(st, bru) == [st.pos[foe]]


def test_smoke_and_rifle_grenades_need_a_tqc_when_ordered():
    st = wartable.get_game("combat").new_game("a-meeting-of-patrols", seed=3)
    while st.phase == "cards":
        st.apply("us", st.legal_actions("us")[0])
    taylor = st.find("sgt-taylor")
    assert "order sgt-taylor smoke_grenade" in {str(a) for a in st.legal_actions("us")}
    st.rng.force([9])
    ev = st.apply("us", "order sgt-taylor smoke_grenade")
    assert st.order[taylor] == "" and "has no smoke grenade" in ev[0].text
    assert "order sgt-taylor smoke_grenade" not in {str(a) for a in st.legal_actions("us")}
    before = st.full_state()
    with pytest.raises(wartable.IllegalActionError):
        st.apply("us", "order sgt-taylor smoke_grenade")
    assert st.full_state() == before
    st.rng.force([tq_now(st, taylor)])
    st.apply("us", "order sgt-taylor hide")
    assert st.order[taylor] == "hide"


def test_smoke_grenade_cloud_drifts_downwind_then_disperses():
    st = scene()
    bru = put(st, BRUBAKER, key="pvt-brubaker", order="smoke_grenade")
    st.impulse = 3
    land = hex_index(st, "18.14")
    st.rng.force([0])
    grenades.throw(st, bru, [], land)
    assert st.bursts == ((land, "us_m18_smoke"),) and not st.clouds
    grenades.explode_all(st, [])  # end of turn 1: one Smoke marker, no damage
    board, compass, wind = st.sc.board, st.sc.compass, st.sc.file.wind
    first = board.hexes[land]
    second = compass.step(first, wind)
    third = compass.step(second, wind)
    counts = []
    for turn in range(1, 8):
        st.turn = turn
        grenades.drift_smoke(st)
        counts.append(sorted(st.smoke_at.values()))
    assert counts == [
        [-4],
        [-4, -4],
        [-4, -4, -4],
        [-2, -2, -2],
        [-2, -2],
        [-2],
        [],
    ]
    assert not st.clouds
    st.clouds = ()
    smoke.set_clouds(st, (smoke.Cloud(value=3, hexes=(first, second, third), born=1),))
    assert set(st.smoke_at) == {board.index[h] for h in (first, second, third)}


def test_smoke_on_the_line_lowers_fire_and_ldr():
    st = scene()
    bru = put(st, BRUBAKER, key="pvt-brubaker", order="aimed_fire")
    foe = put(st, "18.10", side=GERMANY, role="rifleman", order="evade")
    clear = fire_chance(st, bru, foe)
    smoke.set_clouds(st, (smoke.Cloud(value=1, hexes=(st.sc.board.parse("18.13"),), born=1),))
    smoky = fire_chance(st, bru, foe)
    assert clear is not None and smoky is not None
    assert smoky.ws == clear.ws - 4 and ("smoke", -4) in smoky.reasons
    taylor = put(st, "18.13", key="sgt-taylor")
    from wartable.games.combat.rules.common import ldr_now

    assert ldr_now(st, taylor) == st.soldiers[taylor].ldr - 1


def test_enemy_grenade_check_replaces_a_g_order():
    st = scene()
    st.turn = 2  # the patrol's first orders come from a die
    lib = st.sc.lib
    card = next(
        c
        for c in lib.enemy_cards.cards
        if "G" in c.in_open[2].split()[-1] and "C" not in c.in_open[2]
    )
    put(st, BRUBAKER, key="pvt-brubaker")
    g = put(st, "18.13", side=GERMANY, role="rifleman")
    st.rng.force([0])
    enemy_phase.give_enemy_order(st, g, card.number, [])
    assert st.order[g] == "grenade"
    sniper = put(st, "18.13", side=GERMANY, role="sniper")
    rolled = st.rng.counter
    enemy_phase.give_enemy_order(st, sniper, card.number, [])  # no grenade: nothing rolled
    assert st.order[sniper] == "sneak" and st.rng.counter == rolled


def test_a_grenadier_may_step_onto_a_dead_friendlys_hex():
    st = scene(impulse=2)
    board = st.sc.board
    bru = put(st, BRUBAKER, key="pvt-brubaker")
    g = put(st, wolf_start(st, st.pos[bru]), side=GERMANY, role="recruit", order="grenade")
    nearer = sorted(
        (
            board.index[n]
            for n in board.grid.neighbours(board.hexes[st.pos[g]])
            if distance(st, board.index[n], st.pos[bru]) == 3
        ),
        key=board.hexes.__getitem__,
    )
    fallen = put(st, board.label(board.hexes[nearer[0]]), key="pvt-cragg", seen=False)
    assert grenades.enemy_grenade_step(st, g) == nearer[1]  # the live friendly's hex is barred
    st.status[fallen] = "dead"
    st.rng.force([1])
    assert grenades.enemy_grenade_step(st, g) == nearer[0]  # a body does not bar it


def test_a_wrong_grenade_order_is_refused_with_its_reason_and_changes_nothing():
    st = scene()
    st.phase = "orders"
    for s in st.soldiers:
        if s.side == "us":
            st.order[s.index] = "hide"
    bru = put(st, BRUBAKER, key="pvt-brubaker", order="")
    put(st, "18.12", side=GERMANY, role="rifleman")
    before = st.full_state()
    with pytest.raises(wartable.IllegalActionError, match=r"needs a target hex, one of: 18\.12"):
        st.apply("us", "order pvt-brubaker grenade 18.11")
    with pytest.raises(wartable.IllegalActionError, match="takes no target"):
        st.apply("us", "order pvt-brubaker hide 18.12")
    st.pos[bru] = hex_index(st, "18.18")  # 6 hexes away now
    st._legal_cache = None  # the position was edited by hand
    with pytest.raises(wartable.IllegalActionError, match="known enemy within 4 hexes"):
        st.apply("us", "order pvt-brubaker grenade 18.12")
    st.pos[bru] = hex_index(st, BRUBAKER)
    assert st.full_state() == before


def test_an_unmasked_decoy_leaves_no_live_grenade_behind_bug():
    """Found by the property test: a decoy armed a grenade, was turned over, and its live
    grenade and target marker stayed on a counter no longer in play."""
    st = scene(impulse=2)
    decoy = next(s.index for s in st.soldiers if s.decoy)
    st.status[decoy], st.pos[decoy], st.alert[decoy] = "active", hex_index(st, "20.14"), True
    st.order[decoy], st.live[decoy], st.aim[decoy] = "grenade", True, hex_index(st, "20.16")
    put(st, "20.16", key="pvt-brubaker", order="")
    st.seen[st.find("pvt-brubaker")] = True
    ev: list = []
    observe.spot_for(st, decoy, ev)
    assert st.status[decoy] == "gone"
    assert (st.live[decoy], st.aim[decoy], st.order[decoy]) == (False, -1, "")
