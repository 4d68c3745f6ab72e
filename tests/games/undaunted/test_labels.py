"""Actions in players' words (``describe``): what the page's buttons say."""

from __future__ import annotations

from tests.games.undaunted.helpers import game, place, set_cards


def labels(st, player="us"):
    return {str(a): st.describe(player, a) for a in st.legal_actions(player)}


def test_a_bid_names_the_card_and_its_initiative(strip_id):
    st = game().new_game(strip_id, seed=0)
    set_cards(st, "us", hand={"squad-leader-A": 1, "fog-of-war": 1})
    faces = game().glossary(strip_id)
    leader, fog = faces["squad-leader-A"].initiative, faces["fog-of-war"].initiative
    assert labels(st) == {
        "bid squad-leader-A": f"Bid Squad Leader A (initiative {leader})",
        "bid fog-of-war": f"Bid Fog of War (initiative {fog})",
    }


def test_card_plays_steps_and_the_end_of_a_turn_read_as_sentences(turn):
    st = turn(us={"scout-A": 1, "rifleman-A": 1})
    said = labels(st)
    assert said["play scout-A scout"].startswith("Scout A: scout ")
    assert said["hunker rifleman-A"] == "Hunker: Rifleman A back to supply"
    assert said["end"] == "End your turn"
    st.apply("us", "play scout-A scout")
    said = labels(st)
    assert said["move 10A"] == "Move Scout A to 10A"
    assert said["done"] == "Stop scouting"


def test_an_attack_names_the_target_and_where_it_stands(turn):
    st = turn(us={"rifleman-A": 1}, germany_deck=["fog-of-war"])
    place(st, "germany", "scout-A", "17B")
    st.apply("us", "play rifleman-A attack")
    said = labels(st)
    assert said["attack scout-A"] == "Attack Scout A on 17B"
    assert said["attack rifleman-A"] == "Attack Rifleman A on 13A"


def test_a_suppressed_counter_rallies_in_words(turn):
    st = turn(us={"rifleman-A": 1, "rifleman-B": 1})
    place(st, "us", "rifleman-A", "1A", suppressed=True)
    assert labels(st)["rally rifleman-A"] == "Rally Rifleman A: ready again"


def test_no_label_is_engine_notation():
    """Through a whole random game: every label is a sentence, never the action's text."""
    import random

    st = game().new_game("la-raye", seed=4)
    rng = random.Random(4)
    while not st.outcome:
        p = rng.choice(st.current_players)
        acts = st.legal_actions(p)
        for a in acts:
            text = st.describe(p, a)
            assert text != str(a) and text[:1].isupper()
            assert "-" not in text.replace("Fog of War", ""), text  # no card or unit keys
        st.apply(p, rng.choice(acts))
