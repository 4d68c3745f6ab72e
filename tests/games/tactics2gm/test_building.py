"""Building a 2GM Tactics deck card by card (GM-2 to GM-4, GM-8, GM-9): the core's editing
steps over the game's catalogue and checks, and a built deck fielded in a battle through
the options, so the battle's record carries its cards."""

from __future__ import annotations

import pytest

import wartable
from wartable.core.decks import DeckList
from wartable.core.errors import ArgumentError
from wartable.games.tactics2gm.building import custom_option

GAME = wartable.get_game("tactics2gm")
B = GAME.deck_building()
assert B is not None


def test_the_game_offers_deck_building_and_others_do_not():
    assert B.armies() == {"allies": "usa", "axis": "germany"}
    assert B.default_limit == 120
    assert wartable.get_game("undaunted").deck_building() is None


def test_the_catalogue_lists_the_army_cards_and_the_shared_ones():
    usa = {c.key: c for c in B.catalogue("usa")}
    assert "m4_sherman" in usa and "impact" in usa and "tiger" not in usa
    sherman = usa["m4_sherman"]
    assert (sherman.cost, sherman.copies, sherman.kind) == (4, 4, "tank")
    assert {o.name: o.price for o in sherman.options}["mrl"] == 3
    with pytest.raises(ArgumentError, match="no army 'france'"):
        B.catalogue("france")


def test_add_and_remove_copies():
    deck = B.blank("Test", "usa")
    assert B.problems(deck) == ["the deck holds no card"]
    deck = B.add(deck, "m4_sherman", 2, ["mg1", "smoke"])
    deck = B.add(deck, "light_infantry", 3)
    assert deck.cards == {"m4_sherman": 2, "light_infantry": 3}
    assert deck.loadouts == {"m4_sherman": ["mg1", "smoke"]}
    assert B.points(deck) == 2 * 4 + 3
    assert B.problems(deck) == []
    deck = B.remove(deck, "m4_sherman")
    assert deck.cards["m4_sherman"] == 1 and deck.loadouts
    deck = B.remove(deck, "m4_sherman")
    assert "m4_sherman" not in deck.cards and not deck.loadouts  # the plan goes with it


@pytest.mark.parametrize(
    ("key", "n", "kit", "message"),
    [
        ("m4_sherman", 4, None, "the box holds 4 copies and the deck would have 5"),
        ("tiger", 1, None, "tiger is a card of the germany army, not of usa"),
        ("sherman", 1, None, "did you mean m4_sherman"),
        ("m4_sherman", 1, ["flamethrower"], "M4 Sherman has no option 'flamethrower'"),
        ("m4_sherman", 0, None, "add 1 copy or more"),
    ],
)
def test_a_card_the_deck_may_not_take_is_refused_and_the_deck_kept(key, n, kit, message):
    deck = B.add(B.blank("Test", "usa"), "m4_sherman", 1)
    before = DeckList.from_json(deck.to_json())
    with pytest.raises(ArgumentError, match=message):
        B.add(deck, key, n, kit)
    assert deck == before


def test_removing_what_the_deck_does_not_hold_is_refused():
    deck = B.add(B.blank("Test", "usa"), "light_infantry", 2)
    with pytest.raises(ArgumentError, match="holds no 'impact'"):
        B.remove(deck, "impact")
    with pytest.raises(ArgumentError, match="holds 2 'light_infantry', not 3"):
        B.remove(deck, "light_infantry", 3)


def test_every_reason_at_once_with_a_points_and_a_year_limit():
    """GM-2 and GM-4: over the limit and out of its year, both said."""
    deck = B.add(B.blank("Late", "usa"), "usa_pershing", 1)
    deck = B.add(deck, "usa_sherman_76", 2)
    assert B.problems(deck, limit=10, year=1944) == [
        "usa_pershing: in service from 1945, after the year limit 1944 (GM-4)",
        "the cards cost 17 points, over the limit of 10 (GM-2)",
    ]


def test_a_deck_file_is_written_and_read_back_the_same(tmp_path):
    deck = B.add(B.add(B.blank("Shared deck", "germany", 100), "tiger", 1, ["mg1"]), "impact", 2)
    path = tmp_path / "shared.yaml"
    path.write_text(B.write(deck), encoding="utf-8")
    assert B.read(path) == deck


def test_a_ready_made_deck_is_fielded_by_name_and_a_built_one_by_its_cards():
    ready = B.shipped()["usa-infantry"]
    assert B.options("allies", ready) == {"deck_allies": "usa-infantry"}
    built = B.add(B.blank("Tankers", "germany"), "ger_panzer_iv", 3)
    built = B.add(built, "ger_grenadiers", 4)
    opts = B.options("axis", built)
    assert list(opts) == [custom_option("axis")]
    st = GAME.new_game(None, seed=5, options=opts)
    cards = st.decks[1] + st.hands[1]
    assert sorted(cards) == sorted(built.cards_in_order())
    again = GAME.replay(st.record())
    assert again.decks == st.decks  # the record carries the deck: it replays on its own
    with pytest.raises(ArgumentError, match="is germany's; allies fields usa"):
        B.options("allies", built)


def test_a_battle_refuses_a_deck_that_breaks_its_limits():
    heavy = B.blank("Heavy", "germany")
    for key, n in [("tiger", 1), ("ger_panther", 2), ("ger_panzer_iv", 3)]:
        heavy = B.add(heavy, key, n)
    opts = B.options("axis", heavy)
    GAME.new_game(None, seed=1, options=opts)  # 8 + 12 + 12 = 32 points: fine at 120
    with pytest.raises(ArgumentError, match="over the limit of 30"):
        GAME.new_game(None, seed=1, options={**opts, "points": 30})
    wrong = {custom_option("allies"): heavy.text()}
    with pytest.raises(ArgumentError, match="a deck of germany; allies fields usa"):
        GAME.new_game(None, seed=1, options=wrong)
    with pytest.raises(ArgumentError, match="option custom_axis: not a deck's JSON"):
        GAME.new_game(None, seed=1, options={custom_option("axis"): "{oops"})


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "", "army": "usa", "cards": {}}, "name: text of 1 to 60"),
        ({"name": "x", "army": "usa", "cards": {"m4_sherman": 0}}, "cards.m4_sherman"),
        ({"name": "x", "army": "usa", "cards": {}, "colour": 1}, "colour: no such field"),
        ({"name": "x", "army": "usa", "cards": {}, "limit": True}, "limit: a whole number"),
        ([1, 2], "an object with name, army and cards"),
    ],
)
def test_a_malformed_deck_is_refused_with_field_and_reason(data, message):
    with pytest.raises(ArgumentError, match=message):
        DeckList.from_json(data, "here")
