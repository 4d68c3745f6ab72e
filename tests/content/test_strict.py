"""Content is read strictly: what YAML or a lax validator would let through is refused with
file, field and reason, and no message repeats megabytes of input (issue 10, item 19)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from wartable import ContentError
from wartable.games.combat.library import PACKAGE_DATA as COMBAT_DATA
from wartable.games.combat.library import CombatLibrary
from wartable.games.undaunted import Undaunted
from wartable.games.undaunted.game import PACKAGE_DATA


@pytest.fixture
def data_dir(tmp_path) -> Path:
    target = tmp_path / "undaunted"
    shutil.copytree(PACKAGE_DATA, target)
    return target


def problems_of(data_dir: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        Undaunted(data_dir)
    assert len(str(info.value)) < 20_000
    return info.value.problems


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def only(problems: list[str], text: str) -> str:
    found = [p for p in problems if text in p]
    assert found, problems
    return found[0]


TILES = "tiles.yaml: faces"


@pytest.mark.parametrize(
    ("edits", "messages"),
    [
        (  # a key written twice, in one mapping or as two entries
            [
                ("1A:  {cover: 0}", "1A:  {cover: 0, cover: 2}"),
                ("1B:  {cover: 1}\n", "1B:  {cover: 1}\n  1B: {cover: 2}\n"),
            ],
            [f"{TILES}.1A.cover: written twice (lines 6 and 6)", f"{TILES}.1B: written twice"],
        ),
        (  # a number or a yes/no written as text (pydantic's strict mode)
            [("1A:  {cover: 0}", "1A:  {cover: '3'}"), ("2B:  {cover: 2}", "2B:  {hill: 'yes'}")],
            [f"{TILES}.1A.cover: Input should be a valid integer", f"{TILES}.2B.hill: Input"],
        ),
    ],
    ids=["key twice", "number as text"],
)
def test_what_yaml_or_a_lax_validator_would_accept_is_refused(data_dir, edits, messages):
    for old, new in edits:
        replace(data_dir / "tiles.yaml", old, new)
    problems = problems_of(data_dir)
    for message in messages:
        only(problems, message)


def test_two_scenarios_with_one_id_are_refused(data_dir):
    shutil.copy(data_dir / "scenarios" / "la-raye.yaml", data_dir / "scenarios" / "zz-copy.yaml")
    problem = only(problems_of(data_dir), "zz-copy.yaml: id: scenario 'la-raye' is also the id in")
    assert problem.endswith("la-raye.yaml")


def test_an_empty_scenarios_folder_is_refused(data_dir):
    for path in (data_dir / "scenarios").iterdir():
        path.unlink()
    only(problems_of(data_dir), "scenarios: (folder): no scenario files (*.yaml)")
    shutil.rmtree(data_dir / "scenarios")
    only(problems_of(data_dir), "no scenario files (*.yaml) (the folder is missing)")


def test_text_that_is_not_utf8_is_refused(data_dir):
    path = data_dir / "counters.yaml"
    path.write_bytes(path.read_bytes().replace(b"Rifleman", b"Fusilier \xe9"))
    only(problems_of(data_dir), "counters.yaml: not UTF-8 text (byte 0xe9 at offset")


def test_a_number_of_five_thousand_digits_is_refused(data_dir):
    replace(data_dir / "tiles.yaml", "1A:  {cover: 0}", "1A:  {cover: " + "9" * 5000 + "}")
    problem = only(problems_of(data_dir), "tiles.yaml: faces.1A.cover: a number of 5000")
    assert len(problem) < 200


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("1A:  {cover: 0}", "1A:  {cover: 2024-06-06}", "faces.1A.cover: a YAML timestamp"),
        ("1A:  {cover: 0}", "1A:  !!set {cover}", "faces.1A: a YAML set is not plain data"),
        ("1A:  {cover: 0}", "1A:  &a {cover: 0}\n  1B: *a", "aliases (*name) are not allowed"),
        ("1A:  {cover: 0}", "1A:  {[1, 2]: 0}", "faces.1A: a key must be a name"),
    ],
)
def test_what_is_not_plain_data_is_refused(data_dir, old, new, message):
    replace(data_dir / "tiles.yaml", old, new)
    only(problems_of(data_dir), message)


def test_deep_nesting_is_refused(data_dir):
    (data_dir / "tiles.yaml").write_text("faces: " + "[" * 100_000 + "]" * 100_000)
    only(problems_of(data_dir), "tiles.yaml: (top level): nested too deeply")


def test_messages_quote_huge_input_instead_of_echoing_it(data_dir):
    huge = "Z" * 2_000_000
    replace(data_dir / "scenarios" / "la-raye.yaml", "{tile: 2B,", "{tile: " + huge + ",")
    problem = only(problems_of(data_dir), "la-raye.yaml: map[0].tile")
    assert len(problem) < 400


def test_many_problems_are_counted_not_all_printed():
    error = ContentError([f"file.yaml: f{i}: bad" for i in range(500)])
    assert len(error.problems) == 500
    assert "... and 460 more" in str(error) and len(str(error)) < 5000


@pytest.fixture
def combat_dir(tmp_path) -> Path:
    target = tmp_path / "combat"
    shutil.copytree(COMBAT_DATA, target)
    return target


def test_combat_refuses_repeated_ids_and_empty_folders(combat_dir):
    scenarios = combat_dir / "scenarios"
    shutil.copy(scenarios / "attack-the-farmhouse.yaml", scenarios / "zz-copy.yaml")
    shutil.copy(combat_dir / "maps" / "farmhouse.yaml", combat_dir / "maps" / "zz-copy.yaml")
    with pytest.raises(ContentError) as info:
        CombatLibrary(combat_dir)
    only(info.value.problems, "zz-copy.yaml: id: scenario 'attack-the-farmhouse' is also")
    only(info.value.problems, "zz-copy.yaml: id: map 'farmhouse' is also the id in")
    shutil.rmtree(scenarios)
    scenarios.mkdir()
    with pytest.raises(ContentError) as info:
        CombatLibrary(combat_dir)
    only(info.value.problems, "scenarios: (folder): no scenario files")


@pytest.mark.parametrize("parser", ["libyaml", "python"])
def test_both_yaml_parsers_read_every_shipped_file_as_yaml_itself_does(monkeypatch, parser):
    """Content is parsed with libyaml where PyYAML has it and with PyYAML's own parser where
    it does not; nodes are composed by our loader either way: every file comes out as
    ``yaml.safe_load`` reads it, whichever parser runs."""
    import yaml

    from wartable.content import loader

    if parser == "libyaml" and not yaml.__with_libyaml__:
        pytest.skip("this PyYAML was built without libyaml")
    monkeypatch.setattr(
        loader, "_Loader", yaml.CSafeLoader if parser == "libyaml" else yaml.SafeLoader
    )
    files = sorted(Path(PACKAGE_DATA).rglob("*.yaml")) + sorted(Path(COMBAT_DATA).rglob("*.yaml"))
    assert len(files) > 10
    for path in files:
        data, problems = loader._parse(path, path.name)
        assert problems == [] and data == yaml.safe_load(path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize("parser", ["libyaml", "python"])
def test_nesting_stops_at_the_limit_with_either_parser(data_dir, monkeypatch, parser):
    import yaml

    from wartable.content import loader

    if parser == "libyaml" and not yaml.__with_libyaml__:
        pytest.skip("this PyYAML was built without libyaml")
    monkeypatch.setattr(
        loader, "_Loader", yaml.CSafeLoader if parser == "libyaml" else yaml.SafeLoader
    )
    deep = loader.MAX_DEPTH
    (data_dir / "tiles.yaml").write_text("faces: " + "[" * deep + "]" * deep)
    only(problems_of(data_dir), "tiles.yaml: (top level): nested too deeply")
    (data_dir / "tiles.yaml").write_text("faces: " + "[" * (deep - 1) + "]" * (deep - 1))
    assert not any("nested too deeply" in p for p in problems_of(data_dir))
