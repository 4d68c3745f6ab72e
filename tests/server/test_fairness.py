"""A game between people is fair by construction: nobody, the creator included, can know the
seed or hold another person's seat; secret choices made at the same time never race; a
replay shows an action only as the seat watching may read it (issue 9, items 1-4 and 11)."""

from __future__ import annotations

import json
import random
import sqlite3

from tests.server.helpers import auth, claim, code_of, create, new_game, settle

TWO_PEOPLE = {"game": "undaunted", "scenario": "la-raye"}


def act(c, gid, token, n, action):
    return c.post(f"/api/games/{gid}/actions", headers=auth(token), json={"n": n, "action": action})


def test_a_game_between_people_refuses_a_seed_from_its_creator(c):
    r = c.post("/api/games", json={**TWO_PEOPLE, "seed": 5})
    assert r.status_code == 400 and "seed" in r.json()["detail"]
    assert len(c.app.state.rooms.rooms) == 0  # nothing was made
    # solo practice stays reproducible: one person against the AI, or AIs alone
    one = {**TWO_PEOPLE, "seats": {"us": "human", "germany": "random"}, "seed": 5}
    assert c.post("/api/games", json=one).status_code == 200
    ais = {**TWO_PEOPLE, "seats": {"us": "random", "germany": "random"}, "seed": 5}
    assert c.post("/api/games", json=ais).status_code == 200


def test_the_seed_of_a_game_between_people_never_reaches_anyone(c, tmp_path):
    """Every answer of a whole game, to either seat, a spectator and the creator, replays
    included, is searched for the seed the server drew."""
    said: list[str] = []

    def keep(r):
        said.append(r.text)
        return r.json()

    made = create(c, **TWO_PEOPLE, options={"max_rounds": 1})
    said.append(json.dumps(made))
    gid = made["id"]
    r = c.post(f"/api/games/{gid}/claim", json={"invite": code_of(made["invitations"]["germany"])})
    tokens = {"us": made["token"], "germany": keep(r)["token"]}
    rng = random.Random(3)
    with c.websocket_connect(f"/ws/games/{gid}") as watcher:
        watcher.send_json({"type": "hello", "token": None})
        said.append(json.dumps(watcher.receive_json()))
        while True:
            states = {
                s: keep(c.get(f"/api/games/{gid}", headers=auth(t))) for s, t in tokens.items()
            }
            if states["us"]["outcome"]:
                break
            seat = next(s for s, v in states.items() if v["legal"])
            action = rng.choice(states[seat]["legal"])
            keep(act(c, gid, tokens[seat], states[seat]["n"], action))
            said.append(json.dumps(watcher.receive_json()))
        steps = states["us"]["n"]
        for step in range(steps + 1):
            for token in (*tokens.values(), None):
                headers = auth(token) if token else {}
                keep(c.get(f"/api/games/{gid}/replay", params={"step": step}, headers=headers))
    keep(c.post("/api/mine", json={"games": [{"id": gid, **{"token": tokens["us"]}}]}))
    keep(c.get(f"/api/games/{gid}/invitations", headers=auth(made["host"])))
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        (seed,) = db.execute("SELECT seed FROM games WHERE id = ?", (gid,)).fetchone()
    assert seed > 10**6  # drawn by the server: 48 random bits
    assert len(said) > 3 * steps and not any(str(seed) in text for text in said)


def test_the_creator_holds_their_own_seat_and_only_an_invitation_for_the_other(c):
    made = create(c, **TWO_PEOPLE)
    gid, host = made["id"], made["host"]
    assert made["seat"] == "us" and set(made["invitations"]) == {"germany"}
    assert "token=" not in json.dumps(made["invitations"])  # an invitation is no seat token
    assert c.get(f"/api/games/{gid}", headers=auth(host)).status_code == 403
    status = c.get(f"/api/games/{gid}/invitations", headers=auth(host)).json()["seats"]
    assert status == {"us": "claimed", "germany": "open"}
    waiting = c.get(f"/api/games/{gid}", headers=auth(made["token"])).json()
    assert waiting["unclaimed"] == ["germany"]

    theirs = claim(c, gid, made["invitations"]["germany"])  # the first browser to open it
    assert theirs not in json.dumps(made)
    again = c.post(
        f"/api/games/{gid}/claim", json={"invite": code_of(made["invitations"]["germany"])}
    )
    assert again.status_code == 403 and "used or withdrawn" in again.json()["detail"]
    # the creator's key and seat cannot open, re-issue or act for the claimed seat
    assert c.post(f"/api/games/{gid}/invitations/germany", headers=auth(host)).status_code == 403
    assert c.delete(f"/api/games/{gid}/invitations/germany", headers=auth(host)).status_code == 403
    assert c.get(f"/api/games/{gid}", headers=auth(host)).status_code == 403
    assert act(c, gid, host, 0, "bid scout-A").status_code == 403
    creator = c.get(f"/api/games/{gid}", headers=auth(made["token"])).json()
    assert creator["seat"] == "us" and "hand" not in creator["view"]["sides"]["germany"]
    holder = c.get(f"/api/games/{gid}", headers=auth(theirs)).json()
    assert holder["seat"] == "germany" and holder["view"]["sides"]["germany"]["hand"]
    assert holder["unclaimed"] == []
    status = c.get(f"/api/games/{gid}/invitations", headers=auth(host)).json()["seats"]
    assert status == {"us": "claimed", "germany": "claimed"}


def test_an_unclaimed_invitation_can_be_withdrawn_and_issued_anew_by_the_creator_only(c):
    made = create(c, **TWO_PEOPLE)
    gid, host, old = made["id"], made["host"], made["invitations"]["germany"]
    assert c.post(f"/api/games/{gid}/invitations/germany", headers=auth("x")).status_code == 403
    assert c.post(f"/api/games/{gid}/invitations/germany").status_code == 403
    gone = c.delete(f"/api/games/{gid}/invitations/germany", headers=auth(host)).json()
    assert gone == {"seat": "germany", "invitation": None}
    status = c.get(f"/api/games/{gid}/invitations", headers=auth(host)).json()["seats"]
    assert status["germany"] == "withdrawn"
    assert c.post(f"/api/games/{gid}/claim", json={"invite": code_of(old)}).status_code == 403
    fresh = c.post(f"/api/games/{gid}/invitations/germany", headers=auth(host)).json()
    assert fresh["invitation"] and fresh["invitation"] != old
    assert claim(c, gid, fresh["invitation"])
    r = c.post(f"/api/games/{gid}/invitations/us", headers=auth(host))  # the creator's own
    assert r.status_code == 403


def claim_as(c, gid, link, tokens=(), host=None):
    """A browser opening an invitation, sending what it holds of the game, as the page does."""
    body = {"invite": code_of(link), "tokens": list(tokens), "host": host}
    return c.post(f"/api/games/{gid}/claim", json=body)


def seats_open(c, gid, host):
    status = c.get(f"/api/games/{gid}/invitations", headers=auth(host)).json()["seats"]
    return sorted(s for s, state in status.items() if state == "open")


def test_the_creators_browser_cannot_take_the_seat_it_invited_someone_to(c):
    """Issue 43, item 14: the creator opening their own invitation link before the invitee
    took the other seat; now it is refused and the invitation stays for the invitee."""
    made = create(c, **TWO_PEOPLE)
    gid, host, link = made["id"], made["host"], made["invitations"]["germany"]
    for tokens, key, why in (
        ([made["token"]], host, "already plays us"),  # all the creator's browser holds
        ([made["token"]], None, "already plays us"),  # its seat alone
        ([], host, "created this game"),  # its key alone
    ):
        r = claim_as(c, gid, link, tokens, key)
        assert r.status_code == 403 and why in r.json()["detail"], r.text
        assert seats_open(c, gid, host) == ["germany"]  # still the invitee's to take
    # a creator who plays no seat holds the key only: refused the same
    others = create(c, **TWO_PEOPLE, creator_seat=None)
    for link_ in others["invitations"].values():
        r = claim_as(c, others["id"], link_, host=others["host"])
        assert r.status_code == 403 and "created this game" in r.json()["detail"]
    # the invitee's browser takes it; after that the creator's is told it is used
    theirs = claim(c, gid, link)
    assert c.get(f"/api/games/{gid}", headers=auth(theirs)).json()["seat"] == "germany"
    r = claim_as(c, gid, link, [made["token"]], host)
    assert r.status_code == 403 and "used or withdrawn" in r.json()["detail"]


def test_a_browser_that_holds_a_seat_cannot_claim_a_second_one(c):
    made = create(c, **TWO_PEOPLE, creator_seat=None)
    gid, host, links = made["id"], made["host"], made["invitations"]
    first = claim_as(c, gid, links["us"]).json()["token"]
    r = claim_as(c, gid, links["germany"], [first])
    assert r.status_code == 403 and "already plays us" in r.json()["detail"]
    assert seats_open(c, gid, host) == ["germany"]
    # a seat in another game bars nothing here, and a stranger's browser takes the seat
    elsewhere = create(c, **TWO_PEOPLE)["token"]
    assert claim_as(c, gid, links["germany"], [elsewhere, "not-a-token"]).status_code == 200
    assert seats_open(c, gid, host) == []


def test_a_claim_names_at_most_eight_tokens_and_the_websocket_takes_no_claims(c):
    made = create(c, **TWO_PEOPLE)
    gid, link = made["id"], made["invitations"]["germany"]
    assert claim_as(c, gid, link, ["t"] * 9).status_code == 422
    with c.websocket_connect(f"/ws/games/{gid}") as ws:  # claims go through the API only
        ws.send_json({"type": "claim", "invite": code_of(link)})
        assert ws.receive_json() == {"type": "error", "message": "invalid message"}
    assert seats_open(c, gid, made["host"]) == ["germany"]


def test_a_creator_may_set_up_a_game_for_others_and_take_no_seat(c):
    made = create(c, **TWO_PEOPLE, creator_seat=None)
    assert made["seat"] is None and made["token"] is None
    assert set(made["invitations"]) == {"us", "germany"}
    made = create(c, **TWO_PEOPLE, creator_seat="germany")
    assert made["seat"] == "germany" and set(made["invitations"]) == {"us"}
    bad = c.post("/api/games", json={**TWO_PEOPLE, "creator_seat": "france"})
    assert bad.status_code == 400 and "creator_seat" in bad.json()["detail"]


def test_two_secret_bids_sent_at_the_same_moment_both_count(c):
    gid, tokens, _ = new_game(c)
    us = c.get(f"/api/games/{gid}", headers=auth(tokens["us"])).json()
    de = c.get(f"/api/games/{gid}", headers=auth(tokens["germany"])).json()
    assert us["n"] == de["n"] == 0
    assert act(c, gid, tokens["us"], 0, us["legal"][0]).status_code == 200
    late = act(c, gid, tokens["germany"], 0, de["legal"][0])  # sent before it heard of the US bid
    assert late.status_code == 200 and late.json()["n"] == 2
    # a real conflict is still one: the US has bid, and its second bid on the old number fails
    assert act(c, gid, tokens["us"], 0, us["legal"][1]).status_code == 409


def test_two_secret_bids_over_websockets_race_without_an_error(c):
    gid, tokens, _ = new_game(c)
    with (
        c.websocket_connect(f"/ws/games/{gid}") as us,
        c.websocket_connect(f"/ws/games/{gid}") as de,
    ):
        us.send_json({"type": "hello", "token": tokens["us"]})
        de.send_json({"type": "hello", "token": tokens["germany"]})
        first = {"us": us.receive_json(), "germany": de.receive_json()}
        for ws, seat in ((us, "us"), (de, "germany")):
            ws.send_json({"type": "act", "n": 0, "action": first[seat]["legal"][0]})
        for ws in (us, de):
            seen = [ws.receive_json() for _ in range(2)]
            assert all(m["type"] == "state" for m in seen), seen
            assert max(m["n"] for m in seen) == 2


def test_a_replay_shows_a_secret_bid_only_to_the_seat_that_made_it(c):
    made = create(  # a short game: one round
        c,
        **TWO_PEOPLE,
        seats={"us": "human", "germany": "random"},
        seed=1,
        options={"max_rounds": 1},
    )
    gid, token = made["id"], made["token"]
    rng = random.Random(2)
    state = settle(c, gid, token)
    while not state["outcome"]:
        act(c, gid, token, state["n"], rng.choice(state["legal"]))
        state = settle(c, gid, token)
    room = c.app.state.rooms.rooms[gid]
    bids = {seat: str(a) for seat, a in room.state.history()[:2]}
    assert set(bids) == {"us", "germany"}
    first = room.state.history()[0][0]
    card = bids[first].split()[1]
    for who, headers in (("spectator", {}), ("us", auth(token))):
        step = c.get(f"/api/games/{gid}/replay", params={"step": 1}, headers=headers).json()
        seat = None if who == "spectator" else "us"
        if seat == first:
            assert step["action"] == {"seat": first, "text": bids[first]}
        else:
            assert step["action"]["seat"] == first and card not in step["action"]["text"]
            assert "secret" in step["action"]["text"]
            assert not any(card in line["text"] for line in step["log"])


def test_the_lobby_lists_the_games_a_browser_holds(c):
    mine = create(c, **TWO_PEOPLE)
    solo = create(c, **TWO_PEOPLE, seats={"us": "human", "germany": "random"})
    other = create(c, **TWO_PEOPLE)
    held = [
        {"id": mine["id"], "token": mine["token"], "host": mine["host"]},
        {"id": solo["id"], "token": solo["token"]},
        {"id": other["id"], "token": "not-its-token"},  # left out
        {"id": "no-such-game", "token": "x"},  # left out
    ]
    games = c.post("/api/mine", json={"games": held}).json()["games"]
    assert [g["id"] for g in games] == [mine["id"], solo["id"]]
    assert games[0]["seat"] == "us" and games[0]["your_turn"] is True
    assert games[0]["unclaimed"] == ["germany"]
    assert games[0]["invitations"] == {"us": "claimed", "germany": "open"}
    assert "invitations" not in games[1] and games[1]["title"] == "Undaunted: Normandy"
    too_many = {"games": [{"id": "x"}] * 51}
    assert c.post("/api/mine", json=too_many).status_code == 422
