"""The coach on the server (issue 48): hint and review for a seat, in its language, worked
out in a worker; on against the computer, off between people until every person allows it."""

from __future__ import annotations

import asyncio

import wartable
from tests.server.helpers import auth, new_game, run_async, settle
from wartable.server.rooms import Busy, Room, Rooms


def test_against_the_computer_a_seat_gets_hints_and_reviews_in_its_language(c):
    gid, tokens, _ = new_game(c, seats={"us": "human", "germany": "heuristic"}, seed=3)
    me = auth(tokens["us"])
    state = settle(c, gid, tokens["us"])
    assert state["coach"] == {"on": True, "people": ["us"], "allowed": []}
    early = c.get(f"/api/games/{gid}/review", headers=me)
    assert early.status_code == 409 and "no move of this seat to review yet" in early.text
    hint = c.get(f"/api/games/{gid}/hint?lang=es", headers=me)
    assert hint.status_code == 200, hint.text
    advice = hint.json()
    assert advice["action"] in state["legal"] and advice["n"] == state["n"]
    assert advice["text"].startswith("El asesor jugaría ")
    assert 0 <= advice["chance_now"] <= 1 and 0 <= advice["chance_after"] <= 1
    german = c.get(f"/api/games/{gid}/hint", headers={**me, "Accept-Language": "de-CH,de;q=0.9"})
    assert german.json()["text"].startswith("Der Berater würde ")
    assert german.json()["action"] == advice["action"]  # the same advice, in other words
    played = state["legal"][-1]
    r = c.post(f"/api/games/{gid}/actions", headers=me, json={"n": state["n"], "action": played})
    assert r.status_code == 200
    review = c.get(f"/api/games/{gid}/review", headers=me).json()
    assert review["played"] == played and review["text"].startswith("Your last move, ")
    bad = c.get(f"/api/games/{gid}/hint?lang=fr", headers=me)
    assert bad.status_code == 400 and "no language 'fr'" in bad.text
    assert c.get(f"/api/games/{gid}/hint").status_code == 403  # a spectator gets no advice


def test_between_people_the_coach_waits_until_every_one_allows_it(c):
    gid, tokens, _ = new_game(c)  # us and germany, both people
    us, germany = auth(tokens["us"]), auth(tokens["germany"])
    refused = c.get(f"/api/games/{gid}/hint", headers=us)
    assert refused.status_code == 403 and "waiting for germany, us" in refused.text
    assert c.post(f"/api/games/{gid}/coach").status_code == 403  # a spectator allows nothing
    assert c.post(f"/api/games/{gid}/coach", headers=us).json() == {
        "on": False, "people": ["us", "germany"], "allowed": ["us"]
    }  # fmt: skip
    still = c.get(f"/api/games/{gid}/hint", headers=us)
    assert still.status_code == 403 and "waiting for germany)" in still.text
    assert c.post(f"/api/games/{gid}/coach", headers=germany).json()["on"] is True
    state = c.get(f"/api/games/{gid}", headers=us).json()
    assert state["coach"]["on"] is True
    assert c.get(f"/api/games/{gid}/hint", headers=us).status_code == 200
    bid = {"n": state["n"], "action": state["legal"][0]}  # the first bids are made together
    assert c.post(f"/api/games/{gid}/actions", headers=us, json=bid).status_code == 200
    late = c.get(f"/api/games/{gid}/hint", headers=us)  # us has bid: germany is to act
    assert late.status_code == 409 and "a hint is for a seat that is to act" in late.text


def test_a_seat_asks_one_question_at_a_time_and_the_same_question_is_answered_once():
    game = wartable.get_game("undaunted")

    class Slow:
        calls = 0

        async def call(self, work, *args):
            Slow.calls += 1
            await asyncio.sleep(0.05)
            return {"text": "advice"}

    async def main():
        rooms = Rooms(writer=None, thinkers=Slow())  # type: ignore[arg-type]
        state = game.new_game("la-raye", seed=1)
        room = Room("g", game, "la-raye", state, {"us": ("human", ""), "germany": ("random", "")})
        first = asyncio.ensure_future(rooms.hint(room, "us", "en"))
        await asyncio.sleep(0)
        try:  # another question of the same seat while the first is answered
            await rooms.hint(room, "us", "de")
        except Busy as exc:
            busy = str(exc)
        same = asyncio.ensure_future(rooms.hint(room, "us", "en"))  # the same question: awaited
        assert await first == {"text": "advice", "n": 0} == await same
        assert await rooms.hint(room, "us", "en") == {"text": "advice", "n": 0}  # kept
        await rooms.hint(room, "us", "de")  # another language, once the first is answered
        return busy

    busy = run_async(main())
    assert busy == "the coach is still thinking about your last question"
    assert Slow.calls == 2
