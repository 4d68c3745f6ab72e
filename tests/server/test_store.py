"""The store's contract, for SQLite and for PostgreSQL (a private server started for the test
from Debian's PostgreSQL 15, where the machine has it), and a game resumed through each."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

import wartable
from tests.server.helpers import auth, client, free_port, new_game, settle
from wartable.server.store import (
    Failed,
    NoInvitation,
    StaleAction,
    append_action,
    claim_seat,
    create_game,
    games_with_ai_to_wake,
    open_invitations,
    open_store,
    set_invitation,
)

PG_BIN = Path("/usr/lib/postgresql/15/bin")


@pytest.fixture(scope="module")
def postgres():
    """A throwaway PostgreSQL cluster on a free loopback port, run as the postgres user."""
    if not (PG_BIN / "initdb").exists() or shutil.which("runuser") is None:
        pytest.skip("no PostgreSQL 15 binaries here (Debian's postgresql package)")
    if os.geteuid() != 0:
        pytest.skip("starting a private PostgreSQL cluster needs root (to run it as postgres)")
    data = Path(tempfile.mkdtemp(prefix="wartable-pg-"))  # under /tmp: postgres can reach it
    shutil.chown(data, "postgres")
    port = free_port()

    def as_postgres(*cmd: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *cmd], check=True, capture_output=True)

    as_postgres(str(PG_BIN / "initdb"), "-D", str(data / "db"), "-A", "trust", "-U", "postgres")
    as_postgres(
        str(PG_BIN / "pg_ctl"),
        "-D",
        str(data / "db"),
        "-o",
        f"-p {port} -k {data} -c listen_addresses=127.0.0.1",
        "-l",
        str(data / "log"),
        "-w",
        "start",
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data / "db"), "-m", "immediate", "stop")
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgres"])
def where(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return request.getfixturevalue("postgres")


def test_the_store_keeps_games_and_refuses_a_taken_action_number(where):
    store = open_store(where)
    gid = f"g{time.monotonic_ns()}"
    store.create(gid, "undaunted", "la-raye", 42, {"max_rounds": 9}, {"us": ("human", "h1")}, "1")
    store.append(gid, 0, "us", "bid scout-A")
    store.append(gid, 1, "germany", "bid fog-of-war")
    with pytest.raises(StaleAction):
        store.append(gid, 1, "germany", "bid scout-B")
    saved = store.load(gid)
    assert saved is not None
    assert (saved.game, saved.scenario, saved.seed, saved.options) == (
        "undaunted",
        "la-raye",
        42,
        {"max_rounds": 9},
    )
    assert saved.seats == {"us": ("human", "h1")}
    assert saved.actions == [("us", "bid scout-A"), ("germany", "bid fog-of-war")]
    assert saved.version == "1"
    assert gid in store.game_ids()
    assert store.load("nope") is None
    store.close()


def test_a_game_resumes_on_a_new_server_over_the_same_database(where):
    with client(where) as c:
        gid, tokens, _ = new_game(c, seats={"us": "human", "germany": "heuristic"})
        s = c.get(f"/api/games/{gid}", headers=auth(tokens["us"])).json()
        c.post(
            f"/api/games/{gid}/actions",
            headers=auth(tokens["us"]),
            json={"n": s["n"], "action": s["legal"][0]},
        )
        s = settle(c, gid, tokens["us"])
        before = s["view"], s["n"]
    with client(where) as c:
        again = c.get(f"/api/games/{gid}", headers=auth(tokens["us"])).json()
        assert (again["view"], again["n"]) == before


def test_a_game_made_under_other_rules_is_refused_clearly_and_harms_nothing(tmp_path):
    where = str(tmp_path / "games.sqlite3")
    with client(where) as c:
        gid, tokens, _ = new_game(c, seats={"us": "human", "germany": "heuristic"})
        other, other_tokens, _ = new_game(c, seats={"us": "human", "germany": "heuristic"})
    with sqlite3.connect(where) as db:  # as if stored by a server with other rules
        db.execute("UPDATE rules SET version = '0' WHERE game_id = ?", (gid,))
    with client(where) as c:
        r = c.get(f"/api/games/{gid}", headers=auth(tokens["us"]))
        assert r.status_code == 410
        version = wartable.get_game("undaunted").info.version
        assert "rules version 0" in r.json()["detail"]
        assert f"plays version {version}" in r.json()["detail"]
        assert c.get(f"/api/games/{other}", headers=auth(other_tokens["us"])).status_code == 200


def test_a_game_stored_before_versions_whose_actions_the_rules_refuse_is_gone_not_an_error(
    tmp_path,
):
    where = str(tmp_path / "games.sqlite3")
    with client(where) as c:
        gid, tokens, _ = new_game(c, seats={"us": "human", "germany": "heuristic"})
    with sqlite3.connect(where) as db:  # no version row, and an action these rules refuse
        db.execute("DELETE FROM rules WHERE game_id = ?", (gid,))
        n = db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (gid,)).fetchone()[0]
        db.execute(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?)", (gid, n, "us", "move 99Z", time.time())
        )
    with client(where) as c:
        r = c.get(f"/api/games/{gid}", headers=auth(tokens["us"]))
        assert r.status_code == 410
        detail = r.json()["detail"]
        assert f"action {n + 1} (by us) is refused now" in detail
        assert "99Z" not in detail  # the action itself (it might be a sealed bid) is not told


def test_an_invitation_is_claimed_once_and_a_claimed_seat_cannot_be_reissued(where):
    store = open_store(where)
    gid = f"g{time.monotonic_ns()}"
    seats = {"us": ("human", "creator"), "germany": ("human", "")}
    store.run(
        create_game(gid, "undaunted", "la-raye", 1, {}, seats, "1", "host", {"germany": "c1"})
    )
    assert store.run(open_invitations(gid)) == {"germany"}
    with pytest.raises(NoInvitation):
        store.run(claim_seat(gid, "wrong", "t"))
    store.run(set_invitation(gid, "germany", "c2"))  # re-issued: the first code is dead
    with pytest.raises(NoInvitation):
        store.run(claim_seat(gid, "c1", "t"))
    assert store.run(claim_seat(gid, "c2", "t2")) == "germany"
    with pytest.raises(NoInvitation):  # used
        store.run(claim_seat(gid, "c2", "t3"))
    with pytest.raises(NoInvitation):  # claimed: only its holder has it now
        store.run(set_invitation(gid, "germany", "c4"))
    with pytest.raises(NoInvitation):  # the creator's own seat was never an invitation
        store.run(set_invitation(gid, "us", "c5"))
    saved = store.load(gid)
    assert saved is not None and saved.seats["germany"] == ("human", "t2")
    assert saved.host == "host" and store.run(open_invitations(gid)) == set()
    store.close()


def test_a_batch_commits_once_and_undoes_only_the_operation_that_failed(where):
    store = open_store(where)
    gid = f"g{time.monotonic_ns()}"
    store.create(gid, "undaunted", "la-raye", 1, {}, {"us": ("human", "h")}, "1")
    results = store.batch(
        [
            append_action(gid, 0, "us", "bid scout-A"),
            append_action(gid, 0, "us", "bid scout-B"),  # the same number: refused alone
            append_action(gid, 1, "germany", "bid fog-of-war", finished="round limit"),
        ]
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Failed) and isinstance(results[1].error, StaleAction)
    saved = store.load(gid)
    assert saved is not None
    assert saved.actions == [("us", "bid scout-A"), ("germany", "bid fog-of-war")]
    assert gid not in store.run(games_with_ai_to_wake())  # no AI seat, and over besides
    store.close()


def test_campaign_rosters_on_both_databases(where):
    """The rosters' operations (server/rosters.py) run the same SQL on both databases: a
    name taken is refused without spoiling the transaction, a battle is recorded whole."""
    from wartable.core.campaign import Fielded, Soldier
    from wartable.server.rosters import (
        RosterError,
        create_roster,
        load_roster,
        record_battle,
        rename_soldier,
    )

    store = open_store(where)
    name = f"Roster {time.time_ns()}"  # the PostgreSQL cluster serves the whole module
    recruits = [("light", "Light 1"), ("light", "Light 2"), ("heavy", "Heavy 1")]
    store.run(create_roster(name, "diadehonor", "Spain", recruits))
    with pytest.raises(RosterError, match="already"):
        store.run(create_roster(name, "diadehonor", "", recruits))
    store.run(rename_soldier(name, "s1", "Juan"))
    fielded = [
        Fielded("s1", "light", "Juan", 0, True),
        Fielded("s2", "light", "Light 2", 0, False),
        Fielded("", "sniper", "Sniper 1", 0, True),
    ]
    store.run(record_battle(name, fielded))
    roster = store.run(load_roster(name))
    assert (roster.game, roster.nation) == ("diadehonor", "Spain")
    assert roster.soldiers == [
        Soldier("s1", "light", "Juan", 1),
        Soldier("s3", "heavy", "Heavy 1", 0),
        Soldier("s4", "sniper", "Sniper 1", 1),
    ]
    store.close()
