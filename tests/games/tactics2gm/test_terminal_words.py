"""2GM Tactics at the terminal for the big games (issue 45): each side's HQ off its edge, a
terrain symbol inside its own square, card faces with their cost and numbers, log lines in
players' words and the bid's dice, all at 80 columns."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

import wartable
from tests.games.tactics2gm.scenes import GAME, put, scene, sq
from wartable.agents.random import RandomAgent
from wartable.cli.main import app
from wartable.cli.render import render
from wartable.cli.render import words as log_words
from wartable.games.tactics2gm.deck import launch_cost
from wartable.games.tactics2gm.terminal import words


def drawn(st, seat, width=80) -> list[str]:
    out = io.StringIO()
    Console(width=width, file=out).print(render(GAME, st.view(seat)))
    lines = out.getvalue().splitlines()
    assert max(cell_len(line) for line in lines) <= width, "a line wider than the terminal"
    return lines


def test_each_hq_stands_off_its_side_s_edge_with_its_pi_ap_and_general():
    st = scene("move")
    st.hq_hp = [7, 10]
    st.ap = [3, 6]
    st.generals[1] = "rommel"
    put(st, "m4_sherman", 0, "C2")
    lines = drawn(st, "allies")
    row6 = next(k for k, line in enumerate(lines) if line[:3] == " 6 ")
    row1 = next(k for k, line in enumerate(lines) if line[:3] == " 1 ")
    axis = next(k for k, line in enumerate(lines) if "Axis HQ" in line)
    allies = next(k for k, line in enumerate(lines) if "Allies HQ" in line)
    assert axis < row6 < row1 < allies  # the enemy's HQ above the field, one's own below
    assert "■" * 10 + " 10 PI · 6 AP" in lines[axis]
    assert "■" * 7 + "□" * 3 + " 7 PI · 3 AP" in lines[allies]
    assert "general Erwin Rommel" in lines[axis - 1] and "Germany" in lines[axis - 1]
    assert "no general" in lines[allies + 1] and "to play" in lines[allies + 1]
    # each HQ's strip lies over the field's columns, A to H
    header = next(line for line in lines if line.strip().startswith("A "))
    assert lines[axis].index("━") >= header.index("A") - 2
    assert len(lines[axis].rstrip()) <= 3 + 8 * 5  # the row numbers, then 8 squares
    # the axis sees its own HQ at the bottom
    theirs = drawn(st, "axis")
    assert next(k for k, x in enumerate(theirs) if "Allies HQ" in x) < next(
        k for k, x in enumerate(theirs) if "Axis HQ" in x
    )


def test_two_fields_fit_80_columns_with_an_hq_behind_each():
    st = GAME.new_game(None, seed=2, options={"players": "2v2", "fields": "two"})
    lines = drawn(st, "allies-1")
    header = next(line for line in lines if line.strip().startswith("A "))
    assert header.split() == list("ABCDEFGHIJKLMNOP")
    for side in ("Axis", "Allies"):
        band = next(line for line in lines if f"{side} HQ A-H" in line)
        assert f"{side} HQ I-P" in band
        assert band.index(f"{side} HQ I-P") > header.index("I") - 4  # behind its own field


def test_a_terrain_symbol_sits_inside_its_own_square():
    st = scene("move")
    put(st, "m4_sherman", 0, "C2")
    for label, card in (("C2", "house"), ("D3", "wall"), ("E3", "wire")):
        st.terrain[sq(label)] = card
        st.owner[sq(label)] = 0
    lines = drawn(st, "allies")
    header = next(line for line in lines if line.strip().startswith("A "))
    row2 = next(line for line in lines if line[:3] == " 2 ")
    row3 = next(line for line in lines if line[:3] == " 3 ")
    # hard by what stands in the square, under its column letter; never by the next one's
    assert row2.index("⌂a") == header.index("C") - 1
    assert row3.index("#") == header.index("D") - 1 and row3.index("×") == header.index("E") - 1
    assert row3[row3.index("#") + 1] == "·" and row3[row3.index("#") - 1] == " "
    assert "terrain symbol stands first in its square" in " ".join(" ".join(lines).split())


def test_a_unit_card_s_face_gives_its_kind_cost_and_numbers():
    faces = GAME.glossary(None)
    lines = faces["m4_sherman"].text.splitlines()
    assert lines[0] == "Tank (medium tank), USA, 1942"
    assert lines[1] == "4 AP to play · 4 points in a deck"
    assert lines[2] == "Armour 4 · 4 wounds · moves 2"
    assert "75 mm M3 gun: range 4, hits on 5+, critical on 10+, penetration 5, damage 2" in lines
    assert any(line.startswith("Equipment: mg1 Machine gun (free)") for line in lines)
    assert lines[-1].startswith("The Allied workhorse")  # the flavour last
    impact = faces["impact"].text.splitlines()
    assert impact[1] == "2 AP to play · 4 points in a deck"  # its launch cost (GM-3)
    for key in GAME.lib.units:  # every unit card: its cost, then its armour and wounds
        said = faces[key].text.splitlines()
        assert " AP to play · " in said[1] and said[2].startswith("Armour "), key


def test_card_at_the_prompt_shows_the_numbers():
    out = (
        CliRunner()
        .invoke(app, ["play", "tactics2gm", "--seed", "1"], input="card m4_sherman\nquit\n")
        .output
    )
    assert "m4_sherman: M4 Sherman" in out
    assert "4 AP to play" in out and "Armour 4" in out and "penetration 5" in out


def test_log_lines_name_cards_and_units_not_ids():
    assert words("allies deploys m4_sherman-1 on C1") == "Allies deploys M4 Sherman 1 on C1"
    assert words("axis draws usa_command, ger_grenadiers") == (
        "Axis draws Company Command Post, Grenadier Squad"
    )
    assert words("ger_grenadiers-1 moves E6 -> E5") == "Grenadier Squad 1 moves E6 → E5"
    assert words("fire tiger-2 w1 allies:hq2") == "fire Tiger I 2 w1 the Allies HQ behind I-P"
    # ids that are plain words too stay so; team seats stay seats
    assert words("the wall on B4 loses 1 PI; allies draws ram") == (
        "the wall on B4 loses 1 PI; Allies draws ram"
    )
    assert words("allies-2 plays impact") == "Allies-2 plays impact"
    assert log_words(GAME, "light_infantry-1 fires") == "Rifle Squad 1 fires"  # the session's


def test_the_bid_shows_each_die_and_each_bid():
    st = GAME.new_game(None, seed=3)
    st.apply("allies", "bid 1")
    st.rng.force([7, 1])
    events = st.apply("axis", "bid 4")
    (roll,) = [e for e in events if e.kind == "bid_roll"]
    assert roll.text == (
        "Each side rolls and adds its bid: allies rolls 7 + bid 1 = 8, axis rolls 1 + bid 4 = 5"
    )
    assert roll.data["roll"]["dice"] == [7, 1]


def test_a_cards_cost_is_told_before_it_is_chosen():
    """Issue 45: deploying or playing a card says its AP beside the choice (action_info)."""
    st = wartable.get_game("tactics2gm").new_game("pitched-battle", seed=3)
    agent = RandomAgent(1)
    for _ in range(300):
        p = st.current_players[0]
        deploys = [a for a in st.legal_actions(p) if a.verb == "deploy"]
        if deploys:
            break
        st.apply(p, agent.act(st, p))
    a = deploys[0]
    card = st.lib.units[a.args[0]]
    assert st.action_info(p, a)["text"] == f"{launch_cost(card)} AP"
