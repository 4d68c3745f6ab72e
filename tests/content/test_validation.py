"""Malformed content is rejected with file, field and reason; every value has a provenance."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from wartable import ContentError
from wartable.content.loader import PROVENANCES
from wartable.games.undaunted import Undaunted
from wartable.games.undaunted.game import PACKAGE_DATA


@pytest.fixture
def data_dir(tmp_path) -> Path:
    target = tmp_path / "undaunted"
    shutil.copytree(PACKAGE_DATA, target)
    return target


def edit(path: Path, change) -> None:
    doc = yaml.safe_load(path.read_text())
    change(doc)
    path.write_text(yaml.safe_dump(doc))


def problems_of(data_dir: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        Undaunted(data_dir)
    return info.value.problems


def test_shipped_content_loads():
    game = Undaunted()
    assert {s.id for s in game.scenarios()} >= {"la-raye", "crossroads", "hill-203"}


def test_every_shipped_value_has_a_known_provenance():
    game = Undaunted()
    docs = [game.library.cards_doc] + [sc.loaded for sc in game._scenarios.values()]
    for doc in docs:
        assert doc.provenance, doc.source
        assert set(doc.provenance.values()) <= set(PROVENANCES)
    la_raye = game.scenario("la-raye").loaded
    assert la_raye.provenance_of("map[0].tile") == "published"
    assert game.scenario("crossroads").loaded.provenance_of("map[0].tile") == "house"
    cards = game.library.cards_doc
    assert cards.provenance_of("kinds.machine-gunner.actions[1].amount") == "rulebook"
    assert cards.provenance_of("kinds.rifleman.initiative") == "published"


def test_all_problems_are_reported_at_once_with_file_and_field(data_dir):
    edit(data_dir / "cards.yaml", lambda d: d["kinds"]["rifleman"].update(initiative=42))
    edit(data_dir / "counters.yaml", lambda d: d["counters"]["scout"].pop("defence"))
    problems = problems_of(data_dir)
    assert any(
        "cards.yaml: kinds.rifleman.initiative:" in p and "less than or equal" in p
        for p in problems
    )
    assert any("counters.yaml: counters.scout.defence: Field required" in p for p in problems)


def test_unknown_fields_are_rejected(data_dir):
    edit(data_dir / "tiles.yaml", lambda d: d["faces"]["1A"].update(colour="green"))
    assert any("tiles.yaml: faces.1A.colour: Extra inputs" in p for p in problems_of(data_dir))


def test_a_missing_provenance_is_a_problem(data_dir):
    edit(data_dir / "tiles.yaml", lambda d: d.pop("provenance"))
    assert any("tiles.yaml: faces.1A.cover: no provenance" in p for p in problems_of(data_dir))


def test_a_bad_provenance_is_a_problem(data_dir):
    edit(
        data_dir / "tiles.yaml",
        lambda d: d["faces"].update({"1A": {"cover": {"value": 0, "provenance": "guess"}}}),
    )
    assert any("faces.1A.cover.provenance: 'guess'" in p for p in problems_of(data_dir))


def test_broken_yaml_names_the_line(data_dir):
    (data_dir / "counters.yaml").write_text("counters:\n  rifleman: [unclosed\n")
    problems = problems_of(data_dir)
    assert any("counters.yaml: not valid YAML (line" in p for p in problems)


def test_an_empty_file_is_a_problem_not_a_crash(data_dir):
    (data_dir / "counters.yaml").write_text("# nothing here yet\n")
    problems = problems_of(data_dir)
    assert any("counters.yaml: (top level): expected a mapping of fields" in p for p in problems)


def test_scenario_cross_checks(data_dir):
    path = data_dir / "scenarios" / "la-raye.yaml"

    def break_it(d):
        d["map"][0]["tile"] = "99Z"
        d["sides"]["us"]["scouted"].append("1A")
        d["sides"]["us"]["cards"]["rifleman-A"] = [4, 4]
        d["sides"]["germany"]["counters"]["5B"].append("tank")

    edit(path, break_it)
    problems = problems_of(data_dir)
    expected = [
        "la-raye.yaml: map[0].tile: no tile face '99Z'",
        "la-raye.yaml: sides.us.scouted[2]: tile '1A' is not on the map",
        "la-raye.yaml: sides.us.cards.rifleman-A: 8 cards but the box has 5",
        "la-raye.yaml: sides.germany.counters.5B: 'tank' is not a unit",
    ]
    for text in expected:
        assert any(text in p for p in problems), text


def test_action_amounts_are_checked(data_dir):
    edit(data_dir / "cards.yaml", lambda d: d["kinds"]["rifleman"]["actions"][0].pop("amount"))
    assert any(
        "kinds.rifleman.actions[0].amount: move needs an amount" in p for p in problems_of(data_dir)
    )


def test_official_data_can_replace_ours(data_dir, monkeypatch):
    """A player with the box corrects a value in their own folder and the engine uses it."""
    edit(
        data_dir / "counters.yaml",
        lambda d: d["counters"]["mortar"].update(defence={"value": 3, "provenance": "published"}),
    )
    monkeypatch.setenv("WARTABLE_DATA", str(data_dir.parent))
    game = Undaunted()
    sc = game.scenario("la-raye")
    assert sc.units[sc.unit_index["mortar"]].defence == 3
