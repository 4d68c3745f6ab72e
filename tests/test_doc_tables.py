"""The docs' tables generated from the code (tools/doc_tables.py) are current: a verb
declared, renamed or moved to another moment fails here until the docs say so."""

from __future__ import annotations

from tools import doc_tables


def test_every_generated_table_matches_the_code():
    assert doc_tables.stale(write=False) == [], "run: python tools/doc_tables.py --write"


def test_the_table_names_every_declared_verb_with_its_notation():
    block = doc_tables.tables("tactics2gm")
    assert block is not None
    for verb in ("move", "fire", "deploy", "bid", "give"):
        assert f"| `{verb}` |" in block
    assert "`fire UNIT WEAPON TARGET`" in block


def test_the_fields_table_gives_each_field_its_part_copy_and_meaning():
    block = doc_tables.tables("diadehonor", "fields")
    assert block is not None
    assert "| `lib` | static |  | `Library` |" in block
    assert (
        "| `objectives` | hidden | `fresh` | `list[str]` | per seat, its secret objective" in block
    )
    # a comment that breaks off at a comma goes on in the next comment line
    assert '"mine", "air"), "" while it lives |' in block


def test_the_events_table_lists_every_declared_kind():
    block = doc_tables.tables("undaunted", "events")
    assert block is not None
    assert block.count("\n| `") == 28 and "| `end-turn` | a player ends the turn |" in block


def test_the_observation_table_shows_each_layout_and_each_option_that_changes_the_space():
    block = doc_tables.tables("combat", "observation")
    assert block is not None
    assert "| `attack-the-farmhouse` | night=True | attack-the-farmhouse | 102,879 |" in block
    notes = doc_tables.tables("tactics2gm", "observation")
    assert notes is not None and "| board block | plane |" in notes  # the observer's notes
    assert "| block | default | players=2v1 | fields=two | bounds | meaning |" in notes
