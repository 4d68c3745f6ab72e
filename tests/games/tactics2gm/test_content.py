"""The content files: every value with its provenance, the rulebook's numbers where it gives
them, a unit card's whole profile (GM-6), and malformed files refused with file, field and
reason, every problem at once."""

from __future__ import annotations

import shutil

import pytest

from tests.games.tactics2gm.scenes import edit
from wartable.content.loader import validate
from wartable.core.errors import ContentError
from wartable.games.tactics2gm import content

LIB = content.load()


def test_the_rulebooks_numbers_are_in_the_data_and_marked_so():
    rifle = LIB.units["light_infantry"].weapons[0]
    assert (rifle.hit, rifle.crit, rifle.range, rifle.pen, rifle.damage) == (5, 10, 2, 2, 1)
    assert LIB.units["light_infantry"].wounds == 3
    assert LIB.units["tiger"].armour == 6
    grenades = LIB.tokens["grenades"].weapon
    assert grenades is not None and grenades.range == 1 and not grenades.flip
    hq = LIB.hq
    assert (hq.hit_points, hq.start_ap, hq.hand, hq.draw, hq.hand_limit, hq.points) == (
        10, 5, 5, 2, 7, 120,
    )  # fmt: skip
    assert LIB.terrain["house"].cost == 3
    assert LIB.terrain["barrier"].cost + LIB.terrain["trench"].cost == 3
    assert LIB.terrain["wall"].cover == (1, 1)
    cards = validate(content.DATA / "cards.yaml", content.CardsFile)
    assert cards.provenance_of("units.light_infantry.wounds") == "rulebook"
    assert cards.provenance_of("units.light_infantry.weapons[0].pen") == "rulebook"
    assert cards.provenance_of("tokens.grenades.weapon.hit") == "house"
    assert cards.provenance_of("units.tiger.cost") == "house"
    board = validate(content.DATA / "field.yaml", content.FieldFile)
    assert board.provenance_of("hq.income") == "house"
    assert board.provenance_of("hq.hit_points") == "rulebook"


def test_gm6_a_unit_card_holds_its_whole_profile_and_none_of_it_may_be_left_out(data):
    """GM-6: cost, type, year, movement, each weapon's hit, critical, range, penetration and
    damage, armour, wounds, abilities, and the options with their price and side; a card
    file leaving out a printed part of the profile is refused, naming each one."""
    sherman = LIB.units["m4_sherman"]  # cost and option prices from the rulebook, the rest ours
    assert (sherman.cost, sherman.kind, sherman.movement) == (4, "tank", 2)
    assert (sherman.year, sherman.armour, sherman.wounds) == (1942, 4, 4)
    gun = sherman.weapons[0]
    assert (gun.hit, gun.crit, gun.range, gun.pen, gun.damage) == (5, 10, 4, 5, 2)
    assert {k: (o.token, o.price, o.slot) for k, o in sherman.options.items()} == {
        "mg1": ("tank_mg", 0, "offensive"),
        "mg2": ("tank_mg", 1, "offensive"),
        "mrl": ("mrl", 3, "offensive"),
        "smoke": ("smoke_grenade", 1, "defensive"),
    }
    assert LIB.units["usa_57mm"].abilities == ["antitank"]
    cards = data / "cards.yaml"  # the light infantry's card, with parts of it left out
    edit(cards, "    kind: infantry\n", "")
    edit(cards, "    cost: 1\n    movement: 2\n", "")
    edit(cards, "        pen: 2\n", "")
    edit(cards, "    armour: 0\n", "")
    edit(cards, "    wounds: {value: 3,", "    toughness: {value: 3,")
    edit(cards, "token: grenades, price: 1, slot: offensive", "token: grenades, price: 1")
    with pytest.raises(ContentError) as info:
        content.load(data)
    text = str(info.value)
    for field in ("kind", "cost", "movement", "weapons[0].pen", "armour", "wounds"):
        assert f"units.light_infantry.{field}: Field required" in text
    assert "units.light_infantry.options.grenades.slot: Field required" in text


def test_every_special_ability_and_card_type_is_used():
    used = {a for u in LIB.units.values() for a in u.abilities}
    assert used == set(content.Ability.__args__)  # type: ignore[attr-defined]
    kinds = {u.kind for u in LIB.units.values()}
    assert kinds == {"infantry", "tank", "transport", "artillery", "aircraft"}
    types = {s.type for s in LIB.support.values()}
    assert types == {"supplies", "promotion", "equipment", "general"}
    for army in ("usa", "germany"):
        assert {LIB.units[k].cls for k in LIB.cards_of(army) if k in LIB.units} >= {
            "light", "heavy", "special", "command", "fighter", "bomber",
        }  # fmt: skip
        assert sum(g.army == army for g in LIB.generals.values()) >= 2
    dry = [t for t in LIB.tiles.values() if not t.water]
    assert len(LIB.tiles) == 16 and len(dry) >= 12


def test_a_malformed_card_file_names_file_field_and_reason_for_every_problem(data):
    cards = data / "cards.yaml"
    edit(cards, "    armour: 0\n", "    armour: 'none'\n")
    edit(cards, "token: grenades, price: 1", "token: grenade, price: 1")
    with pytest.raises(ContentError) as info:
        content.load(data)
    text = str(info.value)
    assert f"{cards}: units.light_infantry.armour" in text
    assert len(info.value.problems) >= 1


def test_a_broken_reference_and_a_bad_tile_are_both_reported(data):
    cards, board = data / "cards.yaml", data / "field.yaml"
    edit(cards, "token: grenades, price: 1", "token: grenade, price: 1")
    with pytest.raises(ContentError, match=r"options\.grenades\.token: no token 'grenade'"):
        content.load(data)
    shutil.copy(content.DATA / "cards.yaml", cards)
    text = board.read_text()
    first_face = text.index("faces:")
    quote = text.index('"', first_face)
    board.write_text(text[: quote + 1] + "X" + text[quote + 2 :])
    with pytest.raises(ContentError) as info:
        content.load(data)
    assert f"{board}: tiles." in str(info.value) and "two of" in str(info.value)


def test_a14_only_a_bomber_may_say_its_bombs_wear_down_terrain(data):
    cards = data / "cards.yaml"
    edit(cards, "    armour: 0\n", "    armour: 0\n    razes: true\n")  # on a rifle squad
    with pytest.raises(ContentError, match=r"units\.light_infantry\.razes: only a bomber"):
        content.load(data)


def test_gm27_only_a_card_fitted_to_a_unit_may_last_one_turn(data):
    cards = data / "cards.yaml"
    edit(cards, "    effect: draw\n", "    effect: draw\n    duration: turn\n")
    with pytest.raises(ContentError, match=r"duration: only a card fitted to a unit"):
        content.load(data)
