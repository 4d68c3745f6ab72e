"""Card faces: every card a player can hold has one, and it says what the data says."""

from __future__ import annotations

import pytest

import wartable
from wartable.agents.random import RandomAgent

GAME = wartable.get_game("undaunted")
SCENARIOS = [s.id for s in GAME.scenarios()]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_card_held_in_play_has_a_face(scenario):
    faces = GAME.glossary(scenario)
    agent = RandomAgent(5)
    st = GAME.new_game(scenario, seed=5)
    held: set[str] = set()
    while not st.is_over:
        for side in st.players:
            held |= set(st.view(side)["sides"][side]["hand"])
        p = st.current_players[0]
        st.apply(p, agent.act(st, p))
    assert held and held <= set(faces)


def test_a_face_gives_the_cards_own_numbers():
    faces = GAME.glossary("la-raye")
    sergeant = faces["platoon-sergeant"]
    assert sergeant.initiative == "9"
    assert "Bolster 3 · Command 2" in sergeant.text
    leader = faces["squad-leader-B"]
    assert leader.title == "Squad Leader (B)"
    assert "Bolster 2 (own squad)" in leader.text
    rifleman = faces["rifleman-A"]
    assert "Drives the Rifleman A counter, defence 4" in rifleman.text
    assert "rally" in rifleman.text and "hunker" in rifleman.text
    assert "No actions" in faces["fog-of-war"].text
