"""The turn's own rules, one by one with forced dice: alerts (9.8), taking cover on entering
cover (9.4), the end phase's plan, rally and hiding again (7.12, 7.16, 7.17), decoys (12.0)
and the end-of-game buildings bonus (22.0)."""

from __future__ import annotations

from wartable.games.combat.model import GERMANY, GONE
from wartable.games.combat.rules import checks, enemy_phase, enemy_turn, flow, scoring
from wartable.games.combat.rules.common import tq_now
from wartable.games.combat.rules.enemy_phase import alert_near
from wartable.games.combat.rules.firing import attack
from wartable.games.combat.rules.observe import spot_for

from .scene import hex_index, put, scene


def test_trigger_1_a_shot_within_10_hexes_alerts_waiting_soldiers():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="aimed_fire")
    foe = put(st, "18.12", side=GERMANY, role="rifleman", order="evade")
    near = put(st, "18.07", side=GERMANY, role="rifleman", alert=False)  # 9 hexes
    far = put(st, "18.05", side=GERMANY, role="rifleman", alert=False)  # 11 hexes
    st.rng.force([9])  # a miss
    attack(st, bru, foe, [])
    assert st.alert[near] and not st.alert[far]


def test_trigger_3_a_hit_within_3_hexes_alerts():
    st = scene()
    foe = put(st, "18.12", side=GERMANY, role="rifleman")
    mate = put(st, "20.12", side=GERMANY, role="rifleman", alert=False)
    ev: list = []
    alert_near(st, st.pos[foe], 3, ev, "a soldier within 3 hexes was hit")
    assert st.alert[mate] and "was hit" in ev[0].text


def test_trigger_2_an_activated_waiting_soldier_who_sees_a_detected_friendly():
    st = scene()
    put(st, "18.16", key="pvt-brubaker", seen=True)
    foe = put(st, "18.12", side=GERMANY, role="rifleman", alert=False, seen=True)
    enemy_turn.enemy_activation(st, foe, [])
    assert st.alert[foe]


def test_end_of_turn_triggers_6_and_8():
    st = scene()
    alert = put(st, "18.12", side=GERMANY, role="rifleman")
    close = put(st, "20.12", side=GERMANY, role="rifleman", alert=False)  # 2 hexes, no sight needed
    away = put(st, "26.12", side=GERMANY, role="rifleman", alert=False)
    leader = put(st, "25.12", side=GERMANY, role="nco", alert=False, seen=True)  # known, LDR 1
    enemy_phase.wake_up(st, [])
    assert st.alert[close] and st.alert[away]  # 8 by the alert one, 6 by the known leader
    assert not st.alert[leader] and st.alert[alert]


def test_trigger_4_an_alert_soldier_entering_the_hex():
    st = scene(impulse=1)
    put(st, "18.16", key="pvt-brubaker")
    mover = put(st, "10.16", side=GERMANY, role="rifleman", order="evade", dirs=(2,))
    board, compass = st.sc.board, st.sc.compass
    ahead = board.label(compass.step(board.hexes[st.pos[mover]], 2))
    sleeper = put(st, ahead, side=GERMANY, role="rifleman", alert=False)
    enemy_turn.enemy_moves(st, mover, [])
    assert st.pos[mover] == st.pos[sleeper] and st.alert[sleeper]


def test_9_4_entering_cover_in_sight_of_a_friendly_takes_a_tqc():
    st = scene(impulse=1)
    board, compass = st.sc.board, st.sc.compass
    cover = next(
        h for h in range(len(board.hexes)) if st.ground.cover[h] and board.kind[h] != "building"
    )
    behind = None
    for d in range(1, 7):
        back = compass.step(board.hexes[cover], d)
        if back in board.index and not st.ground.cover[board.index[back]]:
            behind = (board.label(back), (d + 2) % 6 + 1)  # the opposite direction
            break
    assert behind is not None
    g = put(st, behind[0], side=GERMANY, role="rifleman", order="evade", dirs=(behind[1],))
    step_to = compass.step(board.hexes[st.pos[g]], behind[1])
    assert board.index[step_to] == cover
    watcher = next(
        board.label(board.hexes[h])
        for h in range(len(board.hexes))
        if st.ground.sight.sees(h, cover)
        and h != cover
        and not st.ground.cover[h]
        and abs(board.hexes[h][0] - board.hexes[cover][0]) < 6
    )
    put(st, watcher, key="pvt-brubaker")
    st.rng.force([0])  # passes: takes cover
    enemy_turn.enemy_moves(st, g, [])
    assert st.pos[g] == cover and st.order[g] == "duck_back"


def test_end_phase_plan_rally_and_hiding_again():
    st = scene()
    st.hand, st.set_aside = [], []
    taylor = put(st, "18.16", key="sgt-taylor", order="plan")
    bru = put(st, "18.17", key="pvt-brubaker", order="rally", morale=checks.SHAKEN)
    cragg_hex = next(
        st.sc.board.label(st.sc.board.hexes[h])
        for h in range(len(st.sc.board.hexes))
        if st.ground.cover[h]
    )
    cragg = put(st, cragg_hex, key="pvt-cragg", order="hide", seen=True)
    # plan: TQC passes -> LDR cards set aside; rally: RC with +1 for Taylor in range;
    # hide again: in cover, unseen by known enemies, TQC passes -> hidden
    rally_tq = tq_now(st, bru, morale=False) + 1
    st.rng.force([0, rally_tq, 0])
    ev: list = []
    flow.end_phase(st, ev)
    assert len(st.set_aside) == st.soldiers[taylor].ldr
    assert any(e.kind == "rally" and "passes" in e.text for e in ev)
    assert st.morale[bru] == checks.CAUTIOUS
    assert not st.seen[cragg]


def test_a_decoy_that_sees_a_friendly_is_removed():
    st = scene()
    put(st, "18.16", key="pvt-brubaker", seen=True)
    decoy = next(s.index for s in st.soldiers if s.decoy)
    st.status[decoy], st.pos[decoy], st.seen[decoy] = "active", hex_index(st, "18.13"), False
    spot_for(st, decoy, [])
    assert st.status[decoy] == GONE


def test_buildings_clear_at_the_end_scores_5():
    st = scene("attack-the-farmhouse")
    put(st, "10.10", key=next(s.key for s in st.soldiers if s.side == "us"))
    st.turn = st.sc.turns
    scoring.finish(st, [])
    assert ("buildings_clear_at_end", 5) in st.vp_log
    st = scene("attack-the-farmhouse")
    building = next(h for h in range(len(st.sc.board.hexes)) if st.sc.board.kind[h] == "building")
    put(st, st.sc.board.label(st.sc.board.hexes[building]), side=GERMANY, role="rifleman")
    scoring.finish(st, [])
    assert ("buildings_clear_at_end", 5) not in st.vp_log
