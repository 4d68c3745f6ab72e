"""Cover and the firer's penalties (GM-45, GM-49 to GM-51, GM-58, GM-59, GM-63, GM-78, A-6,
A-12), with the rulebook's example of a wall and a prone target (EX-15)."""

from __future__ import annotations

from wartable.games.tactics2gm import content
from wartable.games.tactics2gm.rules.cover import (
    firer_mods,
    suppresses,
    target_mods,
    terrain_cover,
)
from wartable.games.tactics2gm.rules.fire import Mods, thresholds

LIB = content.load()
WALL, HOUSE = LIB.terrain["wall"], LIB.terrain["house"]


def test_ex15_through_the_rules_a_wall_and_a_prone_target():
    assert thresholds(5, 10, target_mods(".", WALL)) == (6, 10)
    assert thresholds(5, 10, target_mods(".", WALL, prone=True)) == (7, 10)


def test_gm58_gm59_forests_and_hedges_cover_open_ground_does_not():
    assert terrain_cover("F", None) == Mods(1, 1)
    assert terrain_cover("H", None) == Mods(1, 1)
    assert terrain_cover(".", None) == Mods()
    assert terrain_cover("M", None) == Mods()


def test_a12_one_terrain_cover_the_better_of_the_two():
    assert terrain_cover("F", WALL) == Mods(1, 1)  # not +2/+2
    better = max(Mods(1, 1), Mods(*HOUSE.cover), key=lambda m: (m.hit, m.crit))
    assert terrain_cover("H", HOUSE) == better


def test_a12_the_rest_adds_on_top_and_smoke_takes_the_thickest():
    got = target_mods("F", None, prone=True, advancing=True, smoke_on=["grenade", "screen"])
    assert got == Mods(1, 1) + Mods(1, 0) + Mods(1, 1) + Mods(2, 2)
    assert thresholds(5, 10, got) == (10, 10)


def test_gm49_gm51_a_wounded_suppressed_firer():
    assert firer_mods(0, False) == Mods()
    assert firer_mods(2, True) == Mods(3, 3)
    assert firer_mods(5, True) == Mods(4, 4)


def test_a6_the_second_unit_able_to_hurt_the_target_suppresses_it():
    assert not suppresses(set(), "b", True)  # the first
    assert suppresses({"a"}, "b", True)  # the second, hit or miss
    assert not suppresses({"a"}, "a", True)  # the same unit's other weapon
    assert not suppresses({"a"}, "c", False)  # one that cannot pass its armour
