"""What the opponent may not learn: removed cards (Attack, step 4) and an empty hand (turns)."""

from __future__ import annotations

import pytest

import wartable
from tests.games.undaunted.helpers import place, strs
from wartable.agents.ismcts import ISMCTSAgent
from wartable.agents.random import RandomAgent
from wartable.games.undaunted.ai import HeuristicAgent

# ---- removed cards are their owner's alone ----------------------------------------------


def hit_german_rifleman(turn):
    st = turn(us={"sniper": 1}, germany={"rifleman-A": 1})
    st.apply("us", "play sniper attack")
    st.rng.force([0])
    return st, st.apply("us", "attack rifleman-A")


def test_the_owner_sees_their_removed_cards_and_the_opponent_only_how_many(turn):
    st, _ = hit_german_rifleman(turn)
    own = st.view("germany")["sides"]["germany"]
    assert own["removed"] == {"rifleman-A": 1}
    assert own["removed_size"] == 1
    other = st.view("us")["sides"]["germany"]
    assert "removed" not in other
    assert other["removed_size"] == 1


def test_a_spectator_sees_only_how_many_cards_each_side_removed(turn):
    st, _ = hit_german_rifleman(turn)
    for side in st.view(None)["sides"].values():
        assert "removed" not in side
    assert st.view(None)["sides"]["germany"]["removed_size"] == 1


def test_the_log_still_names_each_casualty(turn):
    _, events = hit_german_rifleman(turn)
    casualty = next(e for e in events if e.kind == "casualty")
    assert casualty.visible_to is None
    assert casualty.data["card"] == "rifleman-A"


# ---- a turn ends when its player says so --------------------------------------------------


def test_a_turn_with_nothing_playable_left_waits_for_end(turn):
    st = turn(us={"rifleman-A": 1, "fog-of-war": 2})
    st.apply("us", "play rifleman-A control")
    assert st.current_players == ("us",)
    assert strs(st.legal_actions("us")) == {"end"}
    st.apply("us", "end")
    assert st.current_players == ("germany",)


def test_an_empty_hand_also_waits_for_end(turn):
    st = turn(us={"rifleman-A": 1})
    st.apply("us", "play rifleman-A control")
    assert st.view("us")["sides"]["us"]["hand_size"] == 0
    assert st.current_players == ("us",)
    assert strs(st.legal_actions("us")) == {"end"}


def test_the_opponent_cannot_tell_nothing_playable_from_choosing_to_stop(turn):
    """Two turns that differ only in the hidden hand: Fog of War (nothing playable) and a
    rifleman (a choice to stop). The opponent's view and log are the same throughout."""
    seen = []
    for card in ("fog-of-war", "rifleman-B"):
        st = turn(us={"rifleman-A": 1, card: 1})
        place(st, "us", "rifleman-B", "1A")
        log = [e.text for e in st.apply("us", "play rifleman-A control")]
        before = st.view("germany")
        log += [e.text for e in st.apply("us", "end")]
        seen.append((before, st.view("germany"), log))
    assert seen[0] == seen[1]


@pytest.mark.parametrize(
    "agent",
    [RandomAgent(3), HeuristicAgent(3), ISMCTSAgent(3, iterations=20)],
    ids=["random", "heuristic", "ismcts"],
)
def test_every_agent_ends_a_turn_it_cannot_go_on_with(turn, agent):
    st = turn(us={"fog-of-war": 2})
    assert str(agent.act(st, "us")) == "end"


def test_games_between_agents_still_end():
    game = wartable.get_game("undaunted")
    for scenario in ("la-raye", "rearguard"):
        st = game.new_game(scenario, seed=4, options={"max_rounds": 40})
        agents = {"us": HeuristicAgent(1), "germany": RandomAgent(2)}
        while not st.is_over:
            p = st.current_players[0]
            st.apply(p, agents[p].act(st, p))
        assert st.round <= 41
