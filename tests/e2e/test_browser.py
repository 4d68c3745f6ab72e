"""End to end in a real headless Chromium (Debian's, driven by Playwright): the lobby, a game
against the AI played by clicking, a reload that finds the game intact, a phone-sized
screen, Combat!'s line-of-sight tool. Screenshots are kept in build/test-artifacts/."""

from __future__ import annotations

import pytest

from tests.e2e.pages import SETTLED, moves, needs_chromium, open_game, shot
from tests.server.helpers import web

pytestmark = [needs_chromium, pytest.mark.slow]  # CI runs them in make slow


def click_an_action(page) -> None:
    before = moves(page)
    page.locator("#actions button.action").first.click()
    page.wait_for_function("n => window.wartableGame.data.n > n", arg=before, timeout=15000)
    page.wait_for_function(SETTLED, timeout=15000)


def against_the_ai(browser, server):
    """Undaunted's first scenario made in the lobby with its defaults, opened as the US."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.click("#create")
    page.locator("a.seat-link[data-seat=us]").click()
    return page


def test_create_a_game_against_the_ai_and_play_it_by_clicking(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.select_option("#game", "undaunted")
    page.select_option("#scenario", "la-raye")
    assert page.locator("select[data-seat=germany]").input_value() == "heuristic"
    page.click("#create")
    link = page.locator("a.seat-link[data-seat=us]")
    link.wait_for()
    href = link.get_attribute("href")
    assert href and href.endswith("#seat=us") and "token" not in href  # the token stays here
    link.click()
    page.wait_for_selector("#actions button.action")
    assert page.locator("#board .tile").count() >= 10
    assert page.locator("#board .counter").count() >= 8
    for _ in range(5):
        if page.locator("#actions button.action").count() == 0:
            break
        click_an_action(page)
    assert moves(page) >= 5
    assert page.locator("#log div").count() >= 3
    shot(page, "undaunted-1280x800.png")
    # a counter or a card narrows the actions to those that involve it
    card = page.locator("#hand button.card").first
    if card.count():
        card.click()
        # (one action there: the chooser opens at the card; several: the list narrows)
        assert page.locator("#chooser").count() == 1 or "involving" in page.inner_text("#actions")
        # the card's face says what it does, in words from the engine's glossary
        page.wait_for_selector("#card-face")
        assert "initiative" in page.inner_text("#card-face")
        # the hand shows card faces: a title and the initiative value in its corner
        face = page.locator("#hand button.card").first
        assert face.locator(".card-title").inner_text() and face.locator(".initiative").inner_text()
        shot(page, "undaunted-card.png")
    # reload: the game is where it was
    n = moves(page)
    log_lines = page.locator("#log div").count()
    page.reload()
    page.wait_for_function("() => window.wartableGame.data !== null")
    assert moves(page) == n
    assert page.locator("#log div").count() == log_lines


def test_a_double_click_sends_one_action(server, browser):
    page = against_the_ai(browser, server)
    page.wait_for_selector("#actions button.action")
    page.wait_for_function(SETTLED)
    before = moves(page)
    page.locator("#actions button.action").first.dblclick()
    page.wait_for_function("n => window.wartableGame.data.n > n", arg=before, timeout=15000)
    page.wait_for_function(SETTLED, timeout=15000)
    page.wait_for_timeout(300)  # a second send would be answered "stale" by now
    assert "stale" not in page.inner_text("#toast")


def test_a_mortar_target_marker_is_drawn_on_its_tile(server, browser):
    page = open_game(browser, server, "undaunted")
    page.wait_for_selector("#board .tile")
    page.wait_for_function(SETTLED)  # no state is on its way to redraw the board under us
    assert page.locator("#board .target").count() == 0
    # the page draws what a view says: here a view with the German mortar's target on 12B
    page.evaluate("window.wartableGame.data.view.sides.germany.target = '12B'; wartable.render()")
    marker = page.locator('#board .target[data-side="germany"]')
    assert marker.get_attribute("data-id") == "12B"
    tile = page.locator('#board .tile[data-id="12B"] rect.shape').bounding_box()
    box = marker.bounding_box()
    assert (
        tile
        and box
        and tile["x"] <= box["x"]
        and box["x"] + box["width"] <= tile["x"] + tile["width"]
    )


def test_the_game_page_fits_a_phone(server, browser):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server + "/")
    page.click("#create")
    page.locator("a.seat-link").first.click()
    page.wait_for_selector("#actions button.action")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400  # nothing wider than the screen
    shot(page, "undaunted-phone.png")


def test_combat_line_of_sight_tool(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.select_option("#game", "combat")
    page.select_option("#scenario", "attack-the-farmhouse")
    page.check("input[data-option=night]")
    page.click("#create")
    page.locator("a.seat-link[data-seat=us]").click()
    page.wait_for_selector("#board .hex")
    assert page.evaluate("window.wartableGame.data.view.night") is not None  # the option took
    assert "Turn 1 of 12 · deploy" in page.inner_text("#status")
    # face-down counters are listed with what shows on the map: team, hex, order, alert
    unknown = page.locator("#soldiers tr", has_text="unknown").count()
    on_map = page.evaluate(
        "window.wartableGame.data.view.soldiers.filter((s) => s.hex && !s.known).length"
    )
    assert unknown == on_map > 0
    # an unmasked decoy (status gone) leaves the map and the list
    key = page.evaluate(
        """() => { const s = window.wartableGame.data.view.soldiers.find((s) => s.hex && !s.known);
                   s.status = "gone"; wartable.render(); return s.key; }"""
    )
    assert page.locator(f'#board .counter[data-id="{key}"]').count() == 0
    assert page.locator(f'#soldiers tr[data-id="{key}"]').count() == 0
    assert page.locator("#soldiers tr", has_text="unknown").count() == unknown - 1
    # pointing at a hex names it and its ground
    assert page.locator('#board .hex[data-id="24.03"] title').text_content() == "24.03: building"
    # in the deployment a hex narrows the long list to the soldier's move there
    page.locator('#board .hex[data-id="01.05"]').click()
    actions = page.locator("#actions button.action").all_inner_texts()
    assert actions and all("01.05" in a for a in actions)
    page.click("#los button")
    page.locator('#board .hex[data-id="22.03"]').click()
    page.locator('#board .hex[data-id="30.03"]').click()
    page.wait_for_selector("#los-result")
    assert "cannot see" in page.inner_text("#los-result")
    assert "24.03" in page.inner_text("#los-result")
    shot(page, "combat-los.png")
    # zoomed in, the map scrolls, and a new state keeps it where the player left it
    page.click("#zoom button:has-text('+')")
    page.click("#zoom button:has-text('+')")
    assert "2×" in page.inner_text("#zoom")
    wide = page.evaluate(
        "[document.querySelector('#board').clientWidth,"
        " document.querySelector('.board-scroll').clientWidth]"
    )
    assert wide[0] > 1.5 * wide[1]
    page.evaluate("document.querySelector('.board-scroll').scrollLeft = 150; wartable.render()")
    assert page.evaluate("document.querySelector('.board-scroll').scrollLeft") == 150
    shot(page, "combat-zoom.png")


def test_a_finished_game_replays_forwards_and_back(server, browser):
    import random

    import httpx2

    made = (
        web()
        .post(
            server + "/api/games",
            json={"game": "combat", "scenario": "a-meeting-of-patrols", "seats": {"us": "human"}},
        )
        .json()
    )
    head = {"Authorization": f"Bearer {made['token']}"}
    rng = random.Random(3)
    state = web().get(f"{server}/api/games/{made['id']}", headers=head).json()
    with httpx2.Client(base_url=server, headers=head, timeout=10) as c:
        while not state["outcome"]:
            state = c.post(
                f"/api/games/{made['id']}/actions",
                json={"n": state["n"], "action": rng.choice(state["legal"])},
            ).json()
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + made["link"])
    page.wait_for_selector("#outcome")
    page.click("#replay")
    page.wait_for_selector("#replay-panel")
    assert "step 0 of" in page.inner_text("#replay-panel")
    # three clicks before any answer comes back (what a quick hand does) move three steps
    page.evaluate(
        """() => {
            const next = [...document.querySelectorAll('#replay-panel button')]
                .find((b) => b.textContent === '▶');
            for (let i = 0; i < 3; i++) next.click();
        }"""
    )
    page.wait_for_function(
        "() => document.querySelector('#replay-panel').innerText.includes('step 3 of')"
    )
    page.click("#replay-panel button:has-text('◀')")
    page.wait_for_function(
        "() => document.querySelector('#replay-panel').innerText.includes('step 2 of')"
    )
    page.click("#replay-panel button:has-text('◀')")
    page.wait_for_function(
        "() => document.querySelector('#replay-panel').innerText.includes('step 1 of')"
    )
    page.click("#replay-panel button:has-text('end »')")
    page.wait_for_function(
        "() => /step (\\d+) of \\1\\b/.test(document.querySelector('#replay-panel').innerText)"
    )
    shot(page, "combat-replay.png")


def test_a_game_without_a_drawing_of_its_own_plays_through_the_generic_page(server, browser):
    """The example game brings no page module: its view is shown as readable text, and the
    actions, the log and the status work as for any game."""
    page = open_game(browser, server, "duel", seat="north", seats={"south": "random"})
    page.wait_for_selector("#board.generic-view")
    assert "strength" in page.inner_text("#board") and "hand" in page.inner_text("#board")
    for _ in range(3):
        if page.locator("#actions button.action").count() == 0:
            break
        click_an_action(page)
    assert "plays" in page.inner_text("#log")
    shot(page, "duel-generic.png")


def test_build_a_deck_in_the_page_and_field_it(server, browser):
    """The page's deck builder (GM-2 to GM-4): cards counted and checked as they change, a
    problem said at once, the deck kept and then fielded by a seat."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server + "/")
    page.select_option("#game", "tactics2gm")
    page.wait_for_selector("select[data-deck=allies]")
    assert page.locator("[data-option=deck_allies]").count() == 0  # the seat's deck says it
    page.click("#deck-open")
    page.wait_for_selector("input.count[data-card=m4_sherman]")
    page.fill("#deck-name", "Page Rifles")
    page.fill("input.count[data-card=light_infantry]", "4")
    page.locator("input.count[data-card=light_infantry]").dispatch_event("change")
    page.locator("#deck-status", has_text="4 cards").wait_for()
    assert "legal" in page.inner_text("#deck-status")
    page.fill("input.count[data-card=usa_pershing]", "1")
    page.locator("input.count[data-card=usa_pershing]").dispatch_event("change")
    page.locator("#deck-status", has_text="5 cards").wait_for()
    page.fill("input.count[data-card=m4_sherman]", "5")
    page.locator("input.count[data-card=m4_sherman]").dispatch_event("change")
    page.locator("#deck-status", has_text="the box holds 4").wait_for()  # said at once
    shot(page, "tactics2gm-deck-builder.png")
    page.fill("input.count[data-card=m4_sherman]", "2")
    page.locator("input.count[data-card=m4_sherman]").dispatch_event("change")
    page.locator("#deck-status", has_text="7 cards").wait_for()
    page.click("#deck-keep")
    page.wait_for_selector("select[data-deck=allies] option[value='Page Rifles']", state="attached")
    page.select_option("select[data-deck=allies]", "Page Rifles")
    page.select_option("select[data-seat=allies]", "random")
    page.select_option("select[data-seat=axis]", "random")
    page.click("#create")
    page.wait_for_selector("#created h3")
    assert "Game" in page.inner_text("#created")


def test_resign_asks_first_then_concedes_and_the_page_says_so(server, browser):
    page = against_the_ai(browser, server)
    page.wait_for_selector("#resign")
    page.wait_for_function(SETTLED)
    page.once("dialog", lambda d: d.dismiss())  # "no": nothing happens
    page.click("#resign")
    page.wait_for_timeout(300)
    assert not page.locator("#outcome").count()
    page.once("dialog", lambda d: d.accept())
    page.click("#resign")
    page.wait_for_selector("#outcome", timeout=15000)
    assert "us resigned" in page.inner_text("body")
    assert not page.locator("#resign").count()


def test_a_lost_connection_shows_and_a_move_then_is_refused_out_loud(server, browser):
    page = against_the_ai(browser, server)
    page.wait_for_selector("#actions button.action")
    page.wait_for_function(SETTLED)
    assert "connected" in page.inner_text("#link")
    before = moves(page)
    # the server goes away: the socket closes and no new one can open
    page.evaluate(
        """() => {
            window.WebSocket = function () { throw new Error("the server is down"); };
            window.WebSocket.OPEN = 1;
            window.wartableGame.ws.close();
        }"""
    )
    page.wait_for_selector("#turn.offline")
    assert "reconnecting" in page.inner_text("#link") and "Connection lost" in page.title()
    page.locator("#actions button.action").first.click()
    page.wait_for_function("() => document.querySelector('#toast').innerText.includes('Not sent')")
    page.wait_for_timeout(300)
    assert moves(page) == before  # nothing was sent, and the player knows it


def test_a_long_list_of_actions_is_grouped_and_paged_never_over_fifteen(server, browser):
    """Día de Honor's deployment offers hundreds of actions: the list groups them by what
    they do and who does it, one group open at a time, at most 15 entries showing."""
    from tests.e2e.pages import open_game

    page = open_game(browser, server, "diadehonor", seat="axis-1")
    page.wait_for_function(SETTLED)
    legal = page.evaluate("window.wartableGame.data.legal.length")
    assert legal > 15
    # (checkVisibility: a closed group's content is skipped, yet keeps an offsetParent)
    visible = "() => [...document.querySelectorAll('#actions button.action')]" \
        ".filter((b) => b.checkVisibility()).length"  # fmt: skip
    assert 0 < page.evaluate(visible) <= 15
    assert page.locator("#actions details.group[open]").count() >= 1
    nxt = page.locator("#actions .pager button", has_text="next")
    assert nxt.count() >= 1  # hundreds of actions: pages of 15
    nxt.first.click()
    assert "16–" in page.inner_text("#actions .pager")
    assert 0 < page.evaluate(visible) <= 15
    closed = page.locator("#actions details.group:not([open]) > summary")
    if closed.count():  # opening another group shows its own actions, paged the same
        closed.first.click()
    shot(page, "actions-grouped.png")


def test_a_deal_chosen_by_number_deals_the_same_game_again(server, browser):
    """The lobby's Deal field: the same number deals the same hand again where one person
    plays; a game between people refuses a chosen deal, saying why."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    hands = []
    for _ in range(2):
        page.goto(server + "/")
        page.select_option("#game", "undaunted")
        page.select_option("#scenario", "la-raye")
        page.fill("#deal", "4242")
        page.click("#create")
        page.locator("a.seat-link[data-seat=us]").click()
        page.wait_for_selector("#actions button.action")
        hands.append(page.evaluate("window.wartableGame.data.view.sides.us.hand"))
    assert hands[0] and hands[0] == hands[1]
    page.goto(server + "/")
    page.select_option("#game", "undaunted")
    page.select_option("#scenario", "la-raye")
    page.select_option("select[data-seat=germany]", "human")
    page.fill("#deal", "4242")
    page.click("#create")
    page.wait_for_selector("#toast:has-text('draws in secret')")
    assert page.locator("a.seat-link").count() == 0


def test_the_coach_lights_its_move_says_the_chance_and_plays_it_on_a_click(server, browser):
    page = open_game(browser, server, "diadehonor", seat="axis-1")
    page.wait_for_function(SETTLED)
    page.wait_for_selector("#coach #hint:not([disabled])")
    before = moves(page)
    page.click("#coach #hint")
    page.wait_for_selector("#coach #advice", timeout=30000)
    said = page.inner_text("#coach #advice")
    assert said.startswith("The coach would play ") and "Your chance to win: about " in said
    advice = page.evaluate("() => window.wartableGame.advice")
    assert advice["action"] in page.evaluate("() => window.wartableGame.data.legal")
    assert page.locator("#board .hinted").count() >= 1  # the move is lit on the board
    shot(page, "coach-hint.png")
    page.click("#coach #play-hint")
    page.wait_for_function("n => window.wartableGame.data.n > n", arg=before, timeout=15000)
    page.wait_for_function(SETTLED, timeout=15000)
    page.click("#coach #review")
    page.wait_for_selector("#coach #reviewed", timeout=30000)
    assert page.inner_text("#coach #reviewed").startswith("Your last move, ")


def test_learn_to_play_from_the_lobby_leads_step_by_step_and_refuses_another_move(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.select_option("#game", "undaunted")
    page.click("#learn")
    page.wait_for_selector("#lesson #lesson-say")
    page.wait_for_function(SETTLED)
    assert "step 1 of" in page.inner_text("#lesson")
    assert page.inner_text("#lesson-say").startswith("Every round begins with a secret bid")
    before = moves(page)
    page.evaluate("() => window.wartable.act('bid fog-of-war')")  # not this step's move
    page.wait_for_selector("#lesson #lesson-wrong")
    assert "bid the Platoon Sergeant (9)" in page.inner_text("#lesson-wrong")
    assert moves(page) == before  # nothing was played
    shot(page, "lesson-refused.png")
    page.evaluate("() => window.wartable.act('bid platoon-sergeant')")
    page.wait_for_function("n => window.wartableGame.data.n > n", arg=before, timeout=15000)
    page.wait_for_function(SETTLED, timeout=15000)
    page.wait_for_function("() => window.wartableGame.data.lesson.step === 1")
    assert "step 2 of" in page.inner_text("#lesson")
    assert "so you act first" in page.inner_text("#lesson")


def test_the_page_and_a_lesson_in_spanish(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.select_option("#lang", "es")  # the header's language: kept, the page drawn again
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    page.wait_for_selector(".lobby h2")
    assert page.inner_text(".lobby h2") == "Nueva partida"
    page.select_option("#game", "undaunted")
    assert page.inner_text("#learn") == "Aprender a jugar"
    page.click("#learn")
    page.wait_for_selector("#lesson #lesson-say")
    page.wait_for_function(SETTLED)
    assert page.inner_text("#lesson-say").startswith("Cada ronda empieza con una puja secreta")
    assert "paso 1 de" in page.inner_text("#lesson")
    assert "Pujar con Sargento de pelotón (iniciativa 9)" in page.inner_text("#actions")
    assert page.inner_text("#coach #hint") == "Pista"
    page.evaluate("() => window.wartable.act('bid fog-of-war')")
    page.wait_for_selector("#lesson #lesson-wrong")
    assert page.inner_text("#lesson-wrong").endswith("Inténtalo de nuevo.")
    before = moves(page)
    page.evaluate("() => window.wartable.act('bid platoon-sergeant')")
    page.wait_for_function("n => window.wartableGame.data.n > n", arg=before, timeout=15000)
    page.wait_for_function(SETTLED, timeout=15000)
    assert "Pujas: EE. UU. Sargento de pelotón (9)" in page.inner_text(".log")  # names, not ids
    assert "Ronda 1" in page.inner_text("#status") and "Tu mano" in page.inner_text("#hand")
    shot(page, "lesson-spanish.png")
