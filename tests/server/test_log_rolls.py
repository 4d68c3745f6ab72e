"""Log lines carry the dice of the events that roll them, for the page to draw."""

from __future__ import annotations

import wartable
from tests.server.helpers import auth, new_game
from wartable.core.events import Event, rolled
from wartable.server.rooms import log_lines


def test_a_log_line_carries_the_roll_of_its_event_and_nothing_where_none_was_rolled():
    roll = rolled([5], 10, 8, "miss", zero=True)
    events = [
        (1, Event("attack", "us attacks: rolls 5: miss", {"rolls": [5], "roll": roll}, "r")),
        (1, Event("move", "us moves", {"to": "2B"})),
        (2, Event("draw", "us draws a card", {"roll": roll}, visible_to=("us",))),
    ]
    game = wartable.get_game("duel")  # a game that says its lines as they are
    assert log_lines(events, "germany", game) == [
        {"n": 1, "kind": "attack", "text": "us attacks: rolls 5: miss", "rule": "r", "roll": roll},
        {"n": 1, "kind": "move", "text": "us moves", "rule": ""},
    ]
    assert [line.get("roll") for line in log_lines(events, "us", game)] == [roll, None, roll]


def test_the_state_a_seat_reads_gives_each_attack_its_dice(c):
    seats = {"north": "human", "south": "human"}
    gid, tokens, _ = new_game(c, game="duel", scenario="standard", seats=seats)
    rolled_lines: list[dict] = []
    for _ in range(40):
        s = c.get(f"/api/games/{gid}").json()
        rolled_lines = [line for line in s["log"] if line["kind"] == "attack"]
        if rolled_lines or s["outcome"]:
            break
        seat = s["to_act"][0]
        mine = c.get(f"/api/games/{gid}", headers=auth(tokens[seat])).json()
        r = c.post(
            f"/api/games/{gid}/actions",
            headers=auth(tokens[seat]),
            json={"n": mine["n"], "action": mine["legal"][0]},
        )
        assert r.status_code == 200, r.text
    assert rolled_lines, "no attack was rolled: the test would prove nothing"
    for line in rolled_lines:
        roll = line["roll"]
        assert roll["sides"] == 6 and roll["dice"] and roll["result"]
        shown = line["text"].split(" rolls ")[1].split(":")[0]
        assert roll["dice"] == [int(d) for d in shown.split(", ")]
    s = c.get(f"/api/games/{gid}").json()
    assert all("roll" not in line for line in s["log"] if line["kind"] != "attack")
