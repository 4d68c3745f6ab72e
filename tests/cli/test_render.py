"""The terminal's pictures fit the width rich measures and explain themselves in words
(issue 10, items 21 and 22)."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import wartable
from wartable.agents.random import RandomAgent
from wartable.cli.main import app
from wartable.cli.render import render
from wartable.games.combat.terminal import TERRAIN

runner = CliRunner()


def drawn(view: dict, width: int, focus: str | None = None) -> str:
    console = Console(width=width, highlight=False, color_system=None)
    with console.capture() as out:
        console.print(render(wartable.get_game(view["game"]), view, focus))
    return out.get()


def widest(text: str) -> int:
    return max(len(line.rstrip()) for line in text.splitlines())


UNDAUNTED = [sc.id for sc in wartable.get_game("undaunted").scenarios()]


@pytest.mark.parametrize("scenario", UNDAUNTED)
@pytest.mark.parametrize("seat", ["us", "germany"])
def test_the_undaunted_board_fits_the_terminal(scenario, seat):
    view = wartable.get_game("undaunted").new_game(scenario, seed=1).view(seat)
    wide = drawn(view, 200)
    assert "cover 1" in wide and "┌" + "─" * 20 + "┐" in wide  # full tiles when there is room
    narrow = drawn(view, 80)
    assert widest(narrow) <= 80
    assert "┌" in narrow and "┌" + "─" * 20 + "┐" not in narrow  # compact tiles
    listed = drawn(view, 50)
    assert widest(listed) <= 50 and "┌" not in listed  # a list when no picture fits
    for text in (wide, narrow, listed):
        for tile in view["tiles"]:
            assert tile["id"] in text


def test_counters_are_named_in_the_legend_and_sides_in_words():
    view = wartable.get_game("undaunted").new_game("hill-203", seed=1).view("us")
    text = drawn(view, 80)
    flat = " ".join(text.split())
    for words in ("US = us", "GE = germany", "R rifleman", "S scout", "MG machine gunner"):
        assert words in flat, words
    assert "* suppressed" in flat and "★ objective points" in flat
    assert re.search(r"│US (R|S)-A", text) and re.search(r"│GE (R|S|MG)-[AB]", text)


def test_rules_fit_80_columns_and_keep_their_hanging_indents():
    result = runner.invoke(app, ["rules", "undaunted"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert widest(result.output) <= 80
    assert "  scout X            move up to X tiles anywhere; new tiles get your scouted" in (
        result.output
    )
    assert "\n  command X          draw up to X cards" in result.output
    wide = runner.invoke(app, ["rules", "undaunted"], env={"COLUMNS": "200"}).output
    assert wide.strip() == wartable.get_game("undaunted").rules_summary().strip()


def combat_view(seed: int = 1, scenario: str = "a-meeting-of-patrols") -> dict:
    return wartable.get_game("combat").new_game(scenario, seed=seed).view("us")


def test_the_whole_combat_map_is_shown_when_it_fits():
    view = combat_view()
    text = drawn(view, 160)
    lines = text.splitlines()
    header = lines[next(i for i, line in enumerate(lines) if line.startswith("00a")) - 1]
    assert header.split() == [f"{c:02d}" for c in range(1, 36)]
    assert "shown:" not in text
    germans = sum(1 for s in view["soldiers"] if s["side"] == "germany" and s["hex"])
    map_rows = [line for line in text.splitlines() if re.match(r"\d\d[ab]  ", line)]
    hexes_with_germans = len({s["hex"] for s in view["soldiers"] if s["side"] == "germany"})
    assert sum(line.count("?") for line in map_rows) == hexes_with_germans <= germans
    assert sum(line.count("◆") for line in map_rows) == 4  # every objective on screen


def test_a_narrow_map_is_a_window_that_can_be_centred():
    view = combat_view()
    text = drawn(view, 80)
    assert widest(text) <= 80
    assert "columns 11-28 of 01-35 shown: 'map HEX' centres the map" in text
    assert "objectives: 20.06, 27.03, 29.14 (off the window), 33.05 (off the window)" in text
    east = drawn(view, 80, focus="33.05")
    assert "columns 18-35 of 01-35 shown" in east
    assert "29.14 (off the window)" not in east


def test_the_legend_explains_every_symbol_on_the_map():
    for scenario in ("a-meeting-of-patrols", "attack-the-farmhouse"):
        lines = drawn(combat_view(3, scenario), 160).splitlines()
        rows = [i for i, line in enumerate(lines) if re.match(r"\d\d[ab]  ", line)]
        symbols = set("".join(lines[i][5:] for i in rows)) - {" "}
        end = next(i for i, line in enumerate(lines) if line.startswith("objectives:"))
        legend = " ".join(" ".join(lines[rows[-1] + 1 : end]).split())
        for kind, letter in TERRAIN.items():
            if letter in symbols:
                assert f"{letter} {kind.replace('_', ' ')}" in legend, kind
        for symbol in symbols - set(TERRAIN.values()):
            if symbol.isdigit():
                assert "the hex's level" in legend
            else:
                assert f"{symbol} " in legend or f"{symbol}/" in legend, symbol


def test_map_at_the_prompt_centres_or_says_why_not():
    moves = "map 33.05\nmap 99.99\nmap\nmap 1 2\nquit\n"
    out = runner.invoke(app, ["play", "combat", "--seed", "1"], input=moves).output
    assert "columns 18-35 of 01-35 shown" in out
    assert "Cannot centre the map: no hex '99.99' on this map (columns 01-35" in out
    assert "Say one hex: map HEX" in out
    board = runner.invoke(app, ["play", "undaunted", "--seed", "1"], input="map 13B\nquit\n")
    assert "the whole board is always shown" in board.output


def test_the_final_victory_points_are_broken_down():
    game = wartable.get_game("combat")
    for seed in range(20):
        state = game.new_game("a-meeting-of-patrols", seed=seed)
        agent = RandomAgent(seed)
        while not state.is_over:
            state.apply("us", agent.act(state, "us"))
        view = state.view("us")
        if len({what for what, _ in view["victory_log"]}) >= 2:
            break
    text = " ".join(drawn(view, 100).split())
    line = text.split("final victory points: ")[1].split("; total")[0]
    parts = re.findall(r"([a-z ]+) (\d+) × ([+-]\d+) = ([+-]\d+)", line)
    assert len(parts) >= 2
    assert sum(int(p[3]) for p in parts) == view["victory_points"]
    assert f"total {view['victory_points']}" in text
    assert f"result: {view['outcome']['reason']}" in text and "tally: " in text
