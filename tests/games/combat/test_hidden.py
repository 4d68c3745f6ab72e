"""A face-down counter is an unknown man (RULINGS, 12.0): neither the log nor the view says
who he is - his quality, weapon, role or whether he is a decoy - until a rule turns him
over. Dice rolled for him show only their public outcome; and the rolls whose number depends
on who he is come from dice of their own, so what is rolled after them does not depend on
it either."""

from __future__ import annotations

from tests.games.combat.scene import put, scene
from wartable.core.rng import Rng
from wartable.games.combat.model import GERMANY
from wartable.games.combat.rules import checks, enemy_phase, enemy_turn, flow, grenades, harm
from wartable.games.combat.rules.enemy_orders import read_row
from wartable.games.combat.rules.firing import attack
from wartable.games.combat.rules.observe import spot_for

TELLS = ("TQ", "WS", "roll", "vs", "kar", "mp40", "slow", "rifle", "weapon")


def told(events) -> list[str]:
    """Lines that give away something of an unknown man."""
    return [e.text for e in events if "unknown" in e.text and any(w in e.text for w in TELLS)]


def test_an_unknown_mans_morale_check_shows_only_its_outcome():
    st = scene()
    g = put(st, "18.10", side=GERMANY, role="recruit", seen=False)
    ev: list = []
    st.rng.force([9])
    harm.morale_check(st, g, "MC", ev)
    assert not told(ev) and "fails" in ev[0].text and st.morale[g] == checks.SHAKEN


def test_an_unknown_mans_94_check_keeps_his_quality_hidden():
    """The issue's example: 'unknown red g01 ... TQC roll 9 vs TQ 4'."""
    st = scene(impulse=1)
    board, compass = st.sc.board, st.sc.compass
    start = next(
        h
        for h in range(len(board.hexes))
        if board.kind[h] == "open"
        and compass.step(board.hexes[h], 4) in board.index
        and board.kind[board.index[compass.step(board.hexes[h], 4)]] == "hedgerow"
        and 4 <= board.hexes[h][1] <= 10
    )
    g = put(st, board.label(board.hexes[start]), side=GERMANY, role="recruit", seen=False)
    st.order[g], st.dirs[g] = "evade", (4,)
    ahead = board.index[compass.step(board.hexes[start], 4)]
    watcher = next(
        h for h in range(len(board.hexes)) if h != ahead and st.ground.sight.sees(h, ahead)
    )
    put(st, board.label(board.hexes[watcher]), key="pvt-brubaker")
    ev: list = []
    st.rng.force([9])
    enemy_turn.enemy_moves(st, g, ev)
    assert any(e.rule == "9.4" for e in ev) and not told(ev)


def shot_by(role: str, seed: int) -> tuple[int, int, list]:
    """An unknown German of ``role`` fires at Brubaker with the game's dice seeded ``seed``:
    (whether he hit, the game's dice counter after, events)."""
    st = scene()
    bru = put(st, "18.16", key="pvt-brubaker")
    g = put(st, "18.13", side=GERMANY, role=role, seen=False, order="rapid_fire")
    st.rng = Rng(seed)
    ev: list = []
    attack(st, g, bru, ev)
    hit = st.order[bru] == "duck_back" or not st.alive(bru)  # a hit makes him duck back
    return int(hit), st.rng.counter, ev


def test_an_unknown_firer_shows_hits_but_not_his_dice_and_uses_dice_of_his_own():
    """A rifle fires one die, a machine pistol three: the log gives only the hits, and when
    both miss the game's own dice go on from the same place."""
    weapons = scene().sc.lib.weapons.weapons
    assert weapons["kar98k"].rate_of_fire < weapons["mp40"].rate_of_fire
    seed = next(s for s in range(50) if shot_by("recruit", s)[0] == shot_by("nco", s)[0] == 0)
    (_, a, ev_a), (_, b, ev_b) = shot_by("recruit", seed), shot_by("nco", seed)
    assert a == b and not told(ev_a + ev_b)


def test_a_face_down_slow_rifle_keeps_his_rapid_fire_until_he_is_turned_over():
    """14.1: an unknown alert man with a slow weapon may be given Rapid Fire; it becomes Aimed
    Fire once he is known."""
    st = scene()
    st.turn = 2
    g = put(st, "18.10", side=GERMANY, role="rifleman", seen=False)
    card = next(
        c
        for c in st.sc.lib.enemy_cards.cards
        if read_row(c, checks.NORMAL, False)[0] == "rapid_fire"
        and not read_row(c, checks.NORMAL, False)[2]
    )
    ev: list = []
    enemy_phase.give_enemy_order(st, g, card.number, ev)
    assert st.order[g] == "rapid_fire" and not told(ev)
    bru = put(st, "18.14", key="pvt-brubaker", order="aimed_fire")
    st.rng.force([0])  # Brubaker spots him
    spot_for(st, bru, ev)
    assert st.seen[g] and st.order[g] == "aimed_fire"
    assert any("14.1" in e.rule for e in ev)


def test_an_unknown_throwers_near_rolls_do_not_show_his_skill():
    st = scene(impulse=3)
    bru = put(st, "18.16", key="pvt-brubaker")
    g = put(st, "18.13", side=GERMANY, role="veteran", seen=False, order="grenade")
    st.live[g], st.aim[g] = True, st.pos[bru]
    ev: list = []
    st.rng.force([0, 5])  # on target; the Near/Far roll
    grenades.throw(st, g, ev)
    assert st.blast[bru] and not any("WS" in e.text for e in ev)


def test_the_g_check_of_an_unknown_man_uses_dice_of_its_own():
    """A sniper has no grenade and rolls no G check: what the game rolls next is the same
    as after a rifleman's failed check (ruling 28 must not show on the dice)."""

    def ordered(role: str, seed: int) -> tuple[int, str]:
        st = scene()
        st.turn, st.rng = 2, Rng(seed)
        put(st, "18.16", key="pvt-brubaker")
        g = put(st, "18.13", side=GERMANY, role=role, seen=False)
        card = next(
            c for c in st.sc.lib.enemy_cards.cards if read_row(c, checks.NORMAL, False)[2] == "G"
        )
        enemy_phase.give_enemy_order(st, g, card.number, [])
        return st.rng.counter, st.order[g]

    seed = next(s for s in range(50) if ordered("rifleman", s)[1] != "grenade")  # he fails
    assert ordered("sniper", seed)[0] == ordered("rifleman", seed)[0]


def test_an_unknown_mans_rally_check_at_the_end_shows_only_its_outcome():
    st = scene()
    g = put(st, "18.10", side=GERMANY, role="recruit", seen=False, order="rally")
    st.morale[g] = checks.SHAKEN
    ev: list = []
    st.rng.force([3])
    flow.end_phase(st, ev)
    assert any(e.kind == "rally" for e in ev) and not told(ev)


def test_the_view_of_an_unknown_man_holds_no_identity():
    st = scene()
    g = put(st, "18.10", side=GERMANY, role="sniper", seen=False, order="rapid_fire")
    entry = next(s for s in st.view("us")["soldiers"] if s["key"] == st.soldiers[g].key)
    assert not {"name", "tq", "ldr", "weapon", "ws", "grenade", "skills", "role"} & set(entry)
    assert entry["order"] == "rapid_fire"
