"""A test client over a fresh database, and small helpers to play through the API."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import httpx2
from fastapi.testclient import TestClient

from wartable.server.app import create_app


def client(tmp_path) -> TestClient:
    return TestClient(create_app(str(tmp_path / "games.sqlite3")))


def token_of(link: str) -> str:
    return link.split("token=")[1]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_game(c: TestClient, game="undaunted", scenario="la-raye", seats=None, seed=7):
    seats = seats if seats is not None else {"us": "human", "germany": "human"}
    r = c.post(
        "/api/games", json={"game": game, "scenario": scenario, "seats": seats, "seed": seed}
    )
    assert r.status_code == 200, r.text
    made = r.json()
    return made["id"], {s: token_of(link) for s, link in made["links"].items()}, made


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db, port):
    proc = subprocess.Popen(
        [sys.executable, "-m", "wartable.cli.main", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1).status_code == 200:
                return proc
        except httpx2.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the server did not start: {proc.stdout.read() if proc.stdout else ''}")
