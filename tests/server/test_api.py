"""The JSON API: creating games, seats and tokens, acting, races, bad input."""

from __future__ import annotations

import json
import random

import pytest

import wartable
from tests.server.helpers import auth, new_game, settle


def test_the_lobby_and_the_catalog(c):
    assert "wartable" in c.get("/").text
    assert c.get("/static/app.js").status_code == 200
    assert c.get("/static/../store.py").status_code == 404
    games = {g["name"]: g for g in c.get("/api/catalog").json()["games"]}
    assert {"undaunted", "combat"} <= set(games)
    assert "heuristic" in games["undaunted"]["agents"]


def test_each_game_serves_its_guide_for_the_rules_panel(c):
    for name in wartable.game_names():
        g = c.get(f"/api/guide/{name}").json()
        assert g["game"] == name and g["sequence"] and g["actions"] and g["legend"] and g["rules"]
    assert c.get("/api/guide/no-such-game").status_code == 404


def test_a_game_against_the_ai_gives_the_creator_their_seat_and_a_spectator_link(c):
    gid, tokens, made = new_game(c, seats={"us": "human", "germany": "heuristic"})
    assert made["seat"] == "us" and made["invitations"] == {}
    assert made["seats"] == {"us": "human", "germany": "heuristic"}
    assert len(tokens["us"]) >= 32  # 24 random bytes, base64: 192 bits
    assert made["link"] == f"/play/{gid}#seat=us&token={tokens['us']}"  # after '#': never sent
    assert made["spectator"] == f"/play/{gid}"
    mine = settle(c, gid, tokens["us"])
    assert mine["seat"] == "us" and mine["legal"]
    watcher = c.get(f"/api/games/{gid}").json()
    assert watcher["seat"] is None and watcher["legal"] == []
    assert c.get(f"/api/games/{gid}", headers=auth("not-a-token")).status_code == 403


def test_acting_applies_the_engines_rules_and_numbers_actions(c):
    gid, tokens, _ = new_game(c)
    us = c.get(f"/api/games/{gid}", headers=auth(tokens["us"])).json()
    first = us["legal"][0]
    r = c.post(
        f"/api/games/{gid}/actions", headers=auth(tokens["us"]), json={"n": 0, "action": first}
    )
    assert r.status_code == 200 and r.json()["n"] == 1
    # the same seat again with the same number: its own action got there first
    again = c.post(
        f"/api/games/{gid}/actions", headers=auth(tokens["us"]), json={"n": 0, "action": first}
    )
    assert again.status_code == 409 and "stale" in again.json()["detail"]
    bad = c.post(
        f"/api/games/{gid}/actions", headers=auth(tokens["germany"]), json={"n": 1, "action": "fly"}
    )
    assert bad.status_code == 400
    assert c.get(f"/api/games/{gid}").json()["n"] == 1  # nothing changed


def test_an_illegal_action_says_why(c):
    gid, tokens, _ = new_game(c)
    r = c.post(
        f"/api/games/{gid}/actions",
        headers=auth(tokens["us"]),
        json={"n": 0, "action": "bid machine-gunner-A"},
    )
    assert r.status_code == 400 and r.json()["detail"]


def test_malformed_requests_are_refused_without_a_trace(c):
    gid, tokens, _ = new_game(c)
    assert c.post("/api/games", json={"game": "chess"}).status_code == 400
    assert c.post("/api/games", json={"game": "undaunted", "extra": 1}).status_code == 422
    seats = {"us": "deep-blue"}
    assert c.post("/api/games", json={"game": "undaunted", "seats": seats}).status_code == 400
    assert c.get("/api/games/nope").status_code == 404
    huge = {"n": 0, "action": "x" * 5000}
    assert (
        c.post(f"/api/games/{gid}/actions", headers=auth(tokens["us"]), json=huge).status_code
        == 422
    )
    assert c.post(f"/api/games/{gid}/actions", json={"n": 0, "action": "x"}).status_code == 403


def test_an_ai_seat_moves_by_itself_and_the_record_replays(c):
    gid, tokens, _ = new_game(c, seats={"us": "human", "germany": "random"})
    state = settle(c, gid, tokens["us"])
    for _ in range(30):
        if state["outcome"] or not state["legal"]:
            break
        c.post(
            f"/api/games/{gid}/actions",
            headers=auth(tokens["us"]),
            json={"n": state["n"], "action": state["legal"][0]},
        )
        state = settle(c, gid, tokens["us"])
    assert state["n"] > 30  # the German AI moved in between
    room = c.app.state.rooms.rooms[gid]
    again = wartable.get_game("undaunted").replay(room.state.record())
    assert json.dumps(again.view("us")) == json.dumps(room.state.view("us"))


def test_an_ai_seat_with_the_first_move_takes_it_without_being_asked(c):
    gid, tokens, _ = new_game(
        c, game="combat", scenario="a-meeting-of-patrols", seats={"us": "random"}, seed=2
    )
    assert tokens == {}
    state = settle(c, gid)
    assert state["outcome"] is not None and state["n"] > 0


def test_combat_games_are_served_with_line_of_sight(c):
    gid, tokens, _ = new_game(
        c, game="combat", scenario="attack-the-farmhouse", seats={"us": "human"}
    )
    s = c.get(f"/api/games/{gid}", headers=auth(tokens["us"])).json()
    assert s["view"]["game"] == "combat" and s["legal"][0].startswith("deploy")
    los = c.get(f"/api/games/{gid}/los", params={"a": "22.03", "b": "30.03"}).json()
    assert los["visible"] is False and los["blocker"] == ["24.03"]
    assert c.get(f"/api/games/{gid}/los", params={"a": "99.99", "b": "1"}).status_code == 400


def test_the_cards_of_a_game_are_told_to_anyone_and_match_the_engine(c):
    gid, tokens, _ = new_game(c)
    cards = c.get(f"/api/games/{gid}/glossary").json()["cards"]  # no token: public
    faces = wartable.get_game("undaunted").glossary("la-raye")
    assert cards == {key: face.to_json() for key, face in faces.items()}
    hand = c.get(f"/api/games/{gid}", headers=auth(tokens["us"])).json()["view"]["sides"]["us"]
    assert set(hand["hand"]) <= set(cards)
    assert c.get("/api/games/nope/glossary").status_code == 404


def test_replays_open_when_the_game_is_over(c):
    gid, tokens, _ = new_game(
        c, game="combat", scenario="a-meeting-of-patrols", seats={"us": "human"}
    )
    assert c.get(f"/api/games/{gid}/replay", headers=auth(tokens["us"])).status_code == 400
    room = c.app.state.rooms.rooms[gid]
    rng = random.Random(1)
    state = c.get(f"/api/games/{gid}", headers=auth(tokens["us"])).json()
    while not state["outcome"]:
        state = c.post(
            f"/api/games/{gid}/actions",
            headers=auth(tokens["us"]),
            json={"n": state["n"], "action": rng.choice(state["legal"])},
        ).json()
    total = room.state.action_count
    r = c.get(f"/api/games/{gid}/replay", params={"step": 3}, headers=auth(tokens["us"])).json()
    assert r["step"] == 3 and r["steps"] == total
    assert r["action"] == {"seat": "us", "text": str(room.state.history()[2][1])}
    end = c.get(f"/api/games/{gid}/replay", params={"step": 10**6}).json()
    assert end["step"] == total


def test_game_options_are_listed_and_reach_the_game(c):
    games = {g["name"]: g for g in c.get("/api/catalog").json()["games"]}
    assert {n: o["default"] for n, o in games["combat"]["options"].items()} == {
        "large_battle": False,
        "night": False,
    }
    assert games["undaunted"]["options"]["max_rounds"]["minimum"] == 1
    assert games["undaunted"]["options"]["max_rounds"]["kind"] == "int"
    r = c.post(
        "/api/games",
        json={"game": "combat", "scenario": "a-meeting-of-patrols", "options": {"night": True}},
    )
    view = c.get(f"/api/games/{r.json()['id']}", headers=auth(r.json()["token"])).json()["view"]
    assert view["night"] is not None and view["night"]["flares_left"] == 2
    bad = c.post("/api/games", json={"game": "combat", "options": {"fog": True}})
    assert bad.status_code == 400 and "has no option 'fog'" in bad.json()["detail"]


@pytest.mark.parametrize(
    ("game", "option", "value", "said"),
    [
        ("undaunted", "max_rounds", 10**15, "at most 200, not 1000000000000000"),
        ("undaunted", "max_rounds", 201, "at most 200, not 201"),
        ("undaunted", "max_rounds", 0, "at least 1 and at most 200, not 0"),
        ("undaunted", "max_rounds", 10**40, "at most 200, not 1000000000000000000000"),
        ("diadehonor", "max_rounds", 201, "at most 200"),
        ("tactics2gm", "points", 1001, "at most 1000"),
        ("tactics2gm", "hq_income", -1, "at least 0"),
    ],
)
def test_an_option_out_of_its_bounds_is_a_400_with_a_one_line_reason(c, game, option, value, said):
    """Issue 43, item 14: Undaunted took max_rounds=10**15; every number has both bounds now,
    which the catalog lists for the lobby's inputs."""
    r = c.post("/api/games", json={"game": game, "options": {option: value}})
    assert r.status_code == 400, r.text
    reason = r.json()["detail"]
    assert f"option {option} must be" in reason and said in reason
    assert "\n" not in reason and len(reason) < 200
    assert len(c.app.state.rooms.rooms) == 0  # nothing was made
    listed = {g["name"]: g for g in c.get("/api/catalog").json()["games"]}[game]["options"]
    highest = listed[option]["maximum"]
    assert listed[option]["minimum"] is not None and highest is not None
    within = c.post("/api/games", json={"game": game, "options": {option: highest}})
    assert within.status_code == 200, within.text


def test_a_line_up_option_gives_its_seats_and_a_game_of_six_seats(c):
    games = {g["name"]: g for g in c.get("/api/catalog").json()["games"]}
    by = games["diadehonor"]["seats_by"]["players"]
    assert by["2v2"] == ["axis-1", "allies-1", "axis-2", "allies-2"] and len(by["3v3"]) == 6
    assert games["undaunted"]["seats_by"] == {}  # its options change no seat
    assert games["diadehonor"]["options"]["squads"]["internal"]  # no field in the lobby
    assert not games["diadehonor"]["options"]["players"]["internal"]
    seats = {s: "random" for s in by["3v3"]} | {"axis-1": "human", "allies-3": "human"}
    r = c.post(
        "/api/games",
        json={"game": "diadehonor", "seats": seats, "options": {"players": "3v3"}},
    )
    assert r.status_code == 200, r.text
    made = r.json()
    assert made["seat"] == "axis-1" and set(made["invitations"]) == {"allies-3"}
    assert set(made["seats"]) == set(by["3v3"])


def test_a_game_is_headed_by_its_own_name_and_its_scenarios_title(c):
    gid, _, _ = new_game(
        c, game="tactics2gm", scenario="omaha-beach", seats={"allies": "human", "axis": "random"}
    )
    state = c.get(f"/api/games/{gid}").json()
    assert state["game"] == "tactics2gm" and state["title"] == "2GM Tactics"
    assert state["scenario_title"] == "Omaha Beach, June 1944"
