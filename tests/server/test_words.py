"""The page's words (docs/i18n.md): /api/words gives each translated message by its English,
the game's own and the shared ones; a game's state speaks the language asked for."""

from __future__ import annotations

import pytest

from tests.server.helpers import auth, new_game


def test_the_page_words_of_a_language_the_game_s_own_with_the_shared(c):
    es = c.get("/api/words?lang=es&game=undaunted").json()
    assert es["lang"] == "es"
    assert es["words"]["Hint"] == "Pista"  # the page's own (server/static/*.js)
    assert es["words"]["Rifleman"] == "Fusilero"  # the game's
    de = c.get("/api/words?lang=de-AT").json()
    assert de["lang"] == "de" and de["words"]["Your move"] == "Dein Zug"
    assert "Rifleman" not in de["words"]  # no game asked: the shared words only
    assert c.get("/api/words?lang=fr").status_code == 400
    assert c.get("/api/words?lang=es&game=chess").status_code == 404


def test_a_state_speaks_the_language_asked_for_and_english_by_default(c):
    gid, tokens, _ = new_game(c, seats={"us": "human", "germany": "heuristic"}, seed=3)
    english = c.get(f"/api/games/{gid}", headers=auth(tokens["us"])).json()
    spanish = c.get(f"/api/games/{gid}?lang=es", headers=auth(tokens["us"])).json()
    assert english["legal"] == spanish["legal"]  # the same game, other words
    bid = next(a for a in english["legal"] if a.startswith("bid "))
    assert english["labels"][bid].startswith("Bid ") and "(initiative " in english["labels"][bid]
    assert (
        spanish["labels"][bid].startswith("Pujar con ") and "(iniciativa " in spanish["labels"][bid]
    )


def test_the_rules_panel_and_the_glossary_speak_the_language_asked_for(c):
    english = c.get("/api/guide/tactics2gm").json()
    spanish = c.get("/api/guide/tactics2gm?lang=es").json()
    german = c.get("/api/guide/tactics2gm", headers={"Accept-Language": "de-DE,de;q=0.9"}).json()
    assert "Estado Mayor" in spanish["summary"] and "HQ" in english["summary"]
    assert german["summary"] not in (english["summary"], spanish["summary"])
    assert [s["symbol"] for s in spanish["legend"]] == [s["symbol"] for s in english["legend"]]
    assert c.get("/api/guide/tactics2gm?lang=fr").status_code == 400
    gid, _, _ = new_game(
        c,
        game="diadehonor",
        scenario="crossroads",
        seats={"axis-1": "human", "allies-1": "easy"},
        seed=3,
    )
    cards = c.get(f"/api/games/{gid}/glossary").json()["cards"]
    spanish_cards = c.get(f"/api/games/{gid}/glossary?lang=es").json()["cards"]
    assert cards.keys() == spanish_cards.keys()
    assert cards["first_aid"]["title"] == "First aid"
    assert spanish_cards["first_aid"]["title"] == "Primeros auxilios"
    assert spanish_cards["first_aid"]["text"] != cards["first_aid"]["text"]


@pytest.mark.parametrize(
    ("game", "scenario", "seats"),
    [("combat", "a-meeting-of-patrols", {"us": "human"}),
     ("undaunted", "la-raye", {"us": "human", "germany": "easy"}),
     ("tactics2gm", "pitched-battle", {"allies": "human", "axis": "random"})],
)  # fmt: skip
def test_the_cards_read_in_the_language_asked_for(c, game, scenario, seats):
    gid, _, _ = new_game(c, game=game, scenario=scenario, seats=seats)
    english = c.get(f"/api/games/{gid}/glossary").json()["cards"]
    german = c.get(f"/api/games/{gid}/glossary?lang=de").json()["cards"]
    assert english.keys() == german.keys()
    for key, card in english.items():
        lines, said = card["text"].split("\n"), german[key]["text"].split("\n")
        assert len(lines) == len(said) and not set(lines) & set(said), key  # every line said
