"""Issue 44, items 6 and 10: a phone (390x844) is a real target. Whose move it is stays in
sight without covering the cards, the fixed bar or the board; two fingers zoom the board;
the chooser fits the screen. And the lobby lists the seats below the option that decides
them; Combat!'s map has a key to its ground, its orders and its marks."""

from __future__ import annotations

import pytest

from tests.e2e.pages import needs_chromium, open_game, shot, turn_comes

pytestmark = [needs_chromium, pytest.mark.slow]

PHONE = (390, 844)

OVERLAP = """([a, b]) => {
    const r = document.querySelector(a).getBoundingClientRect();
    const s = document.querySelector(b).getBoundingClientRect();
    return !(r.bottom <= s.top || s.bottom <= r.top || r.right <= s.left || s.right <= r.left);
}"""


def test_on_a_phone_whose_move_stays_in_sight_and_covers_nothing(server, browser):
    page = open_game(browser, server, "undaunted", scenario="la-raye", screen=PHONE)
    turn_comes(page)
    chip = page.locator("#turn-chip")
    assert chip.is_visible() and "Your move" in chip.inner_text()
    for what in ("#hand", "#fixed-bar", "#board", "#actions"):
        if page.locator(what).count() == 0:
            continue
        page.locator(what).first.scroll_into_view_if_needed()
        assert chip.is_visible(), f"the turn is out of sight beside {what}"
        assert not page.evaluate(OVERLAP, ["#turn-chip", what]) or page.evaluate(
            "w => document.querySelector(w).getBoundingClientRect().height > innerHeight", what
        ), f"the turn covers {what}"
    assert page.locator("#turn").evaluate("e => getComputedStyle(e).position") != "fixed"
    shot(page, "undaunted-phone-turn.png")


def test_two_fingers_zoom_the_board(server, browser):
    page = open_game(
        browser, server, "diadehonor", scenario="crossroads", seat="axis-1", screen=PHONE
    )
    turn_comes(page)
    width = page.evaluate("document.querySelector('#board').getBoundingClientRect().width")
    page.evaluate(
        """() => {
        const s = document.querySelector('.board-scroll');
        const r = s.getBoundingClientRect(), y = r.top + 60, x = r.left + r.width / 2;
        const fire = (type, id, dx) => s.dispatchEvent(new PointerEvent(type, { pointerId: id,
            pointerType: 'touch', clientX: x + dx, clientY: y, bubbles: true }));
        fire('pointerdown', 1, -20); fire('pointerdown', 2, 20);
        fire('pointermove', 1, -50); fire('pointermove', 2, 50);
        fire('pointerup', 1, -50); fire('pointerup', 2, 50);
    }"""
    )
    assert page.evaluate("window.wartableGame.zoom") == pytest.approx(2.5, abs=0.01)
    wider = page.evaluate("document.querySelector('#board').getBoundingClientRect().width")
    assert wider > width * 1.5
    assert "2.5×" in page.inner_text("#zoom")


def test_the_chooser_is_a_sheet_that_fits_a_phone(server, browser):
    page = open_game(browser, server, "undaunted", scenario="la-raye", screen=PHONE)
    d = turn_comes(page)
    card = next(a for a in d["legal"] if a.startswith("bid "))
    page.locator(f'#hand [data-id="{card.split()[1]}"]').click()
    box = page.locator("#chooser")
    assert box.count() == 1 and "sheet" in box.get_attribute("class")
    r = box.bounding_box()
    assert r["x"] >= 0 and r["x"] + r["width"] <= PHONE[0] and r["y"] + r["height"] <= PHONE[1]
    assert page.locator("#chooser [data-choice]").count() >= 1
    shot(page, "undaunted-phone-chooser.png")
    page.locator("#chooser .chooser-cancel").click()
    assert page.locator("#chooser").count() == 0


def test_the_lobby_lists_the_seats_below_the_option_that_decides_them(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.select_option("#game", "diadehonor")
    above = page.evaluate(
        """() => !!(document.querySelector('#options').compareDocumentPosition(
            document.querySelector('table.seats')) & Node.DOCUMENT_POSITION_FOLLOWING)"""
    )
    assert above, "the seats come before the option that changes them"
    page.select_option('[data-option="players"]', "2v2")
    assert page.locator("select[data-seat]").count() == 4


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_the_lobby_fits_a_phone_in_every_language(server, browser, lang):
    """Longer words (German's) and long choices (a deck's name) never widen the page: a
    label stays by its field, a seat's choices share the row (issue 48)."""
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    page.goto(server + "/")
    page.evaluate(f"localStorage.setItem('wartable.lang', '{lang}')")  # wiped for the next test
    page.reload()
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    page.wait_for_selector(".lobby h2")
    for game in ("undaunted", "combat", "diadehonor", "tactics2gm"):
        page.select_option("#game", game)
        page.wait_for_selector("table.seats select[data-seat]")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE[0], f"{game} in {lang}: the lobby is {wide} px wide"


def test_combats_map_has_a_key_to_its_ground_orders_and_marks(server, browser):
    page = open_game(browser, server, "combat", scenario="a-meeting-of-patrols")
    turn_comes(page)
    if not page.locator("#legend").evaluate("e => e.open"):  # folded at first
        page.locator("#legend summary").click()
    key = page.inner_text("#legend")
    assert "open" in key and "sprint" in key and "shaken" in key and "objective" in key
    note = page.locator("#hand .card-note").first
    if note.count():
        assert "initiative if played: Able" in note.inner_text()
    shot(page, "combat-map-key.png")


def test_a_long_press_tells_what_a_piece_is_and_is_no_click(server, browser):
    """Nothing needs hover alone: a finger held on a counter shows what its title says."""
    page = open_game(browser, server, "undaunted", scenario="la-raye", screen=PHONE)
    turn_comes(page)
    counter = page.locator("#board .counter").first
    title = counter.locator("title").text_content()
    box = counter.bounding_box()
    at = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    counter.dispatch_event(
        "pointerdown", {"pointerType": "touch", "clientX": at["x"], "clientY": at["y"]}
    )
    page.wait_for_timeout(600)
    tip = page.locator("#odds")
    assert tip.is_visible() and title.split("\n")[0] in tip.inner_text()
    counter.dispatch_event("pointerup", {"pointerType": "touch"})
    selected = page.evaluate("window.wartableGame.selected")
    counter.dispatch_event("click")
    assert page.evaluate("window.wartableGame.selected") == selected  # the press was no click
