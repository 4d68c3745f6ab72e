"""What the view gives the page to draw from, besides the state itself: every HQ with its
maximum PI and its AP, each unit's weapons by name, the titles of the equipment lying on the
ground, and a teammate's hand, all of it open information; the other side's hand and every
deck's order stay hidden."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from importlib import resources
from pathlib import Path

import pytest

from tests.games.tactics2gm.scenes import GAME, put, scene
from tests.games.tactics2gm.test_four import opened
from wartable.games.tactics2gm.rules import shots


def test_the_wide_field_and_an_hq_for_every_player_on_two_fields():
    st = opened()
    v = st.view("allies-2")
    assert (v["field"]["columns"], v["field"]["fields"]) == (16, 2)
    assert all(len(row) == 16 for row in v["field"]["rows"])
    for side, seats in (("allies", ["allies-1", "allies-2"]), ("axis", ["axis-1", "axis-2"])):
        hqs = v["sides"][side]["hqs"]
        assert [h["name"] for h in hqs] == ["hq", "hq2"]
        assert [h["seats"] for h in hqs] == [[seats[0]], [seats[1]]]
        for h, seat in zip(hqs, seats, strict=True):
            assert h["max_hp"] == st.hq.hit_points == 10
            assert h["ap"] == v["seats"][seat]["ap"]  # each HQ's AP is its player's pool


def test_one_field_one_hq_a_side_with_its_maximum_and_the_sides_ap():
    st = scene("move", ap=(4, 7))
    st.hq_hp = [8, 10]
    v = st.view("allies")
    assert (v["field"]["columns"], v["field"]["fields"]) == (8, 1)
    assert v["sides"]["allies"]["hqs"] == [
        {"name": "hq", "hp": 8, "max_hp": 10, "ap": 4, "general": None, "seats": ["allies"]}
    ]
    assert v["sides"]["axis"]["hqs"][0]["ap"] == 7 == v["sides"]["axis"]["ap"]


def test_each_units_weapons_are_named_by_the_words_its_tokens_use():
    st = scene("fire")
    heavy = put(st, "heavy_infantry", 0, "D3", ["bazooka", "prone"])
    tank = put(st, "m4_sherman", 0, "E3")
    units = {u["id"]: u for u in st.view("axis")["units"]}
    card = st.lib.units["heavy_infantry"]
    printed = {f"w{k}": w.name for k, w in enumerate(card.weapons, 1)}
    assert units[heavy.id]["weapons"] == printed | {"bazooka": "Bazooka"}
    assert "prone" not in units[heavy.id]["weapons"]  # a token, not a weapon
    assert set(units[heavy.id]["tokens"]) == {*printed, "bazooka", "prone"}
    sherman = st.lib.units["m4_sherman"].weapons
    assert list(units[tank.id]["weapons"].values()) == [w.name for w in sherman]


def test_the_equipment_on_the_ground_comes_with_its_titles():
    st = scene("move", ground_equipment=True)
    assert st.view(None)["field"]["dropped_titles"] == {}
    shots.destroy(st, put(st, "heavy_infantry", 0, "D3", ["bazooka", "prone"]))
    for viewer in ("allies", "axis", None):
        field = st.view(viewer)["field"]
        assert field["dropped"] == {"D3": [["bazooka", "ready"], ["prone", "ready"]]}
        assert field["dropped_titles"] == {"bazooka": "Bazooka", "prone": "Hit the dirt"}


def test_a_teammates_hand_is_shown_to_his_team_and_no_one_else():
    st = opened()
    hands = dict(zip(st.players, st.hands, strict=True))
    mine = st.view("allies-1")
    assert mine["hand"] == sorted(hands["allies-1"])
    assert mine["team_hands"] == {"allies-2": sorted(hands["allies-2"])}
    assert st.view("axis-2")["team_hands"] == {"axis-1": sorted(hands["axis-1"])}
    assert "team_hands" not in st.view(None) and "hand" not in st.view(None)
    # the other side's hands and every deck: counts only
    text = str(mine["sides"]) + str(mine["seats"])
    assert mine["seats"]["axis-1"]["hand"] == len(hands["axis-1"])
    assert all(card not in text for card in hands["axis-1"] + hands["axis-2"])
    assert "team_hands" not in GAME.new_game(None, seed=1).view("allies")


# ---- the page ------------------------------------------------------------------------------
PAGE = resources.files("wartable.games.tactics2gm").joinpath("page.js")
EXPORTS = ("board", "status", "hand", "hands", "panels", "overlay", "words", "names", "involves")

# an HQ clicked narrows the actions to those naming that very HQ: the enemy's for a shot or a
# bomber, the player's own for a fighter deployed; a pick lights the tokens under its unit
CLICKS = """
const page = await import(process.argv[1]);
const view = { units: [{ id: "light_infantry-1", square: "K4" }] };
const out = {};
for (const [action, key, seat] of JSON.parse(process.argv[2]))
  out[`${action} | ${key} | ${seat}`] = page.involves(action, key, seat, view, {});
out.pick = page.names("pick light_infantry-1 bazooka", "allies-2", view, {});
out.words = page.words("axis:hq2", {});
console.log(JSON.stringify(out));
"""


def test_the_page_module_exports_its_drawings():
    assert GAME.interfaces.page == "wartable.games.tactics2gm:page.js"
    source = PAGE.read_text(encoding="utf-8")
    for export in EXPORTS:
        assert re.search(rf"^export function {export}\(", source, re.M), export
    assert "HQ_PI" not in source  # the HQ's PI come from the view


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to run the page's module")
def test_the_page_narrows_the_actions_to_the_hq_clicked():
    cases = [
        ("fire ger_panzer_iv-1 w1 hq2", "allies:hq2", "axis-1", True),
        ("fire ger_panzer_iv-1 w1 hq2", "axis:hq2", "axis-1", False),
        ("fire ger_panzer_iv-1 w1 hq", "allies:hq2", "axis-1", False),
        ("play ger_stuka hq", "allies:hq", "axis-2", True),
        ("deploy ger_bf109 hq2", "axis:hq2", "axis-2", True),
        ("deploy ger_bf109 hq2", "allies:hq2", "axis-2", False),
        ("move light_infantry-1 K5", "light_infantry-1", "allies-2", True),
        ("move light_infantry-1 K5", "allies:hq", "allies-2", False),
    ]
    page = Path(str(PAGE)).as_uri()
    done = subprocess.run(
        ["node", "--input-type=module", "-e", CLICKS, page, json.dumps([c[:3] for c in cases])],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    for action, key, seat, named in cases:
        assert out[f"{action} | {key} | {seat}"] is named, (action, key, seat)
    assert '.dropped[data-square="K4"]' in out["pick"]
    assert out["words"] == "the Axis HQ behind I-P"
