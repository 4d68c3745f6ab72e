"""One shot from the die to its effect: the rulebook's fire examples with their dice (EX-13,
EX-15, EX-17, EX-18, EX-19) and the rules they rest on (GM-1, GM-44 to GM-49)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartable.games.tactics2gm.rules.fire import (
    Mods,
    odds,
    resolve,
    smoke,
    thresholds,
    wound_penalty,
)

RIFLE = {"hit": 5, "crit": 10, "pen": 2, "damage": 1}  # the light infantry's rifle (p. 11-12)
MURO = Mods(1, 1)  # a wall: medium cover (p. 12)
PRONE = Mods(1, 0)  # Cuerpo a Tierra (GM-78)


BARE = Mods()


def rifle_shot(die, mods=BARE, armour=0, **kw):
    need = thresholds(RIFLE["hit"], RIFLE["crit"], mods)
    return resolve(die, need, RIFLE["pen"], armour, RIFLE["damage"], **kw)


def test_ex13_a_rifle_hits_on_five_or_more():
    assert rifle_shot(5).effect == "wounded"
    assert rifle_shot(4).effect == "miss"


def test_ex15_a_wall_then_a_prone_target_raise_the_roll_needed():
    assert thresholds(5, 10, MURO) == (6, 10)  # the critical never goes over 10 (GM-44)
    assert rifle_shot(5, MURO).effect == "miss"
    assert rifle_shot(6, MURO).effect == "wounded"
    both = MURO + PRONE
    assert thresholds(5, 10, both) == (7, 10)
    assert rifle_shot(6, both).effect == "miss"
    assert rifle_shot(7, both).effect == "wounded"
    ten = rifle_shot(10, both)
    assert ten.critical and ten.effect == "destroyed"  # penetration 2 beats armour 0


def test_ex17_a_rifle_cannot_hurt_a_tiger_except_in_an_assault():
    tiger = 6
    for die in (9, 10):
        shot = rifle_shot(die, armour=tiger)
        assert shot.hit and shot.effect == "no_effect" and shot.wounds == 0  # GM-46
    assert rifle_shot(10, armour=tiger).critical  # a critical roll, but it does nothing
    assault = rifle_shot(9, armour=tiger, assault=True)  # GM-33: no penetration check
    assert assault.effect == "wounded" and assault.wounds == 1
    assert rifle_shot(10, armour=tiger, assault=True).effect == "destroyed"


def test_ex18_a_hit_deals_the_weapons_damage_as_wounds():
    shot = rifle_shot(7)
    assert shot.effect == "wounded" and shot.wounds == 1


def test_ex19_a_wounded_firer_needs_more():
    need = thresholds(5, 10, wound_penalty(2))
    assert need == (7, 10)
    assert resolve(6, need, 2, 0, 1).effect == "miss"
    assert resolve(7, need, 2, 0, 1).effect == "wounded"


def test_gm49_the_wound_penalty_stops_at_three():
    assert [wound_penalty(w) for w in (0, 1, 3, 5)] == [Mods(), Mods(1, 1), Mods(3, 3), Mods(3, 3)]


def test_gm44_a_natural_ten_always_hits_and_is_critical():
    need = thresholds(8, 9, Mods(6, 6))
    assert need == (10, 10)
    shot = resolve(10, need, 5, 0, 1)
    assert shot.hit and shot.critical and shot.effect == "destroyed"


def test_gm47_a_hq_takes_no_critical():
    """GM-47: a critical never destroys an HQ; it takes the damage instead (GM-17)."""
    shot = resolve(10, (5, 10), 4, 0, 2, immune_to_criticals=True)
    assert shot.effect == "wounded" and shot.wounds == 2


def test_gm46_penetration_equal_to_armour_is_enough():
    assert resolve(6, (5, 10), 4, 4, 2).effect == "wounded"
    assert resolve(6, (5, 10), 3, 4, 2).effect == "no_effect"


def test_a15_smoke_never_stacks():
    assert smoke(set()) == Mods()
    assert smoke({"grenade"}) == Mods(1, 1)
    assert smoke({"grenade", "screen"}) == Mods(2, 2)


@pytest.mark.parametrize("die", [0, 11, -1])
def test_gm1_a_d10_reads_one_to_ten(die):
    with pytest.raises(ValueError, match="GM-1"):
        resolve(die, (5, 10), 2, 0, 1)


@given(
    st.integers(1, 10),
    st.integers(1, 10),
    st.integers(1, 10),
    st.integers(0, 8),
    st.integers(0, 8),
    st.integers(0, 12),
    st.integers(0, 12),
)
def test_shots_keep_the_rules_order(die, hit, crit, mh, mc, pen, armour):
    need = thresholds(hit, max(hit, crit), Mods(mh, mc))
    shot = resolve(die, need, pen, armour, 2)
    assert need[0] <= 10 and need[1] <= 10
    assert shot.hit == (die >= need[0])
    assert not shot.critical or shot.hit
    if die == 10:
        assert shot.hit and shot.critical
    if shot.effect != "miss" and pen < armour:
        assert shot.effect == "no_effect" and shot.wounds == 0
    chance_hit, chance_crit = odds(need)
    assert 0.1 <= chance_crit <= chance_hit <= 1.0 or need[1] < need[0]
