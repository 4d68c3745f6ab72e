"""The page's deck builder through the API: the cards an army may take, a deck's points and
every problem at once, decks kept by name, and a game whose seats field them (GM-2 to
GM-4)."""

from __future__ import annotations


def rifles(**extra):
    deck = {"name": "Rifles", "army": "usa", "cards": {"light_infantry": 4, "m4_sherman": 2}}
    return {"game": "tactics2gm", "deck": {**deck, **extra}}


def test_the_catalog_says_which_games_build_decks(c):
    games = {g["name"]: g for g in c.get("/api/catalog").json()["games"]}
    assert games["tactics2gm"]["decks"] and not games["undaunted"]["decks"]
    assert c.get("/api/decks?game=undaunted").status_code == 400


def test_cards_and_ready_made_decks(c):
    got = c.get("/api/decks?game=tactics2gm").json()
    assert got["armies"] == {"allies": "usa", "axis": "germany"} and got["limit"] == 120
    ready = {d["id"]: d for d in got["decks"]}
    assert ready["usa-armour"]["where"] == "ready-made" and ready["usa-armour"]["problems"] == []
    cards = {
        k["key"]: k for k in c.get("/api/decks/cards?game=tactics2gm&army=usa").json()["cards"]
    }
    assert cards["m4_sherman"]["cost"] == 4 and cards["m4_sherman"]["copies"] == 4
    assert {o["name"] for o in cards["m4_sherman"]["options"]} >= {"mg1", "mrl", "smoke"}
    bad = c.get("/api/decks/cards?game=tactics2gm&army=france")
    assert bad.status_code == 400 and "no army 'france'" in bad.json()["detail"]


def test_each_card_says_what_it_costs_to_play_beside_its_points(c):
    """A card that prints a launch cost counts its full cost in the deck and costs only its
    launch cost in AP when played (GM-3); any other card costs its points."""
    for army, plane, tank in (("usa", "usa_p47", "m4_sherman"), ("germany", "ger_stuka", "tiger")):
        got = c.get(f"/api/decks/cards?game=tactics2gm&army={army}").json()["cards"]
        cards = {k["key"]: k for k in got}
        assert (cards[plane]["cost"], cards[plane]["launch"]) == (5, 3)
        assert (cards["impact"]["cost"], cards["impact"]["launch"]) == (4, 2)  # a support card
        assert cards[tank]["launch"] == cards[tank]["cost"]
        assert all(0 <= k["launch"] <= k["cost"] for k in got)


def test_check_lists_every_problem_at_once(c):
    body = rifles(cards={"m4_sherman": 5, "tiger": 1, "usa_pershing": 1})
    got = c.post("/api/decks/check", json={**body, "limit": 20, "year": 1944}).json()
    assert got["points"] == 5 * 4 + 8 + 7  # counted as printed, legal or not
    assert got["problems"] == [
        "m4_sherman: 5 copies, but the box holds 4",
        "tiger: a card of the germany army, not usa",
        "usa_pershing: in service from 1945, after the year limit 1944 (GM-4)",
        "the cards cost 35 points, over the limit of 20 (GM-2)",
    ]


def test_kept_decks_are_saved_listed_and_deleted(c):
    assert c.put("/api/decks", json=rifles()).status_code == 200
    again = c.put("/api/decks", json=rifles(cards={"light_infantry": 2}))
    assert again.json()["points"] == 2  # saved over
    kept = [d for d in c.get("/api/decks?game=tactics2gm").json()["decks"] if d["where"] == "kept"]
    assert [(d["id"], d["cards"]) for d in kept] == [("Rifles", {"light_infantry": 2})]
    assert c.put("/api/decks", json=rifles(name="no/slash")).status_code == 400
    assert c.delete("/api/decks?game=tactics2gm&name=Rifles").status_code == 200
    assert c.delete("/api/decks?game=tactics2gm&name=Rifles").status_code == 404


def test_a_game_fields_the_decks_chosen_for_its_seats(c):
    c.put("/api/decks", json=rifles())
    body = {
        "game": "tactics2gm",
        "seats": {"allies": "human", "axis": "random"},
        "seed": 3,
        "decks": {"allies": "Rifles", "axis": "germany-infantry"},
    }
    made = c.post("/api/games", json=body)
    assert made.status_code == 200, made.text
    gid, token = made.json()["id"], made.json()["token"]
    view = c.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()
    sides = view["view"]["sides"]
    assert sides["allies"]["deck"] == 6 and sides["axis"]["deck"] == 38  # before the deal
    room = c.app.state.rooms.rooms[gid]
    options = room.state.record()["options"]
    assert options["custom_allies"]  # the deck itself travels with the game
    assert options["deck_axis"] == "germany-infantry"
    wrong = c.post("/api/games", json={**body, "decks": {"axis": "Rifles"}})
    assert wrong.status_code == 400
    assert "is usa's; axis fields germany" in wrong.json()["detail"]
    missing = c.post("/api/games", json={**body, "decks": {"axis": "Nope"}})
    assert missing.status_code == 400 and "no tactics2gm deck called 'Nope'" in missing.text
