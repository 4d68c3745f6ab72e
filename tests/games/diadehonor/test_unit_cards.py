"""Unit cards (DH-54 to DH-57, DH-69 to DH-73): where the unit goes, the caps, the card that
stays with its unit; the sniper's aim and the tank's blast, with forced dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.games.diadehonor.scene import at, field, put, scene, zoned
from wartable.core.action import Action
from wartable.core.errors import IllegalActionError
from wartable.games.diadehonor.game import DiaDeHonor
from wartable.games.diadehonor.rules import attack, flow, ground, legal
from wartable.games.diadehonor.rules.common import find


def drawn(st, card: str, seat: int = 1):
    """``card`` drawn by ``seat`` in a round's card phase, resolved as far as it goes."""
    st.phase, st.after_cards, st.deck = "cards", "initiative", []
    st.queue = [(seat, card)]
    st._legal_cache = None
    flow.after_cards(st, [])


def places(st, seat: str) -> set[str]:
    return {a.args[0] for a in st.legal_actions(seat) if a.verb == "place"}


def test_dh54_q20_the_new_unit_goes_next_to_the_rearmost_unit_no_nearer_the_enemy():
    st = scene(battle=zoned())
    put(st, "able", "allies", "light", 0, 0)
    put(st, "back", "allies", "light", 2, 5)  # the rearmost: farthest from the axis zone
    put(st, "berg", "axis", "light", 0, -8)
    drawn(st, "tank")
    assert st.current_players == ("allies-1",)
    # next to (2, 5) and no nearer the axis' zone: the same row or the one behind it
    expected = {at(x, y) for x in (1, 2, 3) for y in (5, 6)} - {at(2, 5)}
    assert places(st, "allies-1") == expected
    st.apply("allies-1", Action("place", (at(2, 6),)))
    tank = next(u.index for u in st.units if u.type == "tank")
    assert st.units[tank].key == "allies-1/tank-1" and st.on_map(tank)
    assert st.carried[tank] == "tank" and "tank" not in st.deck  # kept with it (DH-57)
    assert st.actions[tank] == 2 and st.phase == "initiative"  # it acts this round


def test_q20_a_squad_with_nobody_on_the_map_and_the_set_up_use_the_start_zone():
    st = scene(battle=zoned())
    put(st, "berg", "axis", "light", 0, 0)
    drawn(st, "sniper")
    assert places(st, "allies-1") == {at(x - 8, y - 11) for x in range(16) for y in (22, 23)}
    st = scene(battle=zoned())
    put(st, "able", "allies", "light", 0, 0)
    drawn(st, "sniper")
    st.after_cards = "setup"
    st._legal_cache = None
    assert len(places(st, "allies-1")) == 32  # at set-up: anywhere free in the zone


def test_dh55_a_unit_card_for_a_type_at_its_cap_does_nothing_and_goes_under():
    st = scene(battle=zoned())
    put(st, "able", "allies", "light", 0, 0)
    put(st, "gun-1", "allies", "artillery", 2, 2)
    put(st, "gun-2", "allies", "artillery", 4, 2)
    put(st, "berg", "axis", "light", 0, -5)
    drawn(st, "artillery")
    assert st.pending is None and st.deck == ["artillery"] and st.phase == "initiative"


def test_dh73_a_second_artillery_piece_within_the_cap_of_two():
    st = scene(battle=zoned())
    put(st, "gun-1", "allies", "artillery", 2, 2)
    drawn(st, "artillery")
    st.apply("allies-1", Action("place", (sorted(places(st, "allies-1"))[0],)))
    guns = [u.index for u in st.units if u.type == "artillery" and st.on_map(u.index)]
    assert len(guns) == 2 and st.units[guns[1]].key == "allies-1/artillery-1"


def test_dh57_the_card_goes_under_the_deck_when_its_unit_dies_and_not_when_sabotaged():
    st = scene()
    put(st, "able", "allies", "heavy", 0, 0)
    tank = put(st, "panzer", "axis", "tank", 0, -3)
    st.carried[tank], st.deck = "tank", []
    st.sabotaged[tank] = True
    assert "tank" not in st.deck
    st.sabotaged[tank] = False
    st.wounds[tank] = 4
    st.rng.force([6])
    st.apply("allies-1", Action("fire", ("able", "panzer")))
    assert st.status[tank] == "wreck" and st.deck[0] == "tank" and st.carried[tank] == ""
    assert st.killer[tank] == 1 and st.death[tank] == "fire"


def test_a_unit_card_drawn_again_after_its_unit_died_brings_a_new_one():
    st = scene(battle=zoned())
    put(st, "able", "allies", "light", 0, 0)
    old = put(st, "allies-1/sniper-1", "allies", "sniper", 2, 0)
    st.status[old], st.pos[old] = "dead", -1
    drawn(st, "sniper")
    st.apply("allies-1", Action("place", (sorted(places(st, "allies-1"))[0],)))
    new = len(st.units) - 1
    assert new != old and st.on_map(new)
    assert st.units[new].key == st.units[old].key == "allies-1/sniper-1"  # the slot again
    assert find(st, "allies-1/sniper-1") == new


# ---- the sniper (DH-69, Q27) -------------------------------------------------------------
def sniper_and_mark():
    st = scene()
    s = put(st, "hawk", "allies", "sniper", 0, 0)
    t = put(st, "berg", "axis", "assault", 0, -8)
    return st, s, t


def next_round(st) -> None:
    """Both sides' activations pass; the new round's cards and initiative are skipped."""
    st.round += 1
    for u in st.units:
        st.actions[u.index], st.attacked[u.index] = 2, False
    attack.forget_old_aims(st)
    st._legal_cache = None


def test_dh69_three_rounds_of_aim_then_any_hit_kills():
    st, s, t = sniper_and_mark()
    for n in (1, 2, 3):
        st.apply("allies-1", Action("aim", ("hawk", "berg")))
        assert st.aim[s][:2] == (t, n)
        with pytest.raises(IllegalActionError, match="already aimed"):
            st.apply("allies-1", Action("aim", ("hawk", "berg")))
        if n == 3:  # the third aim's round: an ordinary shot
            st.rng.force([6])  # 6 + 3 = 9 against 6: 3 wounds, not a kill
            st.apply("allies-1", Action("fire", ("hawk", "berg")))
            assert st.wounds[t] == 3 and st.on_map(t)
        next_round(st)
    st.wounds[t] = 0
    st.rng.force([4])  # 4 + 3 = 7 against 6: a hit, and aimed
    st.apply("allies-1", Action("fire", ("hawk", "berg")))
    assert st.status[t] == "dead" and st.death[t] == "aimed"


def test_dh69_an_aimed_shot_that_misses_kills_nobody():
    st, s, t = sniper_and_mark()
    st.aim[s] = (t, 3, 1)
    st.round = 2
    st.rng.force([3])  # 3 + 3 = 6 against 6: no hit
    st.apply("allies-1", Action("fire", ("hawk", "berg")))
    assert st.on_map(t) and st.wounds[t] == 0
    assert attack.aimed(st, s, t)  # firing does not spoil the aim


@pytest.mark.parametrize("spoil", ["move", "prone", "skip", "sight", "other"])
def test_q27_the_count_starts_again(spoil):
    st, s, t = sniper_and_mark()
    other = put(st, "carl", "axis", "light", 3, -8)
    st.aim[s] = (t, 2, 1)
    if spoil == "move":
        st.apply("allies-1", Action("move", ("hawk", at(1, 0))))
    elif spoil == "prone":
        st.apply("allies-1", Action("prone", ("hawk",)))
    elif spoil == "skip":
        next_round(st)
        next_round(st)
    elif spoil == "sight":
        rows = ["." * 16] * 24
        rows[7] = "w" * 16  # dense woods between them now
        st.battle = field(rows)
        put(st, "able", "allies", "light", 5, 0)
        st.apply("allies-1", Action("prone", ("able",)))  # any action checks sight
    else:
        st.round = 2
        st.apply("allies-1", Action("aim", ("hawk", "carl")))
        assert st.aim[s] == (other, 1, 2)
        return
    assert s not in st.aim


def test_dh69_only_a_sniper_aims_and_only_at_soldiers():
    st, _s, _t = sniper_and_mark()
    put(st, "able", "allies", "light", 1, 0)
    put(st, "gun", "axis", "artillery", 2, -8)
    aims = [a for a in st.legal_actions("allies-1") if a.verb == "aim"]
    assert aims == [Action("aim", ("hawk", "berg"))]
    with pytest.raises(IllegalActionError, match="only a sniper aims"):
        st.apply("allies-1", Action("aim", ("able", "berg")))


# ---- the tank (DH-71, DH-72, Q28, Q30) -----------------------------------------------------
def tank_scene():
    st = scene()
    tank = put(st, "sherman", "allies", "tank", 0, 0)
    target = put(st, "berg", "axis", "light", 0, -6)
    near = put(st, "carl", "axis", "light", 2, -8)  # 2 squares from the target
    far = put(st, "dirk", "axis", "light", 3, -6)  # 3 squares: out of the blast
    own = put(st, "able", "allies", "light", -1, -5)  # a friend in the blast
    return st, tank, target, near, far, own


def test_dh71_one_roll_against_every_unit_within_two_squares_friends_included():
    st, tank, target, near, far, own = tank_scene()
    st.rng.force([4])  # 4 + 5 = 9: against light infantry's 5, 4 wounds each
    st.apply("allies-1", Action("fire", ("sherman", "berg")))
    assert [st.wounds[i] for i in (target, near, own)] == [4, 4, 4]
    assert st.wounds[far] == 0 and st.wounds[tank] == 0


def test_q28_each_unit_in_the_blast_defends_with_its_own_modifiers():
    st, _tank, target, near, _far, own = tank_scene()
    st.prone[near] = True  # 5 + 2
    st.rng.force([2])  # 2 + 5 = 7: 2 wounds to the target, none to the prone one
    st.apply("allies-1", Action("fire", ("sherman", "berg")))
    assert st.wounds[target] == 2 and st.wounds[near] == 0 and st.wounds[own] == 2


def test_q28_a_natural_six_wounds_each_and_a_natural_one_nobody():
    st, _tank, target, near, _far, own = tank_scene()
    for i in (target, near, own):
        st.wounds[i] = 0
        st.prone[i] = True
    weak = st.lib.units["tank"].model_copy(update={"attack": 0})
    st.lib = replace(st.lib, units={**st.lib.units, "tank": weak})
    st.rng.force([6])  # 6 + 0 against 7: at least one wound each all the same
    st.apply("allies-1", Action("fire", ("sherman", "berg")))
    assert [st.wounds[i] for i in (target, near, own)] == [1, 1, 1]
    st2, *_ = tank_scene()
    st2.rng.force([1])
    st2.apply("allies-1", Action("fire", ("sherman", "berg")))
    assert sum(st2.wounds) == 0


@pytest.mark.parametrize("kind", ["light", "assault", "sniper", "green_beret", "artillery"])
def test_q30_only_a_tank_or_heavy_infantry_may_fire_on_a_tank(kind):
    st = scene()
    put(st, "shooter", "allies", kind, 0, 0)
    put(st, "panzer", "axis", "tank", 0, -4)
    assert not [a for a in st.legal_actions("allies-1") if a.verb == "fire"]


def test_q24_a_sabotaged_tank_cannot_be_attacked():
    st = scene()
    put(st, "able", "allies", "heavy", 0, 0)
    tank = put(st, "panzer", "axis", "tank", 0, -4)
    assert legal.targets(st, 0) == [tank]
    st.sabotaged[tank] = True
    assert legal.targets(st, 0) == []


# a wall across the field, one gap at the rules index's column 0, two squares north of (0, 0)
WALLED = ["." * 16] * 9 + ["W" * 8 + "." + "W" * 7] + ["." * 16] * 14


@pytest.mark.parametrize("side", ["allies", "axis"])
def test_dh26_q36_a_sabotaged_tank_bars_the_way_of_every_unit_its_own_side_included(side):
    """The only way through the wall runs through a tank of the mover's side: while the tank
    runs, its friends pass through it; sabotaged, it stands in everyone's way."""
    st = scene(battle=field(WALLED))
    seat = st.sides.index(side)
    st.seat = seat
    able = put(st, "able", side, "light", 0, 0)
    tank = put(st, "tank", side, "tank", 0, -2)
    beyond = at(0, -4)
    passing = Action("move", ("able", beyond))
    assert st.battle.square_of[beyond] in ground.reach(st, able)
    assert passing in st.legal_actions(st.players[seat])
    st.sabotaged[tank] = True
    st._legal_cache = None
    assert st.battle.square_of[beyond] not in ground.reach(st, able)
    assert passing not in st.legal_actions(st.players[seat])
    before = st.full_state()
    with pytest.raises(IllegalActionError, match="DH-26"):
        st.apply(st.players[seat], passing)
    assert st.full_state() == before


def test_dh32_q24_a_sabotaged_tank_never_flanks():
    """A tank behind the target, in range and in sight, flanks with the attacker while it
    runs; sabotaged, it cannot act, so it is no second unit of a flank."""
    st = scene()
    able = put(st, "able", "allies", "light", 0, -4)
    berg = put(st, "berg", "axis", "light", 0, 0)
    tank = put(st, "tank", "allies", "tank", 0, 4)
    assert ground.flanker(st, able, berg) == tank
    st.sabotaged[tank] = True
    assert ground.flanker(st, able, berg) == -1
    assert not any("flanking" in why for why in attack.ranged_terms(st, able, berg).attack_why)


def test_unit_cards_join_real_battles():
    """Random battles long enough to draw the unit cards: they arrive, never past a cap."""
    from wartable.agents.random import RandomAgent

    arrived = set()
    for seed in range(3):
        st = DiaDeHonor().new_game("front-line", seed=seed, options={"players": "2v2"})
        agent = RandomAgent(seed)
        while not st.is_over:
            p = st.current_players[0]
            st.apply(p, agent.act(st, p))
        arrived |= {u.type for u in st.units if u.type in ("tank", "sniper", "green_beret")}
    assert arrived
