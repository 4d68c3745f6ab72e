"""Equipment left on the ground, the optional rule GM-106 with ruling A-26 (option
``ground_equipment``): a destroyed infantry unit's tokens stay on its square, where an
infantry unit of either side able to use them picks them up for free, or trades one of its
own of the same kind, in its own Movement phase, within GM-8. The rulings followed are in
docs/games/tactics2gm.md."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Console

from tests.games.tactics2gm.scenes import GAME, legal, pass_until, put, refused, scene, sq
from wartable.cli.render import render
from wartable.games.tactics2gm.content import TerrainCard
from wartable.games.tactics2gm.model import ready
from wartable.games.tactics2gm.rules import shots

ON = {"ground_equipment": True}


def kinds(events):
    return [e.kind for e in events]


def taking(st, player="allies"):
    return {a for a in legal(st, player) if a.split()[0] in ("pick", "trade")}


def fallen(st, card, side, where, options, faces=None):
    """A unit of ``card`` destroyed on ``where`` with ``options``; its tokens' ``faces``."""
    p = put(st, card, side, where, options)
    p.tokens |= faces or {}
    return shots.destroy(st, p)


# ---- what falls to the ground (GM-106) ---------------------------------------------------------
def test_gm106_without_the_option_a_fallen_units_equipment_leaves_play():
    st = scene("move")
    events = fallen(st, "heavy_infantry", 0, "D3", ["bazooka", "prone"])
    assert kinds(events) == ["destroyed"] and st.dropped == {}
    assert st.view(None)["field"]["dropped"] == {}
    assert st.full_state()["state"]["dropped"] == []  # nothing lies on the ground


def test_gm106_a26_a_destroyed_infantry_units_tokens_stay_on_its_square_open_to_all():
    st = scene("fire", active="axis", **ON)
    tank = put(st, "ger_panzer_iv", 1, "D5")
    heavy = put(st, "heavy_infantry", 0, "D3", ["bazooka", "prone"])
    heavy.tokens["bazooka"] = "disabled"  # fired in its own turn: it lies grey side up
    put(st, "light_infantry", 0, "A1")
    st.rng.force([10])  # a critical: destroyed
    events = st.apply("axis", f"fire {tank.id} w1 {heavy.id}")
    assert "dropped" in kinds(events)
    assert next(e for e in events if e.kind == "dropped").rule == "GM-106"
    assert st.dropped == {sq("D3"): [("bazooka", "disabled"), ("prone", "ready")]}
    for viewer in ("allies", "axis", None):  # the ground is open information
        assert st.view(viewer)["field"]["dropped"] == {
            "D3": [["bazooka", "disabled"], ["prone", "ready"]]
        }
    assert st.full_state()["state"]["dropped"] == [
        [[3, 2], [["bazooka", "disabled"], ["prone", "ready"]]]
    ]


def test_gm106_only_infantry_leaves_equipment_and_none_from_a_unit_lost_aboard():
    st = scene("fire", **ON)
    assert fallen(st, "ger_panzer_iv", 1, "D5", ["mg1", "smoke"]) and st.dropped == {}
    truck = put(st, "usa_halftrack", 0, "C2")
    rifles = put(st, "light_infantry", 0, "C2", ["grenades"])
    rifles.aboard = truck.id
    shots.destroy(st, truck)  # the squad goes down with its carrier (GM-93)
    assert st.piece(rifles.id) is None and st.dropped == {}


def test_gm106_an_assaulter_falling_leaves_its_tokens_on_the_defenders_square():
    st = scene("fire", **ON)
    defender = put(st, "ger_grenadiers", 1, "D4")
    p = put(st, "light_infantry", 0, "D4", ["grenades"])
    p.assaulting, p.origin = defender.id, sq("D3")
    shots.destroy(st, p)
    assert st.dropped == {sq("D4"): [("grenades", "ready")]}
    st.phase, st.active, st._legal_cache = "move", 1, None  # the axis' next Movement phase
    assert taking(st, "axis") == {f"pick {defender.id} grenades"}  # the enemy may take them


# ---- picking up and trading (A-26, GM-8) -------------------------------------------------------
def test_a26_an_infantry_unit_entering_the_square_picks_up_a_token_its_card_offers_for_free():
    st = scene("move", **ON)
    fallen(st, "heavy_infantry", 0, "D3", ["bazooka", "prone"], {"bazooka": "disabled"})
    p = put(st, "heavy_infantry", 0, "D2")
    rifles = put(st, "light_infantry", 0, "F3")  # its card offers prone, not a bazooka
    assert taking(st) == set()  # nobody stands there yet
    st.apply("allies", f"move {p.id} D3")
    assert taking(st) == {f"pick {p.id} bazooka", f"pick {p.id} prone"}
    ap = list(st.ap)
    events = st.apply("allies", f"pick {p.id} bazooka")
    assert kinds(events) == ["pick_up"] and events[0].rule == "GM-106"
    assert st.ap == ap  # free
    assert p.options == ("bazooka",) and p.tokens["bazooka"] == "disabled"  # its face kept
    assert "bazooka" not in ready(st.lib, p)
    assert st.dropped == {sq("D3"): [("prone", "ready")]}
    st.apply("allies", f"pick {p.id} prone")  # one defensive beside the offensive (GM-8)
    assert p.options == ("bazooka", "prone") and st.dropped == {}
    assert "GM-106" in refused(st, "allies", f"pick {rifles.id} prone")  # not on its square
    assert "GM-106" in refused(st, "allies", f"pick {p.id} prone")  # nothing left there


def test_a26_a_grey_token_picked_up_comes_back_in_the_new_holders_flip_phase():
    st = scene("move", **ON)
    fallen(st, "heavy_infantry", 0, "D3", ["bazooka"], {"bazooka": "disabled"})
    p = put(st, "heavy_infantry", 0, "D3")
    put(st, "ger_grenadiers", 1, "D5")
    st.apply("allies", f"pick {p.id} bazooka")
    pass_until(st, "axis", "move", 2)  # the allies' Flip phase has turned it back
    assert p.tokens["bazooka"] == "ready"


def test_a26_a_ready_weapon_picked_up_fires_that_turn():
    st = scene("move", **ON)
    fallen(st, "usa_bazooka_team", 0, "D3", ["bazooka"])
    p = put(st, "heavy_infantry", 0, "D3")
    target = put(st, "ger_panzer_iv", 1, "D5")
    st.apply("allies", f"pick {p.id} bazooka")
    pass_until(st, "allies", "fire", 1)
    assert f"fire {p.id} bazooka {target.id}" in legal(st)


def test_gm8_a26_a_full_slot_is_traded_not_filled_and_the_token_left_lies_there():
    st = scene("move", **ON)
    fallen(st, "heavy_infantry", 0, "D3", ["bazooka", "prone"])
    p = put(st, "heavy_infantry", 0, "D3", ["hmg", "prone"])
    # an offensive option already: the bazooka only in exchange for the HMG (GM-8); the
    # same prone token it holds is never taken twice (GM-9)
    assert taking(st) == {f"trade {p.id} hmg bazooka"}
    assert "GM-8" in refused(st, "allies", f"pick {p.id} bazooka")
    events = st.apply("allies", f"trade {p.id} hmg bazooka")
    assert kinds(events) == ["pick_up"] and "leaves its Heavy machine gun" in events[0].text
    assert p.options == ("prone", "bazooka") and "hmg" not in p.tokens
    assert st.dropped == {sq("D3"): [("hmg", "ready"), ("prone", "ready")]}
    # each kind changes once a turn: no trading back and forth
    assert taking(st) == set()
    assert "GM-106" in refused(st, "allies", f"trade {p.id} bazooka hmg")


def test_a26_each_kind_may_change_again_in_a_later_turn():
    st = scene("move", **ON)
    fallen(st, "heavy_infantry", 0, "D3", ["mortars"])
    p = put(st, "heavy_infantry", 0, "D3", ["hmg"])
    put(st, "ger_grenadiers", 1, "D6")
    st.apply("allies", f"trade {p.id} hmg mortars")
    assert taking(st) == set()
    pass_until(st, "allies", "move", 3)
    assert taking(st) == {f"trade {p.id} mortars hmg"}


def test_a26_an_enemy_unit_takes_what_its_own_card_offers():
    """Grenades and prone tokens are printed on both armies' squads; a bazooka is not on
    any German card."""
    st = scene("move", active="axis", **ON)
    fallen(st, "heavy_infantry", 0, "D4", ["bazooka", "prone"])
    g = put(st, "ger_grenadiers", 1, "D5")
    st.apply("axis", f"move {g.id} D4")
    assert taking(st, "axis") == {f"pick {g.id} prone"}
    assert "GM-106" in refused(st, "axis", f"pick {g.id} bazooka")


def test_a26_a_weapon_team_set_up_does_not_take_from_the_ground():
    st = scene("move", **ON)
    fallen(st, "light_infantry", 0, "D3", ["prone"])
    p = put(st, "heavy_infantry", 0, "D3", ["hmg"], mounted=True)
    assert taking(st) == set()
    assert "GM-106" in refused(st, "allies", f"pick {p.id} prone")


def test_gm106_equipment_is_taken_only_in_the_movement_phase_and_only_with_the_option():
    st = scene("fire", **ON)
    fallen(st, "light_infantry", 0, "D3", ["prone"])
    p = put(st, "light_infantry", 0, "D3")
    put(st, "ger_grenadiers", 1, "D5")
    assert taking(st) == set()
    assert "Movement phase (GM-106" in refused(st, "allies", f"pick {p.id} prone")
    off = scene("move")
    q = put(off, "light_infantry", 0, "D3")
    assert "ground_equipment option (GM-106)" in refused(off, "allies", f"pick {q.id} prone")


def test_gm106_a_square_made_impassable_loses_its_equipment():
    """No shipped terrain card is impassable; one a player adds would sweep the tokens."""
    st = scene("deploy", late_terrain=True, **ON)
    pond = TerrainCard(title="Flooded crater", cost=1, movement="impassable", copies=1, text=".")
    st.lib = replace(st.lib, terrain={**st.lib.terrain, "pond": pond})
    fallen(st, "light_infantry", 0, "D3", ["prone"])
    put(st, "light_infantry", 0, "D2")
    events = st.apply("allies", "terrain pond D3")
    assert kinds(events) == ["terrain", "kit_lost"] and st.dropped == {}


# ---- state, words and drawing -------------------------------------------------------------------
def test_gm106_the_ground_is_copied_and_its_changes_are_the_clones_own():
    st = scene("move", **ON)
    fallen(st, "heavy_infantry", 0, "D3", ["bazooka"])
    p = put(st, "heavy_infantry", 0, "D3")
    twin = st.clone()
    assert twin.full_state() == st.full_state()
    twin.apply("allies", f"pick {p.id} bazooka")
    assert st.dropped == {sq("D3"): [("bazooka", "ready")]} and st.picked == set()
    assert twin.full_state()["state"]["picked"] == [[p.id, "offensive"]]


def test_gm106_actions_read_in_words_and_are_in_the_action_space():
    st = scene("move", **ON)
    fallen(st, "heavy_infantry", 0, "D3", ["bazooka"])
    put(st, "heavy_infantry", 0, "D3", ["hmg"])
    (trade,) = [a for a in st.legal_actions("allies") if a.verb == "trade"]
    assert trade in GAME.space_set
    assert st.describe("allies", trade) == (
        "Trade Weapons Squad 2's Heavy machine gun for the Bazooka on D3"
    )


def test_gm106_the_terminal_marks_the_square_and_lists_what_lies_there():
    st = scene("move", **ON)
    fallen(st, "heavy_infantry", 0, "D3", ["bazooka", "prone"], {"bazooka": "disabled"})
    console = Console(width=110, record=True, force_terminal=False)
    console.print(render(GAME, st.view("axis")))
    text = console.export_text()
    row3 = next(line for line in text.splitlines() if line.strip().startswith("3 "))
    assert "¤" in row3
    assert "on the ground: D3 Bazooka (spent), Hit the dirt" in text
    assert "¤ equipment on the ground" in text
