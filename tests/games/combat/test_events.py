"""Random events and off-board artillery in play (5.1.3, 20.0, 22.0), dice forced."""

from __future__ import annotations

from wartable.games.combat.model import GERMANY
from wartable.games.combat.rules import checks, deck, events, fire, smoke
from wartable.games.combat.rules.deck import draw_friendly
from wartable.games.combat.rules.flow import play_card

from .scene import hex_index, put, scene

FARM = "attack-the-farmhouse"


def test_friendly_81mm_event_reproduces_the_rulebook_strike_on_15_09():
    st = scene(FARM)
    foe = put(st, "15.09", side=GERMANY, role="rifleman", order="")
    # table roll 5 (81mm), 1 strike, aim 9 -> 12.10, direction 2, distance 3 -> 15.09;
    # four damage rolls all missing, no crater, the Morale Check passes
    st.rng.force([5, 1, 9, 2, 3, 9, 9, 9, 9, 9, 0])
    ev: list = []
    deck.resolve_event(st, "friendly", ev)
    texts = [e.text for e in ev]
    assert any("aim roll 9 at 12.10" in t and "lands on 15.09" in t for t in texts)
    assert any("rolls 9 9 9 9 vs 5" in t for t in texts)
    assert any(e.kind == "check" and "MC" in e.text for e in ev)
    assert st.alive(foe)
    assert [(c.value, st.sc.board.label(c.hexes[0])) for c in st.clouds] == [(3, "15.09")]


def test_a_shell_hits_with_the_targets_order_and_terrain():
    st = scene(FARM)
    foe = put(st, "15.09", side=GERMANY, role="rifleman", order="")
    charts = st.sc.lib.charts
    mod = fire.cover_modifier(charts, st.sc.board.kind[st.pos[foe]], "no_order")
    hit = 5 + mod
    assert 0 <= hit < 9
    st.rng.force([hit, hit + 1, 9, 9])
    ev: list = []
    deck.shell(st, "mortar_81mm", hex_index(st, "15.09"), ev)
    assert any("1 hit(s)" in e.text for e in ev)


def test_an_event_card_drawn_is_resolved_shuffled_back_and_replaced():
    st = scene(FARM)
    bru = put(st, "05.05", key=next(s.key for s in st.soldiers if s.side == "us"))
    st.ammo[bru] = fire.AMMO_NONE
    st.deck.remove(51)
    st.deck.append(51)
    st.rng.force([1])  # friendly table 1: ammunition resupply
    ev: list = []
    card = draw_friendly(st, ev)
    assert card not in (51, 52) and 51 in st.deck
    assert st.ammo[bru] == fire.AMMO_OK
    assert [e.kind for e in ev][:2] == ["event-card", "event"]


def test_an_order_card_with_an_event_resolves_it_when_played():
    st = scene(FARM)
    st.phase = "cards"
    st.hand = [16]
    st.rng.force([2])  # friendly table 2: an extra card
    ev: list = []
    play_card(st, 16, ev)
    assert st.initiative_card == 16 and len(st.hand) == 1
    assert any(e.kind == "event" and "Lucky Strike" in e.text for e in ev)


def test_scenarios_without_tables_roll_nothing():
    st = scene("a-meeting-of-patrols")
    rolled = st.rng.counter
    ev: list = []
    deck.resolve_event(st, "enemy", ev)
    assert st.rng.counter == rolled and "no event table" in ev[0].text


def test_come_on_men_reaches_as_far_as_a_leaders_ldr_less_smoke():
    st = scene("a-meeting-of-patrols")
    taylor = put(st, "18.16", key="sgt-taylor")
    ldr = st.soldiers[taylor].ldr
    board = st.sc.board
    edge = next(
        board.label(board.hexes[h])
        for h in range(len(board.hexes))
        if st.sc.board.grid.distance(board.hexes[h], board.hexes[st.pos[taylor]]) == ldr
    )
    man = put(st, edge, key="pvt-cragg")
    events.boost(st, [])
    assert st.morale[man] == checks.BOLD  # one level up from Normal
    st.morale[man] = checks.NORMAL
    smoke.set_clouds(st, (smoke.Cloud(value=1, hexes=(board.hexes[st.pos[taylor]],), born=1),))
    events.boost(st, [])  # in smoke his LDR is one less: out of reach
    assert st.morale[man] == checks.NORMAL


def test_a_crater_changes_this_games_map_and_no_other():
    from tests.games.combat.scene import scene
    from wartable.games.combat.rules.deck import shell

    st = scene()
    other = scene()
    h = next(i for i, k in enumerate(st.ground.kind) if k == "open")
    assert not st.ground.cover[h]
    twin = st.clone()
    st.rng.force([0])  # the crater roll (nobody is near: no damage dice)
    shell(st, "mortar_81mm", h, [])
    assert st.ground.kind[h] == "crater" and st.ground.cover[h]
    assert st.sc.board.hexes[h] in st.ground.rough  # a crater is rough ground
    label = st.sc.board.label(st.sc.board.hexes[h])
    assert [label, "crater", st.sc.board.level[h]] in st.view("us")["map"]["terrain"]
    assert twin.ground.kind[h] == "open" and other.ground.kind[h] == "open"
    again = scene()
    again.changes = ((h, "crater"),)
    assert again.sc.ground.changed(again.changes) is st.ground  # shared by equal maps


def test_rubble_blocks_sight_like_the_ruin_it_is_and_stops_counting_as_a_building():
    from tests.games.combat.scene import scene
    from wartable.games.combat.rules.deck import shell

    st = scene("attack-the-farmhouse")
    h = next(i for i, k in enumerate(st.ground.kind) if k == "building")
    st.rng.force([0])  # the rubble roll
    shell(st, "mortar_81mm", h, [])
    assert st.ground.kind[h] == "rubble"
    assert st.ground.board.blocks_now[h]  # rubble still blocks (terrain.yaml)
    assert st.ground.sight is not st.sc.ground.sight


def test_an_illumination_event_puts_a_flare_up_where_its_aim_table_says():
    from tests.games.combat.scene import scene
    from wartable.games.combat.rules.events import illuminate

    st = scene(night=True)
    st.rng.force([0, 1, 1])  # aim roll 0, direction 1, scatter 1
    illuminate(st, {"aim_table": "friendly_fire_attacking"}, [])
    aim = st.sc.board.parse("20.07")
    landed = st.sc.compass.step(aim, 1)
    assert st.flares == ((st.sc.board.index[landed], st.turn),)


def test_a_noise_may_wake_waiting_germans_within_5_hexes():
    from tests.games.combat.scene import put, scene
    from wartable.games.combat.rules.events import noise

    st = scene()
    put(st, "18.16", key="pvt-brubaker")
    near = put(st, "18.12", side="germany", role="rifleman", alert=False)
    far = put(st, "18.02", side="germany", role="rifleman", alert=False)
    st.rng.force([0])  # the near German's TQC passes; the far one is not asked
    noise(st, [])
    assert st.alert[near] and not st.alert[far]
