"""The Combat! heuristic's choices where the rules punish a careless move: a sprinter entering
rough ground ducks back (7.07), a routed man stops only in cover out of sight (7.17, 17.3), and
a man who steps off the map is out of the game (9.5)."""

from __future__ import annotations

from tests.games.combat.scene import activate, put, scene
from wartable.core.action import Action
from wartable.games.combat.ai import HeuristicAgent
from wartable.games.combat.model import GERMANY
from wartable.games.combat.rules import checks


def choice(st) -> Action:
    return HeuristicAgent(1).act(st, "us")


def test_a_sprinter_goes_round_a_hedge_by_a_gap_as_short():
    # 24.16 heading east for 29.14: the hedge at 25.16 and the gap at 25.17 are as near
    for impulse in (1, 2, 3):
        st = scene("a-meeting-of-patrols", impulse=impulse)
        bru = put(st, "24.16", key="pvt-brubaker")
        activate(st, bru, "sprint")
        assert Action("move", ("pvt-brubaker", "25.16")) in st.legal_actions("us")
        assert choice(st) == Action("move", ("pvt-brubaker", "25.17")), impulse


def test_a_sprinter_crosses_rough_ground_when_the_turn_has_no_move_left_to_lose():
    st = scene("a-meeting-of-patrols", impulse=4)  # ducking back now costs nothing
    bru = put(st, "24.16", key="pvt-brubaker")
    activate(st, bru, "sprint")
    assert choice(st) == Action("move", ("pvt-brubaker", "25.16"))  # the hedge is cover


def test_a_routed_man_at_his_edge_stops_rather_than_leave_the_map():
    st = scene("a-meeting-of-patrols", impulse=2)  # directions 5 and 6 lead off the bottom
    bru = put(st, "25.19", key="pvt-brubaker", morale=checks.ROUT)  # a hedge: cover
    activate(st, bru, "sprint")
    st.act = st.act._replace(moved=1)  # he ran in here, out of sight of any German
    st._legal_cache = None
    legal = st.legal_actions("us")
    assert Action("leave", ("pvt-brubaker",)) in legal
    assert choice(st) == Action("duck", ("pvt-brubaker",))


def test_a_routed_man_runs_for_cover():
    st = scene("a-meeting-of-patrols", impulse=2)
    bru = put(st, "26.14", key="pvt-brubaker", morale=checks.ROUT)
    put(st, "28.18", side=GERMANY, role="rifleman", seen=True)
    activate(st, bru, "sprint")
    moves = {a.args[1] for a in st.legal_actions("us") if a.verb == "move"}
    assert moves == {"26.15", "25.15"}  # directions 5 and 6: open ground, a hedge
    assert choice(st) == Action("move", ("pvt-brubaker", "25.15"))


def test_a_routed_man_offered_rally_takes_it_even_when_spotted():
    st = scene("a-meeting-of-patrols")
    put(st, "25.16", key="pvt-brubaker", morale=checks.ROUT, seen=True)  # a hedge, no German
    st.phase = "orders"
    orders = {a.args[1] for a in st.legal_actions("us") if a.verb == "order"}
    assert orders == {"rally", "sprint"}
    assert choice(st) == Action("order", ("pvt-brubaker", "rally"))


def test_closing_in_a_man_evades_across_rough_ground_a_sprint_would_stop_in():
    st = scene("attack-the-farmhouse")
    i = next(s.index for s in st.soldiers if s.side == "us")
    put(st, "06.12", key=st.soldiers[i].key)  # the hedge 07.10-07.15 just east of him
    put(st, "16.12", side=GERMANY, role="rifleman", seen=False)  # 10 hexes on: his goal
    st.phase = "orders"
    orders = {a.args[1] for a in st.legal_actions("us") if a.verb == "order"}
    assert {"sprint", "evade"} <= orders
    assert choice(st) == Action("order", (st.soldiers[i].key, "evade"))


def test_a_man_who_must_move_with_nowhere_to_go_steps_into_cover():
    st = scene("attack-the-farmhouse", impulse=2)
    i = next(s.index for s in st.soldiers if s.side == "us")
    put(st, "08.12", key=st.soldiers[i].key)
    put(st, "11.12", side=GERMANY, role="rifleman", seen=False)  # within 6: no goal
    activate(st, i, "evade")
    legal = [a for a in st.legal_actions("us") if a.verb != "use"]
    assert legal[0] == Action("move", (st.soldiers[i].key, "09.13"))  # open ground
    assert "stay" not in {a.verb for a in legal}
    picked = choice(st).args[1]
    assert st.ground.cover[st.sc.board.index[st.sc.board.parse(picked)]], picked
