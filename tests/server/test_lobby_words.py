"""The lobby's data and the server's refusals in the language asked (docs/i18n.md): the
catalog's lessons, scenarios and options, a deck's problems, a roster's and a game's
refusals; their ids as they are."""

from __future__ import annotations

from tests.server.helpers import auth, new_game
from wartable.core.decks import DeckList
from wartable.core.registry import get_game
from wartable.i18n import Voice


def games_in(c, **asked):
    got = c.get("/api/catalog", **asked)
    assert got.status_code == 200, got.text
    return {g["name"]: g for g in got.json()["games"]}


def test_the_catalog_says_lessons_scenarios_and_options_in_the_language_asked(c):
    english, spanish = games_in(c), games_in(c, params={"lang": "es"})
    german = games_in(c, headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert spanish.keys() == english.keys() == german.keys()
    undaunted = spanish["undaunted"]
    assert undaunted["lessons"][0]["title"] == (
        "Aprende a jugar Undaunted: Normandía: tu primera batalla"
    )
    assert english["undaunted"]["lessons"][0]["title"].startswith("Learn to play Undaunted")
    # ids and seats as they are, the titles and what each scenario is about said
    for game in english:
        ids = [(s["id"], s["seats"]) for s in english[game]["scenarios"]]
        assert [(s["id"], s["seats"]) for s in spanish[game]["scenarios"]] == ids
        assert spanish[game]["options"].keys() == english[game]["options"].keys()
    la_raye = {s["id"]: s for s in undaunted["scenarios"]}["la-raye"]
    about = {s["id"]: s for s in english["undaunted"]["scenarios"]}["la-raye"]["about"]
    assert about and la_raye["about"] == Voice("es", "undaunted")(about) != about
    # an option's label and help in German; its values and kind as they are
    night, english_night = german["combat"]["options"]["night"], english["combat"]["options"]
    assert night["label"] == "Nacht" and english_night["night"]["label"] == "night"
    assert night["help"] == Voice("de", "combat")(english_night["night"]["help"])
    assert night["help"] != english_night["night"]["help"]
    assert (night["kind"], night["default"]) == ("bool", english_night["night"]["default"])
    # each seat in players' words, every seat a line-up may have included
    assert spanish["tactics2gm"]["seat_titles"]["allies"] == "Aliados"
    assert german["diadehonor"]["seat_titles"]["axis-2"] == "Achse 2"
    assert english["undaunted"]["seat_titles"] == {"germany": "Germany", "us": "US"}
    for found in english.values():
        seats = {p for s in found["scenarios"] for p in s["seats"]} | set(found["seats"])
        seats |= {p for by in found["seats_by"].values() for ps in by.values() for p in ps}
        assert set(found["seat_titles"]) == seats
    assert c.get("/api/catalog?lang=fr").status_code == 400


def test_a_deck_check_says_its_problems_in_the_language_asked(c):
    """The game's reasons, each said by the game's voice (2GM's catalog), and the server's
    own refusal of a deck's name in Spanish."""
    deck = {"name": "Rifles", "army": "usa", "cards": {"m4_sherman": 5, "tiger": 1}}
    body = {"game": "tactics2gm", "deck": deck, "limit": 20}
    english = c.post("/api/decks/check", json=body).json()["problems"]
    spanish = c.post("/api/decks/check?lang=es", json=body).json()["problems"]
    building = get_game("tactics2gm").deck_building()
    assert building is not None
    found = building.problems(DeckList.from_json(deck), 20)
    assert english == [str(p) for p in found] and len(english) == 3
    assert spanish == [Voice("es", "tactics2gm")(p) for p in found]
    bad = c.put("/api/decks?lang=es", json={"game": "tactics2gm", "deck": {**deck, "name": "!"}})
    assert bad.status_code == 400
    assert bad.json()["detail"].startswith("el nombre de un mazo tiene de 1 a 60 letras")
    gone = c.delete("/api/decks?game=tactics2gm&name=Nope", headers={"Accept-Language": "es"})
    assert gone.status_code == 404
    assert gone.json()["detail"] == "no hay ningún mazo de tactics2gm llamado 'Nope' " + (
        "(wartable deck tactics2gm list)"
    )
    assert c.get("/api/decks?game=undaunted&lang=es").json()["detail"] == (
        "undaunted no tiene mazos que construir"
    )


def test_the_server_s_refusals_are_said_in_the_language_asked(c):
    missing = c.get("/api/games/nope", headers={"Accept-Language": "de-CH, en;q=0.5"})
    assert missing.status_code == 404 and missing.json()["detail"] == "diese Partie gibt es nicht"
    assert c.get("/api/games/nope").json()["detail"] == "no such game"  # English by default
    gid, _, _ = new_game(c, seats={"us": "human", "germany": "heuristic"}, seed=3)
    wrong = c.get(f"/api/games/{gid}?lang=de", headers=auth("not-a-token"))
    assert wrong.status_code == 403
    assert wrong.json()["detail"] == "dieses Token öffnet keinen Platz in dieser Partie"
    seatless = c.post(f"/api/games/{gid}/actions?lang=de", json={"n": 0, "action": "pass"})
    assert seatless.status_code == 403 and "Token" in seatless.json()["detail"]
    roster = c.post("/api/rosters?lang=de", json={"name": "Beta", "game": "undaunted"})
    assert roster.status_code == 400 and roster.json()["detail"] == "undaunted hat keine Kampagnen"
    taken = c.post("/api/rosters", json={"name": "<b>", "game": "diadehonor"}, headers={
        "Accept-Language": "de"})  # fmt: skip
    assert taken.status_code == 400 and taken.json()["detail"].startswith("der Name eines Kaders")
    # a request in a language we do not have is refused as before, in English
    assert c.get("/api/games/nope?lang=fr").status_code == 400
    with c.websocket_connect(f"/ws/games/{gid}") as stranger:  # the hello's language
        stranger.send_json({"type": "hello", "token": "guess", "lang": "de"})
        assert stranger.receive_json()["message"] == "dieses Token öffnet keinen Platz"
