"""Combat! at the terminal for the big games (issue 45): the map's window opens on the
deploy zone while the squad deploys, and log lines name men, weapons and orders in words."""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console

import wartable
from wartable.cli.render import render
from wartable.cli.render import words as log_words
from wartable.games.combat.terminal import words

GAME = wartable.get_game("combat")


def drawn(view, width) -> list[str]:
    out = io.StringIO()
    Console(width=width, file=out).print(render(GAME, view))
    lines = out.getvalue().splitlines()
    assert max(cell_len(line) for line in lines) <= width, "a line wider than the terminal"
    return lines


@pytest.mark.parametrize(("width", "shown"), [(80, "01-18"), (120, "01-28")])
def test_the_opening_window_shows_the_deploy_zone(width, shown):
    st = GAME.new_game("attack-the-farmhouse", seed=1)
    view = st.view("us")
    assert view["phase"] == "deploy"
    zone = {a.args[1] for a in st.legal_actions("us")}
    assert set(view["deploy_zone"]) == zone  # the hexes the deploy actions name
    lines = drawn(view, width)
    header = next(line for line in lines if line.startswith("     01 "))
    assert header.split()[:4] == ["01", "02", "03", "04"]  # the zone's columns 01-04
    assert any(f"columns {shown} of 01-35 shown" in line for line in lines)
    assert any("deploys in columns 01-04" in line for line in lines)
    # once the squad is down, the zone is gone from the view
    while st.view("us")["phase"] == "deploy":
        st.apply("us", st.legal_actions("us")[0])
    assert st.view("us")["deploy_zone"] == []


def test_map_hex_still_centres_the_window_while_deploying():
    view = GAME.new_game("attack-the-farmhouse", seed=1).view("us")
    out = io.StringIO()
    Console(width=80, file=out).print(render(GAME, view, "30.05"))
    assert "columns 18-35 of 01-35 shown" in " ".join(out.getvalue().split())


def brief(view, height=50, width=80, focus=None) -> list[str]:
    """``render_brief`` as a terminal of ``height`` rows and ``width`` columns shows it."""
    out = io.StringIO()
    Console(width=width, height=height, file=out).print(render(GAME, view, focus, brief=True))
    lines = out.getvalue().splitlines()
    assert max(cell_len(line) for line in lines) <= width, "a line wider than the terminal"
    return lines


def map_rows(lines: list[str]) -> list[str]:
    return sorted({line[:2] for line in lines if line[:2].isdigit() and line[2:3] in "ab"})


def test_the_brief_picture_of_a_deployment_fits_beside_a_menu():
    """Between two decisions in a row (issue 45): a status line and the map's rows cut to
    what 50 rows hold beside a menu, around the deploy zone, with a line saying what is
    shown; no legend, no soldiers' table."""
    st = GAME.new_game("attack-the-farmhouse", seed=1)
    st.apply("us", st.legal_actions("us")[0])
    view = st.view("us")
    assert view["phase"] == "deploy"
    lines = brief(view)
    assert len(lines) <= 28, len(lines)
    assert lines[0].startswith("turn 1 of 12, deploy in columns 01-04 (blue)")
    assert lines[1].split()[:4] == ["01", "02", "03", "04"]  # the zone's columns
    rows = map_rows(lines)
    assert len(rows) == (50 - 30) // 2 and len(rows) < 20  # cut: 20 rows would be 40 lines
    zone = sorted({h.split(".")[1] for h in view["deploy_zone"]})
    middle = zone[len(zone) // 2]
    assert rows[0] < middle < rows[-1]  # around the zone's middle
    assert f"rows {rows[0]}-{rows[-1]} of 00-19, columns 01-18 of 01-35 shown" in lines[-1]
    text = " ".join(lines)
    for absent in ("terrain:", "objectives:", "who ", "hand:", "Sgt Mayfield"):
        assert absent not in text, absent
    whole = " ".join(drawn(view, 80))
    assert "terrain:" in whole and "Sgt Mayfield" in whole and "rows " not in whole


def test_the_brief_map_takes_the_height_it_is_given_and_follows_a_hex():
    view = GAME.new_game("attack-the-farmhouse", seed=1).view("us")
    assert len(map_rows(brief(view, height=30))) == 5  # at least 10 lines
    assert len(map_rows(brief(view, height=80))) == 20  # every row: none cut, no rows line
    tall = brief(view, height=80, width=160)
    assert not any("shown" in line for line in tall)
    south = map_rows(brief(view, focus="30.18"))
    assert south[-1] == "19" and "18" in south
    lines = brief(view, focus="30.18")
    assert "columns 18-35 of 01-35 shown" in lines[-1]


def test_log_lines_name_men_weapons_and_orders():
    assert words("Pvt Cragg: carry drag at pvt-dougless") == "Pvt Cragg: carry drag at Pvt Dougless"
    assert words("order sgt-mayfield aimed_fire") == "order Sgt Mayfield aimed fire"
    assert words("pvt-oconnell fires m1_garand at soldat-abbas") == (
        "Pvt O'Connell fires M1 Garand at Soldat Abbas"
    )
    assert words("us wins; germany loses") == "US wins; Germany loses"
    # what is no id stays: hexes, unknown counters, hyphenated words
    assert words("unknown blue g09 moves to 11.18, run-and-gun") == (
        "unknown blue g09 moves to 11.18, run-and-gun"
    )
    assert log_words(GAME, "sgt-taylor: slow_suppressive_fire") == (
        "Sgt Taylor: slow suppressive fire"
    )
