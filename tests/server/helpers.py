"""A test client over a fresh database, and small helpers to play through the API."""

from __future__ import annotations

import asyncio
import functools
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx2
from fastapi.testclient import TestClient

from wartable.server.app import create_app

# The test client calls itself "testserver": allowed the way a reverse proxy's name would be.
TEST_ORIGIN = "http://testserver"


def run_async(main: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine on a loop of its own in a thread of its own: the browser tests' session
    keeps Playwright's loop running in the main thread of whichever worker ran them, and
    ``asyncio.run`` refuses to start inside a running loop."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main).result()


def client(where) -> TestClient:
    """A client over a database (a folder gets a fresh SQLite file); use it in a ``with``
    block, so that its event loop lives as long as the test (AI seats move in the
    background)."""
    path = str(where / "games.sqlite3") if hasattr(where, "joinpath") else str(where)
    return TestClient(create_app(path, allow_origins=[TEST_ORIGIN]))


def token_of(link: str) -> str:
    return link.split("token=")[1]


def code_of(link: str) -> str:
    return link.split("invite=")[1]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(c: TestClient, **body: Any) -> dict[str, Any]:
    r = c.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def claim(c: TestClient, gid: str, link: str) -> str:
    """Open an invitation as a new browser would: the seat's fresh token."""
    r = c.post(f"/api/games/{gid}/claim", json={"invite": code_of(link)})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def new_game(c: TestClient, game="undaunted", scenario="la-raye", seats=None, seed=None):
    """A game whose every human seat is held: the creator's, and each invitation claimed.
    A seed is only allowed (and only passed) with at most one human seat."""
    seats = seats if seats is not None else {"us": "human", "germany": "human"}
    body: dict[str, Any] = {"game": game, "scenario": scenario, "seats": seats}
    if seed is not None:
        body["seed"] = seed
    made = create(c, **body)
    tokens = {made["seat"]: made["token"]} if made["seat"] else {}
    for seat, link in made["invitations"].items():
        tokens[seat] = claim(c, made["id"], link)
    return made["id"], tokens, made


def settle(c: TestClient, gid: str, token: str | None = None, timeout: float = 30) -> dict:
    """The game's state once no AI seat is to act (AI seats move in the background)."""
    headers = auth(token) if token else {}
    deadline = time.monotonic() + timeout
    while True:
        s = c.get(f"/api/games/{gid}", headers=headers).json()
        if s["outcome"] or all(s["seats"][p] == "human" for p in s["to_act"]):
            return s
        if time.monotonic() > deadline:
            raise AssertionError(f"the AI did not finish moving: {s['to_act']}")
        time.sleep(0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@functools.cache
def web() -> httpx2.Client:
    """One HTTP client for the tests that talk to a server process: a new client loads the
    certificate store each time (some 30 ms), though these servers speak plain HTTP."""
    return httpx2.Client(timeout=10)


class Server:
    """A ``wartable serve`` process over ``db`` on a port of its own, that a test may kill
    and start again on the same port; in a ``with`` block it is stopped at the end, with
    ``stop_signal`` (killed unless told otherwise), and its output kept in ``printed``."""

    def __init__(self, db, *extra: str, stop_signal: int = signal.SIGKILL) -> None:
        self.db, self.extra, self.stop_signal = db, extra, stop_signal
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.printed = ""
        self.proc = start(db, self.port, *extra)

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop(self.stop_signal)
        self.printed = self.proc.stdout.read().decode() if self.proc.stdout else ""

    def stop(self, how: int = signal.SIGKILL) -> None:
        """Send ``how`` and wait for the end (a kill if it does not come)."""
        self.proc.send_signal(how)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def restart(self) -> None:
        """Start again on the same port and database, the last process stopped first."""
        self.stop()
        self.proc = start(self.db, self.port, *self.extra)


def start(db, port, *extra: str):
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wartable.cli.main",
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if web().get(f"http://127.0.0.1:{port}/api/catalog", timeout=1).status_code == 200:
                return proc
        except httpx2.TransportError:
            time.sleep(0.02)
    proc.kill()
    raise AssertionError(f"the server did not start: {proc.stdout.read() if proc.stdout else ''}")
