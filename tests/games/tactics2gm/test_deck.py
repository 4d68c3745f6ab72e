"""Army decks and deployment prices: the rulebook's examples (EX-1, EX-2, EX-6 to EX-10,
EX-22) and the rules they rest on (GM-2 to GM-4, GM-7 to GM-9); every reason a deck is
illegal at once; malformed deck files refused with file, field and reason; the shipped
decks legal, and a broken one refused as the content loads."""

from __future__ import annotations

import pytest

from tests.games.tactics2gm.scenes import edit
from wartable.core.errors import ContentError
from wartable.games.tactics2gm import content
from wartable.games.tactics2gm.deck import (
    DeckList,
    deployment_price,
    may_attach,
    points,
    problems,
    read_deck,
    shipped,
)
from wartable.games.tactics2gm.game import Tactics2GM

LIB = content.load()


def test_ex1_a_decks_points_are_its_printed_costs_added_up():
    deck = DeckList("ex1", "usa", {"heavy_infantry": 1, "m4_sherman": 1, "impact": 1, "at_mine": 1})
    assert points(deck, LIB) == 14
    assert problems(deck, LIB, limit=14) == []
    over = "the cards cost 14 points, over the limit of 13 (GM-2)"
    assert problems(deck, LIB, limit=13) == [over]


def test_ex2_a_year_limit_keeps_out_later_units_and_never_undated_ones():
    dated = {k: u.year for k, u in LIB.units.items() if u.army == "usa" and u.year}
    undated = [k for k, u in LIB.units.items() if u.army == "usa" and not u.year]
    late = sorted(k for k, y in dated.items() if y > 1943)
    assert undated and late and len(late) < len(dated)
    deck = DeckList("ex2", "usa", {k: 1 for k in [*dated, *undated]})
    refused = [p for p in problems(deck, LIB, limit=10_000, year=1943) if "GM-4" in p]
    assert sorted(p.split(":")[0] for p in refused) == late


def test_ex6_heavy_infantry_bare_or_with_an_hmg():
    heavy = LIB.units["heavy_infantry"]
    assert deployment_price(heavy, []) == 2
    assert deployment_price(heavy, ["hmg"]) == 3


def test_ex7_a_sherman_bare_or_with_its_rocket_launcher():
    sherman = LIB.units["m4_sherman"]
    assert deployment_price(sherman, []) == 4
    assert deployment_price(sherman, ["mrl"]) == 7


def test_ex8_infantry_takes_one_offensive_and_one_defensive_option():
    heavy = LIB.units["heavy_infantry"]
    assert deployment_price(heavy, ["mortars", "prone"]) == 4
    for second in ("hmg", "bazooka"):
        with pytest.raises(ValueError, match=r"one offensive option at most.*GM-8"):
            deployment_price(heavy, ["mortars", "prone", second])


def test_ex9_a_fully_equipped_sherman_costs_nine_the_first_mg_free():
    """The example names a howitzer but prices the rocket launcher: the price list wins."""
    assert deployment_price(LIB.units["m4_sherman"], ["mg1", "mg2", "mrl", "smoke"]) == 9


def test_gm8_vehicles_take_every_option_they_print():
    sherman = LIB.units["m4_sherman"]
    offensive = [k for k, o in sherman.options.items() if o.slot == "offensive"]
    assert len(offensive) >= 2 and deployment_price(sherman, offensive) > sherman.cost


def test_ex10_and_gm9_the_same_card_never_affects_a_unit_twice():
    assert may_attach([], "ram") is None
    assert "GM-9" in (may_attach(["ram"], "ram") or "")
    with pytest.raises(ValueError, match="GM-9"):
        deployment_price(LIB.units["m4_sherman"], ["mrl", "mrl"])


def test_ex22_a_launch_cost_counts_full_in_the_deck_and_only_itself_in_play():
    """EX-22, GM-3; GM-98: Coste de Lanzamiento is what GM-3 says."""
    card = LIB.support["promotion"]
    assert (card.cost, card.launch) == (2, 0)
    assert points(DeckList("ex22", "usa", {"promotion": 1}), LIB) == 2
    launched = [u for u in LIB.units.values() if u.launch is not None]
    assert launched, "the pool uses a launch cost on a unit too"
    assert deployment_price(launched[0], []) == launched[0].launch


def test_every_reason_a_deck_is_illegal_is_listed_at_once():
    deck = DeckList(
        "bad",
        "usa",
        {"tiger": 1, "no_such_card": 2, "light_infantry": 99, "m4_sherman": 1},
        loadouts={"m4_sherman": ["mrl", "laser"], "bazooka_team": ["x"]},
    )
    found = problems(deck, LIB, limit=5)
    assert any(p.startswith("tiger: a card of the germany army") for p in found)
    assert "no_such_card: no such card" in found
    assert any(p.startswith("light_infantry: 99 copies") for p in found)
    assert any("has no option 'laser'" in p for p in found)
    assert "loadouts.bazooka_team: the deck holds no bazooka_team" in found
    assert any("over the limit of 5" in p for p in found)
    assert len(found) == 6


def test_a_deck_of_an_army_not_in_the_game_is_refused():
    assert problems(DeckList("x", "france", {}), LIB) == [
        "the deck holds no card",
        "army 'france' is not in the game: usa or germany",
    ]


def test_the_shipped_decks_are_legal_and_two_per_army():
    decks = shipped(LIB)
    for army in ("usa", "germany"):
        assert sum(d.army == army for d in decks.values()) >= 2
    for name, deck in decks.items():
        assert problems(deck, LIB) == [], name
        assert 100 <= points(deck, LIB) <= LIB.hq.points, name


def test_a_malformed_deck_file_names_file_field_and_reason(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Broken\narmy: usa\ncards:\n  light_infantry: 'four'\n")
    with pytest.raises(ContentError) as info:
        read_deck(bad)
    text = str(info.value)
    assert str(bad) in text and "cards.light_infantry" in text


@pytest.mark.parametrize(
    ("name", "old", "new", "field", "reason"),
    [
        (
            "usa-infantry",
            "cards:\n",
            "cards:\n  laser_tank: 1\n",
            "cards.laser_tank",
            "no such card",
        ),
        (
            "usa-armour",
            "cards:\n",
            "cards:\n  tiger: 1\n",
            "cards.tiger",
            "a card of the germany army, not usa",
        ),
        (
            "germany-infantry",
            "limit: 120\n",
            "limit: 100\n",
            "cards",
            "the cards cost 108 points, over the limit of 100 (GM-2)",
        ),
        (
            "usa-armour",
            "limit: 120\ncards:\n",  # no limit of its own: the pitched battle's 120 (GM-2)
            "cards:\n  usa_p47: 1\n  usa_howitzer: 1\n  usa_57mm: 1\n",
            "cards",
            "the cards cost 122 points, over the limit of 120 (GM-2)",
        ),
    ],
)
def test_gm2_a_broken_ready_made_deck_is_refused_as_the_content_loads(
    data, name, old, new, field, reason
):
    """GM-2: a ready-made deck with a card the game lacks, a card of the other army or
    cards over its points limit is refused when the game's content loads, naming the file,
    the field and the reason, not first when a battle fields it."""
    path = data / "decks" / f"{name}.yaml"
    edit(path, old, new)
    with pytest.raises(ContentError) as info:
        Tactics2GM(data)
    assert f"{path}: {field}: {reason}" in str(info.value)


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        (
            "decks: {allies: usa-1943, axis: germany-armour}",
            "decks: {allies: usa-armour, axis: germany-armour}",
            "usa_sherman_76: in service from 1944, after the year limit 1943 (GM-4)",
        ),
        ("    points: 110\n", "    points: 100\n", "over the limit of 100 (GM-2)"),
        (
            "decks: {allies: usa-1943, axis: germany-armour}",
            "decks: {allies: germany-infantry, axis: germany-armour}",
            "is a deck of germany; allies fields usa",
        ),
    ],
)
def test_gm2_gm4_a_scenarios_own_deck_keeps_to_its_limits_as_the_content_loads(
    data, old, new, reason
):
    """GM-2, GM-4: the ready-made deck a scenario fields for a side is of that side's army
    and keeps to the scenario's points and year limits, or the content is refused."""
    path = data / "scenarios.yaml"
    edit(path, old, new)
    with pytest.raises(ContentError) as info:
        Tactics2GM(data)
    assert f"{path}: scenarios.kasserine-pass.decks.allies: " in str(info.value)
    assert reason in str(info.value)


def test_the_shipped_content_loads_from_a_copy(data):
    game = Tactics2GM(data)
    assert game.decks == Tactics2GM().decks and set(game.fixed) == set(Tactics2GM().fixed)
