"""Websockets: live updates to every seat and spectator, errors to the sender only, and the
privacy of each seat's view."""

from __future__ import annotations

import json
from contextlib import ExitStack, contextmanager

import wartable
from tests.server.helpers import auth, new_game


@contextmanager
def sockets(c, gid: str, count: int):
    """``count`` websockets open on one game."""
    with ExitStack() as stack:
        yield [stack.enter_context(c.websocket_connect(f"/ws/games/{gid}")) for _ in range(count)]


def hello(ws, token=None):
    ws.send_json({"type": "hello", "token": token})
    return ws.receive_json()


def test_every_seat_and_spectator_is_told_of_each_action(live):
    c = live
    gid, tokens, _ = new_game(c)
    with sockets(c, gid, 3) as (us, de, watcher):
        first = hello(us, tokens["us"])
        assert first["seat"] == "us" and first["n"] == 0
        assert hello(de, tokens["germany"])["seat"] == "germany"
        assert hello(watcher)["seat"] is None
        us.send_json({"type": "act", "n": 0, "action": first["legal"][0]})
        for ws in (us, de, watcher):
            assert ws.receive_json()["n"] == 1


def test_errors_go_to_the_sender_only_and_change_nothing(live):
    c = live
    gid, tokens, _ = new_game(c)
    with sockets(c, gid, 2) as (us, de):
        hello(us, tokens["us"])
        hello(de, tokens["germany"])
        us.send_json({"type": "act", "n": 5, "action": "bid scout-A"})
        assert "stale" in us.receive_json()["message"]
        us.send_text("{not json")
        assert us.receive_json()["message"] == "invalid message"
        us.send_text(json.dumps({"type": "act", "n": 0, "action": "a" * 5000}))
        assert us.receive_json()["message"] == "message too large"
        us.send_json({"type": "act", "n": 0, "action": "bid nothing"})
        assert us.receive_json()["type"] == "error"
        # the other seat heard nothing: its next message is the reply to its own request
        de.send_json({"type": "hello", "token": tokens["germany"]})
        assert de.receive_json()["n"] == 0
    with c.websocket_connect(f"/ws/games/{gid}") as stranger:
        stranger.send_json({"type": "hello", "token": "guess"})
        assert stranger.receive_json()["message"] == "this token opens no seat"
        stranger.send_json({"type": "act", "n": 0, "action": "bid scout-A"})
        assert stranger.receive_json()["type"] == "error"
    assert c.get(f"/api/games/{gid}").json()["n"] == 0


def test_nothing_sent_to_one_seat_or_a_spectator_holds_the_other_seats_secrets(live):
    """A scripted game: every message to Germany and to the spectator must be exactly what the
    engine's own view for them says, hold no token, and no log line meant for the US only."""
    c = live
    gid, tokens, _ = new_game(c)
    game = wartable.get_game("undaunted")
    sent = {"germany": [], None: []}
    with sockets(c, gid, 3) as (us, de, watcher):
        state = {"us": hello(us, tokens["us"]), "germany": hello(de, tokens["germany"])}
        sent["germany"].append(state["germany"])
        sent[None].append(hello(watcher))
        for _ in range(25):
            mover = next((p for p in ("us", "germany") if state[p]["legal"]), None)
            if mover is None:
                break
            ws = us if mover == "us" else de
            ws.send_json(
                {"type": "act", "n": state[mover]["n"], "action": state[mover]["legal"][-1]}
            )
            state = {"us": us.receive_json(), "germany": de.receive_json()}
            sent["germany"].append(state["germany"])
            sent[None].append(watcher.receive_json())
    record = c.app.state.rooms.rooms[gid].state.record()
    us_secret_lines = set()
    room = c.app.state.rooms.rooms[gid]
    for _, e in room.events:
        if e.visible_to == ("us",):
            us_secret_lines.add(e.text)
    for seat, messages in sent.items():
        for m in messages:
            text = json.dumps(m)
            assert tokens["us"] not in text and tokens["germany"] not in text
            past = game.replay(record, upto=m["n"])
            assert m["view"] == json.loads(json.dumps(past.view(seat)))
            assert not us_secret_lines & {line["text"] for line in m["log"]}
            if seat is None:
                assert m["legal"] == []
    assert any(sent["germany"][-1]["view"]["sides"]["us"].get(k) is None for k in ("hand", "deck"))
    assert c.get(f"/api/games/{gid}", headers=auth(tokens["germany"])).json()["seat"] == "germany"
