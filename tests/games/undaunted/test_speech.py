"""Undaunted's log said again from each event's kind and data (speech.py): word for word
the rules' own English line for every event of random games in every scenario, so the
Spanish and German lines say what the English says."""

from __future__ import annotations

import pytest

import wartable
from wartable.agents.random import RandomAgent
from wartable.games.undaunted import speech
from wartable.games.undaunted.event_kinds import EventKind
from wartable.i18n import Voice

GAME = wartable.get_game("undaunted")
ENGLISH_ONLY: set[str] = set()  # every kind has its message


@pytest.mark.parametrize("scenario", [s.id for s in GAME.scenarios()])
def test_every_event_is_said_again_word_for_word_from_its_data(scenario):
    kinds = set()
    for seed in range(3):
        state = GAME.new_game(scenario, seed=seed)
        agent = RandomAgent(seed)
        while not state.is_over:
            player = state.current_players[0]
            for event in state.apply(player, agent.act(state, player)):
                kinds.add(event.kind)
                said = speech.said(event)
                assert said == event.text, event.kind
                assert (event.kind in ENGLISH_ONLY) == (said is event.text)
    assert len(kinds) > 12


def test_the_log_reads_in_spanish_and_german():
    state = GAME.new_game("la-raye", seed=7)
    events = state.apply("us", GAME.parse_action("bid platoon-sergeant"))
    events += state.apply("germany", GAME.parse_action("bid fog-of-war"))
    lines = {
        lang: [Voice(lang, "undaunted")(GAME.said(e)) for e in events] for lang in ("es", "de")
    }
    assert "us puja con platoon-sergeant" in lines["es"]
    assert any(line.startswith("Pujas: us platoon-sergeant (9), germany fog-of-war (1).")
               for line in lines["es"])  # fmt: skip
    assert any(line.startswith("Gebote: us platoon-sergeant (9)") for line in lines["de"])


def test_a_bid_of_no_card_and_a_resignation_are_said_in_spanish():
    from wartable.core.events import Event

    empty = Event(EventKind.INITIATIVE, "", {"bids": {"us": "scout-A", "germany": None},
                  "values": {"us": 6, "germany": 0}, "initiative": "us", "kept": True})  # fmt: skip
    said = Voice("es", "undaunted")(speech.said(empty))
    assert said == "Pujas: us scout-A (6), germany ninguna carta (0). us conserva la iniciativa"
    state = GAME.new_game("la-raye", seed=1)
    (event,) = state.apply("us", "resign")
    assert Voice("de", "undaunted")(GAME.said(event)) == "us hat aufgegeben"
    assert Voice("es")(state.outcome.reason) == "us se rindió"
