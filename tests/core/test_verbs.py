"""The grammar a game declares once (core/verbs.py): what follows from the declarations, on
a toy game of one counter, and the mistakes a declaration is refused for."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from wartable.core.action import Action
from wartable.core.errors import ActionParseError
from wartable.core.events import Event
from wartable.core.verbs import Grammar, Moment, Verb


@dataclass
class Toy:
    """A counter two seats raise in turn; a ``hold`` stops play until seat 1 answers."""

    turn: int = 0
    count: int = 0
    hold: bool = False
    log: list[str] = field(default_factory=list)


def raise_by(st: Toy, seat: int, action: Action) -> list[Event]:
    st.count += int(action.args[0])
    st.turn = 1 - seat
    return [Event("raised", f"+{action.args[0]}")]


def answer(st: Toy, seat: int, action: Action) -> list[Event]:
    st.hold = False
    return [Event("answered", "answered")]


def too_much(st: Toy, seat: int, action: Action) -> str:
    return "at most 2 at a time" if action.args and action.args[0] == "3" else ""


ToyVerb = Verb[Toy, int]
VERBS = [
    ToyVerb("raise", "raise N", frozenset({"play"}), raise_by,
            space=lambda most: ((str(n),) for n in (1, 2, 3, 2)), refuse=too_much,
            words=lambda st, seat, a: f"Raise the count by {a.args[0]}", secret="a raise"),
    ToyVerb("answer", "answer", frozenset({"held"}), answer),
]  # fmt: skip
MOMENTS = [
    Moment[Toy]("play", lambda st: [st.turn],
                lambda st, seat: [Action("raise", ("1",)), Action("raise", ("2",))],
                lambda st, seat, a: f"{a} is not possible now: raise 1 or 2"),
    Moment[Toy]("held", lambda st: [1], lambda st, seat: [Action("answer")],
                lambda st, seat, a: "seat 1 answers first", interrupts=True),
]  # fmt: skip


def toy(**given: object) -> Grammar[Toy, int]:
    def now(st: Toy) -> str:
        return "held" if st.hold else "play"

    return Grammar("Toy", VERBS, MOMENTS, now, **given)  # type: ignore[arg-type]


def test_the_space_is_verb_by_verb_in_declared_order_each_action_once() -> None:
    assert toy().space(2) == [
        Action("raise", ("1",)), Action("raise", ("2",)), Action("raise", ("3",)),
        Action("answer"),
    ]  # fmt: skip


def test_who_acts_and_what_they_may_do_come_from_the_moment() -> None:
    g, st = toy(), Toy()
    assert g.acting(st) == [0]
    assert g.offers(st, 0) == [Action("raise", ("1",)), Action("raise", ("2",))]
    st.hold = True
    assert g.acting(st) == [1] and g.offers(st, 1) == [Action("answer")]


def test_a_verb_explains_first_unless_an_interruption_holds() -> None:
    g, st = toy(), Toy()
    assert g.why_not(st, 0, Action("raise", ("3",))) == "at most 2 at a time"
    assert g.why_not(st, 0, Action("answer")) == "answer is not possible now: raise 1 or 2"
    st.hold = True
    assert g.why_not(st, 0, Action("raise", ("3",))) == "seat 1 answers first"


def test_apply_goes_through_carry_out_then_after() -> None:
    calls: list[str] = []

    def carry_out(st: Toy, seat: int, action: Action) -> list[Event]:
        calls.append(f"carry {action}")
        return toy().effect(action)(st, seat, action)

    def after(st: Toy, events: list[Event]) -> list[Event]:
        calls.append(f"after {[e.kind for e in events]}")
        return [Event("settled", "settled")]

    st = Toy()
    events = toy(carry_out=carry_out, after=after).apply(st, 0, Action("raise", ("2",)))
    assert [e.kind for e in events] == ["raised", "settled"]
    assert calls == ["carry raise 2", "after ['raised']"] and st.count == 2 and st.turn == 1


def test_words_secrets_and_board_steps_come_from_the_verb() -> None:
    g, st = toy(), Toy()
    assert g.words(st, 0, Action("raise", ("2",))) == "Raise the count by 2"
    assert g.words(st, 0, Action("answer")) is None  # the engine's own words
    assert g.public(Action("raise", ("2",)), told=False) == "a raise"
    assert g.public(Action("raise", ("2",)), told=True) == "raise 2"
    assert g.public(Action("answer"), told=False) == "answer"
    assert g.board(st, 0, Action("raise", ("2",))) == ("2",)  # by default its arguments


def test_an_action_outside_the_space_is_told_the_notation_or_the_verbs() -> None:
    g = toy()
    space = frozenset(g.space(2))
    g.check(Action("raise", ("1",)), space)
    with pytest.raises(ActionParseError, match="raise is written raise N"):
        g.check(Action("raise", ("9",)), space)
    with pytest.raises(ActionParseError, match="its verbs are raise, answer"):
        g.check(Action("lower", ("1",)), space)


def test_without_a_space_the_check_reads_the_number_of_words_from_the_notation() -> None:
    g = toy()
    g.check(Action("raise", ("9",)))  # any number: the space would say which
    with pytest.raises(ActionParseError, match="raise is written raise N"):
        g.check(Action("raise", ()))
    with pytest.raises(ActionParseError, match="answer is written answer"):
        g.check(Action("answer", ("now",)))
    optional = Verb[Toy, int]("play", "play CARD [UNIT [TARGET]]", frozenset({"play"}), answer)
    assert optional.arity == (1, 3)


def test_a_space_may_give_interned_actions_kept_as_they_are() -> None:
    interned = Action("answer")
    verbs = [VERBS[0], dataclasses.replace(VERBS[1], space=lambda most: [interned])]
    space = Grammar("Toy", verbs, MOMENTS, lambda st: "play").space(2)
    assert space[-1] is interned
    stray = dataclasses.replace(VERBS[1], space=lambda most: [Action("raise", ("1",))])
    with pytest.raises(ValueError, match="raise 1 in the space of answer"):
        Grammar("Toy", [stray], MOMENTS, lambda st: "play").space(2)


def test_a_verb_declared_twice_or_for_an_unknown_moment_is_refused() -> None:
    with pytest.raises(ValueError, match="verbs declared twice: raise"):
        Grammar("Toy", [VERBS[0], VERBS[0]], MOMENTS, lambda st: "play")
    stray = ToyVerb("stray", "stray", frozenset({"night"}), answer)
    with pytest.raises(ValueError, match="verb stray names no moment"):
        Grammar("Toy", [stray], MOMENTS, lambda st: "play")
    with pytest.raises(ValueError, match="moments declared twice: play"):
        Grammar("Toy", VERBS, [MOMENTS[0], MOMENTS[0]], lambda st: "play")
