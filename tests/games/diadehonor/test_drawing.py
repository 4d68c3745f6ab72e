"""Día de Honor's own drawings: the terminal picture of real views (deployment, activation, a
finished battle; 1v1 and 3v3), what it shows and what it must not (another seat's hand), the
map window on a narrow terminal, the actions in players' words, and the page module."""

from __future__ import annotations

import io
import json
import random
import re
import shutil
import subprocess
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
from rich.console import Console

import wartable
from tests.games.diadehonor.scene import put, scene
from wartable.core.action import Action
from wartable.core.state import GameState
from wartable.games.diadehonor import labels, terminal
from wartable.games.diadehonor.state import DiaDeHonorState

GAME = wartable.get_game("diadehonor")


def play(
    lineup: str,
    seed: int,
    until: Callable[[DiaDeHonorState], bool],
    steps: int = 3000,
    max_rounds: int = 30,
    visit: Callable[[DiaDeHonorState], None] | None = None,
) -> DiaDeHonorState:
    """Random legal actions from a new battle until ``until`` holds (``visit`` sees every
    state on the way)."""
    st = GAME.new_game(None, seed=seed, options={"players": lineup, "max_rounds": max_rounds})
    assert isinstance(st, DiaDeHonorState)
    rng = random.Random(seed)
    for _ in range(steps):
        if until(st):
            return st
        if visit is not None:
            visit(st)
        player = st.current_players[0]
        st.apply(player, rng.choice(st.legal_actions(player)))
    assert until(st), "the battle never got there"
    return st


def phase(name: str) -> Callable[[DiaDeHonorState], bool]:
    return lambda st: st.view(None)["phase"] == name


def activating(st: DiaDeHonorState) -> bool:
    """In an activation, with units on the map that have already fought a little."""
    return st.view(None)["phase"] == "activate" and st.round >= 2


def text(view: dict, width: int = 100, focus: str | None = None) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True)
    console.print(terminal.render(view, focus))
    return console.export_text()


def map_lines(out: str) -> dict[int, str]:
    """The map's lines by row number (from 1), as drawn."""
    rows = {}
    for line in out.splitlines():
        m = re.match(r"^\s?(\d+)  ", line)
        if m and line.rstrip().endswith(" " + m.group(1)):
            rows[int(m.group(1))] = line
    return rows


def header(out: str) -> list[str]:
    """The column letters over the map."""
    lines = out.splitlines()
    first = next(k for k, line in enumerate(lines) if re.match(r"^\s?\d+  ", line))
    return lines[first - 1].split()


def square_text(view: dict, out: str, square: str, width: int) -> str:
    """The characters drawn for ``square`` (the whole map shown)."""
    col, row = terminal.parse(square)
    line = map_lines(out)[row + 1]
    k = terminal.display_columns(view).index(col)
    start = terminal.MARGIN + k * terminal.cell(view)
    return line[start : start + width]


# ---- the terminal ------------------------------------------------------------------------
@pytest.mark.parametrize("lineup", ["1v1", "3v3"])
def test_deployment_shows_the_map_zones_and_own_hand(lineup):
    st = play(lineup, 11, phase("deploy"))
    view = st.view("axis-1")
    out = text(view)
    assert "round 0 of 30, deployment" in out
    assert "start zones (allies rows 1-3, axis rows 18-20)" in " ".join(out.split())
    rows = map_lines(out)
    assert sorted(rows) == list(range(1, view["map"]["rows"] + 1))
    assert "your hand:" in out and "your units" in out
    for card in view["hand"]:
        assert terminal.card_face(card)[0] in out


@pytest.mark.parametrize(("lineup", "seed"), [("1v1", 3), ("3v3", 5)])
def test_activation_draws_every_unit_on_its_square(lineup, seed):
    st = play(lineup, seed, activating)
    for viewer in ("axis-1", "allies-1", None):
        view = st.view(viewer)
        out = text(view, width=100)
        assert "shown:" not in out  # 16 columns fit 100 characters
        on_map = [u for u in view["units"] if u["square"] and u["status"] in ("active", "wreck")]
        assert on_map
        for u in on_map:
            width = terminal.cell(view)
            drawn = square_text(view, out, u["square"], width)
            ground, level = ground_at(view, u["square"])
            assert drawn == terminal.unit_cell(u, width, ground, level), (u["key"], drawn)
            assert terminal.short(u) in drawn
            assert drawn[width - 2] == terminal.under(ground, level)  # the ground under it
        assert "activation" in out and f"to act: {terminal.seat_words(view['to_act'])}" in out


def ground_at(view: dict, square: str) -> tuple[str, int]:
    """The view's ground letter and level of ``square``."""
    col, row = terminal.parse(square)
    k = row * view["map"]["columns"] + col
    return view["map"]["ground"][k], view["map"]["levels"][k]


def test_a_unit_square_reads_its_side_number_seat_ground_and_mark():
    u = {"key": "allies-2/light-3", "seat": "allies-2", "side": "allies", "type": "light",
         "status": "active", "wounds": 2, "prone": True, "sabotaged": False}  # fmt: skip
    assert terminal.unit_cell(u, 4, "r") == "l3^₂"  # prone with two wounds, on rough ground
    assert terminal.unit_cell(u, 5, "w") == "2l3♣₂"
    assert terminal.unit_cell(u, 4, ".") == "l3 ₂"  # level clear ground is left blank
    assert terminal.unit_cell(u, 4, "r", 1) == "l3^1"  # the level before the mark
    assert terminal.unit_cell({**u, "prone": False}, 4, "B") == "l3█²"
    assert terminal.unit_cell({**u, "prone": False, "wounds": 0}, 4, "t") == "l3∪ "
    assert terminal.unit_cell({**u, "wounds": 0}, 4, "=") == "l3=_"
    wreck = {**u, "key": "axis-1/tank-1", "seat": "axis-1", "side": "axis", "type": "tank",
             "status": "wreck", "prone": False}  # fmt: skip
    assert terminal.unit_cell(wreck, 4, "=") == "T1=x"
    assert terminal.unit_cell(wreck, 4, ".", 2) == "T1.x"  # a wreck says so on a hill too
    assert terminal.unit_cell({**wreck, "status": "active", "sabotaged": True}, 4, "r", 1) == (
        "T1^!"
    )


def test_the_viewer_sees_their_own_hand_and_objective_and_no_other():
    st = play("3v3", 5, activating)
    views = {p: st.view(p) for p in st.players}
    for p, view in views.items():
        out = " ".join(text(view).split())
        mine = view["hand"]
        for card in mine:
            title, said = terminal.card_face(card)
            assert " ".join(f"{title} — {said}".split()) in out
        for other in st.players:
            for card in st.hands[st.players.index(other)]:
                if card in mine:
                    continue
                title, said = terminal.card_face(card)
                assert " ".join(said.split()) not in out, f"{p} sees {other}'s {card}"
        objective = view.get("objective")
        if objective:
            assert objective["title"] in out
        for other, seen in views.items():
            o = seen.get("objective")
            if other != p and o and o != objective:
                assert " ".join(o["text"].split()) not in out
    spectator = text(st.view(None))
    assert "your hand" not in spectator and "your units" not in spectator
    assert "watching" in spectator


def test_the_map_is_turned_for_the_side_whose_zone_is_at_the_top():
    st = play("1v1", 3, phase("deploy"))
    axis, allies = st.view("axis-1"), st.view("allies-1")
    assert not terminal.turned(axis) and terminal.turned(allies)
    assert not terminal.turned(st.view(None))
    first = lambda out: next(iter(map_lines(out)))  # noqa: E731
    assert first(text(axis)) == 1 and first(text(allies)) == st.view(None)["map"]["rows"]
    assert header(text(allies))[:3] == ["P", "O", "N"]
    assert header(text(axis))[:3] == ["A", "B", "C"]


def test_a_narrow_terminal_gets_a_window_that_can_be_centred():
    st = play("3v3", 5, activating)
    view = st.view("allies-2")
    out = text(view, width=80)
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "shown: 'map SQUARE' centres the map" in " ".join(out.split())
    west, east = header(text(view, 80, "A10")), header(text(view, 80, "P10"))
    assert "A" in west and "P" not in west
    assert "P" in east and "A" not in east
    assert len(west) == len(east) < 16
    assert terminal.focus_problem(view, "F7") is None
    assert terminal.focus_problem(view, "f7") is None
    assert "no square 'Z99'" in terminal.focus_problem(view, "Z99")
    assert terminal.focus_problem(view, "7F") is not None
    one = text(play("1v1", 3, activating).view("axis-1"), width=80)
    assert "shown:" not in one and all(len(line) <= 80 for line in one.splitlines())


@pytest.mark.parametrize("lineup", ["1v1", "3v3"])
def test_a_finished_battle_renders(lineup):
    st = play(lineup, 21, lambda s: s.is_over, steps=20000, max_rounds=2)
    for viewer in (*st.players, None):
        out = text(st.view(viewer))
        assert "the battle is over" in out and "THE BATTLE IS OVER" in out


def test_the_render_never_fails_along_a_battle():
    """The states of a short 2v1 battle draw for every seat and a spectator (every state that
    waits on a card or an initiative choice, every tenth of the others)."""

    count = [0]

    def draw(st: DiaDeHonorState) -> None:
        count[0] += 1
        if count[0] % 10 == 1 or st.view(None)["phase"] in ("cards", "initiative"):
            for viewer in (*st.players, None):
                text(st.view(viewer), width=90)

    play("2v1", 8, lambda s: s.is_over, steps=400, max_rounds=1, visit=draw)


# ---- labels ------------------------------------------------------------------------------
def label_all(st: DiaDeHonorState, seen: dict[str, int]) -> None:
    player = st.current_players[0]
    seat = st.players.index(player)
    hooked = type(st)._describe is not GameState._describe
    for action in st.legal_actions(player):
        said = st.describe(st.players[seat], action)
        assert said and said != str(action), action
        assert "/" not in said and "_" not in said, said
        assert said[0].isupper(), said
        if hooked:
            assert st.describe(player, action) == said
        seen[action.verb] = seen.get(action.verb, 0) + 1


@pytest.mark.parametrize(("lineup", "seed"), [("1v1", 2), ("3v3", 4), ("2v1", 6)])
def test_every_legal_action_has_words(lineup, seed):
    seen: dict[str, int] = {}
    play(
        lineup,
        seed,
        lambda s: s.is_over,
        steps=400,
        max_rounds=2,
        visit=lambda s: label_all(s, seen),
    )
    assert {"deploy", "initiative", "move", "done"} <= set(seen)


def test_labels_read_as_players_say_them():
    st = play("3v3", 5, activating)
    player = st.current_players[0]
    seat = st.players.index(player)
    legal = st.legal_actions(player)
    move = next(a for a in legal if a.verb == "move")
    unit = move.args[0]
    assert (
        st.describe(st.players[seat], move) == f"Move {labels.unit_words(unit)} to {move.args[1]}"
    )
    assert re.fullmatch(r"Move (Light|Assault|Heavy|Tank|Sniper|Green beret) \d+ to [A-P]\d+",
                        st.describe(st.players[seat], move))  # fmt: skip
    from wartable.core.action import Action

    enemy = next(u for u in st.units if u.side != st.sides[seat] and u.seat != seat)
    fire = Action("fire", (unit, enemy.key))
    said = st.describe(st.players[seat], fire)
    assert said == (
        f"Fire: {labels.unit_words(unit)} at {labels.unit_words(enemy.key)} of "
        f"{labels.seat_words(st.players[enemy.seat])}"
    )
    assert st.describe(st.players[seat], Action("done", ())) == "End your activation"
    assert st.describe(st.players[seat], Action("initiative", ("first",))) == "Our side acts first"
    assert st.describe(st.players[seat], Action("play", ("first_aid", unit))) == (
        f"Play First aid on {labels.unit_words(unit)}"
    )
    one = play("1v1", 3, activating)
    me = one.players.index(one.current_players[0])
    foe = next(u for u in one.units if u.seat != me)
    mine = next(u for u in one.units if u.seat == me)
    assert one.describe(one.players[me], Action("melee", (mine.key, foe.key))) == (
        f"Melee: {labels.unit_words(mine.key)} against {labels.unit_words(foe.key)}"
    )
    assert labels.unit_words("axis-1/green_beret-1") == "Green beret 1"


# ---- the page ------------------------------------------------------------------------------
def test_the_page_module_is_shipped_and_exports_its_drawings():
    where = GAME.interfaces.page
    assert where == "wartable.games.diadehonor:page.js"
    package, _, name = where.partition(":")
    source = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    for export in ("board", "status", "hand", "panels", "overlay", "words"):
        assert re.search(rf"^export function {export}\(", source, re.M), export
    assert GAME.interfaces.terminal == "wartable.games.diadehonor.terminal"


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to check the page's syntax")
def test_the_page_module_parses():
    path = resources.files("wartable.games.diadehonor").joinpath("page.js")
    done = subprocess.run(
        ["node", "--check", str(path)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to run the page's module")
def test_e1_the_page_shows_attack_and_resistance_as_they_stand_the_printed_beside():
    """The wounded Hermann of E1 reads +2/5 with his printed +3/6 beside; a unit as printed
    reads once; the dead show the sheet; a dying soldier's attack may fall below nothing."""
    path = Path(str(resources.files("wartable.games.diadehonor").joinpath("page.js")))
    units = [
        {"attack": 3, "resistance": 6, "effective_attack": 2, "effective_resistance": 5},
        {"attack": 2, "resistance": 5, "effective_attack": 2, "effective_resistance": 5},
        {"attack": 2, "resistance": 5, "effective_attack": None, "effective_resistance": None},
        {"attack": 2, "resistance": 5, "effective_attack": -2, "effective_resistance": 1},
    ]
    script = (
        f"import {{ unitValues }} from {json.dumps(path.as_uri())};\n"
        f"console.log(JSON.stringify({json.dumps(units)}.map(unitValues)));"
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        {"now": "+2/5", "printed": "+3/6", "changed": True},
        {"now": "+2/5", "printed": "+2/5", "changed": False},
        {"now": "+2/5", "printed": "+2/5", "changed": False},
        {"now": "−2/1", "printed": "+2/5", "changed": True},
    ]


# ---- attack and resistance as they stand, from what every seat sees ------------------------
def shown(st: DiaDeHonorState) -> dict[str | None, list[tuple[object, object]]]:
    """Each unit's attack and resistance now, in each seat's view and a spectator's."""
    out = {}
    for viewer in (None, *st.players):
        units = st.view(viewer)["units"]
        out[viewer] = [(u["effective_attack"], u["effective_resistance"]) for u in units]
    return out


def test_dh62_dh63_q33_a_kept_card_changes_no_shown_value_until_it_is_played():
    """A held Aggressive combat is its holder's secret: it changes no value any view shows
    (the enemy's included) until it is played, in sight of all; then every view shows it."""
    st = scene()
    able = put(st, "able", "allies", "light", 0, 0, missions=6)  # Senior lieutenant: +1
    put(st, "berg", "axis", "light", 0, -3)
    before = shown(st)
    assert before[None][able] == (3, 6)
    st.hands[1] = ["aggressive_combat"]
    st._legal_cache = None
    assert shown(st) == before
    st.apply("allies-1", Action("play", ("aggressive_combat",)))
    after = shown(st)
    assert all(seen[able] == (4, 5) for seen in after.values())
    assert terminal.values(st.view("axis-1")["units"][able]) == "+4/5 (+2/5)"


def test_the_dead_show_their_printed_values_only():
    st = scene()
    put(st, "able", "allies", "light", 0, 0)
    berg = put(st, "berg", "axis", "light", 0, -3, wounds=4)
    st.rng.force([6])
    st.apply("allies-1", Action("fire", ("able", "berg")))
    dead = st.view(None)["units"][berg]
    assert dead["status"] == "dead" and dead["effective_attack"] is None
    assert terminal.values(dead) == "+2/5"


def test_a_roll_reads_as_players_write_it():
    """The odds of a shot write the die and its bonus with a minus sign, never "d6 + -1"."""
    from wartable.games.diadehonor.rules.odds import roll

    assert [roll(2), roll(0), roll(-1)] == ["d6 + 2", "d6", "d6 \u2212 1"]
