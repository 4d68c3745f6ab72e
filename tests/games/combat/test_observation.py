"""The squad's numeric observation and the fixed action space: a soldier shows at his hex's
slot, a face-down German's identity stays out of the numbers, and the space holds every
action long random games offer, by day and by night."""

from __future__ import annotations

import pytest

from tests.games.combat.scene import GAME, activate, hex_index, put, scene
from wartable.agents.random import RandomAgent
from wartable.games.combat.model import GERMANY

SCENARIOS = [s.id for s in GAME.scenarios()]


def block(observer, numbers: list[float], name: str) -> list[float]:
    found = next(f for f in observer.layout() if f["name"] == name)
    return numbers[found["offset"] : found["offset"] + found["size"]]


def test_a_soldier_shows_at_his_hexs_slot():
    st = scene()
    observer = GAME.observer(st.sc.id)
    i = put(st, "12.07")
    activate(st, i, "sneak")
    numbers = observer.encode(st.view("us"))
    h = hex_index(st, "12.07")
    squad = block(observer, numbers, "map.squad")
    assert squad[h] > 0 and sum(squad) == squad[h]
    acting = block(observer, numbers, "map.acting")
    assert acting[h] == 1.0 and sum(acting) == 1.0
    slot = observer.squad.index(st.soldiers[i].key)
    assert block(observer, numbers, "acting")[slot] == 1.0
    place = block(observer, numbers, "squad.place")[3 * slot : 3 * slot + 3]
    assert place[0] == 1.0 and tuple(place[1:]) == observer.place[h]
    st.pos[i] = hex_index(st, "13.07")  # one hex on: the numbers follow him
    moved = block(observer, observer.encode(st.view("us")), "map.squad")
    assert moved[h] == 0.0 and moved[hex_index(st, "13.07")] > 0


def test_an_unknown_germans_identity_stays_out_of_the_numbers():
    st = scene()
    observer = GAME.observer(st.sc.id)
    put(st, "12.07")
    g = put(st, "14.07", side=GERMANY, role="nco", seen=False)
    slot = observer.foes.index(st.soldiers[g].key)
    width = len(observer.roles) + 3
    numbers = observer.encode(st.view("us"))
    assert block(observer, numbers, "foes.known")[slot] == 0.0
    assert not any(block(observer, numbers, "foes.identity")[slot * width : (slot + 1) * width])
    assert block(observer, numbers, "map.unknown")[hex_index(st, "14.07")] > 0
    twins = [st.sample_hidden("us", seed) for seed in range(6)]
    assert any(t.soldiers[g] != st.soldiers[g] for t in twins), "no twin drew another man"
    assert all(observer.encode(t.view("us")) == numbers for t in twins)
    st.seen[g] = True  # turned face up: now his role and quality show
    known = observer.encode(st.view("us"))
    identity = block(observer, known, "foes.identity")[slot * width : (slot + 1) * width]
    assert identity[observer.roles.index("nco")] == 1.0 and identity[-3] > 0


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("night", [False, True])
def test_the_space_holds_what_long_random_games_offer(scenario, night):
    space = GAME.action_space(scenario, {"night": night})
    assert len(set(space)) == len(space)
    assert space == GAME.action_space(scenario, {"night": night})  # fixed, call after call
    assert any(a.verb == "flare" for a in space) == night
    index = set(space)
    verbs = set()
    for seed in range(3):
        st = GAME.new_game(scenario, seed=seed, options={"night": night})
        agent = RandomAgent(seed)
        while not st.is_over:
            legal = st.legal_actions("us")
            outside = [str(a) for a in legal if a not in index]
            assert not outside, f"seed {seed}: {outside[:5]}"
            verbs |= {a.verb for a in legal}
            st.apply("us", agent.act(st, "us"))
    assert {"order", "move", "fire", "play"} <= verbs
