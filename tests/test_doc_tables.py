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
