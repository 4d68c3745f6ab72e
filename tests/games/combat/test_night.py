"""Night and flares (21.0, 21.1)."""

from __future__ import annotations

from tests.games.combat.scene import GAME, hex_index, put, scene
from wartable.games.combat.rules import flow, night
from wartable.games.combat.rules.firing import fire_chance, targets


def dark_scene(dark: int = 5):
    st = scene(night=True)
    st.dark = dark
    return st


def test_the_night_range_is_rolled_at_the_start_and_shown():
    for seed in range(6):
        st = GAME.new_game("a-meeting-of-patrols", seed=seed, options={"night": True})
        assert 3 <= st.dark <= 8  # 1D6+2
        assert st.view("us")["night"] == {"range": st.dark, "flares_left": night.HOUSE_FLARES}
    assert GAME.new_game("a-meeting-of-patrols", seed=1).view("us")["night"] is None


def test_beyond_the_night_range_nobody_is_seen_or_shot_and_beyond_2_hexes_it_costs_2():
    st = dark_scene(5)
    a, near, mid, far = (hex_index(st, h) for h in ("18.16", "18.14", "18.12", "18.10"))
    assert night.modifier(st, a, near) == 0
    assert night.modifier(st, a, mid) == -2
    assert night.modifier(st, a, far) is None
    day = scene()
    assert night.modifier(day, a, far) == 0


def test_fire_at_night_shows_its_penalty_and_drops_unseen_targets():
    st = dark_scene(5)
    bru = put(st, "18.16", key="pvt-brubaker", order="aimed_fire")
    foe = put(st, "18.12", side="germany", role="rifleman")
    chance = fire_chance(st, bru, foe)
    assert chance is not None and dict(chance.reasons)["night"] == -2
    st.pos[foe] = hex_index(st, "18.10")
    assert foe not in targets(st, bru)


def test_a_flare_lights_three_hexes_round_as_day():
    st = dark_scene(3)
    a, far = hex_index(st, "18.16"), hex_index(st, "18.08")
    assert night.modifier(st, a, far) is None
    st.flares = ((hex_index(st, "18.06"), 1),)
    assert night.modifier(st, a, far) == 0


def test_an_aimed_fire_order_sends_a_flare_up_in_impulse_2_and_ducks_back():
    st = dark_scene(3)
    bru = put(st, "18.16", key="pvt-brubaker", order="aimed_fire")
    st.impulse, st.queue, st.cursor = 2, (bru,), 0
    flow.begin_friendly(st, bru, [])
    st._legal_cache = None
    flares = [a for a in st.legal_actions("us") if a.verb == "flare"]
    assert flares and all(
        night.distance(st, st.pos[bru], hex_index(st, a.args[1])) <= 6 for a in flares
    )
    st.rng.force([1, 2])  # direction 1, 2 - 2 = no scatter
    st.apply("us", "flare pvt-brubaker 18.11")
    assert [h for h, _ in st.flares] == [hex_index(st, "18.11")]
    assert st.flares_left == night.HOUSE_FLARES - 1
    st.order[bru] = "aimed_fire"
    st.rng.force([4, 1])
    night.fire_flare(st, bru, hex_index(st, "18.11"), [])
    assert st.order[bru] == "duck_back"  # the firer takes cover at once


def test_no_flare_by_day_or_without_flares():
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="aimed_fire")
    st.impulse = 2
    assert not flow.flare_ready(st, bru)
    st = dark_scene()
    bru = put(st, "18.16", key="pvt-brubaker", order="aimed_fire")
    st.impulse, st.flares_left = 2, 0
    assert not flow.flare_ready(st, bru)


def test_flares_burn_out_on_8_or_9_or_drift_downwind_from_the_next_turn():
    st = dark_scene()
    h = hex_index(st, "18.11")
    st.flares, st.turn = ((h, 2),), 2
    night.burn_down(st, [])
    assert st.flares == ((h, 2),)  # the turn it went up: no roll
    st.turn = 3
    st.rng.force([3])
    night.burn_down(st, [])
    downwind = st.sc.compass.step(st.sc.board.hexes[h], st.sc.file.wind)
    assert st.flares == ((st.sc.board.index[downwind], 2),)
    st.rng.force([8])
    night.burn_down(st, [])
    assert st.flares == ()
