"""Where games live between requests and across restarts: an append-only list of accepted
actions per game, plus how each game was set up, who sits where and who may still join.

A game is never stored as a state, only as its record (setup + actions): the engine rebuilds
it exactly by replay, so a server killed at any moment loses nothing that was acknowledged
(an action is committed before anyone is told of it).

Every operation is a small function over a transaction (an ``Op``). ``Store.batch`` runs
several in one transaction, each inside its own savepoint, so one commit (one fsync) serves
them all and one that fails is undone alone: the server's writer thread (``writer.py``) uses
it for group commit. ``open_store`` picks SQLite for a file path and PostgreSQL (psycopg,
installed with the ``postgres`` extra) for a ``postgresql://`` URL; both run the same SQL.
"""

from __future__ import annotations

import functools
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast
from urllib.parse import urlsplit, urlunsplit

from wartable.core.errors import WartableError
from wartable.core.words import say, word


class StorageError(WartableError, OSError):
    """A store that cannot be opened, read or written: a database server that does not
    answer, a folder that cannot be made, a full disk. One line says where and why; a
    database URL's password is never repeated."""


@functools.cache
def database_errors() -> tuple[type[BaseException], ...]:
    """What the drivers raise when the database itself fails (psycopg's only where the
    ``postgres`` extra is installed)."""
    try:
        import psycopg
    except ImportError:
        return (sqlite3.Error, OSError)
    return (sqlite3.Error, OSError, psycopg.Error)


def shown(where: str | Path) -> str:
    """A store's place as it may be printed: a URL without its password."""
    text = str(where)
    parts = urlsplit(text)
    if parts.scheme and parts.password:
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
        text = urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}{port}"))
    return text


def first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


SCHEMA = (
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        scenario TEXT NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    # token_hash is '' while the seat waits for its invitation to be claimed
    """CREATE TABLE IF NOT EXISTS seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat TEXT NOT NULL,
        agent TEXT NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    # the rules version a game was set up under: its actions replay only under the same rules
    # (a table of its own, so databases made before it need no ALTER; their games read None)
    """CREATE TABLE IF NOT EXISTS rules (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        version TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL REFERENCES games(id),
        n INTEGER NOT NULL,
        seat TEXT NOT NULL,
        action TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, n)
    )""",
    # the creator's key for managing invitations (never a seat)
    """CREATE TABLE IF NOT EXISTS hosts (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        token_hash TEXT NOT NULL
    )""",
    # one open invitation per unclaimed human seat; claiming or revoking deletes it
    """CREATE TABLE IF NOT EXISTS invitations (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    # games that have ended: a restarted server need not wake their AI seats
    """CREATE TABLE IF NOT EXISTS finished (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        reason TEXT NOT NULL
    )""",
    # campaign rosters, a player's squad between battles, and their soldiers (rosters.py);
    # tables of their own, so older databases gain them with no ALTER
    """CREATE TABLE IF NOT EXISTS rosters (
        name TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        nation TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
    # the seats of a game that field a campaign roster: its result is recorded in the
    # transaction that stores the game's last action (rosters.py)
    """CREATE TABLE IF NOT EXISTS fielding (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat TEXT NOT NULL,
        roster TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS soldiers (
        roster TEXT NOT NULL REFERENCES rosters(name),
        id TEXT NOT NULL,
        type TEXT NOT NULL,
        name TEXT NOT NULL,
        missions INTEGER NOT NULL,
        PRIMARY KEY (roster, id)
    )""",
    # decks players built, by game and name (decks.py): the deck itself as its JSON
    """CREATE TABLE IF NOT EXISTS decks (
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        army TEXT NOT NULL,
        body TEXT NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game, name)
    )""",
)

HUMAN = "human"
T = TypeVar("T")


class StaleAction(Exception):
    """Another action took this number first (two clients raced for the same seat)."""


USED = word("this invitation has been used or withdrawn")


class NoInvitation(Exception):
    """The invitation is unknown, already claimed or revoked, or its seat is taken."""


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: str
    game: str
    scenario: str
    seed: int
    options: dict[str, Any]
    seats: dict[str, tuple[str, str]]  # seat -> (agent name or "human", token hash or '')
    actions: list[tuple[str, str]]  # (seat, action text), in order
    version: str | None = None  # the game's rules version at set-up; None: stored before we kept it
    host: str = ""  # hash of the creator's key ('' for games stored before invitations)
    rosters: dict[str, str] = field(default_factory=dict)  # seat -> the roster it fields


class Tx:
    """One transaction as an operation sees it: SQL written with ``?`` placeholders whatever
    the database, and the database's own way of telling a primary-key conflict."""

    def __init__(self, cur: Any, store: Store) -> None:
        self._cur = cur
        self._store = store

    def run(self, sql: str, params: Sequence[Any] = ()) -> Any:
        self._cur.execute(sql.replace("?", self._store.mark), tuple(params))
        return self._cur

    def is_conflict(self, exc: BaseException) -> bool:
        return self._store._is_conflict(exc)


Op = Callable[[Tx], T]


@dataclass(frozen=True, slots=True)
class Failed:
    """An operation of a batch that raised: only its own savepoint was rolled back."""

    error: BaseException


# ---- operations ---------------------------------------------------------------------------
def create_game(
    game_id: str,
    game: str,
    scenario: str,
    seed: int,
    options: dict[str, Any],
    seats: dict[str, tuple[str, str]],
    version: str,
    host: str = "",
    invitations: dict[str, str] | None = None,
    rosters: dict[str, str] | None = None,
) -> Op[None]:
    """A new game with its seats (agent or person, token hash), the creator's key, one
    invitation (code hash) per seat left for another person, and the campaign roster each
    seat that has one fields."""

    def op(tx: Tx) -> None:
        tx.run(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, game, scenario, seed, json.dumps(options), time.time()),
        )
        tx.run("INSERT INTO rules VALUES (?, ?)", (game_id, version))
        tx.run("INSERT INTO hosts VALUES (?, ?)", (game_id, host))
        for seat, (agent, token_hash) in seats.items():
            tx.run("INSERT INTO seats VALUES (?, ?, ?, ?)", (game_id, seat, agent, token_hash))
        for seat, code_hash in (invitations or {}).items():
            tx.run("INSERT INTO invitations VALUES (?, ?, ?)", (game_id, seat, code_hash))
        for seat, roster in (rosters or {}).items():
            tx.run("INSERT INTO fielding VALUES (?, ?, ?)", (game_id, seat, roster))

    return op


def append_action(
    game_id: str, n: int, seat: str, action: str, finished: str | None = None
) -> Op[None]:
    """Action number ``n`` (0-based), or StaleAction if ``n`` is taken; ``finished`` (the
    outcome's reason) marks the game over in the same transaction."""

    def op(tx: Tx) -> None:
        try:
            tx.run(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                (game_id, n, seat, action, time.time()),
            )
        except Exception as exc:
            if tx.is_conflict(exc):
                raise StaleAction(f"action {n} of game {game_id} is already taken") from exc
            raise
        if finished is not None:
            tx.run("INSERT INTO finished VALUES (?, ?)", (game_id, finished))

    return op


def load_game(game_id: str) -> Op[StoredGame | None]:
    def op(tx: Tx) -> StoredGame | None:
        row = tx.run(
            "SELECT game, scenario, seed, options FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        rows = tx.run(
            "SELECT seat, agent, token_hash FROM seats WHERE game_id = ?", (game_id,)
        ).fetchall()
        seats = {seat: (agent, h) for seat, agent, h in rows}
        rows = tx.run(
            "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (game_id,)
        ).fetchall()
        actions = [(seat, action) for seat, action in rows]
        version = tx.run("SELECT version FROM rules WHERE game_id = ?", (game_id,)).fetchone()
        host = tx.run("SELECT token_hash FROM hosts WHERE game_id = ?", (game_id,)).fetchone()
        rows = tx.run("SELECT seat, roster FROM fielding WHERE game_id = ?", (game_id,)).fetchall()
        rosters = {str(seat): str(roster) for seat, roster in rows}
        return StoredGame(
            game_id,
            row[0],
            row[1],
            int(row[2]),
            json.loads(row[3]),
            seats,
            actions,
            version[0] if version else None,
            host[0] if host else "",
            rosters,
        )

    return op


def claim_seat(game_id: str, code_hash: str, token_hash: str) -> Op[str]:
    """Trade an open invitation for its seat: the invitation goes, the seat gets the new
    token's hash. Deleting the invitation is what decides a race between two claims (the
    second deletes nothing), on SQLite and PostgreSQL alike. Returns the seat."""

    def op(tx: Tx) -> str:
        seat = invitation_seat(game_id, code_hash)(tx)
        if seat is None:
            raise NoInvitation(USED)
        gone = tx.run(
            "DELETE FROM invitations WHERE game_id = ? AND seat = ? AND code_hash = ?",
            (game_id, seat, code_hash),
        )
        taken = tx.run(
            "UPDATE seats SET token_hash = ? WHERE game_id = ? AND seat = ? AND token_hash = ''",
            (token_hash, game_id, seat),
        )
        if gone.rowcount != 1 or taken.rowcount != 1:
            raise NoInvitation(USED)
        return seat

    return op


def invitation_seat(game_id: str, code_hash: str) -> Op[str | None]:
    """The seat an invitation still opens, or None once it is used or withdrawn (read only:
    to say why a claim is refused without spending the invitation)."""

    def op(tx: Tx) -> str | None:
        row = tx.run(
            "SELECT seat FROM invitations WHERE game_id = ? AND code_hash = ?",
            (game_id, code_hash),
        ).fetchone()
        return None if row is None else str(row[0])

    return op


def set_invitation(game_id: str, seat: str, code_hash: str | None) -> Op[None]:
    """Issue a new invitation for an unclaimed human seat (replacing the old one), or with
    ``None`` withdraw it. A claimed seat is refused: only its holder has it."""

    def op(tx: Tx) -> None:
        row = tx.run(
            "SELECT agent, token_hash FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)
        ).fetchone()
        if row is None or row[0] != HUMAN:
            raise NoInvitation(say("{seat} is not a seat for a person in this game", seat=seat))
        if row[1]:
            raise NoInvitation(
                say("{seat} has been claimed; only its holder can open it now", seat=seat)
            )
        tx.run("DELETE FROM invitations WHERE game_id = ? AND seat = ?", (game_id, seat))
        if code_hash is not None:
            tx.run("INSERT INTO invitations VALUES (?, ?, ?)", (game_id, seat, code_hash))

    return op


def open_invitations(game_id: str) -> Op[set[str]]:
    def op(tx: Tx) -> set[str]:
        rows = tx.run("SELECT seat FROM invitations WHERE game_id = ?", (game_id,)).fetchall()
        return {str(r[0]) for r in rows}

    return op


def games_with_ai_to_wake() -> Op[list[str]]:
    """Games not yet over that seat at least one AI: a restarted server resumes them."""

    def op(tx: Tx) -> list[str]:
        rows = tx.run(
            "SELECT g.id FROM games g WHERE EXISTS "
            "(SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.agent <> ?) "
            "AND NOT EXISTS (SELECT 1 FROM finished f WHERE f.game_id = g.id) "
            "ORDER BY g.created",
            (HUMAN,),
        ).fetchall()
        return [str(r[0]) for r in rows]

    return op


def mark_finished(game_id: str, reason: str) -> Op[None]:
    """For a game found over when loaded (stored before games were marked at their end)."""

    def op(tx: Tx) -> None:
        if tx.run("SELECT 1 FROM finished WHERE game_id = ?", (game_id,)).fetchone() is None:
            tx.run("INSERT INTO finished VALUES (?, ?)", (game_id, reason))

    return op


def all_game_ids() -> Op[list[str]]:
    def op(tx: Tx) -> list[str]:
        return [str(r[0]) for r in tx.run("SELECT id FROM games ORDER BY created").fetchall()]

    return op


# ---- the databases --------------------------------------------------------------------------
class Store:
    """The store: operations run in transactions; each database's class adds its connection
    (``_tx``), its placeholder (``mark``) and how it reports a key conflict."""

    mark = "?"

    def __init__(self) -> None:
        self._lock = threading.Lock()

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        raise NotImplementedError

    def _is_conflict(self, exc: BaseException) -> bool:
        return isinstance(exc, sqlite3.IntegrityError)

    def _setup(self) -> None:
        with self._tx() as cur:
            for statement in SCHEMA:
                cur.execute(statement)

    def batch(self, ops: Sequence[Op[Any]]) -> list[Any]:
        """Run ``ops`` in one transaction, one commit for all. Each runs in a savepoint: one
        that raises is undone alone and its place in the result holds ``Failed(error)``."""
        results: list[Any] = []
        with self._tx() as cur:
            tx = Tx(cur, self)
            for op in ops:
                cur.execute("SAVEPOINT op")
                try:
                    results.append(op(tx))
                except Exception as exc:
                    cur.execute("ROLLBACK TO SAVEPOINT op")
                    results.append(Failed(exc))
                cur.execute("RELEASE SAVEPOINT op")
        return results

    def run(self, op: Op[T]) -> T:
        """One operation in a transaction of its own (tests, tools). The database failing
        under it (not an operation refusing, like a stale action) is a StorageError."""
        try:
            result = self.batch([op])[0]
            if isinstance(result, Failed):
                raise result.error
        except database_errors() as exc:
            if self._is_conflict(exc):  # an operation's own refusal, not a failing store
                raise
            raise StorageError(f"the store failed: {first_line(exc)}") from exc
        return cast(T, result)  # batch() holds each operation's own result

    # the operations, run one at a time (the server batches them through its writer)
    def create(
        self,
        game_id: str,
        game: str,
        scenario: str,
        seed: int,
        options: dict[str, Any],
        seats: dict[str, tuple[str, str]],
        version: str,
    ) -> None:
        self.run(create_game(game_id, game, scenario, seed, options, seats, version))

    def append(self, game_id: str, n: int, seat: str, action: str) -> None:
        self.run(append_action(game_id, n, seat, action))

    def load(self, game_id: str) -> StoredGame | None:
        return self.run(load_game(game_id))

    def game_ids(self) -> list[str]:
        return self.run(all_game_ids())

    def close(self) -> None:
        raise NotImplementedError


class SqliteStore(Store):
    """One file; WAL journal and a full fsync per commit, so a commit survives a kill."""

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._setup()

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        with self._lock:
            cur = self._db.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                yield cur
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            cur.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._db.close()


class PostgresStore(Store):
    """The same tables in PostgreSQL, through psycopg (the ``postgres`` extra)."""

    mark = "%s"

    def __init__(self, url: str) -> None:
        super().__init__()
        try:
            import psycopg
        except ImportError as exc:  # pragma: no cover - depends on the extra
            raise RuntimeError(
                "a PostgreSQL URL needs psycopg: pip install 'wartable[postgres]'"
            ) from exc
        self._psycopg = psycopg
        self._db = psycopg.connect(url, autocommit=True)  # each transaction() commits
        self._setup()

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        with self._lock, self._db.transaction(), self._db.cursor() as cur:
            yield cur

    def _is_conflict(self, exc: BaseException) -> bool:
        return isinstance(exc, self._psycopg.errors.UniqueViolation)

    def close(self) -> None:
        with self._lock:
            self._db.close()


def open_store(where: str | Path) -> Store:
    """A store for a file path (SQLite) or a ``postgresql://`` URL; one that cannot be
    opened is a StorageError saying where (without a password) and why, in one line."""
    text = str(where)
    failures: tuple[type[BaseException], ...] = (*database_errors(), RuntimeError)
    try:
        if text.startswith(("postgresql://", "postgres://")):
            return PostgresStore(text)
        return SqliteStore(text)
    except failures as exc:
        raise StorageError(f"{shown(text)}: cannot open it ({first_line(exc)})") from exc
