"""Landing craft and the sea (GM-62, GM-81, GM-82, A-24), and units and generals a scenario
puts in play from the start (GM-15), played through the game state. The sea is closed to
every unit but a landing craft, and a landing craft keeps to the sea; it deploys on the
sea of its side's deployment line, where units may deploy straight into it; it is
boarded and left only through its ramp, the square toward the enemy's edge, each way with
all of the unit's movement; once it takes a unit aboard it moves no further that turn.
The rulings are in docs/games/tactics2gm.md."""

from __future__ import annotations

import pytest

from tests.games.tactics2gm.scenes import (
    GAME,
    legal,
    opening,
    pass_until,
    put,
    refused,
    scene,
    sq,
)
from wartable.core.errors import ContentError
from wartable.games.tactics2gm import content, deck, scenario
from wartable.games.tactics2gm.rules.field import GRID

OMAHA = "omaha-beach"
SHORE = tuple("S" if sq[1] == 0 else "." for sq in GRID.squares)  # row 1 is sea


def shore(phase="move", active="allies", **kw):
    st = scene(phase, active, **kw)
    st.ground = SHORE
    return st


def verbs(st, verb, unit, player="allies"):
    return {a.args[1] for a in st.legal_actions(player) if a.verb == verb and a.args[0] == unit}


def boat(st, where, *passengers):
    """A Higgins boat on ``where`` with ``passengers`` (cards) aboard."""
    c = put(st, "usa_lcvp", 0, where)
    for card in passengers:
        put(st, card, 0, where).aboard = c.id
    return c


def test_gm81_a_landing_craft_deploys_on_the_sea_of_its_deployment_line_only():
    st = shore("deploy")
    st.hands[0] = ["usa_lcvp", "light_infantry", "m4_sherman"]
    put(st, "usa_lcvp", 0, "B1")  # a square of the line already taken
    deploys = {a.args[1] for a in st.legal_actions("allies") if a.args[:1] == ("usa_lcvp",)}
    assert deploys == {label + "1" for label in "ACDEFGH"}
    # the land units have nowhere of their own: the line is sea (GM-38)
    assert not verbs(st, "deploy", "m4_sherman")
    assert "GM-81" in refused(st, "allies", "deploy usa_lcvp C2")
    # in a pitched battle there is no sea: the craft has nowhere to go
    dry = scene("deploy")
    dry.hands[0] = ["usa_lcvp"]
    assert not verbs(dry, "deploy", "usa_lcvp")


def test_gm81_units_deploy_aboard_a_craft_on_the_line_whenever_it_came():
    st = shore("deploy")
    st.hands[0] = ["light_infantry", "heavy_infantry", "usa_field_gun", "m4_sherman"]
    c = boat(st, "D1")  # deployed in an earlier turn (put gives turn 0)
    got = {(a.args[0], a.args[1]) for a in st.legal_actions("allies") if a.args[2:] == ("aboard",)}
    # infantry and guns go aboard; a tank does not fit a Higgins boat
    assert got == {("light_infantry", "D1"), ("heavy_infantry", "D1"), ("usa_field_gun", "D1")}
    st.apply("allies", "deploy light_infantry D1 aboard")
    st.apply("allies", "done")  # no equipment
    st.apply("allies", "deploy usa_field_gun D1 aboard")
    passengers = [p for p in st.pieces if p.aboard == c.id]
    assert [p.card for p in passengers] == ["light_infantry", "usa_field_gun"]
    assert all(p.sq == c.sq for p in passengers)
    assert "deploy heavy_infantry D1 aboard" not in legal(st)  # two aboard: full


def test_gm81_a_landing_craft_sails_the_sea_and_never_the_land():
    st = shore()
    boat(st, "D1")
    assert verbs(st, "move", "usa_lcvp-1") == {"B1", "C1", "E1", "F1"}  # movement 2, at sea
    assert "GM-29" in refused(st, "allies", "move usa_lcvp-1 D2")
    put(st, "light_infantry", 0, "E2")
    assert not [a for a in st.legal_actions("allies") if a.verb == "swap"]  # nor by a swap


def test_gm62_the_sea_is_open_to_landing_craft_only():
    """GM-62: infantry and tanks never step onto the sea; a landing craft sails it."""
    st = shore()
    boat(st, "D1")
    put(st, "light_infantry", 0, "F2")  # movement 2
    put(st, "m4_sherman", 0, "B2")  # movement 2
    for unit in ("light_infantry-1", "m4_sherman-1"):
        reach = verbs(st, "move", unit)
        assert reach and not {s for s in reach if s.endswith("1")}  # row 1 is sea
    assert {"F3", "F4", "E2", "G2"} <= verbs(st, "move", "light_infantry-1")
    refused(st, "allies", "move light_infantry-1 F1")
    assert {"C1", "E1"} <= verbs(st, "move", "usa_lcvp-1")


def test_gm82_a_unit_leaves_by_the_ramp_onto_the_square_before_it_with_all_its_move():
    st = shore()
    c = boat(st, "D1", "light_infantry", "usa_armored_infantry")
    st.apply("allies", "move usa_lcvp-1 E1")  # the craft may move first
    i, m = (p for p in st.pieces if p.aboard == c.id)
    assert verbs(st, "unload", i.id) == {"E2"}  # through the front only
    assert "GM-82" in refused(st, "allies", f"unload {i.id} D1")
    assert "GM-82" in refused(st, "allies", f"unload {i.id} F2")
    events = st.apply("allies", f"unload {i.id} E2")
    assert [e.rule for e in events if e.kind == "set_down"] == ["GM-82"]
    assert i.sq == sq("E2") and not i.aboard and i.moved and not verbs(st, "move", i.id)
    assert not verbs(st, "unload", m.id)  # the ramp square is taken now
    # a mechanized squad lands and still moves (GM-85)
    st2 = shore()
    c2 = boat(st2, "D1", "usa_armored_infantry")
    (m2,) = (p for p in st2.pieces if p.aboard == c2.id)
    st2.apply("allies", f"unload {m2.id} D2")
    assert not m2.moved and "D4" in verbs(st2, "move", m2.id)


def test_gm81_gm82_a_craft_takes_a_unit_off_the_shore_and_then_moves_no_further():
    st = shore()
    c = boat(st, "D1")
    i = put(st, "light_infantry", 0, "E2")
    put(st, "light_infantry", 0, "C3")  # not on the sea's edge: nothing to board
    assert not verbs(st, "board", "light_infantry-2")
    assert not verbs(st, "board", i.id)  # the ramp faces D2, not E2
    st.apply("allies", "move usa_lcvp-1 E1")  # the craft goes to the unit on the shore
    assert verbs(st, "board", i.id) == {c.id}
    events = st.apply("allies", f"board {i.id} {c.id}")
    assert [e.rule for e in events if e.kind == "board"] == ["GM-82"]
    assert i.aboard == c.id and i.sq == c.sq == sq("E1")
    assert not verbs(st, "move", c.id)  # no moving on after taking it aboard
    assert not verbs(st, "unload", i.id)  # climbing aboard took all of its movement
    assert "GM-82" in refused(st, "allies", f"unload {i.id} E2")


def test_gm81_boarding_before_the_craft_moves_holds_the_craft_too():
    st = shore()
    c = boat(st, "D1")
    i = put(st, "light_infantry", 0, "D2")
    st.apply("allies", f"board {i.id} {c.id}")
    assert not verbs(st, "move", c.id)
    assert "board" not in {a.verb for a in st.legal_actions("allies")}


def test_a24_aboard_a_craft_no_one_fires_or_is_fired_at_and_it_sinks_with_them():
    st = shore("fire", active="axis")
    c = boat(st, "D1", "light_infantry", "heavy_infantry")
    put(st, "ger_mg42_team", 1, "D4", mounted=True)  # MG 42: range 3, pen 3 beats armour 2
    targets = {a.args[2] for a in st.legal_actions("axis") if a.verb == "fire"}
    assert targets == {c.id}
    st.rng.force([10])  # a critical destroys the craft
    st.apply("axis", f"fire ger_mg42_team-1 w1 {c.id}")
    assert not [p for p in st.pieces if p.side == 0]  # its passengers go down with it
    assert sorted(st.discards[0]) == ["heavy_infantry", "light_infantry", "usa_lcvp"]


def test_gm15_omaha_puts_units_and_a_general_in_play_before_the_first_turn():
    st = GAME.new_game(OMAHA, seed=5)
    assert st.ground[: GRID.columns] == ("S",) * GRID.columns  # row 1 is sea
    assert "S" not in st.ground[GRID.columns :]
    placed = {p.id: (GRID.label(p.sq), p.mounted, p.aboard) for p in st.pieces}
    assert placed == {
        "usa_lcvp-1": ("C1", False, ""),  # the first wave, afloat
        "light_infantry-1": ("C1", False, "usa_lcvp-1"),
        "usa_assault_squad-1": ("C1", False, "usa_lcvp-1"),
        "usa_lcvp-2": ("F1", False, ""),
        "light_infantry-2": ("F1", False, "usa_lcvp-2"),
        "heavy_infantry-1": ("F1", False, "usa_lcvp-2"),
        "ger_mg42_team-1": ("C5", True, ""),
        "ger_mg42_team-2": ("F5", True, ""),
        "ger_pak40-1": ("D6", False, ""),
    }
    assert {p.deployed for p in st.pieces} == {0}  # before the first turn: free to act in it
    assert st.generals == ["bradley", None]
    assert st.terrain[sq("C5")] == st.terrain[sq("F5")] == "bunker"
    assert st.view("axis")["sides"]["allies"]["general"] == "bradley"
    # the scenario's units are outside the decks, and their ids are words of the game
    assert sorted(st.decks[1]) == sorted(GAME.decks["germany-coast"].cards_in_order())
    assert sorted(st.decks[0]) == sorted(GAME.decks["usa-landing"].cards_in_order())
    space = {str(a) for a in GAME.action_space(OMAHA)}
    # two in play on each of two fields (GM-105), more in the deck
    assert "fire ger_mg42_team-6 w1 usa_lcvp-6" in space
    assert "fire ger_mg42_team-7 w1 usa_lcvp-6" not in space
    # the first wave steps off in the allies' first turn
    st = opening(scenario=OMAHA, first="allies")
    assert {a.args[1] for a in st.legal_actions("allies") if a.verb == "unload"} == {"C2", "F2"}
    # the set-up MG teams are the axis' to fold in its first turn
    st = opening(scenario=OMAHA, first="axis")
    pass_until(st, "axis", "flip", 1)
    assert "fold ger_mg42_team-1" in legal(st, "axis")


def test_gm15_bradley_serving_from_the_start_pays_his_extra_ap():
    st = GAME.new_game(OMAHA, seed=5)
    st.rng.force([6, 5])
    events = st.apply("allies", "bid 0") + st.apply("axis", "bid 0")
    events += st.apply("allies", "first allies")
    events += st.apply("allies", "keep") + st.apply("axis", "keep")
    hq = [e for e in events if e.kind == "hq"][-1]
    # 5 AP, + income 2 + Bradley 1, + 1 for the supply line: the boats afloat on line 1
    assert hq.data["supply"] == 1 and hq.data["ap"] == 5 + st.hq.income + 1 + 1


def test_the_landing_deck_is_legal_for_omaha_and_holds_no_tank():
    d = GAME.decks["usa-landing"]
    assert deck.problems(d, GAME.lib, 120, 1944) == []
    assert not [k for k in d.cards if k in GAME.lib.units and GAME.lib.units[k].kind == "tank"]
    assert d.cards["usa_lcvp"] == 4


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("square: C5, mounted: true}", "square: B1, mounted: true}", "no unit stands at sea"),
        ("{card: ger_pak40, square: D6}", "{card: ger_pak40, square: C5}", "holds another unit"),
        ("{card: ger_pak40, square: D6}", "{card: m4_sherman, square: D6}", "not of the germany"),
        ("{card: ger_pak40, square: D6}", "{card: ger_pak40, square: D6, mounted: true}", "GM-79"),
        ("{card: ger_pak40, square: D6}", "{card: ger_pak40, square: Z9}", "not a square"),
        ("{allies: bradley}", "{allies: rommel}", "serves germany"),
        ("sea: [1]", "sea: [3]", "rows along an edge"),
        ("sea: [1]", "sea: [1, 6]", "rows along an edge"),
        ("light_infantry, square: C1, aboard", "light_infantry, square: D1, aboard", "no carrier"),
        ("usa_assault_squad, square: C1", "m4_sherman, square: C1", "carries no tank"),
        (
            "{card: usa_assault_squad, square: C1, aboard: true}",
            "{card: usa_assault_squad, square: C1, aboard: true}\n"
            "        - {card: heavy_infantry, square: C1, aboard: true}",
            "is full: room for 2",
        ),
    ],
)
def test_a_scenario_with_units_or_sea_out_of_place_is_refused_with_its_field(data, old, new, said):
    path = data / "scenarios.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    lib = content.load(data)
    with pytest.raises(ContentError) as info:
        scenario.load(lib, GAME.decks, path)
    assert f"{path}: scenarios.{OMAHA}." in str(info.value) and said in str(info.value)
