"""The player's guides (docs/play/GAME.md) served beside the game, linked from the rules
panel (issue 48, item 3): each game's guide as a page with its pictures; a game without one,
or a path that tries to leave the docs, is a 404."""

from __future__ import annotations

import re

import pytest

import wartable

GAMES = ["undaunted", "diadehonor", "tactics2gm", "combat"]


@pytest.mark.parametrize("name", GAMES)
def test_each_game_s_guide_is_a_page_with_its_pictures_linked_from_the_rules_panel(c, name):
    guide = c.get(f"/api/guide/{name}?lang=es").json()
    assert guide["player_guide"] == f"/guides/{name}"
    page = c.get(guide["player_guide"])
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    html = page.text
    assert html.count("<h1>") == 1 and wartable.get_game(name).info.title in html
    pictures = re.findall(r'<img src="([^"]+)"', html)
    assert pictures, "the guide's pictures"
    for src in pictures:
        assert src.startswith("/guides/img/")
        got = c.get(src)
        assert got.status_code == 200 and got.content.startswith(b"\x89PNG"), src
    # links to the project's other docs are not served: their words stay, their links go
    main = html[html.index("<main") :]
    assert not re.search(r'href="(?!/guides/|https?://|#)', main)


def test_no_guide_no_page_and_no_way_out_of_the_docs(c):
    assert c.get("/guides/chess").status_code == 404
    assert "player_guide" not in c.get("/api/guide/duel").json()
    assert c.get("/guides/duel").status_code == 404
    for bad in ("..%2F..%2FREADME.md", "x.txt", "../../../etc/passwd.png", "a" * 80 + ".png"):
        assert c.get(f"/guides/img/{bad}").status_code == 404
