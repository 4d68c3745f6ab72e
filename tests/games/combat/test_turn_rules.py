"""The turn's own rules, one by one with forced dice: alerts (9.8), taking cover on entering
cover (9.4), the end phase's plan, rally and hiding again (7.12, 7.16, 7.17), decoys (12.0),
the end-of-game buildings bonus (22.0), smoke as cover (11.0), the grenadier's last step
(10.09) and sprinting into rough ground (7.07)."""

from __future__ import annotations

from wartable.core.action import Action
from wartable.games.combat.model import GERMANY, GONE
from wartable.games.combat.rules import checks, enemy_phase, enemy_turn, flow, scoring, smoke
from wartable.games.combat.rules.common import distance, tq_now
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


def hexes_where(st, pred) -> list[int]:
    return [h for h in range(len(st.sc.board.hexes)) if pred(h)]


def test_5e_and_trigger_8_need_line_of_sight_to_the_alert_man():
    """End of turn 5e (RULINGS: trigger 8 is its summary): a waiting man 3 hexes from an alert
    one wakes only if the alert one can see him."""
    st = scene()
    sight, board = st.ground.sight, st.sc.board
    a, b = next(
        (a, b)
        for a in hexes_where(st, lambda h: not board.blocks_now[h])
        for b in hexes_where(st, lambda h: not board.blocks_now[h])
        if distance(st, a, b) == 3 and not sight.sees(a, b)
    )
    label = board.label
    put(st, label(board.hexes[a]), side=GERMANY, role="rifleman")
    hidden = put(st, label(board.hexes[b]), side=GERMANY, role="recruit", alert=False)
    enemy_phase.wake_up(st, [])
    assert not st.alert[hidden]
    seen_hex = next(
        h for h in hexes_where(st, lambda h: distance(st, a, h) == 3) if sight.sees(a, h)
    )
    in_sight = put(st, label(board.hexes[seen_hex]), side=GERMANY, role="recruit", alert=False)
    ev: list = []
    enemy_phase.wake_up(st, ev)
    assert st.alert[in_sight] and not st.alert[hidden]
    assert all(e.rule == "9.8" for e in ev)


def test_a_routed_german_rallies_on_an_unmodified_tqc():
    """10.12 / 17.3: in cover and out of sight, a routed man's rally check is his bare TQ;
    a wound does not lower it."""
    st = scene()
    st.turn = 2  # the patrol's first orders come from a die
    cover = hexes_where(st, lambda h: st.ground.cover[h] and st.sc.board.kind[h] == "hedgerow")
    g = put(
        st,
        st.sc.board.label(st.sc.board.hexes[cover[0]]),
        side=GERMANY,
        role="rifleman",
        morale=checks.ROUT,
        wounds=("light_wound",),
    )
    assert tq_now(st, g) < st.soldiers[g].tq
    st.rng.force([st.soldiers[g].tq])  # at his TQ: passes only unmodified
    enemy_phase.give_enemy_order(st, g, st.enemy_deck[-1], [])
    assert st.order[g] == "rally"


def smoke_on(st, h: int) -> None:
    cloud = smoke.Cloud(value=1, hexes=(st.sc.board.hexes[h],), born=st.turn)
    smoke.set_clouds(st, (cloud,))


def test_a_smoke_hex_is_cover_for_the_enemys_card_rows():
    """11.0: a hex with any smoke marker counts as cover: the card's in-cover row applies."""
    from wartable.games.combat.rules.enemy_orders import read_row

    st = scene()
    st.turn = 2
    open_hex = hexes_where(st, lambda h: st.sc.board.kind[h] == "open")[200]
    g = put(st, st.sc.board.label(st.sc.board.hexes[open_hex]), side=GERMANY, role="rifleman")
    card = next(
        c
        for c in st.sc.lib.enemy_cards.cards
        if read_row(c, checks.NORMAL, True)[0] != read_row(c, checks.NORMAL, False)[0]
        and not read_row(c, checks.NORMAL, True)[2]
    )
    smoke_on(st, open_hex)
    enemy_phase.give_enemy_order(st, g, card.number, [])
    assert st.order[g] == read_row(card, checks.NORMAL, True)[0]


def test_entering_a_smoke_hex_in_sight_of_a_friendly_takes_the_94_check():
    st = scene(impulse=1)
    board, compass = st.sc.board, st.sc.compass
    start = hex_index(st, "18.15")
    ahead = board.index[compass.step(board.hexes[start], 1)]
    assert not st.ground.cover[ahead]
    smoke_on(st, ahead)
    put(st, "18.18", key="pvt-brubaker")
    g = put(st, "18.15", side=GERMANY, role="rifleman", order="evade", dirs=(1,))
    st.rng.force([0])  # passes: takes cover
    enemy_turn.enemy_moves(st, g, [])
    assert st.pos[g] == ahead and st.order[g] == "duck_back"


def test_hiding_again_counts_a_smoke_hex_as_cover():
    st = scene()
    h = hex_index(st, "18.15")
    assert not st.ground.cover[h]
    bru = put(st, "18.15", key="pvt-brubaker", order="hide", seen=True)
    smoke_on(st, h)
    st.rng.force([0])
    flow.end_phase(st, [])
    assert not st.seen[bru]


def grenadier_in_the_open(st, cover_in: tuple[int, ...]):
    """An enemy grenadier in an open hex whose direction 2 and 3 neighbours are open, except
    those listed in ``cover_in``; no friendly in reach of either."""
    board, compass = st.sc.board, st.sc.compass
    for h in range(len(board.hexes)):
        ways = [compass.step(board.hexes[h], d) for d in (2, 3)]
        if board.kind[h] != "open" or not all(w in board.index for w in ways):
            continue
        cover = st.ground.cover
        covered = tuple(d for d, w in zip((2, 3), ways, strict=True) if cover[board.index[w]])
        if covered == cover_in:
            return h, [board.index[w] for w in ways]
    raise AssertionError("no such hex")


def test_an_enemy_grenadier_in_the_open_steps_to_cover_in_impulse_4():
    """10.09: impulse 4, from an open hex, one hex in direction 2 or 3, cover first."""
    st = scene(impulse=4)
    h, (_, d3) = grenadier_in_the_open(st, (3,))
    g = put(st, st.sc.board.label(st.sc.board.hexes[h]), side=GERMANY, role="rifleman")
    st.order[g] = "grenade"
    ev: list = []
    enemy_turn.enemy_activation(st, g, ev)
    assert st.pos[g] == d3
    assert any(e.rule == "10.09" and e.kind == "enemy-move" for e in ev)


def test_an_enemy_grenadier_between_two_open_hexes_lets_the_dice_choose():
    st = scene(impulse=4)
    h, (d2, d3) = grenadier_in_the_open(st, ())
    g = put(st, st.sc.board.label(st.sc.board.hexes[h]), side=GERMANY, role="rifleman")
    st.order[g] = "grenade"
    st.rng.force([5])  # 4-6: the second of the two, by hex label
    enemy_turn.enemy_activation(st, g, [])
    assert st.pos[g] == max((d2, d3), key=st.sc.board.hexes.__getitem__)


def test_a_friendly_who_sprints_into_rough_ground_ducks_back():
    """7.07: a sprinter may enter rough ground but must duck back at the end of the impulse."""
    st = scene(impulse=1)
    board = st.sc.board
    rough = next(h for h in range(len(board.hexes)) if board.kind[h] == "hedgerow")
    beside = next(
        board.index[n]
        for n in board.grid.neighbours(board.hexes[rough])
        if not st.ground.cover[board.index[n]]
    )
    bru = put(st, board.label(board.hexes[beside]), key="pvt-brubaker", order="sprint")
    st.queue, st.cursor = (bru,), 0
    flow.begin_friendly(st, bru, [])
    events: list = []
    events += flow.move(st, 0, Action("move", ("pvt-brubaker", board.label(board.hexes[rough]))))
    assert st.order[bru] == "duck_back"
    assert any("7.07" in e.rule for e in events)
