"""Campaign rosters through the server (DH-46 to DH-50): a seat fields a roster, and the
battle's end records the roster's result in the transaction that stores its last action;
a server stopped mid-battle records nothing, and the battle resumed records it once."""

from __future__ import annotations

import os
import random
import signal
import sqlite3

import pytest

from tests.server.helpers import Server, auth, settle, web
from wartable.core.campaign import Fielded
from wartable.server import rosters
from wartable.server.store import append_action, create_game, load_game, open_store


def missions(db, roster: str) -> dict[str, int]:
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT id, missions FROM soldiers WHERE roster = ?", (roster,))
        return {str(i): int(m) for i, m in rows}


def battle(rosters_: dict[str, str], **extra):
    body = {
        "game": "diadehonor",
        "scenario": "crossroads",
        "seats": {"axis-1": "human", "allies-1": "random"},
        "seed": 5,
        "options": {"max_rounds": 1},
        "rosters": rosters_,
    }
    return {**body, **extra}


def play_out(get, post, gid: str, token: str, seed: int = 1, most: int = 2000) -> dict:
    """The human seat plays at random until the battle ends (or ``most`` actions)."""
    rng = random.Random(seed)
    for _ in range(most):
        s = get(gid, token)
        if s["outcome"]:
            return s
        if s["legal"]:
            post(gid, token, s["n"], rng.choice(s["legal"]))
    raise AssertionError("the battle did not end")


def test_rosters_are_listed_and_started_for_games_with_campaigns(c):
    games = {g["name"]: g for g in c.get("/api/catalog").json()["games"]}
    assert games["diadehonor"]["campaign"] and not games["undaunted"]["campaign"]
    made = c.post("/api/rosters", json={"name": "Alpha", "game": "diadehonor", "nation": "Spain"})
    assert made.status_code == 200, made.text
    assert made.json()["soldiers"][0] == {
        "id": "s1",
        "type": "Light infantry",
        "name": "Light 1",
        "missions": 0,
        "rank": "Private",
    }
    listed = c.get("/api/rosters", params={"game": "diadehonor"}).json()["rosters"]
    assert [r["name"] for r in listed] == ["Alpha"]
    again = c.post("/api/rosters", json={"name": "Alpha", "game": "diadehonor"})
    assert again.status_code == 400 and "already" in again.json()["detail"]
    bad = c.post("/api/rosters", json={"name": "<script>", "game": "diadehonor"})
    assert bad.status_code == 400 and "a roster's name" in bad.json()["detail"]
    none = c.post("/api/rosters", json={"name": "Beta", "game": "undaunted"})
    assert none.status_code == 400 and "no campaigns" in none.json()["detail"]
    assert c.get("/api/rosters", params={"game": "chess"}).status_code == 400


@pytest.mark.parametrize(
    ("fielding", "extra", "reason"),
    [
        ({"axis-1": "Nobody"}, {}, "no roster called 'Nobody'"),
        ({"axis-9": "Alpha"}, {}, "unknown seat axis-9"),
        ({"axis-1": "Alpha", "allies-1": "Alpha"}, {}, "one seat"),
        ({"axis-1": "Alpha"}, {"options": {"squads": "{}"}}, "squads is what rosters set"),
        ({"us": "Alpha"}, {"game": "undaunted", "scenario": None, "seats": {}}, "no campaigns"),
    ],
)
def test_a_roster_that_cannot_be_fielded_is_refused_and_no_game_is_made(c, fielding, extra, reason):
    c.post("/api/rosters", json={"name": "Alpha", "game": "diadehonor"})
    r = c.post("/api/games", json=battle(fielding, **extra))
    assert r.status_code == 400 and reason in r.json()["detail"], r.text


def test_a_battle_fielding_a_roster_records_it_once_at_its_end(c, tmp_path):
    c.post("/api/rosters", json={"name": "Alpha", "game": "diadehonor"})
    made = c.post("/api/games", json=battle({"axis-1": "Alpha"})).json()
    gid, token = made["id"], made["token"]
    first = settle(c, gid, token)
    assert first["rosters"] == {"axis-1": "Alpha"}
    names = {u["name"] for u in first["view"]["units"] if u["seat"] == "axis-1"}
    assert "Light 1" in names  # the roster's soldiers take the field

    def get(g, t):
        return settle(c, g, t)

    def post(g, t, n, action):
        c.post(f"/api/games/{g}/actions", headers=auth(t), json={"n": n, "action": action})

    end = play_out(get, post, gid, token)
    assert end["outcome"]
    after = c.get("/api/rosters", params={"game": "diadehonor"}).json()["rosters"][0]
    assert after["soldiers"] and all(s["missions"] == 1 for s in after["soldiers"])  # DH-47
    again = c.post(
        f"/api/games/{gid}/actions", headers=auth(token), json={"n": end["n"], "action": "done"}
    )
    assert again.status_code in (400, 409)
    assert c.get("/api/rosters", params={"game": "diadehonor"}).json()["rosters"][0] == after


def test_the_last_action_and_the_rosters_result_commit_together(tmp_path, monkeypatch):
    """A result that fails to be written takes the battle's last action with it: the battle
    stands one action before its end, and nothing of the result is kept. A roster gone
    meanwhile is passed over, not the action."""
    store = open_store(tmp_path / "games.sqlite3")
    store.run(rosters.create_roster("Alpha", "diadehonor", "", [("light", "Light 1")]))
    store.run(create_game("g1", "diadehonor", "crossroads", 1, {}, {"axis-1": ("human", "")}, "3"))
    fielded = [Fielded("s1", "light", "Light 1", 0, True)]
    last = append_action("g1", 0, "axis-1", "done", "a draw")
    recorded = rosters.record_battle

    def half_written(roster, units):
        op = recorded(roster, units)

        def run(tx):
            op(tx)
            raise OSError("the disk is full")

        return run

    monkeypatch.setattr(rosters, "record_battle", half_written)
    with pytest.raises(OSError):
        store.run(rosters.with_battles(last, [("Alpha", fielded)]))
    monkeypatch.undo()
    assert store.run(load_game("g1")).actions == []
    assert store.run(rosters.load_roster("Alpha")).soldiers[0].missions == 0
    store.run(rosters.with_battles(last, [("Gone", fielded), ("Alpha", fielded)]))
    assert store.run(load_game("g1")).actions == [("axis-1", "done")]
    assert store.run(rosters.load_roster("Alpha")).soldiers[0].missions == 1
    store.close()


@pytest.mark.slow  # starts other processes (make slow; CI runs it)
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is a POSIX signal")
def test_a_server_killed_mid_battle_records_nothing_and_the_resumed_battle_records_once(tmp_path):
    db = tmp_path / "games.sqlite3"
    with Server(db) as server:
        base = server.base
        web().post(f"{base}/api/rosters", json={"name": "Alpha", "game": "diadehonor"})
        made = web().post(f"{base}/api/games", json=battle({"axis-1": "Alpha"})).json()
        gid, token = made["id"], made["token"]

        def get(g, t):
            for _ in range(500):
                s = web().get(f"{base}/api/games/{g}", headers=auth(t)).json()
                if s["outcome"] or s["legal"]:
                    return s
            raise AssertionError("the AI did not finish moving")

        def post(g, t, n, action):
            web().post(f"{base}/api/games/{g}/actions", headers=auth(t),
                       json={"n": n, "action": action})  # fmt: skip

        for _ in range(12):  # into the battle, far from its end
            s = get(gid, token)
            post(gid, token, s["n"], s["legal"][0])
        server.stop(signal.SIGKILL)
        assert set(missions(db, "Alpha").values()) == {0}  # nothing recorded mid-battle
        server.restart()
        end = play_out(get, post, gid, token)
        assert end["outcome"] and end["rosters"] == {"axis-1": "Alpha"}
        assert set(missions(db, "Alpha").values()) == {1}
        server.restart()  # a restart does not record the finished battle again
        assert web().get(f"{base}/api/games/{gid}").json()["outcome"]
        assert set(missions(db, "Alpha").values()) == {1}
