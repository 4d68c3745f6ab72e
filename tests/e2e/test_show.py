"""Issue 44, items 1, 7 and 9 in the browser: a chosen piece says so with a visible cancel and
gives the odds of each lit target on hover; the rules panel opens from every screen and at a
rule a log line cites; what happens is shown (a move slides, unless the player asked for less
motion)."""

from __future__ import annotations

import random

import pytest

from tests.e2e.pages import act_now, needs_chromium, open_game, shot, turn_comes

pytestmark = [needs_chromium, pytest.mark.slow]


def test_the_rules_panel_opens_from_the_lobby_and_at_a_rule_the_log_cites(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.select_option("#game", "diadehonor")
    page.click("#rules-open")
    panel = page.locator("#rules")
    assert "Sequence of play" in panel.inner_text() and "What the board shows" in panel.inner_text()
    page.keyboard.press("Escape")
    assert page.locator("#rules").count() == 0
    page = open_game(browser, server, "diadehonor", scenario="crossroads", seat="axis-1")
    rng = random.Random(3)
    for _ in range(4):  # a few moves: the log has lines that cite their rules
        d = turn_comes(page)
        act_now(page, rng.choice(d["legal"]))
    turn_comes(page)
    cite = page.locator("#log button.cite").first
    cite.wait_for(timeout=15000)
    key = cite.get_attribute("data-rule")
    cite.click()
    page.wait_for_selector("#rules")
    wanted = page.locator("#rules dt.wanted")
    assert wanted.count() >= 1 and wanted.first.inner_text() == key
    assert page.locator("#rules .cited").inner_text().startswith(key + ":")
    shot(page, "rules-panel-at-a-cited-rule.png")
    page.click("#rules-close")
    assert page.locator("#rules").count() == 0


def test_a_chosen_piece_shows_a_cancel_and_the_odds_of_its_targets(server, browser):
    page = open_game(browser, server, "diadehonor", scenario="crossroads", seat="axis-1")
    rng = random.Random(5)
    for _ in range(40):  # play on until a unit of ours may act on another place
        d = turn_comes(page)
        two = [a for a in d["legal"] if len(d["steps"][a]) == 2]
        if two:
            break
        act_now(page, rng.choice(d["legal"]))
    else:
        pytest.fail("no piece came to act")
    first = d["steps"][two[0]][0]
    page.evaluate("k => wartable.choose(k)", first)
    bar = page.locator("#selection")
    assert bar.count() == 1 and "chosen" in bar.inner_text()
    target = page.locator("#board [data-target]").first
    target.hover()
    tip = page.locator("#odds")
    tip.wait_for(state="visible", timeout=5000)
    assert tip.inner_text().strip()
    shot(page, "diadehonor-chosen-with-odds.png")
    page.click("#cancel-choice")
    assert page.locator("#board [data-target]").count() == 0
    assert page.locator("#selection").count() == 0


def test_a_move_slides_unless_the_player_asks_for_less_motion(server, browser):
    watch = """a => { window.slid = false; new MutationObserver((ms) => {
        if (ms.some((m) => m.target.classList && m.target.classList.contains('sliding')))
            window.slid = true; }).observe(document.body,
        { attributes: true, subtree: true, attributeFilter: ['class'] }); }"""
    for still in (False, True):
        page = open_game(browser, server, "diadehonor", scenario="crossroads", seat="axis-1")
        page.emulate_media(reduced_motion="reduce" if still else "no-preference")
        rng = random.Random(11)
        slid = None
        for _ in range(80):
            d = turn_comes(page)
            if d["outcome"]:
                break
            moving = [a for a in d["legal"] if a.startswith("move ")]
            if moving:
                page.evaluate(watch)
                act_now(page, moving[0])
                page.wait_for_timeout(120)
                slid = page.evaluate("window.slid")
                break
            act_now(page, rng.choice(d["legal"]))
        assert slid is not None, "no unit came to move"
        assert slid is (not still)
    page.emulate_media(reduced_motion="reduce")


def test_a_shot_draws_its_line_and_its_dice_with_the_number_needed(server, browser):
    rng = random.Random(2)
    fired = False
    for _ in range(3):  # the server deals each game afresh: one may end before a shot
        page = open_game(browser, server, "diadehonor", scenario="crossroads", seat="axis-1")
        for _ in range(200):
            d = turn_comes(page)
            last = d["last"]
            fired = bool(last) and last["text"].split()[0] == "fire"
            if fired and page.locator("#dice .roll").count():
                break
            fired = False
            if d["outcome"]:
                break
            fire = [a for a in d["legal"] if a.startswith("fire ")]
            act_now(page, (fire or d["legal"])[0] if fire else rng.choice(d["legal"]))
        if fired:
            break
        page.close()
    else:
        pytest.fail("nobody fired in three games")
    assert page.locator("#board [data-shot]").count() == 1  # from the firer to the target
    assert page.locator("#board .struck").count() >= 1
    roll = page.locator("#dice .roll").first
    assert roll.locator("svg.die").count() >= 1 and "needs" in roll.inner_text()
    shot(page, "diadehonor-a-shot-and-its-dice.png")


def test_several_actions_at_one_target_open_the_chooser_beside_it(server, browser):
    """Fire or melee, aim or fire, two weapons: the target's click asks which, beside it."""
    rng = random.Random(4)
    shared: list = []
    for _ in range(3):  # the server deals each game afresh: one may end before it comes
        page = open_game(browser, server, "diadehonor", scenario="crossroads", seat="axis-1")
        for _ in range(200):
            d = turn_comes(page)
            if d["outcome"]:
                break
            pairs: dict = {}
            for a in d["legal"]:
                st = d["steps"][a]
                if len(st) == 2:
                    pairs.setdefault(tuple(st), []).append(a)
            shared = [(k, v) for k, v in pairs.items() if len(v) > 1]
            if shared:
                break
            act_now(page, rng.choice(d["legal"]))
        if shared:
            break
        page.close()
    else:
        pytest.fail("no target with two actions came in three games")
    (piece, target), actions = shared[0]
    page.evaluate("k => wartable.choose(k)", piece)
    page.evaluate("k => wartable.choose(k)", target)
    box = page.locator("#chooser")
    assert box.count() == 1
    offered = box.locator("[data-choice]").evaluate_all("s => s.map((b) => b.dataset.choice)")
    assert sorted(offered) == sorted(actions)
    shot(page, "diadehonor-chooser-at-a-target.png")
