"""Lessons on the server (docs/learn.md): the lobby's Learn to play makes a lesson's game,
whose steps the page shows; a move that is not the step's is refused with its reason and
changes nothing; the lesson plays through by its moves, as in the terminal."""

from __future__ import annotations

import pytest

import wartable
from tests.server.helpers import auth, settle
from wartable.lessons import lessons_of

TAUGHT = [name for name in wartable.game_names() if lessons_of(wartable.get_game(name))]


@pytest.mark.parametrize("name", TAUGHT)
def test_a_lesson_is_made_and_played_through_by_its_moves_with_a_wrong_one_refused(c, name):
    lesson = lessons_of(wartable.get_game(name))[0]
    listed = c.get("/api/catalog").json()["games"]
    assert next(g for g in listed if g["name"] == name)["lessons"][0] == {
        "id": lesson.id,
        "title": lesson.title,
    }
    made = c.post("/api/lessons", json={"game": name}).json()
    assert made["seat"] == lesson.seat
    me = auth(made["token"])
    assert made["link"] == f"/play/{made['id']}#seat={lesson.seat}&token={made['token']}"
    state = settle(c, made["id"], made["token"])
    assert state["lesson"]["title"] == lesson.title and state["lesson"]["intro"] == lesson.intro
    refused = 0
    for k, step in enumerate(lesson.steps):
        assert state["lesson"]["step"] == k and state["lesson"]["say"] == step.say
        wrong = next((a for a in state["legal"] if a not in step.expect), None)
        if wrong is not None:  # a step with one move on offer has nothing to refuse
            refused += 1
            r = c.post(f"/api/games/{made['id']}/actions", headers=me,
                       json={"n": state["n"], "action": wrong})  # fmt: skip
            assert r.status_code == 400 and r.json()["detail"] == step.wrong
            again = c.get(f"/api/games/{made['id']}", headers=me).json()
            assert again["n"] == state["n"] and again["lesson"]["wrong"] == step.wrong
        right = next(a for a in step.expect if a in state["legal"])
        r = c.post(f"/api/games/{made['id']}/actions", headers=me,
                   json={"n": state["n"], "action": right})  # fmt: skip
        assert r.status_code == 200, r.text
        state = settle(c, made["id"], made["token"])
        said = state["lesson"]["said"]
        assert (step.then in said if step.then else True) and state["lesson"]["wrong"] is None
    assert state["lesson"]["say"] is None and lesson.battle in state["lesson"]["said"]
    assert not state["outcome"]  # the battle goes on
    assert refused >= len(lesson.steps) // 2


def test_a_lesson_speaks_the_asked_language_and_a_bad_one_is_refused(c):
    made = c.post("/api/lessons", json={"game": "undaunted"}).json()
    url = f"/api/games/{made['id']}"
    state = c.get(url, headers={"Accept-Language": "es-AR,es;q=0.9"}).json()
    assert state["lesson"]["say"].startswith("Cada ronda empieza con una puja secreta")
    assert state["labels"] == {}  # a spectator: no actions, but the log is in Spanish too
    german = c.get(url + "?lang=de", headers=auth(made["token"])).json()
    assert german["lesson"]["say"].startswith("Jede Runde beginnt mit einem geheimen Gebot")
    assert german["labels"]["bid platoon-sergeant"] == "Zugführer bieten (Initiative 9)"
    assert c.get(url + "?lang=fr").status_code == 400
    bad = c.post("/api/lessons", json={"game": "undaunted", "lesson": "nope"})
    assert bad.status_code == 400 and "no lesson 'nope'; lessons: first-battle" in bad.text
    none = c.post("/api/lessons", json={"game": "duel"})
    assert none.status_code == 400 and "lessons: none yet" in none.text
