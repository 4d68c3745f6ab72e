"""Combat! component data: what the rulebook prints is in the data, and bad data is refused."""

from __future__ import annotations

import shutil

import pytest
import yaml

from wartable import ContentError
from wartable.games.combat.library import PACKAGE_DATA, CombatLibrary


@pytest.fixture(scope="module")
def lib() -> CombatLibrary:
    return CombatLibrary()


def card(lib, number):
    return next(c for c in lib.enemy_cards.cards if c.number == number)


def test_everything_loads(lib):
    assert len(lib.enemy_cards.cards) == 50 and len(lib.friendly_cards.cards) == 52
    assert sorted(c.initiative for c in lib.enemy_cards.cards) == list(range(1, 100, 2))
    assert set(lib.scenarios) == {"attack-the-farmhouse", "a-meeting-of-patrols"}
    assert set(lib.maps) == {"farmhouse", "hedgerows"}


@pytest.mark.parametrize(
    ("number", "initiative", "rout", "berserk", "in_cover", "in_open"),
    [
        (
            10,
            3,
            "3",
            "5",
            ["aimed_fire G", "aimed_fire G", "aimed_fire G", "aimed_fire", "rally"],
            ["evade 6 G C", "evade 6 G C", "evade 6 G C", "evade 2", "evade 2 G"],
        ),
        (
            25,
            7,
            "2",
            "6",
            ["rapid_fire", "rapid_fire G", "suppressive_fire", "rally", "rally"],
            ["rapid_fire", "rapid_fire", "rapid_fire", "suppressive_fire", "suppressive_fire"],
        ),
        (
            36,
            23,
            "3/2",
            "5/6",
            ["rapid_fire G", "suppressive_fire G", "hide", "hide", "hide"],
            ["rapid_fire", "evade 6/5", "run_and_gun 6/5", "rapid_fire", "sneak 3/2"],
        ),
        (
            44,
            63,
            "3",
            "5",
            ["rapid_fire", "aimed_fire", "aimed_fire", "rally", "hide"],
            ["run_and_gun 6/5 C", "aimed_fire C", "aimed_fire", "evade 3/2", "sneak 3"],
        ),
    ],
)
def test_the_four_enemy_cards_printed_in_the_rulebook(
    lib, number, initiative, rout, berserk, in_cover, in_open
):
    c = card(lib, number)
    assert (c.initiative, c.rout, c.berserk) == (initiative, rout, berserk)
    assert c.in_cover == in_cover and c.in_open == in_open


def test_friendly_card_6_from_the_initiative_example(lib):
    c = next(c for c in lib.friendly_cards.cards if c.number == 6)
    assert c.initiative == (4, 24, 60) and c.type == "order"


def test_weapon_cards_printed_in_the_rulebook(lib):
    m3 = lib.weapons.weapons["m3_grease_gun"]
    assert (m3.max_range, m3.rate_of_fire) == (12, 3)
    assert m3.bands == [(1, 2), (3, 1), (6, 0), (10, -2), (12, -4)]
    kar = lib.weapons.weapons["kar98k"]
    assert (kar.max_range, kar.rate_of_fire, kar.flags) == (55, 1, ["slow"])
    assert kar.bands == [(1, 2), (3, 1), (12, 0), (30, -2), (55, -4)]
    garand = lib.weapons.weapons["m1_garand"]
    assert dict(garand.bands)[10] == 0  # rule-of-zero example: no modifier at 8 hexes


def test_grenades_and_artillery_printed_in_the_rulebook(lib):
    mk2 = lib.weapons.grenades["us_mk2_frag"]
    assert (mk2.max_range, mk2.damage, mk2.frag, mk2.smoke) == (3, (3, 1), (4, 2), 1)
    assert lib.weapons.grenades["us_m18_smoke"].smoke == 3
    stick = lib.weapons.grenades["stielhandgranate_24"]
    assert (stick.damage, stick.frag, stick.smoke) == ((3, 1), (3, 2), 1)
    m81 = lib.weapons.artillery["mortar_81mm"]
    assert (m81.damage[0], m81.frag[0], m81.crater[0], m81.rubble[0], m81.smoke) == (4, 5, 2, 1, 3)
    h105 = lib.weapons.artillery["howitzer_105mm"]
    assert (h105.damage, h105.frag, h105.crater, h105.rubble, h105.smoke) == (
        (5, 2),
        (5, 3),
        (4, None),
        (4, 0),
        4,
    )


def test_counters_printed_in_the_rulebook(lib):
    taylor = lib.characters.us.counters["sgt-taylor"]
    assert (taylor.tq, taylor.ldr) == (6, 3)
    assert taylor.weapons == {"m3_grease_gun": 7, "us_mk2_frag": 4, "m1911": 5}
    recruit = lib.characters.germany.roles["recruit"]  # Soldat Jung's printed values
    assert (recruit.tq, recruit.weapons["kar98k"], recruit.weapons["stielhandgranate_24"]) == (
        4,
        3,
        2,
    )
    assert "soldat-jung" in lib.characters.germany.teams["red"]


def test_squad_table_rows_fill_every_slot(lib):
    us = lib.characters.us
    assert len(us.slots) == 12 and sorted(us.d6_table) == [1, 2, 3, 4, 5, 6]
    assert us.d6_table[1][:3] == ["sgt-taylor", "pvt-cragg", "pvt-brubaker"]


def test_the_81mm_aim_table_of_the_rulebook_example(lib):
    table = lib.events.aim_tables["friendly_fire_attacking"]
    assert [table[i] for i in range(10)] == [
        "20.07",
        "27.11",
        "20.14",
        "27.16",
        "30.12",
        "28.07",
        "19.14",
        "24.13",
        "23.06",
        "12.10",
    ]


def test_scenarios_and_their_provenance(lib):
    s = lib.scenarios["attack-the-farmhouse"]
    assert (s.turns, s.hand, s.map, s.events) == (12, 3, "farmhouse", "attacking")
    assert len(s.enemy.setup) == 26 and s.enemy.dummies == 20
    assert [lv.min for lv in s.victory.levels["list"]] == [15, 12, 9, 6, 1, None]
    doc = lib.scenario_docs["attack-the-farmhouse"]
    assert doc.provenance_of("enemy.setup[10]") == "house"  # 22.19 is off the grid: corrected
    assert doc.provenance_of("enemy.setup[0]") == "published"
    assert doc.provenance_of("victory.levels.list[0].min") == "rulebook"
    patrol = lib.scenarios["a-meeting-of-patrols"]
    assert patrol.map == "hedgerows" and len(patrol.victory.objectives) == 4


@pytest.fixture
def data_dir(tmp_path):
    target = tmp_path / "combat"
    shutil.copytree(PACKAGE_DATA, target)
    return target


def edit(path, change):
    doc = yaml.safe_load(path.read_text())
    change(doc)
    path.write_text(yaml.safe_dump(doc))


def test_bad_data_is_refused_with_every_problem(data_dir):
    edit(data_dir / "cards_enemy.yaml", lambda d: d["cards"][0].update(in_cover=["dance 7"] * 5))
    edit(data_dir / "charts.yaml", lambda d: d["fire"]["modifiers"].pop("trees"))
    edit(
        data_dir / "characters.yaml",
        lambda d: d["us"]["counters"]["sgt-taylor"]["weapons"].update(raygun=9),
    )
    edit(
        data_dir / "scenarios" / "attack-the-farmhouse.yaml",
        lambda d: d["enemy"]["setup"].append("40.40"),
    )
    edit(data_dir / "cards_friendly.yaml", lambda d: d["cards"][5].update(initiative=[3, 24, 60]))
    with pytest.raises(ContentError) as info:
        CombatLibrary(data_dir)
    text = "\n".join(info.value.problems)
    assert "cards_enemy.yaml: cards[0].in_cover: Value error, 'dance 7' is not" in text
    assert "charts.yaml: fire.modifiers: no row for terrain 'trees'" in text
    assert "characters.yaml: us.counters.sgt-taylor.weapons: unknown weapon 'raygun'" in text
    assert "attack-the-farmhouse.yaml: enemy.setup[26]: hex 40.40 is not on this map" in text
    assert "cards_friendly.yaml: cards[5].initiative: friendly initiatives are even" in text


def test_a_card_numbered_twice_is_refused_in_either_deck(data_dir):
    edit(data_dir / "cards_enemy.yaml", lambda d: d["cards"][1].update(number=1))
    edit(data_dir / "cards_friendly.yaml", lambda d: d["cards"][1].update(number=1))
    with pytest.raises(ContentError) as info:
        CombatLibrary(data_dir)
    text = "\n".join(info.value.problems)
    for deck in ("cards_enemy.yaml", "cards_friendly.yaml"):
        assert f"{deck}: cards: card numbers must run 1..n without gaps or repeats" in text
