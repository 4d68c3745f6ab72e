"""The terminal's choices in steps (issue 45, items 1 and 5): groups by what acts, then by
verb, then pages of 20; typed words narrow at any step; back goes up; ending a turn while
units could still act asks first."""

from __future__ import annotations

import io

from rich.console import Console

import wartable
from tests.conformance.playing import play_on
from wartable.agents.random import RandomAgent
from wartable.cli.choices import PAGE, Menu, options_of, words_of
from wartable.cli.render.menu import menu_text
from wartable.cli.session import Session


def activation_state():
    """Día de Honor after the deployment: many units, each with many moves."""
    st = wartable.get_game("diadehonor").new_game("crossroads", seed=1)
    agent = RandomAgent(5)
    while st.view(st.current_players[0]).get("phase") != "activate":
        play_on(st, agent, stop_after=1)
    return st


def test_a_long_list_comes_in_steps_of_at_most_twenty_lines():
    st = activation_state()
    player = st.current_players[0]
    legal = st.legal_actions(player)
    assert len(legal) > 100
    menu = Menu(options_of(st, player, legal))
    shown, _, pages = menu.shown()
    assert len(shown) <= PAGE and pages == 1
    group = next(c for c in shown if c.option is None)  # a unit: what it may do, by verb
    assert group.label.endswith("…") and group.size > 1
    menu.open(group)
    inner, _, _ = menu.shown()
    assert 1 < len(inner) <= PAGE
    taken = set()
    while menu.path:  # down to the actions themselves, paged
        first = menu.shown()[0][0]
        if first.option is not None:
            taken = {c.option.action for c in menu.shown()[0]}
            break
        menu.open(first)
    assert taken and taken <= set(legal)


def test_typed_words_narrow_and_back_goes_up():
    st = activation_state()
    player = st.current_players[0]
    menu = Menu(options_of(st, player, st.legal_actions(player)))
    assert menu.narrow("move")
    assert all(c.option is None or c.option.verb == "move" for c in menu.choices())
    assert not menu.narrow("teleport")  # nothing matches: nothing changes
    assert menu.query == ["move"]
    assert menu.back() and menu.query == []
    assert not menu.back()  # at the first step already
    unit = next(o for o in menu.options if o.verb == "move").steps[0]
    short = unit.split("/")[-1].split("-")[0][0] + unit.rsplit("-", 1)[1]  # "l1"
    assert menu.narrow(f"move {short}")  # its moves, and moves to squares L1, L10...
    found = menu.narrowed()
    assert all(o.verb == "move" for o in found)
    assert {o.action for o in menu.options if o.verb == "move" and o.steps[0] == unit} <= {
        o.action for o in found
    }


def test_an_ids_short_name_and_its_parts_are_words_to_type():
    words = words_of("fire axis-1/light-1 allies-1/light-2", "Light 1 fires at Light 2")
    assert {"fire", "l1", "l2", "light-1", "axis", "light", "fires"} <= words


def test_a_menu_fits_eighty_columns():
    st = activation_state()
    player = st.current_players[0]
    menu = Menu(options_of(st, player, st.legal_actions(player)))
    menu.open(next(c for c in menu.shown()[0] if c.option is None))
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(menu_text(menu, player, 80), soft_wrap=True)
    lines = console.file.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 80


def test_ending_an_activation_with_units_that_could_act_asks_first():
    st = activation_state()
    player = st.current_players[0]
    answers = iter(["done", "no", "done", "yes", "quit"])
    asked = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    out = io.StringIO()
    seats = {p: "human" if p == player else "random" for p in st.players}
    session = Session(wartable.get_game("diadehonor"), st, seats, Console(file=out, width=80), ask)
    before = st.action_count
    session.turn(player)
    assert any("could still act" in p for p in asked)
    assert "Not done: choose again." in out.getvalue()
    assert session.state.action_count > before  # the second time, yes: it ended


def test_an_undone_action_leaves_the_log():
    """After undo, `log` no longer lists what was taken back (nor would a hotseat player be
    shown it later)."""
    st = wartable.get_game("undaunted").new_game("la-raye", seed=4)
    out = io.StringIO()
    seats = {"us": "human", "germany": "random"}
    session = Session(wartable.get_game("undaunted"), st, seats, Console(file=out, width=80), print)
    while session.state.undoable("us") == 0:
        p = session.state.current_players[0]
        legal = session.state.legal_actions(p)
        before = len(session.log)
        session.apply(p, legal[0])
    kept = len(session.log)
    taken_back = session.log[before:]
    assert taken_back
    session.read("undo", session.state.legal_actions("us"), "us", Menu([]))
    assert len(session.log) == before < kept
    assert not any(e in session.log for e in taken_back)
