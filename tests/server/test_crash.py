"""A real server process killed with SIGKILL mid-game and started again resumes every game
exactly: no acknowledged action is lost (each is committed before anyone hears of it)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import threading
import time

import httpx2
import pytest

import wartable
from tests.server.helpers import free_port, start

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is a POSIX signal")


def test_a_killed_server_resumes_every_game_with_every_acknowledged_action(tmp_path):
    db = tmp_path / "games.sqlite3"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(db, port)
    try:
        made = httpx2.post(
            f"{base}/api/games",
            json={"game": "undaunted", "scenario": "la-raye", "seed": 3},
        ).json()
        tokens = {s: link.split("token=")[1] for s, link in made["links"].items()}
        gid = made["id"]
        acked: list[tuple[int, str, str]] = []
        stop = threading.Event()

        def play() -> None:  # both seats play their last legal action, as fast as they can
            with httpx2.Client(base_url=base, timeout=5) as c:
                while not stop.is_set():
                    try:
                        views = {
                            s: c.get(
                                f"/api/games/{gid}", headers={"Authorization": f"Bearer {t}"}
                            ).json()
                            for s, t in tokens.items()
                        }
                        seat = next((s for s, v in views.items() if v["legal"]), None)
                        if seat is None:
                            return
                        v = views[seat]
                        r = c.post(
                            f"/api/games/{gid}/actions",
                            headers={"Authorization": f"Bearer {tokens[seat]}"},
                            json={"n": v["n"], "action": v["legal"][-1]},
                        )
                        if r.status_code == 200:
                            acked.append((v["n"], seat, v["legal"][-1]))
                    except httpx2.TransportError:
                        return  # the server is gone

        player = threading.Thread(target=play)
        player.start()
        deadline = time.monotonic() + 20
        while len(acked) < 15 and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)  # mid-game, likely mid-request
        proc.wait(timeout=10)
        stop.set()
        player.join(timeout=10)
        assert len(acked) >= 15
        proc = start(db, port)
        after = httpx2.get(
            f"{base}/api/games/{gid}", headers={"Authorization": f"Bearer {tokens['us']}"}
        ).json()
        with sqlite3.connect(db) as con:
            stored = con.execute(
                "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (gid,)
            ).fetchall()
        # every acknowledged action is there, in order; at most the one in flight besides
        assert stored[: len(acked)] == [(seat, action) for _, seat, action in acked]
        assert len(stored) - len(acked) in (0, 1)
        assert after["n"] == len(stored)
        game = wartable.get_game("undaunted")
        record = game.new_game("la-raye", seed=3).record()
        record["actions"] = [list(row) for row in stored]
        assert after["view"] == json.loads(json.dumps(game.replay(record).view("us")))
        # and play goes on from there
        seat = after["to_act"][0]
        mine = httpx2.get(
            f"{base}/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[seat]}"}
        ).json()
        r = httpx2.post(
            f"{base}/api/games/{gid}/actions",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
            json={"n": mine["n"], "action": mine["legal"][0]},
        )
        assert r.status_code == 200 and r.json()["n"] == len(stored) + 1
    finally:
        proc.kill()
        proc.wait(timeout=10)


def test_two_actions_racing_for_one_seat_one_wins_one_is_stale_and_no_token_is_logged(tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(tmp_path / "games.sqlite3", port)
    try:
        made = httpx2.post(f"{base}/api/games", json={"game": "undaunted", "seed": 4}).json()
        tokens = {s: link.split("token=")[1] for s, link in made["links"].items()}
        gid = made["id"]
        head = {"Authorization": f"Bearer {tokens['us']}"}
        legal = httpx2.get(f"{base}/api/games/{gid}", headers=head).json()["legal"]
        gate = threading.Barrier(2)
        codes: list[int] = []

        def send(action: str) -> None:
            gate.wait()
            r = httpx2.post(
                f"{base}/api/games/{gid}/actions", headers=head, json={"n": 0, "action": action}
            )
            codes.append(r.status_code)

        racers = [threading.Thread(target=send, args=(a,)) for a in legal[:2]]
        for t in racers:
            t.start()
        for t in racers:
            t.join(timeout=20)
        assert sorted(codes) == [200, 409]
        assert httpx2.get(f"{base}/api/games/{gid}", headers=head).json()["n"] == 1
    finally:
        proc.kill()
        proc.wait(timeout=10)
    printed = proc.stdout.read().decode() if proc.stdout else ""
    assert "wartable: open" in printed  # the server did print, just never a secret
    assert all(t not in printed for t in tokens.values())
