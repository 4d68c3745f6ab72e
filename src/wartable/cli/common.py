"""What every command of the ``wartable`` command line shares: one-line errors with exit
code 2, the console, a game by name, and where games, rosters and decks are kept."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar, cast

import typer
from rich.console import Console

from wartable.cli import helps
from wartable.core.errors import UnknownNameError, WartableError, said_by
from wartable.core.game import Game
from wartable.core.registry import game_names, get_game
from wartable.i18n import Voice
from wartable.server.store import StorageError, Store, open_store

F = TypeVar("F", bound=Callable[..., Any])


LINE_LIMIT = 300  # characters of one line of an error: an argument may be megabytes long


def fail(message: str) -> NoReturn:
    lines = [
        line if len(line) <= LINE_LIMIT else f"{line[:LINE_LIMIT]}... ({len(line)} characters)"
        for line in message.splitlines()
    ]
    print("wartable: error: " + "\n".join(lines), file=sys.stderr)
    raise typer.Exit(2)


def friendly_errors(fn: F) -> F:
    """Known errors become one line on stderr and exit code 2, never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except WartableError as exc:  # said in the language asked for, where it is a message
            argv = sys.argv[1:]
            game = next((a for a in argv if a in game_names()), None)
            fail(Voice(helps.language(argv), game)(said_by(exc)))

    return cast(F, wrapper)  # functools.wraps keeps the signature typer reads


def console() -> Console:
    return Console(highlight=False)


def load_game(name: str) -> Game:
    try:
        return get_game(name)
    except UnknownNameError as exc:
        fail(str(exc))


def current_context() -> Any:
    """The command being run. Typer 0.29 runs commands on its own copy of click, whose
    context click's ``get_current_context`` cannot see (then no usage was printed)."""
    try:
        from typer._click import globals as running
    except ImportError:  # a typer that runs on click itself (click is no dependency of ours)
        import click

        return click.get_current_context(silent=True)
    return running.get_current_context(silent=True)


def usage(param: str, message: str) -> NoReturn:
    """A bad command-line value: the command's usage, then what is wrong in one line, exit 2."""
    ctx = current_context()
    if ctx is not None:
        print(ctx.get_usage(), file=sys.stderr)
    fail(f"{param}: {message}")


def default_db() -> Path:
    """Games are kept in the user's data directory (XDG), e.g. ~/.local/share/wartable."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "wartable" / "games.sqlite3"


DbOpt = Annotated[
    str | None,
    typer.Option("--db", help="SQLite file or postgresql:// URL (default: wartable serve's)"),
]


def where(db: str | None) -> str:
    return db or str(default_db())


@contextmanager
def database(db: str | None) -> Iterator[Store]:
    """The store at ``db`` (default: the one ``wartable serve`` uses), closed afterwards; one
    that cannot be opened is said in one line, exit 2."""
    place = where(db)
    try:
        store = open_store(place)
    except StorageError as exc:
        fail(f"--db {exc}")
    try:
        yield store
    finally:
        store.close()
