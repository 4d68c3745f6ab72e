"""Actions in players' words (``describe``): what the page's buttons say. A face-down German
is named by his counter's face only."""

from __future__ import annotations

import random

from tests.games.combat.scene import GAME, activate, put, scene
from wartable import Action
from wartable.games.combat.model import GERMANY


def said(st, text: str) -> str:
    return st.describe("us", Action.from_text(text))


def test_deployment_names_the_man_and_the_hex():
    st = GAME.new_game("attack-the-farmhouse", seed=1)
    first = st.legal_actions("us")[0]
    man = next(s for s in st.soldiers if s.key == first.args[0])
    assert st.describe("us", first) == f"Deploy {man.name} at {first.args[1]}"


def test_orders_read_as_the_man_and_his_order():
    st = scene(impulse=1)
    put(st, "18.16", key="pvt-brubaker")
    assert said(st, "order pvt-brubaker rapid_fire") == "Pvt Brubaker: rapid fire"
    assert said(st, "order pvt-brubaker grenade 18.13") == "Pvt Brubaker: grenade at 18.13"
    assert said(st, "move pvt-brubaker 18.15") == "Pvt Brubaker: move to 18.15"
    assert said(st, "duck pvt-brubaker") == "Pvt Brubaker: duck back"


def test_a_target_is_named_only_as_far_as_the_player_knows_him():
    st = scene(impulse=2)
    put(st, "18.16", key="pvt-brubaker")
    hidden = put(st, "18.13", side=GERMANY, role="rifleman", seen=False)
    known = put(st, "18.12", side=GERMANY, role="rifleman")
    activate(st, st.find("pvt-brubaker"), "aimed_fire")
    g, k = st.soldiers[hidden], st.soldiers[known]
    assert said(st, f"fire pvt-brubaker {k.key}") == f"Pvt Brubaker fires at {k.name}"
    assert said(st, f"fire pvt-brubaker {g.key}") == (
        f"Pvt Brubaker fires at unknown {g.team} counter {g.key}"
    )
    assert g.name not in said(st, f"strike pvt-brubaker {g.key}")


def test_cards_are_named_by_title_and_number():
    st = scene()
    smoke = next(c for c in st.sc.lib.friendly_cards.cards if c.title == "Smoke")
    assert said(st, f"play {smoke.number}") == f"Play Smoke ({smoke.number}) for initiative"
    assert said(st, "use 9 able") == "Use Quick Thinking (9) on team Able"
    put(st, "18.16", key="pvt-brubaker")
    assert said(st, "use 7 pvt-brubaker") == "Use Enough Is Enough (7) on Pvt Brubaker"


def test_no_label_is_engine_notation():
    """Through a random game: every label is a sentence, never the action's own text."""
    st = GAME.new_game("a-meeting-of-patrols", seed=2)
    rng = random.Random(2)
    for _ in range(400):
        if st.outcome:
            break
        acts = st.legal_actions("us")
        for a in acts:
            text = st.describe("us", a)
            assert text != str(a) and text[:1].isupper() and "_" not in text, text
        st.apply("us", rng.choice(acts))
