"""A store that cannot be opened, read or written is one StorageError line saying where and
why (never a database URL's password), and the command line prints it and exits 2."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from wartable.cli.main import app
from wartable.server.store import StorageError, open_store, shown

DOWN = "postgresql://bob:hunter2@127.0.0.1:1/wartable"  # nothing listens on port 1


def test_an_unreachable_database_is_one_line_without_its_password():
    pytest.importorskip("psycopg")
    with pytest.raises(StorageError) as caught:
        open_store(DOWN)
    text = str(caught.value)
    assert "cannot open it" in text and "bob:***@127.0.0.1" in text
    assert "hunter2" not in text and "\n" not in text


def test_a_file_where_no_folder_can_be_made(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(StorageError, match="cannot open it"):
        open_store(blocker / "games.sqlite3")


def test_a_store_that_fails_under_an_operation(tmp_path):
    store = open_store(tmp_path / "games.sqlite3")
    store.close()  # the connection is gone: every operation now fails in the database
    with pytest.raises(StorageError, match="the store failed"):
        store.game_ids()


def test_only_a_password_is_hidden():
    assert shown("postgresql://u:p@h:5/d") == "postgresql://u:***@h:5/d"
    assert shown("postgresql://h/d") == "postgresql://h/d"
    assert shown("/tmp/games.sqlite3") == "/tmp/games.sqlite3"


@pytest.mark.parametrize(
    "args",
    [
        ("deck", "tactics2gm", "list", "--db", DOWN),
        ("campaign", "list", "--db", DOWN),
    ],
)
def test_the_command_line_says_it_in_one_line(args):
    pytest.importorskip("psycopg")
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 2
    assert "Traceback" not in result.output and "hunter2" not in result.output
    assert "cannot open it" in result.output and len(result.output.splitlines()) <= 3
