"""The terminal at the scale of the game (issue 45): at 80 columns the map shows the ground
under every unit (its cover and height) and its legend says so, the units table gives attack
and resistance as they stand beside the printed ones and never runs past the width, and the
log reads in names, not ids."""

from __future__ import annotations

import io
import random
import string

import pytest
from rich.console import Console

import wartable
from wartable.cli.render import render
from wartable.core.action import Action
from wartable.games.diadehonor import terminal
from wartable.games.diadehonor.state import DiaDeHonorState

GAME = wartable.get_game("diadehonor")


def text(view: dict, width: int = 80) -> str:
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True)
    console.print(terminal.render(view))
    return console.export_text()


def flat(out: str) -> str:
    return " ".join(out.split())


def deployed(lineup: str = "1v1", seed: int = 3) -> DiaDeHonorState:
    """A battle on the crossroads just after the set-up (every unit placed, the first of
    each seat's reserve on the first free square of its zone)."""
    st = GAME.new_game("crossroads", seed=seed, options={"players": lineup})
    assert isinstance(st, DiaDeHonorState)
    while st.phase == "deploy":
        p = st.current_players[0]
        st.apply(p, st.legal_actions(p)[0])
    return st


def index(st: DiaDeHonorState, key: str) -> int:
    return next(u.index for u in st.units if u.key == key)


def cell_at(view: dict, out: str, square: str) -> str:
    """The characters drawn for ``square`` (the whole map shown)."""
    col, row = terminal.parse(square)
    line = next(
        line
        for line in out.splitlines()
        if line[:4].strip() == str(row + 1) and line.rstrip().endswith(f" {row + 1}")
    )
    k = terminal.display_columns(view).index(col)
    start = terminal.MARGIN + k * terminal.cell(view)
    return line[start : start + terminal.cell(view)]


def wide(out: str, width: int = 80) -> list[str]:
    return [line for line in out.splitlines() if len(line) > width]


# ---- the ground under the units ----------------------------------------------------------
def test_a_unit_on_rough_higher_ground_shows_its_ground_and_level_at_80_columns():
    """Light 1 on E12 (rough ground, level 1, on the crossroads) reads ``L1^1`` where it
    used to hide the square's cover; the map still fits 80 columns whole."""
    st = deployed()
    light = index(st, "axis-1/light-1")
    st.pos[light] = st.battle.square_of["E12"]
    view = st.view("axis-1")
    m = view["map"]
    k = terminal.parse("E12")[1] * m["columns"] + terminal.parse("E12")[0]
    assert (m["ground"][k], m["levels"][k]) == ("r", 1)
    out = text(view)
    assert not wide(out)
    assert "shown:" not in out  # the whole map, 16 squares of 4 characters
    assert cell_at(view, out, "E12") == "L1^1"
    legend = flat(out)
    assert "then the ground under the unit, blank for clear ground" in legend
    assert "^ rough ground" in legend and "higher ground, level 1" in legend


def test_a_wounded_unit_shows_its_ground_then_its_wounds_and_on_a_hill_its_level():
    st = deployed()
    light, other = index(st, "axis-1/light-1"), index(st, "axis-1/light-2")
    st.pos[light] = st.battle.square_of["O4"]  # rough ground, level 0
    st.wounds[light] = 2
    st.pos[other] = st.battle.square_of["D13"]  # rough ground, level 2
    st.wounds[other], st.prone[other] = 1, True
    view = st.view("axis-1")
    out = text(view)
    assert not wide(out)
    assert cell_at(view, out, "O4") == "L1^²"
    assert cell_at(view, out, "D13") == "L2^2"  # the level; its wound and stance below
    legend = flat(out)
    assert "a raised digit: wounds" in legend
    assert "on higher ground the level takes the place of a wound or prone mark" in legend
    assert "wounded (1), prone" in legend  # the units table gives them in words


def test_the_ground_under_every_unit_is_drawn_along_a_battle():
    """Every unit on the map, every 25th state of a random battle, shows the ground of its
    square right after its letter and number; no line is ever wider than 80 columns."""
    st = GAME.new_game("ruined-village", seed=4, options={"players": "1v1", "max_rounds": 4})
    rng = random.Random(4)
    for step in range(600):
        if st.is_over:
            break
        if step % 25 == 0:
            view = st.view("allies-1")
            out = text(view)
            assert not wide(out), wide(out)
            m = view["map"]
            for u in view["units"]:
                if u.get("square") and u["status"] in ("active", "wreck"):
                    c, r = terminal.parse(u["square"])
                    k = r * m["columns"] + c
                    drawn = cell_at(view, out, u["square"])
                    assert drawn[2] == terminal.under(m["ground"][k], m["levels"][k]), drawn
        p = st.current_players[0]
        st.apply(p, rng.choice(st.legal_actions(p)))


@pytest.mark.parametrize("lineup", ["1v1", "3v3"])
def test_a_deployment_fits_80_columns(lineup):
    st = GAME.new_game("crossroads", seed=2, options={"players": lineup})
    for p in st.players[:2]:
        out = text(st.view(p))
        assert not wide(out), wide(out)


# ---- the brief picture between two decisions in a row -------------------------------------
def brief(view: dict, width: int = 80) -> list[str]:
    """``render_brief`` as a 50-row terminal of ``width`` columns shows it, by lines."""
    out = io.StringIO()
    console = Console(width=width, height=50, file=out, color_system=None)
    console.print(render(GAME, view, brief=True))
    return out.getvalue().splitlines()


@pytest.mark.parametrize("lineup", ["1v1", "3v3"])
def test_the_brief_picture_of_a_deployment_is_a_status_line_and_the_map(lineup):
    """Between two decisions in a row (issue 45): one status line and the map with its
    letters and numbers, no legend, units table or hand, so that a menu of 22 lines beside it
    fits 50 rows; the whole picture is unchanged."""
    st = GAME.new_game("crossroads", seed=2, options={"players": lineup})
    st.apply("axis-1", st.legal_actions("axis-1")[0])
    view = st.view("axis-1")
    assert view["phase"] == "deploy"
    lines = brief(view)
    assert len(lines) <= 28 and max(len(line) for line in lines) <= 80, lines
    assert lines[0].startswith("round 0 of ") and "deployment — to act: Axis 1 (you)" in lines[0]
    assert lines[1].split()[:3] == ["A", "B", "C"] or "shown:" in lines[-1]
    rows = [line for line in lines if line[:2].strip().isdigit()]
    assert len(rows) == view["map"]["rows"]  # every row, with its number on both sides
    assert all(line.rstrip().endswith(line[:2].strip()) for line in rows)
    text_ = flat("\n".join(lines))
    for absent in ("ground:", "your units", "your hand", "secret objective", "deck "):
        assert absent not in text_, absent
    whole = flat(text(view))
    assert "ground:" in whole and "your units" in whole and "your hand" in whole


def test_the_brief_status_line_is_cut_never_wrapped():
    view = GAME.new_game("crossroads", seed=2).view("axis-1")
    lines = brief(view, 48)
    assert lines[0].startswith("round 0 of 30, deployment") and lines[0].endswith("…")
    assert max(len(line) for line in lines) <= 48
    assert lines[1].split()[0] in string.ascii_uppercase  # the map's letters next


# ---- attack and resistance as they stand ---------------------------------------------------
def test_the_units_table_shows_effective_values_beside_the_printed_and_fits_80_columns():
    st = deployed()
    light = index(st, "axis-1/light-1")
    st.wounds[light] = 2  # serious: -2 attack, -2 resistance
    view = st.view("axis-1")
    u = next(u for u in view["units"] if u["key"] == "axis-1/light-1")
    assert (u["attack"], u["resistance"]) == (2, 5)
    assert (u["effective_attack"], u["effective_resistance"]) == (0, 3)
    assert terminal.values(u) == "+0/3 (+2/5)"  # as the page shows it
    out = text(view)
    assert not wide(out)
    row = next(line for line in out.splitlines() if line.startswith("L1 Light 1"))
    assert "+0/3 (+2/5)" in row
    assert "att/res in brackets: the unit sheet's" in out
    whole = next(line for line in out.splitlines() if line.startswith("L2 Light 2"))
    assert "+2/5" in whole and "(" not in whole.split("+2/5", 1)[1][:3]


def test_a_long_row_is_cut_with_an_ellipsis_never_its_values():
    """A campaign soldier's long name, a long state and a long rank are cut with "…" to fit
    the width; attack and resistance, square, speed and range stay whole."""
    st = deployed()
    view = st.view("axis-1")
    for u in view["units"]:
        if u["seat"] == "axis-1":
            u["name"] = "Hermann Friedrich von Oberkommando-Westfalen"
            u["rank"] = "Lieutenant commander"
            u["aim"] = {"target": "allies-1/green_beret-1", "count": 3}
            u["prone"] = True
            u["effective_attack"] = -3
    for width in (80, 64):
        out = text(view, width)
        assert not wide(out, width), wide(out, width)
        rows = [line for line in out.splitlines() if line.startswith("L1 ")]
        assert len(rows) == 1 and "…" in rows[0]
        assert "-3/5 (+2/5)" in rows[0]


# ---- names, not ids, in the log -------------------------------------------------------------
def test_words_put_ids_in_names_as_the_page_does():
    say = terminal.words
    assert say("axis-1/light-1 deploys at C19") == "Light 1 (Axis 1) deploys at C19"
    assert say("allies-2/green_beret-1 fires at axis-3/heavy-1: die 4") == (
        "Green beret 1 (Allies 2) fires at Heavy 1 (Axis 3): die 4"
    )
    assert say("allies-1 picks axis-1/artillery-1") == "Allies 1 picks Artillery 1 (Axis 1)"
    assert say("allies-1's units: +1 attack") == "Allies 1's units: +1 attack"
    assert say("axis-1 plays first_aid on axis-1/light-2") == (
        "Axis 1 plays First aid on Light 2 (Axis 1)"
    )
    assert say("mine_detection; enemy_air_attack") == "Mine detection; Enemy air attack"
    assert say("initiative, axis 3, allies 4: the allies choose") == (
        "initiative, Axis 3, Allies 4: the Allies choose"
    )
    assert say("Round 1 ends") == "Round 1 ends"
    assert say("the mine is under E12") == "the mine is under E12"


def test_every_log_line_of_a_battle_reads_without_ids():
    """No seat id, unit id or card id is left in the log once put in words; the session's
    ``words`` finds this one."""
    from wartable.cli.render import words

    st = GAME.new_game("hedgerow", seed=6, options={"players": "2v1", "max_rounds": 3})
    rng = random.Random(6)
    cards = set(terminal.faces())
    said = []
    while not st.is_over:
        p = st.current_players[0]
        for e in st.apply(p, rng.choice(st.legal_actions(p))):
            line = words(GAME, e.text)
            assert line == terminal.words(e.text)
            said.append(line)
    assert said
    for line in said:
        assert "axis-" not in line and "allies-" not in line, line
        assert "/" not in line, line
        assert not any(f"{c}" in line.split() for c in cards if "_" in c), line
    assert any("Light" in line and "(Axis 1)" in line for line in said)


def test_a_deploy_action_of_any_reserve_unit_is_applied():
    """Set-up in any order, as the terminal offers it: the last unit of the squad first."""
    st = GAME.new_game("crossroads", seed=3)
    assert isinstance(st, DiaDeHonorState)
    last = [u.key for u in st.units if u.seat == 0][-1]
    action = next(a for a in st.legal_actions("axis-1") if a.args[0] == last)
    st.apply("axis-1", action)
    assert st.view("axis-1")["units"][index(st, last)]["square"] == action.args[1]
    assert st.legal_actions("axis-1")[0] == Action(
        "deploy", ("axis-1/light-1", st.legal_actions("axis-1")[0].args[1])
    )
