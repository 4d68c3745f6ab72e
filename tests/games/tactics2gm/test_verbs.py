"""2GM Tactics' grammar (verbs.py, issue 46): each verb declared once, from which the action
space, the parse check, who acts, refusals, words, board steps and secrets follow; the
interruptions' order written once (phases.moment)."""

from __future__ import annotations

import pytest

from tests.games.tactics2gm.scenes import GAME, put, refused, scene
from wartable import Action
from wartable.core.errors import ActionParseError
from wartable.games.tactics2gm.phases import Interruption, Phase, moment
from wartable.games.tactics2gm.verbs import GRAMMAR


def test_the_space_is_every_declared_verb_in_declared_order():
    seen = list(dict.fromkeys(a.verb for a in GAME.action_space()))
    assert seen == [v.name for v in GRAMMAR.verbs]


def test_a_misspelt_action_is_told_the_verbs_and_a_bad_argument_the_notation():
    with pytest.raises(ActionParseError, match="its verbs are done, keep, redraw"):
        GAME.parse_action("fir m4_sherman-1 w1 tiger-1")
    with pytest.raises(ActionParseError, match="fire is written fire UNIT WEAPON TARGET"):
        GAME.parse_action("fire m4_sherman-1 w1")


def test_a_secret_choice_reads_as_its_cover_to_the_other_side_only():
    assert GAME.public_action("allies", Action("bid", ("3",)), "axis") == "bid (a secret spend)"
    assert GAME.public_action("allies", Action("bid", ("3",)), "allies") == "bid 3"
    assert GAME.public_action("axis", Action("keep"), None) == "opening hand (a secret choice)"


def test_gm33_an_interruption_holds_over_its_phase_and_alone_explains_a_refusal():
    st = scene("move")
    inf = put(st, "light_infantry", 0, "C3")
    foe = put(st, "ger_grenadiers", 1, "C4")
    assert moment(st) == Phase.MOVE
    st.apply("allies", f"assault {inf.id} {foe.id}")
    while moment(st) != Phase.FIRE:
        st.apply(st.current_players[0], "done")
    st.apply("allies", f"storm {inf.id}")
    assert moment(st) == Interruption.STRIKE and st.current_players == ("allies",)
    why = refused(st, "allies", f"screen {inf.id} C4")  # the verb's own reason is not asked
    assert why == f"{inf.id} must fire one weapon at {foe.id}: fire {inf.id} WEAPON {foe.id}"


def test_a_verb_explains_its_own_refusal_in_a_phase_and_the_phase_the_rest():
    st = scene("move")
    inf = put(st, "light_infantry", 0, "C3")
    assert refused(st, "allies", f"move {inf.id} C6").startswith("that square is out of its reach")
    assert refused(st, "allies", "deploy m4_sherman D1") == "you hold no 'm4_sherman' card"
    assert refused(st, "allies", f"mount {inf.id}").startswith(
        f"mount {inf.id} is not possible now: move your units"
    )
    assert refused(st, "axis", f"march {inf.id}").startswith("it is not axis's turn")


def test_every_verb_has_words_or_the_engines_and_board_steps_for_a_legal_action():
    st = scene("move")
    inf = put(st, "light_infantry", 0, "C3")
    for a in st.legal_actions("allies"):
        assert st.describe("allies", a)
        steps = st.board_steps("allies", a)
        assert steps == () if a.verb == "done" else steps[0] == inf.id


def test_gm21_a_general_is_chosen_by_the_card_and_the_chooser_not_on_the_board():
    """A general is no piece on the board: playing one is the card, then a chooser; a card
    aimed at a unit is the card, then the unit (found by clicking whole games)."""
    st = scene("deploy")
    inf = put(st, "light_infantry", 0, "C1")
    st.hands[0] = ["general", "promotion"]
    st._legal_cache = None
    plays = [a for a in st.legal_actions("allies") if a.verb == "play"]
    generals = [a for a in plays if a.args[0] == "general"]
    assert generals and all(st.board_steps("allies", a) == ("general",) for a in generals)
    labels = {st.describe("allies", a) for a in generals}
    assert len(labels) == len(generals)  # the chooser tells them apart
    promote = Action("play", ("promotion", inf.id))
    assert st.board_steps("allies", promote) == ("promotion", inf.id)
