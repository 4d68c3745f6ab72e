"""A real server process killed with SIGKILL mid-game and started again resumes every game
exactly: no acknowledged action is lost (each is committed before anyone hears of it)."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import threading
import time

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

import wartable
from tests.server.helpers import Server, code_of, web

pytestmark = [
    pytest.mark.skipif(os.name != "posix", reason="SIGKILL is a POSIX signal"),
    pytest.mark.slow,  # servers started and killed in other processes (make slow; CI runs it)
]


def claim(base: str, gid: str, link: str) -> str:
    r = web().post(f"{base}/api/games/{gid}/claim", json={"invite": code_of(link)})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def stored(db, gid: str) -> int:
    with sqlite3.connect(db) as con:
        return int(
            con.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (gid,)).fetchone()[0]
        )


def test_a_killed_server_resumes_every_game_with_every_acknowledged_action(tmp_path):
    db = tmp_path / "games.sqlite3"
    with Server(db) as server:
        base = server.base
        made = (
            web()
            .post(f"{base}/api/games", json={"game": "undaunted", "scenario": "la-raye"})
            .json()
        )
        gid = made["id"]
        tokens = {"us": made["token"], "germany": claim(base, gid, made["invitations"]["germany"])}
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
        server.stop(signal.SIGKILL)  # mid-game, likely mid-request
        stop.set()
        player.join(timeout=10)
        assert len(acked) >= 15
        server.restart()
        after = (
            web()
            .get(f"{base}/api/games/{gid}", headers={"Authorization": f"Bearer {tokens['us']}"})
            .json()
        )
        with sqlite3.connect(db) as con:
            stored = con.execute(
                "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (gid,)
            ).fetchall()
        # every acknowledged action is there, in order; at most the one in flight besides
        assert stored[: len(acked)] == [(seat, action) for _, seat, action in acked]
        assert len(stored) - len(acked) in (0, 1)
        assert after["n"] == len(stored)
        game = wartable.get_game("undaunted")
        with sqlite3.connect(db) as con:  # the seed nobody outside the server knows
            (seed,) = con.execute("SELECT seed FROM games WHERE id = ?", (gid,)).fetchone()
        record = game.new_game("la-raye", seed=seed).record()
        record["actions"] = [list(row) for row in stored]
        assert after["view"] == json.loads(json.dumps(game.replay(record).view("us")))
        # and play goes on from there
        seat = after["to_act"][0]
        mine = (
            web()
            .get(f"{base}/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[seat]}"})
            .json()
        )
        r = web().post(
            f"{base}/api/games/{gid}/actions",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
            json={"n": mine["n"], "action": mine["legal"][0]},
        )
        assert r.status_code == 200 and r.json()["n"] == len(stored) + 1


def test_two_actions_racing_for_one_seat_one_wins_one_is_stale_and_no_token_is_logged(tmp_path):
    with Server(tmp_path / "games.sqlite3") as server:
        base = server.base
        made = web().post(f"{base}/api/games", json={"game": "undaunted"}).json()
        gid = made["id"]
        tokens = {"us": made["token"], "germany": claim(base, gid, made["invitations"]["germany"])}
        head = {"Authorization": f"Bearer {tokens['us']}"}
        legal = web().get(f"{base}/api/games/{gid}", headers=head).json()["legal"]
        gate = threading.Barrier(2)
        codes: list[int] = []

        def send(action: str) -> None:
            gate.wait()
            r = web().post(
                f"{base}/api/games/{gid}/actions", headers=head, json={"n": 0, "action": action}
            )
            codes.append(r.status_code)

        racers = [threading.Thread(target=send, args=(a,)) for a in legal[:2]]
        for t in racers:
            t.start()
        for t in racers:
            t.join(timeout=20)
        assert sorted(codes) == [200, 409]
        assert web().get(f"{base}/api/games/{gid}", headers=head).json()["n"] == 1
    printed = server.printed
    assert "wartable: open" in printed  # the server did print, just never a secret
    assert all(t not in printed for t in tokens.values())


def test_ai_seats_killed_mid_thought_resume_when_the_server_starts_again(tmp_path):
    """Killed while an AI seat was to act (ismcts thinking), a restarted server has the AI act
    again by itself: nobody asks for the game, the database grows."""
    db = tmp_path / "games.sqlite3"
    with Server(db) as server:
        base = server.base
        seats = {"us": "heuristic", "germany": "ismcts"}
        made = (
            web()
            .post(f"{base}/api/games", json={"game": "undaunted", "seats": seats, "seed": 8})
            .json()
        )
        gid = made["id"]
        deadline = time.monotonic() + 60
        while stored(db, gid) < 6 and time.monotonic() < deadline:
            time.sleep(0.05)
        server.stop(signal.SIGKILL)
        before = stored(db, gid)
        assert before >= 6
        time.sleep(0.5)
        assert stored(db, gid) == before  # nothing moves while the server is down
        server.restart()  # its only request is the readiness probe, /api/catalog
        deadline = time.monotonic() + 60
        while stored(db, gid) <= before + 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stored(db, gid) > before + 2
        # and what the AIs played replays: the record is a legal game
        with sqlite3.connect(db) as con:
            rows = con.execute(
                "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY n", (gid,)
            ).fetchall()
        game = wartable.get_game("undaunted")
        record = game.new_game("la-raye", seed=8).record()
        record["actions"] = [list(row) for row in rows]
        assert game.replay(record).action_count == len(rows)


def test_binary_frames_and_clients_gone_mid_message_end_cleanly_without_a_traceback(tmp_path):
    with Server(tmp_path / "games.sqlite3", stop_signal=signal.SIGINT) as server:
        base, port = server.base, server.port
        made = web().post(f"{base}/api/games", json={"game": "undaunted"}).json()
        url = f"ws://127.0.0.1:{port}/ws/games/{made['id']}"
        with ws_connect(url) as ws:
            ws.send(b"\x00\x01 binary")
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003
        for cut in (3, 9, 30):  # a text frame announced longer than what arrives
            with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
                raw.sendall(
                    (
                        f"GET /ws/games/{made['id']} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                        "Sec-WebSocket-Version: 13\r\n\r\n"
                    ).encode()
                )
                assert b"101" in raw.recv(4096).split(b"\r\n")[0]
                frame = bytes([0x81, 0x80 | 100]) + b"\x01\x02\x03\x04" + b"x" * 100
                raw.sendall(frame[:cut])
        with ws_connect(url) as ws:  # and the server is still there for others
            ws.send(json.dumps({"type": "hello", "token": None}))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
        time.sleep(0.5)
    printed = server.printed
    assert "Traceback" not in printed and "ERROR" not in printed, printed
