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
