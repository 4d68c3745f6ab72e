"""2GM Tactics' terminal drawing: both HQs, the board with the viewer's edge at the bottom,
a letter for each unit and the units in words, a scenario's river and objective, and the
hand of the viewer only."""

from __future__ import annotations

from rich.console import Console

from tests.games.tactics2gm.scenes import GAME, put, scene
from wartable.cli.render import drawing, render


def drawn(st, seat, width=110) -> str:
    console = Console(width=width, record=True, force_terminal=False)
    console.print(render(GAME, st.view(seat)))
    return console.export_text()


def test_the_game_brings_its_own_drawing():
    assert drawing(GAME).__name__ == "wartable.games.tactics2gm.terminal"


def test_the_viewer_s_edge_is_at_the_bottom_and_units_have_letters():
    st = scene("move")
    put(st, "m4_sherman", 0, "C2").wounds = 2
    put(st, "ger_panzer_iv", 1, "F5").suppressed = True
    st.hands[0], st.hands[1] = ["impact"], ["tiger"]
    mine = drawn(st, "allies").splitlines()
    rows = [line.strip()[0] for line in mine if line.strip()[:1] in "123456"]
    assert rows == ["6", "5", "4", "3", "2", "1"]
    bands = [line for line in mine if " HQ " in line and "━" in line]
    assert "Axis HQ" in bands[0] and "Allies HQ" in bands[-1]  # its own HQ last, under its edge
    assert mine.index(bands[-1]) > max(k for k, line in enumerate(mine) if line[:3] == " 1 ")
    text = "\n".join(mine)
    assert "a²" in text and "A s" in text  # the Sherman wounded twice, the Panzer suppressed
    assert "m4_sherman-1" in text and "M4 Sherman" in text and "2/4" in text
    assert "Artillery Strike (impact)" in text and "Tiger" not in text  # its own hand only
    theirs = drawn(st, "axis")
    rows = [line.strip()[0] for line in theirs.splitlines() if line.strip()[:1] in "123456"]
    assert rows == ["1", "2", "3", "4", "5", "6"]
    assert "Tiger" in theirs and "Artillery Strike" not in theirs


def test_a_scenario_shows_its_river_bridge_and_objective():
    st = scene("move", scenario="bridge-at-remagen")
    text = drawn(st, None)
    assert "The bridge at Remagen" in text and "one of C4, D4, E4 and F4" in text
    river = [line for line in text.splitlines() if "~~~~~" in line]
    assert len(river) == 1 and "══ ══" in river[0]
    lines = text.splitlines()
    row4 = next(k for k, line in enumerate(lines) if line.strip().startswith("4 "))
    row3 = next(k for k, line in enumerate(lines) if line.strip().startswith("3 "))
    assert row4 < lines.index(river[0]) < row3  # between rows 4 and 3
    assert "═ Bridge" in text and "your hand" not in text  # a spectator holds no hand


def test_on_80_columns_the_ids_actions_use_stay_whole():
    st = scene("move")
    put(st, "ger_panzergrenadiers", 1, "E5")
    put(st, "usa_armored_infantry", 0, "E4")
    text = drawn(st, "allies", width=80)
    assert "ger_panzergrenadiers-1" in text and "usa_armored_infantry-1" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_team_play_shows_each_players_pool_and_the_teammates_hand_only_to_the_team():
    st = GAME.new_game(None, seed=2, options={"players": "2v1"})
    st.hands = [["impact"], ["m4_sherman"], ["ram"]]
    st.ap = [4, 3, 5]
    mine = drawn(st, "allies-2", width=140)
    assert "allies-1 4 AP/1 cards, allies-2 3 AP/1 cards" in mine
    assert "allies-1's hand: " in mine and "(impact)" in mine
    theirs = drawn(st, "axis", width=140)
    assert "(impact)" not in theirs and "(m4_sherman)" not in theirs and "(ram)" in theirs
