"""More of Combat!'s worked examples: off-board 81mm fire, grenades, smoke, spotting, wounds."""

from __future__ import annotations

import pytest

from wartable.core.rng import Rng
from wartable.games.combat.library import CombatLibrary
from wartable.games.combat.rules import explosives, smoke, spotting, wounds
from wartable.games.combat.rules.compass import Compass

LIB = CombatLibrary()
FARM = LIB.maps["farmhouse"]
SCENARIO = LIB.scenarios["attack-the-farmhouse"]
COMPASS = Compass(FARM.grid, FARM.parse(SCENARIO.compass.at), FARM.parse(SCENARIO.compass.toward))


def forced(*dice: int) -> Rng:
    rng = Rng(0)
    rng.force(dice)
    return rng


def test_off_board_81mm_example_lands_on_15_09():
    table = {k: FARM.parse(v) for k, v in LIB.events.aim_tables["friendly_fire_attacking"].items()}
    s = explosives.strike(forced(9, 2, 3), COMPASS, table)
    assert FARM.label(s.aim) == "12.10"
    assert (s.direction, s.distance) == (2, 3)
    assert FARM.label(s.hex) == "15.09"


def test_81mm_crater_rubble_and_damage_rolls():
    m81 = LIB.weapons.artillery["mortar_81mm"]
    assert explosives.crater_or_rubble(forced(2), m81, building=False) == ("crater", 2)
    assert explosives.crater_or_rubble(forced(3), m81, building=False) is None
    assert explosives.crater_or_rubble(forced(1), m81, building=True) == ("rubble", 1)
    assert explosives.crater_or_rubble(forced(2), m81, building=True) is None
    hits, dice = explosives.damage(forced(5, 6, 0, 9), m81.damage[0], m81.frag[0], modifier=0)
    assert (hits, dice) == (2, [5, 6, 0, 9])  # 4 rolls, 5 or less hits
    assert explosives.damage(forced(5, 6, 0, 9), 4, 5, modifier=-2)[0] == 1  # in cover


def test_grenade_example_scatter_and_near_far():
    target = FARM.parse("14.07")
    assert explosives.throw(forced(8), COMPASS, target, in_sight=True).hex == target
    scattered = explosives.throw(forced(9, 4), COMPASS, target, in_sight=True)
    assert scattered.scattered == 4 and scattered.hex == COMPASS.step(target, 4)
    unseen = explosives.throw(forced(6, 1), COMPASS, target, in_sight=False)  # 6 + 3 = 9
    assert unseen.roll == 9 and unseen.scattered == 1
    # the enemy stick grenade: WS 2 in the example, so "2 or less" puts a Near marker
    assert explosives.placement(forced(2), 2, 0, tq=4).success
    assert not explosives.placement(forced(3), 2, 0, tq=4).success
    stick = LIB.weapons.grenades["stielhandgranate_24"]
    near = explosives.grenade_damage(forced(3, 4, 1), stick, near=True, modifier=0)
    assert near == (2, [3, 4, 1])  # three rolls, 3 or less hits
    far = explosives.grenade_damage(forced(2), stick, near=False, modifier=0)
    assert far == (1, [2])  # one roll, 2 or less hits


def test_smoke_example_over_four_turns():
    wind = 5  # any fixed downwind direction
    start = FARM.parse("16.08")
    clouds = {
        "mk2": smoke.Cloud(value=1, hexes=(start,), born=1),
        "81mm": smoke.Cloud(value=3, hexes=(FARM.parse("16.07"),), born=1),
        "m18": smoke.Cloud(value=3, hexes=(FARM.parse("15.09"),), born=1),
    }

    def end(turn):
        for k, c in clouds.items():
            nxt = COMPASS.step(c.hexes[-1], wind) if c.hexes else None
            clouds[k] = smoke.end_of_turn(c, turn, nxt)

    end(1)  # each hex keeps its one marker
    assert [len(c.hexes) for c in clouds.values()] == [1, 1, 1]
    end(2)  # the Mk II (smoke 1) turns dispersing; the others grow downwind
    assert clouds["mk2"].state == smoke.DISPERSING and len(clouds["81mm"].hexes) == 2
    end(3)  # the Mk II's marker goes; the others grow again
    assert clouds["mk2"].done and len(clouds["m18"].hexes) == 3
    assert clouds["81mm"].state == smoke.SMOKE
    end(4)  # both reach their value: all their markers turn dispersing
    assert clouds["81mm"].state == clouds["m18"].state == smoke.DISPERSING
    end(5)  # from now on the farthest downwind marker goes first
    assert clouds["81mm"].hexes == (FARM.parse("16.07"), COMPASS.step(FARM.parse("16.07"), wind))
    on_map = smoke.markers(list(clouds.values()))
    assert on_map[FARM.parse("16.07")] == ["dispersing"]


@pytest.mark.parametrize(
    ("rng", "modifier"),
    [
        (1, 2),
        (2, 1),
        (4, 1),
        (5, 0),
        (10, 0),
        (11, -1),
        (20, -1),
        (21, -2),
        (30, -2),
        (31, -3),
        (40, -3),
        (41, -4),
    ],
)
def test_spotting_range_modifiers(rng, modifier):
    assert spotting.range_modifier(LIB.charts, rng) == modifier


def test_spotting_check_adds_terrain_order_range_and_wounds_not_morale():
    s = spotting.spot(
        forced(3),
        LIB.charts,
        tq=5,
        wounds=("light_wound",),
        target_terrain="trees",
        target_order="sneak",
        distance=3,
    )
    assert s.chance == 5 - 2 + 1 - 1 and s.spotted
    assert not spotting.spot(
        forced(4),
        LIB.charts,
        tq=5,
        wounds=("light_wound",),
        target_terrain="trees",
        target_order="sneak",
        distance=3,
    ).spotted


VALUES = {"light_wound": -1, "bad_wound": -3}


def test_wound_results():
    hit = wounds.take_hit("close_call", tq=5, wounds=(), values=VALUES, friendly=True)
    assert (hit.morale_check, hit.duck_back, hit.wounds) == ("MC", False, ())
    hit = wounds.take_hit("light_wound", tq=5, wounds=(), values=VALUES, friendly=True)
    assert (hit.morale_check, hit.duck_back, hit.wounds) == ("WMC", True, ("light_wound",))
    assert wounds.take_hit("kia", tq=5, wounds=(), values=VALUES, friendly=True).condition == "dead"
    in_melee = wounds.take_hit(
        "bad_wound", tq=5, wounds=(), values=VALUES, friendly=True, in_melee=True
    )
    assert not in_melee.duck_back and in_melee.morale_check == "WMC"


def test_death_thresholds_differ_by_side():
    # friendly TQ 4: wounds totalling 4 incapacitate, beyond 4 kill
    hit = wounds.take_hit("light_wound", tq=4, wounds=("bad_wound",), values=VALUES, friendly=True)
    assert hit.condition == "incapacitated"
    hit = wounds.take_hit(
        "light_wound", tq=4, wounds=("bad_wound", "light_wound"), values=VALUES, friendly=True
    )
    assert hit.condition == "dead" and hit.morale_check is None
    # an enemy of TQ 4 dies as soon as his wounds reach 4
    enemy = wounds.take_hit(
        "light_wound", tq=4, wounds=("bad_wound",), values=VALUES, friendly=False
    )
    assert enemy.condition == "dead"


def test_a_tough_soldier_keeps_the_least_harmful_card():
    assert wounds.least_harmful(["kia", "light_wound"]) == "light_wound"
    assert wounds.least_harmful(["bad_wound", "close_call"]) == "close_call"
