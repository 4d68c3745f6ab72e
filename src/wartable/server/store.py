"""Where games live between requests and across restarts: an append-only list of accepted
actions per game, plus how each game was set up and who sits where.

A game is never stored as a state, only as its record (setup + actions): the engine rebuilds
it exactly by replay, so a server killed at any moment loses nothing that was acknowledged
(an action is committed before anyone is told of it). The store is reached through one small
interface; ``open_store`` picks SQLite for a file path and PostgreSQL (psycopg, installed with
the ``postgres`` extra) for a ``postgresql://`` URL.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        scenario TEXT NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL
    )""",
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
)


class StaleAction(Exception):
    """Another action took this number first (two clients raced for the same seat)."""


@dataclass(frozen=True, slots=True)
class StoredGame:
    id: str
    game: str
    scenario: str
    seed: int
    options: dict[str, Any]
    seats: dict[str, tuple[str, str]]  # seat -> (agent name or "human", token hash)
    actions: list[tuple[str, str]]  # (seat, action text), in order
    version: str | None = None  # the game's rules version at set-up; None: stored before we kept it


class Store:
    """The store: the SQL both databases share (``mark`` is the driver's placeholder); each
    database's class adds its connection and transactions."""

    mark = "?"

    def __init__(self) -> None:
        self._lock = threading.Lock()

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        raise NotImplementedError

    def _q(self, sql: str) -> str:
        return sql.replace("?", self.mark)

    def _setup(self) -> None:
        with self._tx() as cur:
            for statement in SCHEMA:
                cur.execute(statement)

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
        with self._tx() as cur:
            cur.execute(
                self._q("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)"),
                (game_id, game, scenario, seed, json.dumps(options), time.time()),
            )
            cur.execute(self._q("INSERT INTO rules VALUES (?, ?)"), (game_id, version))
            for seat, (agent, token_hash) in seats.items():
                cur.execute(
                    self._q("INSERT INTO seats VALUES (?, ?, ?, ?)"),
                    (game_id, seat, agent, token_hash),
                )

    def append(self, game_id: str, n: int, seat: str, action: str) -> None:
        """Commit action number ``n`` (0-based), or raise StaleAction if ``n`` is taken."""
        try:
            with self._tx() as cur:
                cur.execute(
                    self._q("INSERT INTO actions VALUES (?, ?, ?, ?, ?)"),
                    (game_id, n, seat, action, time.time()),
                )
        except Exception as exc:
            if self._is_conflict(exc):
                raise StaleAction(f"action {n} of game {game_id} is already taken") from exc
            raise

    def _is_conflict(self, exc: Exception) -> bool:
        return isinstance(exc, sqlite3.IntegrityError)

    def load(self, game_id: str) -> StoredGame | None:
        with self._tx() as cur:
            cur.execute(
                self._q("SELECT game, scenario, seed, options FROM games WHERE id = ?"), (game_id,)
            )
            row = cur.fetchone()
            if row is None:
                return None
            cur.execute(
                self._q("SELECT seat, agent, token_hash FROM seats WHERE game_id = ?"), (game_id,)
            )
            seats = {seat: (agent, h) for seat, agent, h in cur.fetchall()}
            cur.execute(
                self._q("SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n"),
                (game_id,),
            )
            actions = [(seat, action) for seat, action in cur.fetchall()]
            cur.execute(self._q("SELECT version FROM rules WHERE game_id = ?"), (game_id,))
            version = cur.fetchone()
        return StoredGame(
            game_id,
            row[0],
            row[1],
            int(row[2]),
            json.loads(row[3]),
            seats,
            actions,
            version[0] if version else None,
        )

    def game_ids(self) -> list[str]:
        with self._tx() as cur:
            cur.execute("SELECT id FROM games ORDER BY created")
            return [r[0] for r in cur.fetchall()]

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

    def _is_conflict(self, exc: Exception) -> bool:
        return isinstance(exc, self._psycopg.errors.UniqueViolation)

    def close(self) -> None:
        self._db.close()


def open_store(where: str | Path) -> Store:
    """A store for a file path (SQLite) or a ``postgresql://`` URL."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        return PostgresStore(text)
    return SqliteStore(text)
