"""The initiative card's effects for its turn (5.1): each order card's printed effect."""

from __future__ import annotations

import wartable
from tests.games.combat.scene import put, scene
from wartable.games.combat.rules import cards, checks, fire, flow, legal
from wartable.games.combat.rules.common import leader_near
from wartable.games.combat.rules.firing import attack, fire_chance

WS_CARD = "card"


def duel(card: int, **orders):
    st = scene()
    st.initiative_card = card
    bru = put(st, "18.14", key="pvt-brubaker", order=orders.get("us", "aimed_fire"))
    foe = put(st, "18.10", side="germany", role="rifleman", order=orders.get("de", "aimed_fire"))
    return st, bru, foe


def modifier(st, i, t) -> int:
    chance = fire_chance(st, i, t)
    assert chance is not None
    return dict(chance.reasons).get(WS_CARD, 0)


def test_card_6_bad_shooting_costs_every_firer_one():
    """The 9.1 example: with card 06 on the track every soldier who fires that turn, friendly
    or enemy, is at -1."""
    st, bru, foe = duel(6)
    assert modifier(st, bru, foe) == -1
    assert modifier(st, foe, bru) == -1
    st.initiative_card = 36  # nothing happens
    assert modifier(st, bru, foe) == 0


def test_card_12_smoke_costs_everyone_one():
    st, bru, foe = duel(12)
    assert modifier(st, bru, foe) == -1 == modifier(st, foe, bru)


def test_team_cards_touch_only_their_team():
    st, bru, foe = duel(27)  # Able +1
    assert st.soldiers[bru].team == "able"
    assert modifier(st, bru, foe) == 1
    st.initiative_card = 33  # Baker +1
    assert modifier(st, bru, foe) == 0


def test_card_3_helps_aimed_fire_near_a_leader_only():
    st, bru, foe = duel(3)
    assert modifier(st, bru, foe) == 0  # no leader on the map
    put(st, "18.15", key="sgt-taylor")
    assert modifier(st, bru, foe) == 1
    st.order[bru] = "rapid_fire"
    assert modifier(st, bru, foe) == 0


def test_card_17_makes_movers_harder_to_hit():
    st, bru, foe = duel(17, us="sprint")
    assert modifier(st, foe, bru) == -1
    st.order[bru] = "hide"
    assert modifier(st, foe, bru) == 0


def test_card_2_raises_the_rally_bonus_and_card_24_doubles_command_range():
    st = scene()
    taylor = put(st, "18.10", key="sgt-taylor")
    bru = put(st, "18.10", key="pvt-brubaker")
    st.initiative_card = 36
    assert cards.rally_bonus(st, bru) == 1
    st.initiative_card = 2
    assert cards.rally_bonus(st, bru) == 2
    far = st.soldiers[taylor].ldr * 2
    st.pos[bru] = st.sc.board.index[(st.sc.board.hexes[st.pos[taylor]][0], 10 + far)]
    st.initiative_card = 36
    assert not leader_near(st, bru)
    st.initiative_card = 24
    assert leader_near(st, bru)


def test_card_10_empties_a_full_magazine_at_the_first_nine():
    st, bru, foe = duel(10)
    st.rng.force([9, 5])
    shot: list = []
    attack(st, bru, foe, shot)
    assert st.ammo[bru] == fire.AMMO_NONE
    said = " ".join(e.text for e in shot)  # the log says what the card did, not "low"
    assert "out of ammunition (the card in play)" in said and "low on ammunition" not in said
    st2, bru2, foe2 = duel(36)
    st2.rng.force([9, 5])
    shot2: list = []
    attack(st2, bru2, foe2, shot2)
    assert st2.ammo[bru2] == fire.AMMO_LOW
    assert "low on ammunition" in " ".join(e.text for e in shot2)


def test_card_13_keeps_the_squad_still_in_impulse_1():
    st, bru, _foe = duel(13, us="sprint")
    st.queue, st.cursor = (bru,), 0
    flow.begin_friendly(st, bru, [])
    assert st.act is None
    st.initiative_card, st.impulse = 36, 1
    flow.begin_friendly(st, bru, [])
    assert st.act is not None and st.act.stage == "move"


def test_card_44_gives_impulse_4_movers_a_free_extra_hex():
    st, bru, _foe = duel(44, us="evade")
    st.impulse, st.queue, st.cursor = 4, (bru,), 0  # evade: must move 1 in impulse 4
    flow.begin_friendly(st, bru, [])
    assert st.act is not None and st.act.moves == 2 and st.act.must
    st._legal_cache = None
    st.apply("us", "move pvt-brubaker 18.15")
    assert st.act is not None and st.act.moves == 1 and not st.act.must  # the free hex


def test_order_limits_confusion_worry_and_no_plans():
    st = scene()
    st.phase = "orders"
    taylor = put(st, "18.10", key="sgt-taylor")
    foe = put(st, "18.02", side="germany", role="rifleman")
    st.initiative_card = 20  # more than 3 hexes from every enemy: rally, sneak or hide
    assert set(legal.allowed_orders(st, taylor)) <= {"rally", "sneak", "hide"}
    st.pos[foe] = st.sc.board.index[st.sc.board.parse("18.08")]
    assert "aimed_fire" in legal.allowed_orders(st, taylor)
    st.initiative_card = 22  # cautious or worse: hide only
    assert "aimed_fire" in legal.allowed_orders(st, taylor)
    st.morale[taylor] = checks.CAUTIOUS
    assert legal.allowed_orders(st, taylor) == ["hide"]
    st.morale[taylor] = checks.NORMAL
    st.initiative_card = 31  # no leader plans
    assert "plan" not in legal.allowed_orders(st, taylor)
    st.initiative_card = 36
    assert "plan" in legal.allowed_orders(st, taylor)


def test_a_trip_card_picks_one_able_man_by_the_dice_to_only_hide():
    st = scene()
    able = [put(st, h, key=k) for h, k in (("18.10", "sgt-taylor"), ("18.11", "pvt-brubaker"))]
    st.initiative_card = 25
    st.rng.force([5])  # two men: 4-6 picks the second
    cards.on_play(st, [])
    assert st.tripped == able[1]
    st.phase = "orders"
    assert legal.allowed_orders(st, able[1]) == ["hide"]
    assert legal.allowed_orders(st, able[0]) != ["hide"]


def test_card_41_spreads_panic_to_neighbours():
    st = scene()
    a = put(st, "18.10", key="sgt-taylor")
    b = put(st, "18.11", key="pvt-brubaker", morale=checks.SHAKEN)
    c = put(st, "18.14", key="pvt-cragg")
    st.initiative_card = 41
    cards.on_play(st, [])
    assert st.morale[a] == checks.SHAKEN and st.morale[b] == checks.SHAKEN
    assert st.morale[c] == checks.NORMAL


def test_playing_a_trip_card_in_the_game_bars_one_man():
    import wartable

    st = wartable.get_game("combat").new_game("a-meeting-of-patrols", seed=1)
    st.hand[:] = [25]
    st._legal_cache = None
    st.apply("us", "play 25")
    assert st.soldiers[st.tripped].team == "able"
    assert legal.allowed_orders(st, st.tripped) == ["hide"]


def test_every_friendly_card_has_a_face_with_its_initiative_and_use():
    game = wartable.get_game("combat")
    faces = game.glossary("attack-the-farmhouse")
    cards = game.lib.friendly_cards.cards
    assert set(faces) == {str(c.number) for c in cards}
    first = faces["1"]  # Keep Your Head Down: a discard card
    assert first.initiative == "Able 2 · Baker 18 · Charlie 86"
    assert "use it from your hand" in first.text and "close call" in first.text
    assert faces["6"].text.startswith("Order card")
    assert faces["51"].initiative == ""  # an event card has no initiative values


def test_a_shuffle_of_the_enemy_deck_leaves_the_teams_cards_on_the_track():
    """Ruling 51: cards the teams hold this turn stay out of a mid-turn shuffle."""
    from wartable.games.combat.rules.common import draw_enemy

    st = scene()
    st.enemy_discard, st.enemy_deck = st.enemy_deck + st.enemy_discard, []
    held = {"blue": st.enemy_discard[0], "red": st.enemy_discard[1]}
    st.team_cards = dict(held)
    card = draw_enemy(st)
    assert card not in held.values()
    assert not set(held.values()) & set(st.enemy_deck)
    assert set(held.values()) <= set(st.enemy_discard)
    assert sorted(st.enemy_deck + st.enemy_discard) == sorted(
        c.number for c in st.sc.lib.enemy_cards.cards
    )
