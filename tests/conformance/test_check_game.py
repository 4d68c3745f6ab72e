"""``wartable.testing.check_game`` (issue 46, item 4): the conformance checks as a public
function a game from another package runs in its own tests. It passes a good game, and names
the check a broken one fails."""

from __future__ import annotations

import dataclasses
from typing import Any
from unittest import mock

import pytest

import wartable
from wartable.core.action import Action
from wartable.games.duel import rules
from wartable.games.duel.game import Duel
from wartable.games.duel.state import DuelState
from wartable.games.tactics2gm.state import Tactics2GMState
from wartable.testing import ConformanceError, check_game, checks


def test_a_game_that_keeps_the_contract_passes_every_check():
    passed = check_game(wartable.get_game("duel"), playouts=2)
    assert "actions_read_back" in passed
    assert {"views_hide_the_hidden (standard)", "undo_is_exact (standard)"} <= set(passed)


class LeakyState(DuelState):
    """A duel whose view shows every hand: the opponent's cards leak."""

    def _view(self, player: str | None) -> dict[str, Any]:
        return {**super()._view(player), "hands": [list(h) for h in self.hands]}


def duel_of(state_class):
    """The duel with its states of ``state_class``: a game broken (or changed) one way."""

    class Changed(Duel):
        def _new_game(self, scenario, seed, options):
            st = super()._new_game(scenario, seed, options)
            st.__class__ = state_class
            return st

    return Changed()


def test_a_view_that_leaks_is_named_with_its_scenario():
    with pytest.raises(ConformanceError) as failed:
        check_game(duel_of(LeakyState), playouts=1)
    said = str(failed.value)
    assert "views_hide_the_hidden (standard)" in said and "depends on hidden information" in said
    assert "actions_read_back:" not in said  # what holds is not reported


class CrashingState(DuelState):
    """A duel whose rules raise in the middle of play."""

    def _apply(self, player, action):
        if self.turns >= 2:
            raise RuntimeError("the rules fell over")
        return super()._apply(player, action)


def test_a_game_that_crashes_is_reported_by_check_not_raised():
    with pytest.raises(ConformanceError) as failed:
        check_game(duel_of(CrashingState), playouts=1)
    said = str(failed.value)
    assert "playouts_end (standard)" in said and "RuntimeError" in said  # named, not raised


class OpenState(DuelState):
    """A duel with nothing hidden: every sample is the state itself."""

    def _resample(self, player, seed):
        return self.clone()

    def _view(self, player):
        return {**super()._view(player), "hands": [list(h) for h in self.hands]}


def test_a_game_of_perfect_information_passes():
    passed = check_game(duel_of(OpenState), playouts=1)
    assert "views_hide_the_hidden (standard)" in passed


def test_a_verb_offered_but_not_declared_fails_the_grammar_check():
    """A verb added to the rules' offers but not declared (core/verbs.py) is caught."""
    game = wartable.get_game("tactics2gm")
    grammar = game.grammar()
    first = grammar.by_moment["first"]
    sneaky = dataclasses.replace(
        first, offers=lambda st, seat: [*first.offers(st, seat), Action("shout", ())]
    )
    moments = [sneaky if m.name == "first" else m for m in grammar.moments]
    broken = grammar.replace(moments=moments)
    with (
        mock.patch.object(type(game), "grammar", lambda self: broken),
        mock.patch.object(Tactics2GMState, "grammar", broken),
        pytest.raises(ConformanceError, match="shout is not declared"),
    ):
        checks.verbs_are_declared(game, "pitched-battle")


def test_a_verb_declared_without_arguments_in_the_space_fails_the_grammar_check():
    game = wartable.get_game("tactics2gm")
    grammar = game.grammar()
    silent = dataclasses.replace(grammar.verbs[0], name="shout", space=lambda d: [])
    broken = grammar.replace(verbs=[*grammar.verbs, silent])
    with (
        mock.patch.object(type(game), "grammar", lambda self: broken),
        pytest.raises(ConformanceError, match="declared with nothing in any action space"),
    ):
        checks.verbs_are_declared(game, "pitched-battle")


def test_an_event_of_a_kind_not_declared_is_named():
    from wartable.core.events import Kinds

    class Fewer(Kinds):  # the duel's kinds but "play"
        ATTACK, RALLY, GUARD = "attack", "rally", "guard"
        DRAW_MADE, DRAW, PASS, GAME_OVER = "draw-made", "draw", "pass", "game-over"

    class Forgetful(Duel):
        def event_kinds(self):
            return Fewer

    with pytest.raises(ConformanceError) as failed:
        check_game(Forgetful(), playouts=1)
    assert "events_are_declared (standard)" in str(failed.value)
    assert "an event of kind 'play', which is not declared" in str(failed.value)


def test_the_declared_kinds_are_the_upper_case_names_of_the_class_and_its_bases():
    from wartable.core.events import Kinds

    class Base(Kinds):
        ROUND = "round"

    class More(Base):
        END = "end"
        note = "not a kind"  # lower case: a helper, not a kind

    assert More.values() == {"round", "end"}


class TellingState(DuelState):
    """A duel whose rules tell the core what each seat may do as an action ends: the truth
    for the seat to act, a lie for the seat that is not to act, and lies once it is over."""

    def _apply(self, player, action):
        events = super()._apply(player, action)
        for seat in (0, 1):
            told = rules.offers(self, seat) if seat == self.to_act else [Action("play", ("x",))]
            self.tell_legal(seat, [Action("pass")] if self.is_over else told)
        return events


class LyingState(DuelState):
    """A duel whose rules tell the seat to act one action too few."""

    def _apply(self, player, action):
        events = super()._apply(player, action)
        self.tell_legal(self.to_act, rules.offers(self, self.to_act)[1:])
        return events


def test_what_the_rules_tell_is_kept_only_for_the_seats_to_act_in_a_live_game():
    """``tell_legal`` (issue 47): the core keeps a told list only for a seat that acts now,
    and nothing once the game is over; a told list that is wrong fails the check."""
    passed = check_game(duel_of(TellingState), playouts=2)
    assert "kept_actions_are_fresh (standard)" in passed
    with pytest.raises(ConformanceError) as failed:
        check_game(duel_of(LyingState), playouts=1)
    assert "kept_actions_are_fresh (standard)" in str(failed.value)
    assert "kept actions differ from a fresh listing" in str(failed.value)
