"""Map edges (9.5): each scenario names the squad's edge and the enemy's; the other two are
neutral. Germans leave freely by either named edge (points for routed ones leaving by their
own, points lost for any leaving by the squad's), by a neutral edge only under a scenario
rule, and an enemy guard walks his prisoners off (17.4). The squad leaves by its own edge."""

from __future__ import annotations

import wartable
from tests.games.combat.scene import activate, put, scene
from wartable.core.action import Action
from wartable.games.combat.model import CAPTURED, GERMANY, GONE
from wartable.games.combat.rules import checks, contact, enemy_turn, scoring

GAME = wartable.get_game("combat")


def walk_off(st, at: str, order: str, dirs: tuple[int, ...], **columns) -> tuple[int, list]:
    g = put(st, at, side=GERMANY, role="rifleman", order=order, dirs=dirs, **columns)
    ev: list = []
    enemy_turn.enemy_moves(st, g, ev)
    return g, ev


def test_the_farmhouse_names_its_edges():
    sc = GAME.scenario("attack-the-farmhouse")
    assert (sc.file.edges.friendly, sc.file.edges.enemy) == ("west", "east")


def test_a_german_leaves_by_his_own_edge_and_a_routed_one_scores():
    st = scene("attack-the-farmhouse")  # compass 1 = up: 2 = up-right, off the east edge
    g, ev = walk_off(st, "35.10", "sprint", (2,))
    assert st.status[g] == GONE and st.pos[g] == -1
    assert any(e.kind == "leaves" and e.rule == "9.5" for e in ev)
    assert not st.vp_log  # not routed: nothing scored
    r, _ = walk_off(st, "35.12", "sprint", (2,), morale=checks.ROUT)
    assert st.status[r] == GONE and st.vp_log == (("routed_enemy_off_map", 1),)


def test_a_german_leaving_by_the_squads_edge_costs_points():
    st = scene("attack-the-farmhouse")  # 5 = down-left, off the west edge
    g, _ = walk_off(st, "01.10", "evade", (5,), morale=checks.ROUT)
    assert st.status[g] == GONE
    assert st.vp_log == (("enemy_off_friendly_edge", -1),)


def test_a_neutral_edge_still_turns_him_into_cover():
    st = scene("attack-the-farmhouse")
    g, _ = walk_off(st, "20.00", "evade", (1,))
    assert st.status[g] != GONE and st.order[g] == "duck_back"


def test_the_patrols_germans_may_leave_by_any_edge():
    st = scene("a-meeting-of-patrols")  # its compass: 6 = down-left, off the neutral west edge
    g, _ = walk_off(st, "01.10", "evade", (6,))
    assert st.status[g] == GONE


def test_an_enemy_guard_marches_his_prisoner_off_by_his_edge():
    st = scene("attack-the-farmhouse")
    bru = put(st, "35.10", key=next(s.key for s in st.soldiers if s.side == "us"))
    st.morale[bru] = checks.ROUT
    g = put(st, "34.10", side=GERMANY, role="rifleman")
    st.pos[g] = st.pos[bru]
    contact.entered(st, g, [])
    assert st.status[bru] == CAPTURED and st.guard[bru] == g
    st.order[g], st.dirs[g] = "evade", (2,)
    enemy_turn.enemy_moves(st, g, [])
    assert st.status[g] == GONE and st.status[bru] == CAPTURED and st.pos[bru] == -1
    scoring.finish(st, [])
    assert ("friendly_killed", -2) in st.vp_log


def test_a_friendly_leaves_by_the_squads_edge_with_the_man_he_carries():
    st = scene("a-meeting-of-patrols", impulse=1)  # the squad's edge is the bottom one
    bru = put(st, "19.19", key="pvt-brubaker")
    cragg = put(st, "19.19", key="pvt-cragg", wounds=("light_wound",))
    st.order[cragg], st.mate[bru], st.mate[cragg] = "carried", cragg, bru
    activate(st, bru, "carry_drag")
    st.impulse = 2
    activate(st, bru, "carry_drag")
    leave = Action("leave", ("pvt-brubaker",))
    assert leave in st.legal_actions("us")
    events = st.apply("us", leave)
    assert st.status[bru] == GONE and st.status[cragg] == GONE
    assert any(e.rule == "9.5" for e in events)
    scoring.finish(st, [])
    assert ("friendly_wounded", -1) in st.vp_log  # he is still wounded


def test_a_wounded_friendly_who_left_counts_as_wounded_in_the_tally_too():
    st = scene("a-meeting-of-patrols", impulse=2)
    bru = put(st, "19.19", key="pvt-brubaker", wounds=("light_wound",))
    activate(st, bru, "evade")
    st.apply("us", Action("leave", ("pvt-brubaker",)))
    scoring.finish(st, [])
    assert ("friendly_wounded", -1) in st.vp_log
    assert st.outcome is not None and st.outcome.stats["friendly_wounded"] == 1  # as scored


def test_no_friendly_leaves_by_the_enemys_edge():
    st = scene("a-meeting-of-patrols", impulse=1)
    bru = put(st, "19.00", key="pvt-brubaker")
    activate(st, bru, "evade")
    assert "leave" not in {a.verb for a in st.legal_actions("us")}


def test_a_routed_friendly_pressed_against_his_edge_leaves():
    st = scene("a-meeting-of-patrols", impulse=1)  # 5 and 6 lead off the bottom
    bru = put(st, "19.19", key="pvt-brubaker", morale=checks.ROUT)
    activate(st, bru, "evade")
    choices = [a for a in st.legal_actions("us") if a.verb != "use"]
    assert choices == [Action("leave", ("pvt-brubaker",))]


def test_with_nobody_left_on_the_map_there_are_no_orders_to_give():
    st = GAME.new_game("a-meeting-of-patrols", seed=1)
    for s in st.soldiers:
        if s.side == "us":
            st.status[s.index], st.pos[s.index] = GONE, -1
    st._legal_cache = None
    st.apply("us", st.legal_actions("us")[0])  # the initiative card
    assert all(a.verb in ("play", "discard", "use") for a in st.legal_actions("us"))
