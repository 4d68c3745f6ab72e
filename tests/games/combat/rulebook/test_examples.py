"""Combat!'s worked examples as scripted tests with forced dice."""

from __future__ import annotations

import pytest

from tests.games.combat.helpers import board
from wartable.core.rng import Rng
from wartable.games.combat.library import CombatLibrary
from wartable.games.combat.rules import checks, compass, enemy_orders, fire, initiative

LIB = CombatLibrary()


def forced(*dice: int) -> Rng:
    rng = Rng(0)
    rng.force(dice)
    return rng


# ---- the rule of 0 (2.0) --------------------------------------------------------------------


def garand_at_rocks() -> fire.Chance:
    s = fire.Situation(
        ws=4,
        firer_order="aimed_fire",
        firer_morale="normal",
        firer_wounds=(),
        target_terrain="rocks",
        target_order="hide",
        rng=8,
    )
    c = fire.chance(LIB.charts, LIB.weapons.weapons["m1_garand"], s)
    assert c is not None
    return c


def test_rule_of_zero_example_modified_ws_is_minus_1():
    c = garand_at_rocks()
    assert c.ws == -1  # WS 4, no range modifier at 8 hexes, Hide in rocks -5
    assert ("range 8", 0) in c.reasons and ("target hide in rocks", -5) in c.reasons
    assert c.mc_only  # and a hit on someone hiding in rocks is only a Morale Check (11.01)


@pytest.mark.parametrize(("dice", "hit"), [((0, 4), True), ((0, 5), False), ((1,), False)])
def test_rule_of_zero_example_a_0_then_a_tqc_at_4(dice, hit):
    r = checks.roll_against(forced(*dice), garand_at_rocks().ws, tq=5, nine_fails=True)
    assert r.success is hit
    if dice[0] == 0:
        assert r.confirm_target == 4  # TQ 5 - 1


def test_rule_of_zero_fails_outright_below_zero():
    r = checks.roll_against(forced(0, 0), -6, tq=5)
    assert not r.success and r.confirm is None


# ---- rate of fire (13.1) ---------------------------------------------------------------------


def test_m3_rate_of_fire_example_two_nines_empty_the_gun():
    m3 = LIB.weapons.weapons["m3_grease_gun"]
    shots = fire.shoot(forced(9, 9, 0), ws=7, tq=6, weapon=m3, ammo=fire.AMMO_OK)
    assert [r.roll for r in shots.rolls] == [9, 9]  # the third die is never rolled
    assert shots.hits == 0 and shots.ammo == fire.AMMO_NONE
    assert "out of ammunition" in shots.notes[-1]


def test_pistols_never_run_dry_and_belt_feds_need_two_nines():
    pistol = LIB.weapons.weapons["m1911"]
    assert fire.shoot(forced(9), 5, 5, pistol, fire.AMMO_OK).ammo == fire.AMMO_OK
    mg = LIB.weapons.weapons["mg42"]
    one = fire.shoot(forced(9, 1, 1, 1, 1), 5, 5, mg, fire.AMMO_OK)
    assert one.ammo == fire.AMMO_OK and one.hits == 4
    two = fire.shoot(forced(9, 9, 1, 1, 1), 5, 5, mg, fire.AMMO_OK)
    assert two.ammo == fire.AMMO_LOW
    alone = fire.shoot(forced(9, 1, 1, 1, 1), 5, 5, mg, fire.AMMO_OK, assistant=False)
    assert alone.ammo == fire.AMMO_LOW


def test_a_natural_0_hit_lifts_the_firers_morale():
    m3 = LIB.weapons.weapons["m3_grease_gun"]
    assert fire.shoot(forced(0, 8, 8), 7, 6, m3, fire.AMMO_OK).morale_up
    assert not fire.shoot(forced(1, 8, 8), 7, 6, m3, fire.AMMO_OK).morale_up


# ---- the weapon cards (14.0, 14.1) ------------------------------------------------------------


def test_m3_at_9_hexes_is_minus_2_and_kar98k_range_bands():
    m3 = LIB.weapons.weapons["m3_grease_gun"]
    assert fire.band_modifier(m3, 9) == -2
    assert fire.band_modifier(m3, 13) is None  # beyond its maximum range of 12
    kar = LIB.weapons.weapons["kar98k"]
    assert [fire.band_modifier(kar, r) for r in (1, 3, 12, 30, 55, 56)] == [2, 1, 0, -2, -4, None]


def test_suppressive_fire_ignores_the_order_terrain_chart_and_only_forces_an_mc():
    s = fire.Situation(
        ws=5,
        firer_order="suppressive_fire",
        firer_morale="normal",
        firer_wounds=(),
        target_terrain="building",
        target_order="hide",
        rng=5,
    )
    c = fire.chance(LIB.charts, LIB.weapons.weapons["m1_garand"], s)
    assert c is not None and c.mc_only
    assert not any("target" in why for why, _ in c.reasons)


def test_card_6_bad_shooting_and_wounds_and_smoke_add_up():
    s = fire.Situation(
        ws=7,
        firer_order="rapid_fire",
        firer_morale="shaken",
        firer_wounds=("light_wound",),
        target_terrain="open",
        target_order="sprint",
        rng=5,
        smoke=-4,
        card=-1,
    )
    c = fire.chance(LIB.charts, LIB.weapons.weapons["m3_grease_gun"], s)
    assert c is not None
    # 7, sprinting in the open -1, range 5 +0, rapid fire -2, light wound -1, shaken -2,
    # smoke -4, card -1
    assert c.ws == 7 - 1 + 0 - 2 - 1 - 2 - 4 - 1


# ---- the initiative track (9.1) ---------------------------------------------------------------


def test_initiative_track_example_card_06_against_cards_10_25_36_44():
    friendly = next(c for c in LIB.friendly_cards.cards if c.number == 6).initiative
    cards = {c.number: c for c in LIB.enemy_cards.cards}
    enemy = {
        "blue": cards[10].initiative,
        "white": cards[25].initiative,
        "yellow": cards[36].initiative,
        "red": cards[44].initiative,
    }
    order = [team for _, team in initiative.track(friendly, enemy)]
    assert order == ["blue", "able", "white", "yellow", "baker", "charlie", "red"]


# ---- enemy orders from cards (9.1, 9.2, 9.6) --------------------------------------------------


def card(n):
    return next(c for c in LIB.enemy_cards.cards if c.number == n)


def test_card_37_normal_in_the_open_sneaks_5_6():
    g = enemy_orders.give(
        forced(),
        card(37),
        morale=checks.NORMAL,
        in_cover=False,
        tq=5,
        friendly_within_4=False,
        slow_weapon=True,
        no_ammo=False,
    )
    assert (g.order, g.dirs) == ("sneak", (5, 6))


def test_large_battle_example_card_14():
    def give(morale, cover, within4=False, dice=()):
        return enemy_orders.give(
            forced(*dice),
            card(14),
            morale=morale,
            in_cover=cover,
            tq=5,
            friendly_within_4=within4,
            slow_weapon=True,
            no_ammo=False,
        )

    voigt = give(checks.NORMAL, True)
    assert voigt.order == "aimed_fire"
    assert give(checks.NORMAL, True, within4=True, dice=(3,)).order == "grenade"  # G, passed
    assert give(checks.NORMAL, True, within4=True, dice=(7,)).order == "aimed_fire"  # failed
    wolff = give(checks.BOLD, False)
    assert (wolff.order, wolff.dirs) == ("sprint", (6,))
    unknown = give(checks.BOLD, True)
    assert (unknown.order, unknown.dirs) == ("run_and_gun", (5,))


def test_g_and_c_are_checked_in_printed_order():
    # card 10, aggressive in the open: "evade 6 G C"
    first = enemy_orders.give(
        forced(2),
        card(10),
        morale=checks.AGGRESSIVE,
        in_cover=False,
        tq=5,
        friendly_within_4=True,
        slow_weapon=False,
        no_ammo=False,
    )
    assert first.order == "grenade" and len(first.checks) == 1
    second = enemy_orders.give(
        forced(8, 2),
        card(10),
        morale=checks.AGGRESSIVE,
        in_cover=False,
        tq=5,
        friendly_within_4=True,
        slow_weapon=False,
        no_ammo=False,
    )
    assert second.order == "charge" and len(second.checks) == 2
    neither = enemy_orders.give(
        forced(8, 8),
        card(10),
        morale=checks.AGGRESSIVE,
        in_cover=False,
        tq=5,
        friendly_within_4=True,
        slow_weapon=False,
        no_ammo=False,
    )
    assert (neither.order, neither.dirs) == ("evade", (6,))


def test_slow_weapons_and_empty_weapons_change_fire_orders():
    g = enemy_orders.give(
        forced(),
        card(25),
        morale=checks.AGGRESSIVE,
        in_cover=True,
        tq=5,
        friendly_within_4=False,
        slow_weapon=True,
        no_ammo=False,
    )
    assert g.order == "aimed_fire"
    g = enemy_orders.give(
        forced(),
        card(25),
        morale=checks.AGGRESSIVE,
        in_cover=True,
        tq=5,
        friendly_within_4=False,
        slow_weapon=False,
        no_ammo=True,
    )
    assert g.order == "reload"


def test_berserk_and_routed_soldiers_use_the_cards_directions():
    kw = dict(tq=5, slow_weapon=False, no_ammo=False)
    assert (
        enemy_orders.give(
            forced(), card(14), morale=checks.BERSERK, in_cover=False, friendly_within_4=True, **kw
        ).order
        == "charge"
    )
    g = enemy_orders.give(
        forced(), card(14), morale=checks.BERSERK, in_cover=False, friendly_within_4=False, **kw
    )
    assert (g.order, g.dirs) == ("sprint", (6, 5))
    g = enemy_orders.give(
        forced(),
        card(14),
        morale=checks.ROUT,
        in_cover=False,
        friendly_within_4=False,
        can_see_friendly=True,
        **kw,
    )
    assert (g.order, g.dirs) == ("sprint", (2, 3))
    g = enemy_orders.give(
        forced(4), card(14), morale=checks.ROUT, in_cover=True, friendly_within_4=False, **kw
    )
    assert g.order == "rally"


# ---- the compass (9.3), map edges (9.5), sprinting into rough ground (10.07) ------------------

B = board(rows=(0, 16))
UP = compass.Compass(B.grid, B.parse("20.08"), B.parse("20.07"))
ON = set(B.hexes)


def walk(order, dirs, start, rough=frozenset(), may_leave=lambda beyond: False):
    pos, seen = B.parse(start), []
    for impulse in (1, 2, 3, 4):
        step = compass.enemy_move(
            UP, pos, order, dirs, impulse, on_map=ON, rough=set(rough), may_leave=may_leave
        )
        seen.append(step.kind)
        if step.path:
            pos = step.path[-1]
        if step.kind in ("take_cover", "leave"):
            break
    return B.label(pos), seen


def test_compass_directions_run_clockwise_from_the_arrow():
    here = B.parse("20.08")
    assert [B.label(UP.step(here, d)) for d in range(1, 7)] == [
        "20.07",
        "21.08",
        "21.09",
        "20.09",
        "19.09",
        "19.08",
    ]


def test_evade_3_moves_four_hexes_in_direction_3():
    end, kinds = walk("evade", (3,), "20.05")
    assert kinds == ["move"] * 4
    assert B.grid.distance(B.parse("20.05"), B.parse(end)) == 4


def test_evade_5_6_alternates_directions():
    start = B.parse("20.05")
    d5, d6 = UP.step(start, 5), UP.step(UP.step(start, 5), 6)
    end, _ = walk("evade", (5, 6), "20.05")
    assert B.parse(end) == UP.step(UP.step(d6, 5), 6)
    assert d5 != d6


def test_sneak_moves_in_impulses_2_and_4_only():
    _, kinds = walk("sneak", (5, 6), "20.05")
    assert kinds == ["none", "move", "none", "move"]


def test_board_edge_evade_1_keeps_trying_so_it_takes_cover():
    end, kinds = walk("evade", (1,), "20.01")  # impulse 1 reaches row 0; impulse 2 would leave
    assert end == "20.00" and kinds == ["move", "take_cover"]


def test_board_edge_evade_5_6_waits_for_the_other_direction():
    """9.5: impulse 1 (direction 5) reaches the top edge; impulse 2 (direction 6) would leave,
    but direction 5 can still be followed later, so it waits, and moves on in impulse 3."""
    tilted = compass.Compass(B.grid, B.parse("20.08"), B.parse("21.08"))  # 1 = up-right
    here = B.parse("21.01")
    assert B.label(tilted.step(here, 5)) == "20.00"  # 5 = up-left, to the top row
    assert tilted.step(B.parse("20.00"), 6) not in ON  # 6 = up, off the map
    kinds, pos = [], here
    for impulse in (1, 2, 3, 4):
        step = compass.enemy_move(tilted, pos, "evade", (5, 6), impulse, on_map=ON, rough=set())
        kinds.append(step.kind)
        pos = step.path[-1] if step.path else pos
    assert kinds == ["move", "wait", "move", "take_cover"]  # in impulse 4 no later try is left
    assert B.label(pos) == "19.00"


def test_leaving_by_an_edge_that_allows_it():
    top = B.parse("20.00")
    _, kinds = walk("evade", (1,), "20.01", may_leave=lambda beyond: beyond == UP.step(top, 1))
    assert kinds == ["move", "leave"]


def test_sprint_1_into_rocks_enters_and_takes_cover():
    rocks = {UP.step(UP.step(B.parse("20.08"), 1), 1)}  # the second hex of impulse 2's move
    end, kinds = walk("sprint", (1,), "20.09", rough=rocks)
    assert kinds == ["move", "take_cover"] and B.parse(end) in rocks


def test_sprint_5_6_waits_when_it_can_move_on_later():
    start = B.parse("20.08")
    first = UP.step(start, 5)
    rocks = {UP.step(first, 6)}  # impulse 2's first hex (direction 6) is rocks
    _, kinds = walk("sprint", (5, 6), "20.08", rough=rocks)
    assert kinds[:2] == ["move", "wait"] and kinds[2] == "move"


# ---- the checks (19.0) ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "die", "morale", "after", "passed"),
    [
        ("mc", 0, checks.AGGRESSIVE, checks.BERSERK, True),
        ("mc", 0, checks.NORMAL, checks.BOLD, True),
        ("mc", 5, checks.NORMAL, checks.NORMAL, True),
        ("mc", 6, checks.NORMAL, checks.CAUTIOUS, False),
        ("mc", 9, checks.NORMAL, checks.SHAKEN, False),
        ("rc", 0, checks.SHAKEN, checks.NORMAL, True),
        ("rc", 0, checks.BOLD, checks.AGGRESSIVE, True),  # never to Berserk
        ("rc", 4, checks.ROUT, checks.SHAKEN, True),
        ("rc", 9, checks.CAUTIOUS, checks.SHAKEN, False),
        ("wmc", 0, checks.NORMAL, checks.NORMAL, True),
        ("wmc", 5, checks.NORMAL, checks.CAUTIOUS, True),
        ("wmc", 6, checks.NORMAL, checks.SHAKEN, False),
        ("wmc", 9, checks.NORMAL, checks.ROUT, False),
        ("wmc", 9, checks.SHAKEN, checks.ROUT, False),
    ],
)
def test_check_tables(kind, die, morale, after, passed):
    result = getattr(checks, kind)(forced(die), 5, morale)
    assert (result.morale_to, result.passed) == (after, passed)
