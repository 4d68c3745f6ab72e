"""The lobby in Spanish (docs/i18n.md): the games' lessons, scenarios and options from the
catalog, the deck builder's words and the server's refusals, in the language chosen in the
header; the ids the page sends stay as they are."""

from __future__ import annotations

import pytest

from tests.e2e.pages import needs_chromium, shot

pytestmark = [needs_chromium, pytest.mark.slow]  # CI runs them in make slow

CATALOG = """async (lang) => (await (await fetch(`/api/catalog?lang=${lang}`)).json()).games"""


def test_the_lobby_and_its_deck_builder_in_spanish(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(server + "/")
    page.select_option("#lang", "es")  # the header's language: kept, the page drawn again
    page.wait_for_function("() => document.documentElement.lang === 'es'")
    page.wait_for_selector(".lobby h2")
    spanish = {g["name"]: g for g in page.evaluate(CATALOG, "es")}
    english = {g["name"]: g for g in page.evaluate(CATALOG, "en")}
    # a lesson's title, and the scenario chosen said in a line under its choice
    page.select_option("#game", "undaunted")
    assert "Aprende a jugar Undaunted" in page.inner_text(".learn")
    page.select_option("#scenario", "la-raye")
    about = {s["id"]: s["about"] for s in spanish["undaunted"]["scenarios"]}["la-raye"]
    assert page.inner_text("#scenario-about") == about
    assert about != {s["id"]: s["about"] for s in english["undaunted"]["scenarios"]}["la-raye"]
    # a seat's choices and the options' labels, in words (ids as the server has them)
    page.select_option("#game", "tactics2gm")
    page.wait_for_selector("select[data-deck=allies]")
    assert page.locator("select[data-seat=allies] option[value=human]").inner_text() == (
        "una persona"
    )
    allies = page.locator("select[data-deck=allies]")
    assert allies.get_attribute("title") == "el mazo con el que juega este puesto"
    assert allies.locator("option[value='']").inner_text() == "el mazo del escenario"
    labels = page.locator("#options label").all_inner_texts()
    assert labels and not any("_" in text for text in labels)
    # the deck builder: its words, the cards' titles and a problem said at once
    page.click("#deck-open")
    page.wait_for_selector("input.count[data-card=m4_sherman]")
    assert page.inner_text(".builder h3") == "Constructor de mazos"
    assert page.locator(".builder th").all_inner_texts() == [
        "copias",
        "carta",
        "tipo",
        "puntos",
        "año",
        "en la caja",
    ]
    assert page.locator("#deck-from option[value='']").inner_text() == "un mazo vacío"
    assert page.get_attribute("#deck-name", "placeholder") == "el nombre del mazo"
    page.fill("input.count[data-card=light_infantry]", "4")
    page.locator("input.count[data-card=light_infantry]").dispatch_event("change")
    page.locator("#deck-status", has_text="4 cartas, 4 de 120 puntos").wait_for()
    assert "válido: se puede jugar" in page.inner_text("#deck-status")
    page.fill("input.count[data-card=m4_sherman]", "5")
    page.locator("input.count[data-card=m4_sherman]").dispatch_event("change")
    page.locator("#deck-status .problems li").first.wait_for()
    shot(page, "lobby-deck-builder-es.png")
    # the server's refusal, said in the page's language
    page.fill("#deck-name", "!!")
    page.click("#deck-keep")
    page.locator("#toast", has_text="el nombre de un mazo").wait_for()
    text = page.inner_text("#app")
    for english_words in ("Build a deck", "Keep this deck", "the scenario's deck", "Army"):
        assert english_words not in text, english_words
