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
from wartable.core.words import Said, say
from wartable.i18n import Voice
from wartable.server.store import StorageError, Store, open_store

F = TypeVar("F", bound=Callable[..., Any])


LINE_LIMIT = 300  # characters of one line of an error: an argument may be megabytes long


def fail(message: str) -> NoReturn:
    """``message`` on stderr after the program's name, exit code 2: said in the language of
    the command line (a ``Said`` in its words, a plain text as it is; ``spoken_in``)."""
    said = Voice(*spoken_in())(message)
    lines = [
        line if len(line) <= LINE_LIMIT else f"{line[:LINE_LIMIT]}... ({len(line)} characters)"
        for line in said.splitlines()
    ]
    print("wartable: error: " + "\n".join(lines), file=sys.stderr)
    raise typer.Exit(2)


def spoken_in() -> tuple[str, str | None]:
    """The language and the game the command being run speaks in. The language: the
    command's own ``--lang`` as click read it (so a command run in-process, as CliRunner
    does, whose words are not ``sys.argv``, says it too), else a ``--lang`` of the command
    line (``sys.argv``: one given to a command that takes none is read for its help and its
    errors, cli/helps.py), else the system's; English for a ``--lang`` we have no language
    for (the command says why). The game, whose catalog is asked first: the command's GAME
    (a ``game`` of it or of a group above it), else the first word of the command line
    that names one."""
    argv, names = sys.argv[1:], game_names()
    asked: list[str] = []
    game: str | None = None
    ctx = current_context()
    while ctx is not None:
        lang, named = ctx.params.get("lang"), ctx.params.get("game")
        if not asked and isinstance(lang, str):
            asked = ["--lang", lang]
        if game is None and isinstance(named, str) and named in names:
            game = named
        ctx = ctx.parent
    if game is None:
        game = next((a for a in argv if a in names), None)
    return helps.language([*argv, *asked]), game


def friendly_errors(fn: F) -> F:
    """Known errors become one line on stderr and exit code 2, never a traceback; said in
    the language asked for, where the error was raised with a message (``said_by``)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except WartableError as exc:
            fail(said_by(exc))

    return cast(F, wrapper)  # functools.wraps keeps the signature typer reads


def console() -> Console:
    return Console(highlight=False)


def load_game(name: str) -> Game:
    try:
        return get_game(name)
    except UnknownNameError as exc:
        fail(said_by(exc))


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
    """A bad command-line value: the command's usage, then what is wrong in one line, exit 2.
    ``message`` is best a ``Said``: ``fail`` says it in the command line's language."""
    ctx = current_context()
    if ctx is not None:
        print(ctx.get_usage(), file=sys.stderr)
    fail(say("{param}: {message}", param=param, message=message))


def unfit(param: str, target: Path) -> Said:
    """Why a file cannot be written at ``target``: a folder is there, or no folder for it."""
    if target.is_dir():
        return say("{param} {path}: is a folder", param=param, path=str(target))
    return say("{param} {path}: no such folder", param=param, path=str(target))


def unwritten(param: str, target: Path, reason: str) -> Said:
    """A file at ``target`` the system would not write, and its reason (in its words)."""
    return say(
        "{param} {path}: cannot write it ({reason})", param=param, path=str(target), reason=reason
    )


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
        fail(say("--db {problem}", problem=said_by(exc)))
    try:
        yield store
    finally:
        store.close()
