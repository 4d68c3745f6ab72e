"""The board as a person sees it (issue 11): counters drawn as pieces no smaller than the
minimum and never overlapping, buttons in players' words, whose turn it is, the last move
lit, the other side's moves played back one by one, and Combat!'s line of sight over the map.
Screenshots of each game at 1280x800 and on a 390x844 phone are kept in build/test-artifacts/.
"""

from __future__ import annotations

import random
import re
import time
from itertools import pairwise

import httpx2
import pytest

from tests.e2e.pages import SETTLED, moves, needs_chromium, open_game, open_made, shot
from tests.server.helpers import web

pytestmark = [needs_chromium, pytest.mark.slow]  # CI runs them in make slow

MIN_PIECE = 30  # CSS px: pieces.js PIECE_MIN
SCREENS = {"desktop": (1280, 800), "phone": (390, 844)}

# every counter's box on the page, in CSS px
BOXES = """() => [...document.querySelectorAll('#board .counter')].map((c) => {
    const r = c.querySelector('.piece-base').getBoundingClientRect();
    return { id: c.dataset.id, side: c.dataset.side, x: r.x, y: r.y, w: r.width, h: r.height };
})"""


def assert_pieces_fit(page) -> None:
    boxes = page.evaluate(BOXES)
    assert boxes, "no counter on the board"
    small = [b for b in boxes if b["w"] < MIN_PIECE - 0.01 or b["h"] < MIN_PIECE - 0.01]
    assert not small, f"counters under {MIN_PIECE} px: {small[:3]}"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = (
                a["x"] + a["w"] <= b["x"] + 0.01
                or b["x"] + b["w"] <= a["x"] + 0.01
                or a["y"] + a["h"] <= b["y"] + 0.01
                or b["y"] + b["h"] <= a["y"] + 0.01
            )
            assert apart, f"{a['side']} {a['id']} overlaps {b['side']} {b['id']}"


def assert_buttons_in_words(page) -> None:
    """Each action button shows its label, never the action's notation (kept in data-action);
    those of a closed group of a long list are checked once it is opened."""
    labels = page.evaluate("window.wartableGame.data.labels")
    buttons = page.locator("#actions button.action:visible")
    assert buttons.count() > 0
    for k in range(min(buttons.count(), 12)):
        b = buttons.nth(k)
        action, text = b.get_attribute("data-action"), b.inner_text().split("\n")[0]
        assert text == labels[action] and text != action


def open_undaunted(browser, server, screen):
    page = open_game(browser, server, "undaunted", scenario="la-raye", screen=SCREENS[screen])
    page.wait_for_selector("#actions button.action")
    page.wait_for_function(SETTLED, timeout=15000)
    return page


def act(page, action: str | None = None, settled: str = SETTLED) -> None:
    """Click ``action`` (else the first button) and wait until ``settled`` holds."""
    before = moves(page)
    button = page.locator(
        f'#actions button.action[data-action="{action}"]' if action else "#actions button.action"
    ).first
    button.click()
    page.wait_for_function("n => window.wartableGame.data.n > n", arg=before, timeout=15000)
    page.wait_for_function(settled, timeout=30000)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_undaunted_pieces_words_turn_and_last_move(server, browser, screen):
    page = open_undaunted(browser, server, screen)
    # a bid, then whatever comes first, until the board has seen a few moves
    for _ in range(4):
        if page.locator("#actions button.action").count() == 0:
            break
        act(page)
    assert page.locator("#board .counter").count() >= 8
    assert_pieces_fit(page)
    if page.evaluate("window.wartableGame.data.legal.length"):
        assert_buttons_in_words(page)
        assert "Your move" in page.inner_text("#turn")
        assert page.title().startswith("● Your move")
    # the last move is lit on the board and told in words
    last = page.evaluate("window.wartableGame.data.last")
    assert last is not None
    if last["text"].split()[0] in ("play", "move", "attack", "suppress", "rally", "target"):
        assert page.locator("#board .last").count() >= 1
    assert page.locator("#last-move").count() == 1
    assert "-" not in page.inner_text("#last-move").replace("Fog of War", "")  # no unit keys
    # the log speaks in words; each line's rule is a button that opens its explanation
    cite = page.locator("#log button.cite").first
    assert cite.get_attribute("data-rule") and cite.inner_text() == cite.get_attribute("data-rule")
    shot(page, f"undaunted-la-raye-{screen}.png")


def test_the_other_sides_moves_are_played_back_one_by_one(server, browser):
    page = open_undaunted(browser.paced, server, "desktop")  # as a new player finds it
    page.evaluate(
        """() => { window.seen = []; setInterval(() => {
            const g = window.wartableGame, s = g.shown;
            if (s && (!window.seen.length || window.seen.at(-1).n !== s.n))
                window.seen.push({ n: s.n, seat: s.last && s.last.seat, t: performance.now(),
                                   banner: document.querySelector('#turn').innerText });
        }, 15); }"""
    )
    paced: list = []
    two_in_a_row = """() => window.seen.some((s, k) => k > 1 && s.seat === 'germany'
        && window.seen[k - 1].seat === 'germany' && window.seen[k - 2].seat === 'germany')"""
    for _ in range(12):  # end our turns until the AI answers with a run of moves
        if page.locator("#actions button.action").count() == 0:
            break
        end = page.locator('#actions button.action[data-action="end"]')
        act(page, "end" if end.count() else None, f"() => ({SETTLED})() || ({two_in_a_row})()")
        seen = page.evaluate("window.seen")
        paced = [(a, b) for a, b in pairwise(seen) if a["seat"] == b["seat"] == "germany"]
        if len(paced) >= 2:
            break  # three of the AI's moves shown one after the other: enough to measure
        page.wait_for_function(SETTLED, timeout=30000)
    assert len(paced) >= 2, "the AI never made two moves in a row"
    gaps = [b["t"] - a["t"] for a, b in paced]
    assert min(gaps) > 350, f"the AI's moves were not paced: {gaps}"
    assert any("is moving" in b["banner"] for _, b in paced)
    page.close()


def test_a_click_skips_the_playback_to_the_latest_move(server, browser):
    page = open_undaunted(browser.paced, server, "desktop")
    # the page plays back a burst: here three copies of the latest state, as if the AI had moved
    page.evaluate(
        """() => { const g = window.wartableGame, d = g.data;
            const burst = [1, 2, 3].map((k) => ({ ...d, n: d.n + k, log_since: d.log_end,
                last: { n: d.n + k, seat: 'germany', text: 'end' } }));
            g.shownAt = Date.now();
            for (const s of burst) wartable.arrive(s);
            g.data = burst[2]; }"""
    )
    assert page.evaluate("window.wartableGame.pacing")
    assert "is moving" in page.inner_text("#turn")
    page.click("#turn")
    assert page.evaluate("window.wartableGame.shown === window.wartableGame.data")
    assert not page.evaluate("window.wartableGame.pacing")
    page.close()


def played_until(server, body: dict, seed: int, until) -> dict:
    """A game made through the API, the creator's seat played at random (a fixed seed) while
    the other seats' agents think on the server, until ``until(state)`` or its end."""
    made = web().post(server + "/api/games", json=body).json()
    head = {"Authorization": f"Bearer {made['token']}"}
    rng = random.Random(seed)
    with httpx2.Client(base_url=server, headers=head, timeout=10) as c:
        state = c.get(f"/api/games/{made['id']}").json()
        for _ in range(600):
            if state["outcome"] or until(state):
                break
            if not state["legal"]:  # another seat is thinking
                time.sleep(0.05)
                state = c.get(f"/api/games/{made['id']}").json()
                continue
            legal = [a for a in state["legal"] if not a.startswith("leave")]
            state = c.post(
                f"/api/games/{made['id']}/actions",
                json={"n": state["n"], "action": rng.choice(legal or state["legal"])},
            ).json()
            if "view" not in state:  # a teammate's agent moved first: the action was stale
                state = c.get(f"/api/games/{made['id']}").json()
    made["state"] = state
    return made


def combat_mid_game(server, seed: int = 11) -> dict:
    """Attack the Farmhouse played at random (a fixed seed) into the impulses of turn 2."""
    body = {
        "game": "combat",
        "scenario": "attack-the-farmhouse",
        "seats": {"us": "human"},
        "seed": seed,
    }
    made = played_until(
        server,
        body,
        seed,
        lambda s: s["view"]["turn"] >= 2 and s["view"]["phase"] == "impulses",
    )
    assert not made["state"]["outcome"]
    return made


@pytest.mark.parametrize("screen", list(SCREENS))
def test_combat_mid_game_pieces_words_and_line_of_sight(server, browser, screen):
    made = combat_mid_game(server)
    page = open_made(browser, server, made, "#board .counter", SCREENS[screen])
    assert_pieces_fit(page)
    assert_buttons_in_words(page)
    assert "Your move" in page.inner_text("#turn") and page.title().startswith("● Your move")
    assert page.locator("#board .last").count() >= 1  # the last move is lit
    # our hidden men keep their whole colour, with a dashed edge instead
    hidden = page.locator("#board .counter.hidden")
    if hidden.count():
        assert hidden.first.evaluate("c => getComputedStyle(c).opacity") == "1"
    # the line of sight is answered over the map, with the line drawn on it
    page.click("#los button")
    page.locator('#board .hex[data-id="22.03"]').click()
    page.locator('#board .hex[data-id="30.03"]').click()
    page.wait_for_selector("#los-result")
    assert "24.03" in page.inner_text("#los-result")
    assert page.locator("#board .los-line").count() == 1
    bar = page.locator("#los-result").bounding_box()
    board = page.locator(".board-scroll").bounding_box()
    assert bar and board and bar["y"] < board["y"]  # above the map, not below the fold
    if screen == "desktop":
        assert bar["y"] + bar["height"] < SCREENS[screen][1]
    shot(page, f"combat-farmhouse-{screen}.png")


def test_combat_stacks_fan_out(server, browser):
    """Four men in one hex and three in the next: every counter stays whole and apart."""
    page = open_made(browser, server, combat_mid_game(server), "#board .counter")
    routed, wounded = page.evaluate(
        """() => { const men = window.wartableGame.data.view.soldiers
                .filter((s) => s.hex && s.status === 'active');
            men.slice(0, 4).forEach((s) => { s.hex = '12.08'; });
            men.slice(4, 7).forEach((s) => { s.hex = '12.09'; });
            men.slice(7, 8).forEach((s) => { s.hex = '13.08'; });
            Object.assign(men[0], { morale: 'rout' });
            Object.assign(men[1], { wounds: ['light_wound', 'bad_wound'], spotted: true });
            wartable.render(); return men.slice(0, 2).map((s) => s.key); }"""
    )
    assert_pieces_fit(page)
    assert page.locator("#board .tray").count() >= 2  # each stack stands on its own tray
    # a man's state is on his piece: a routed badge, wound marks, a hidden man's dashed edge
    assert "R" in page.locator(f'#board .counter[data-id="{routed}"]').text_content()
    assert "rout" in page.locator(f'#board .counter[data-id="{routed}"] title').text_content()
    marks = page.locator(f'#board .counter[data-id="{wounded}"] rect[fill="#b71c1c"]')
    assert marks.count() == 1
    shot(page, "combat-stack.png")


# a counter standing on a lit hex, laid by hand over another lit hex that holds none of its men
# (as a stack spread over its neighbours lies): the counter is all there is under the pointer
COVER_A_TARGET = """man => {
    const lit = (at) => document.querySelector(`#board .hex[data-target][data-id="${at}"]`);
    const held = new Set(window.wartableGame.data.view.soldiers.map((s) => s.hex));
    const free = [...document.querySelectorAll('#board .hex[data-target]')]
        .find((h) => !held.has(h.dataset.id));
    const other = [...document.querySelectorAll('#board .counter:not([data-target])')]
        .find((c) => c.dataset.id !== man && lit(c.dataset.at));
    if (!free || !other) return null;
    const a = free.querySelector('.shape').getBoundingClientRect();
    const b = other.querySelector('.piece-base').getBoundingClientRect();
    const scale = document.querySelector('#board').getScreenCTM().a;
    const dx = (a.x + a.width / 2 - b.x - b.width / 2) / scale;
    const dy = (a.y + a.height / 2 - b.y - b.height / 2) / scale;
    other.setAttribute('transform', `translate(${dx} ${dy})`);
    const x = a.x + a.width / 2, y = a.y + a.height / 2;
    const top = document.elementFromPoint(x, y).closest('[data-id]').dataset.id;
    return { hex: free.dataset.id, counter: other.dataset.id, top, x, y };
}"""


def test_combat_a_lit_hex_under_another_hexs_counter_is_reached_through_it(server, browser):
    """Selecting a man lights where he may act; a click on a counter that is no target of his
    acts on the lit hex under the pointer, even where the counter's own hex is lit too."""

    def man_of(state: dict) -> str | None:  # a man on the map who may act at a hex holding
        where = {s["key"]: s.get("hex") for s in state["view"]["soldiers"]}  # another man
        steps = [state["steps"][a] for a in state["legal"]]
        for man in sorted({s[0] for s in steps if len(s) == 2 and where.get(s[0])}):
            aims = {s[1] for s in steps if len(s) == 2 and s[0] == man}
            if any(k != man and h in aims and k not in aims for k, h in where.items()):
                return man
        return None

    body = {"game": "combat", "scenario": "attack-the-farmhouse", "seats": {"us": "human"}}
    made = played_until(server, {**body, "seed": 5}, 5, man_of)
    man = man_of(made["state"])
    assert man, "no man of ours may act at a hex where another man stands"
    page = open_made(browser, server, made, "#board .counter")
    page.locator(f'#board .counter[data-id="{man}"]').first.click()
    page.wait_for_selector("#board .hex[data-target]")
    covered = page.evaluate(COVER_A_TARGET, man)
    assert covered and re.fullmatch(r"\d\d\.\d\d", covered["hex"]), covered
    assert covered["top"] == covered["counter"], covered  # the counter is what lies on top
    before = moves(page)
    page.evaluate(
        """() => { const ws = window.wartableGame.ws, send = ws.send.bind(ws);
            window.sentMoves = []; ws.send = (m) => { window.sentMoves.push(m); send(m); }; }"""
    )
    page.mouse.click(covered["x"], covered["y"])
    page.wait_for_function(
        "() => window.sentMoves.length > 0 || document.querySelector('[data-choice]') !== null"
    )
    sent = page.evaluate("() => window.sentMoves")
    if sent:  # one thing may be done there: done at once
        assert len(sent) == 1 and covered["hex"] in sent[0], sent
    else:  # several: the chooser asks which, each of them there
        choices = page.locator("[data-choice]").evaluate_all(
            "(bs) => bs.map((b) => b.dataset.choice)"
        )
        assert choices and all(covered["hex"] in c for c in choices), choices
    assert before <= moves(page)


def test_undaunted_a_suppressed_counter_shows_it(server, browser):
    page = open_undaunted(browser, server, "desktop")
    unit = page.evaluate(
        """() => { const c = window.wartableGame.data.view.counters
                .find((c) => c.side === 'germany');
            c.suppressed = true; wartable.render(); return c.unit; }"""
    )
    piece = page.locator(f'#board .counter.suppressed[data-id="{unit}"][data-side="germany"]')
    assert piece.locator(".hatch").count() == 1
    assert "suppressed" in piece.locator("title").text_content()
    shot(page, "undaunted-suppressed.png")


def test_a_player_may_see_the_other_sides_moves_at_once(server, browser):
    page = open_undaunted(browser.paced, server, "desktop")
    page.check("#at-once")
    assert page.evaluate("localStorage.getItem('wartable.moves-at-once')") == "yes"
    page.evaluate(
        """() => { window.paced = false;
                   setInterval(() => { window.paced ||= window.wartableGame.pacing; }, 10); }"""
    )
    for _ in range(6):  # our moves, and the AI's answers: never played back one by one
        if page.locator("#actions button.action").count() == 0:
            break
        act(page)
    assert page.evaluate("window.paced") is False
    page.reload()  # the choice is kept
    page.wait_for_selector("#at-once")
    assert page.is_checked("#at-once")
    page.close()


def diadehonor_mid_battle(server, seed: int = 3) -> dict:
    """A 2v2 battle, its other three seats random, played to the second round's activation."""
    seats = {"axis-1": "human", "allies-1": "random", "axis-2": "random", "allies-2": "random"}
    body = {"game": "diadehonor", "seats": seats, "seed": seed, "options": {"players": "2v2"}}
    return played_until(
        server,
        body,
        seed,
        lambda s: s["view"]["round"] >= 2 and s["view"]["phase"] == "activate",
    )


def test_a_diadehonor_battle_of_four_seats_is_drawn_with_its_pieces(server, browser):
    page = open_made(browser, server, diadehonor_mid_battle(server), "#board [data-id]")
    assert_pieces_fit(page)
    text = page.inner_text("body")
    view = page.evaluate("window.wartableGame.data.view")
    assert view["objective"]["title"] in text  # its own secret objective, and no other
    assert len(view["seats"]) == 4
    if view["phase"] == "activate" and page.locator("#actions button.action").count():
        assert_buttons_in_words(page)
    shot(page, "diadehonor-2v2.png")


def tactics2gm_battle(server, seed: int = 5, seats=None, options=None, rounds: int = 3) -> dict:
    """A pitched battle of 2GM Tactics, the axis a random seat and the allies played at random
    (a fixed seed), up to the allies' movement in round ``rounds``; or the ``seats`` and
    ``options`` given, the human seat played at random."""
    seats = seats or {"allies": "human", "axis": "random"}
    body = {"game": "tactics2gm", "seats": seats, "seed": seed, "options": options or {}}
    made = played_until(
        server,
        body,
        seed,
        lambda s: s["view"]["round"] >= rounds and s["view"]["phase"] == "move" and s["legal"],
    )
    assert not made["state"]["outcome"]
    return made


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_tactics2gm_battle_is_drawn_with_its_field_hqs_and_counters(server, browser, screen):
    made = tactics2gm_battle(server)
    drawn = "#board[data-catalogue=ready] .counter"  # the counters, with their kinds known
    page = open_made(browser, server, made, drawn, SCREENS[screen])
    view = page.evaluate("window.wartableGame.data.view")
    assert view["me"] == "allies" and view["round"] >= 3
    # every unit is on the board by its id, a counter where it stands on a square
    on_field = [u for u in view["units"] if not u["aboard"] and u["square"][1:].isdigit()]
    assert on_field, "no unit came onto the field"
    for u in view["units"]:
        assert page.locator(f'#board [data-id="{u["id"]}"]').count() == 1, u["id"]
    for u in on_field:
        assert page.locator(f'#board .counter[data-id="{u["id"]}"]').count() == 1
    assert page.locator("#board .square[data-id]").count() == 48
    assert page.locator('#board [data-id="hq"]').count() == 2  # both HQs, off the field
    assert_pieces_fit(page)
    if page.locator("#actions button.action").count():
        assert_buttons_in_words(page)
    # ids read in words: the units' table and the log name units by their cards' titles
    log = page.inner_text("#log")
    assert "_" not in page.inner_text("#units")
    assert not [u["id"] for u in view["units"] if u["id"] in log]
    # a click on a square narrows the actions to those that name it
    legal = page.evaluate("window.wartableGame.data.legal")
    onto = next((a for a in legal if a.split()[-1][1:].isdigit()), None)
    if onto:
        square = page.locator(f'#board .square[data-id="{onto.split()[-1]}"]')
        square.click(position={"x": 2, "y": 2})  # its corner: never under a counter
        assert page.locator(f'#actions button.action[data-action="{onto}"]').count() == 1
        assert page.locator("#actions .filter").count() == 1
        page.locator("#actions button", has_text="show all").click()
    page.mouse.move(0, 0)  # no action pointed at: nothing lit but the last move
    shot(
        page, "tactics2gm-battle.png" if screen == "desktop" else f"tactics2gm-battle-{screen}.png"
    )


def test_a_tactics2gm_team_seat_sees_the_field_from_its_sides_edge(server, browser):
    """Team play for three (A-25): axis-1 plays beside axis-2 against one allied player;
    its board has the axis edge at the bottom and its side's HQ marked as its own."""
    seats = {"allies": "random", "axis-1": "human", "axis-2": "random"}
    body = {"game": "tactics2gm", "seats": seats, "seed": 3, "options": {"players": "1v2"}}
    made = played_until(
        server, body, 3, lambda s: s["view"]["round"] >= 2 and s["view"]["phase"] == "move"
    )
    page = open_made(browser, server, made, "#board[data-catalogue=ready] .square")
    view = page.evaluate("window.wartableGame.data.view")
    assert view["me"] == "axis-1" and view["sides"]["axis"]["seats"] == ["axis-1", "axis-2"]
    rows = page.locator("#board .square[data-id]").evaluate_all(
        "s => s.map(x => [x.dataset.id, x.getBoundingClientRect().top])"
    )
    top = {label: y for label, y in rows}
    assert top["A1"] < top["A6"]  # row 1, the allies' edge, is at the top for the axis
    assert "(you)" in page.inner_text("#status")
    shot(page, "tactics2gm-team.png")


def test_the_lobby_lays_out_the_seats_of_the_line_up_chosen(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.select_option("#game", "diadehonor")
    assert page.locator("table.seats tr").count() == 2
    assert page.locator('[data-option="squads"]').count() == 0  # set by rosters, not typed
    page.select_option('[data-option="players"]', "3v3")
    seats = page.locator("select[data-seat]").evaluate_all("s => s.map(x => x.dataset.seat)")
    assert seats == ["axis-1", "allies-1", "axis-2", "allies-2", "axis-3", "allies-3"]
    page.select_option("select[data-seat=allies-3]", "human")
    page.click("#create")
    page.wait_for_selector("input.invitation[data-seat=allies-3]")
    page.locator("a.seat-link[data-seat=axis-1]").click()
    page.wait_for_selector("#board [data-id]")
    assert len(page.evaluate("window.wartableGame.data.view")["seats"]) == 6


def test_a_roster_started_in_the_lobby_is_fielded_by_the_seat_chosen(server, browser):
    """Campaign rosters in the browser (DH-46 to DH-50): start one, field it for a seat, and
    the battle shows whose roster takes the field."""
    name = f"Lobby {random.randrange(10**6)}"  # the server is shared by the browser tests
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    page.select_option("#game", "diadehonor")
    page.wait_for_selector("#roster-name")
    page.fill("#roster-name", name)
    page.click("#roster-create")
    page.wait_for_selector(f'select[data-roster=axis-1] option[value="{name}"]', state="attached")
    page.select_option('[data-option="players"]', "2v2")  # the choice outlives a new line-up
    page.select_option("select[data-roster=axis-1]", name)
    page.select_option('[data-option="players"]', "1v1")
    assert page.eval_on_selector("select[data-roster=axis-1]", "s => s.value") == name
    assert page.locator("select[data-roster=allies-1]").count() == 1
    page.click("#create")
    page.locator("a.seat-link[data-seat=axis-1]").click()
    page.wait_for_selector("#board [data-id]")
    assert f"Axis 1 fields roster {name}" in page.inner_text("#rosters")
    rows = web().get(f"{server}/api/rosters", params={"game": "diadehonor"}).json()["rosters"]
    soldiers = next(r for r in rows if r["name"] == name)["soldiers"]
    units = page.evaluate("window.wartableGame.data.view")["units"]
    assert {s["name"] for s in soldiers} & {u["name"] for u in units if u["seat"] == "axis-1"}


def tactics2gm_wide_battle(server, seed: int = 7) -> dict:
    """A battle of four on two fields side by side (GM-105): allies-2, whose HQ stands behind
    the second field (hq2), played at random (a fixed seed) beside three random seats, up
    to its movement in the second round."""
    seats = {"allies-1": "random", "allies-2": "human", "axis-1": "random", "axis-2": "random"}
    options = {"players": "2v2", "fields": "two"}
    return tactics2gm_battle(server, seed, seats, options, rounds=2)


# an HQ's counter in CSS px, and what the page says of it
HQ_BOXES = """() => [...document.querySelectorAll('#board .hq[data-id]')].map((h) => {
    const r = h.querySelector('.hq-base').getBoundingClientRect();
    return { id: h.dataset.id, side: h.dataset.side, seats: h.dataset.seats, x: r.x + r.width / 2,
             title: h.querySelector('title').textContent };
})"""


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_tactics2gm_battle_of_four_on_two_fields_is_drawn_wide(server, browser, screen):
    made = tactics2gm_wide_battle(server)
    page = open_made(browser, server, made, "#board[data-catalogue=ready] .square", SCREENS[screen])
    view = page.evaluate("window.wartableGame.data.view")
    assert view["me"] == "allies-2" and view["field"]["columns"] == 16
    # sixteen columns of six rows, A to P from the left
    squares = page.locator("#board .square[data-id]")
    assert squares.count() == 96
    left = dict(
        squares.evaluate_all("s => s.map(x => [x.dataset.id, x.getBoundingClientRect().x])")
    )
    assert sorted("ABCDEFGHIJKLMNOP", key=lambda c: left[f"{c}1"]) == list("ABCDEFGHIJKLMNOP")
    # four HQs: each side's hq behind D-E and hq2 behind L-M, with its PI out of the view's most
    hqs = page.evaluate(HQ_BOXES)
    assert sorted((h["side"], h["id"]) for h in hqs) == [
        ("allies", "hq"),
        ("allies", "hq2"),
        ("axis", "hq"),
        ("axis", "hq2"),
    ]
    for h in hqs:
        behind = (left["D1"] + left["E1"]) / 2 if h["id"] == "hq" else (left["L1"] + left["M1"]) / 2
        width = left["E1"] - left["D1"]
        assert abs(h["x"] - (behind + width / 2)) < 2, h  # centred on the seam of D-E or L-M
        mine = next(x for x in view["sides"][h["side"]]["hqs"] if x["name"] == h["id"])
        assert f"{mine['hp']} of {mine['max_hp']} PI" in h["title"] and "behind" in h["title"]
        assert h["seats"] == " ".join(mine["seats"])
    # every unit on the board by its id: on a square, or at its player's HQ or in the air
    for u in view["units"]:
        assert page.locator(f'#board [data-id="{u["id"]}"]').count() == 1, u["id"]
    assert_pieces_fit(page)
    # a unit's weapons by name (the view's), never "weapon 1"
    armed = next(u for u in view["units"] if u["weapons"] and u["square"][1:].isdigit())
    title = page.locator(f'#board .counter[data-id="{armed["id"]}"] title').text_content()
    assert next(iter(armed["weapons"].values())) in title and "weapon 1" not in title
    # the hand gives each card's AP to play (its launch cost where it prints one)
    assert " AP" in page.inner_text("#hand")
    # the teammate's hand, to read beside our own
    mate = page.locator('.other-hand[data-seat="allies-1"] .card')
    assert mate.count() == len(view["team_hands"]["allies-1"])
    if page.locator("#actions button.action").count():
        assert_buttons_in_words(page)
    if screen == "phone":  # too wide for the screen: it scrolls, and opens on our own field
        scroller = page.locator(".board-scroll")
        page.wait_for_function(
            "() => document.querySelector('.board-scroll').scrollLeft > 0", timeout=5000
        )
        box = scroller.bounding_box()
        ours = page.locator('#board .hq[data-id="hq2"][data-side="allies"] .hq-base').bounding_box()
        assert (
            box
            and ours
            and box["x"] <= ours["x"]
            and ours["x"] + ours["width"] <= box["x"] + box["width"]
        )
    page.mouse.move(0, 0)
    shot(page, f"tactics2gm-four-wide-{screen}.png")


def test_a_tactics2gm_hq_clicked_narrows_the_actions_to_it_and_dropped_kit_shows(server, browser):
    """On two fields a click on an HQ narrows the actions to those naming that very HQ: the
    enemy's for a shot or a bomber, our own for a fighter; equipment lying on the ground is
    drawn on its square with its titles."""
    made = tactics2gm_wide_battle(server)
    page = open_made(browser, server, made, "#board[data-catalogue=ready] .square")
    page.evaluate(
        """() => { const d = window.wartableGame.data;
            d.legal = ['fire usa_bazooka_team-9 w1 hq2', 'play usa_b25 hq', 'deploy usa_p47 hq2',
                       'deploy usa_p47 hq', 'end'];
            d.labels = {}; d.info = {};
            d.view.field.dropped = { K3: [['bazooka', 'ready'], ['prone', 'disabled']] };
            d.view.field.dropped_titles = { bazooka: 'Bazooka', prone: 'Hit the dirt' };
            wartable.render(); }"""
    )
    shown = "s => s.map(b => b.dataset.action)"
    page.locator('#board .hq[data-id="hq2"][data-side="axis"]').click()
    assert page.locator("#actions button.action").evaluate_all(shown) == [
        "fire usa_bazooka_team-9 w1 hq2"
    ]
    assert "Axis HQ behind I-P" in page.inner_text("#actions .filter")
    page.locator('#board .hq[data-id="hq"][data-side="axis"]').click()
    assert page.locator("#actions button.action").evaluate_all(shown) == ["play usa_b25 hq"]
    page.locator('#board .hq[data-id="hq2"][data-side="allies"]').click()
    assert page.locator("#actions button.action").evaluate_all(shown) == ["deploy usa_p47 hq2"]
    assert page.locator('#board .hq.picked[data-id="hq2"][data-side="allies"]').count() == 1
    kit = page.locator('#board .dropped[data-square="K3"]')
    assert kit.count() == 1 and kit.locator("rect").count() == 3  # its backing and two tokens
    title = kit.locator("title").text_content()
    assert "Bazooka" in title and "Hit the dirt (spent)" in title
    assert "equipment on the ground" in page.inner_text("#legend")
    shot(page, "tactics2gm-four-hq-and-kit.png")


def test_a_piece_chosen_on_the_board_lights_its_targets_and_a_target_click_acts(server, browser):
    """Issue 44: choose a unit by clicking it (it is marked data-selectable), its targets
    light up (data-target, with the kinds of action), and a click on a target acts, or opens
    the chooser where several actions share the unit and the target."""
    made = tactics2gm_battle(server)
    page = open_made(browser, server, made, "#board[data-catalogue=ready] .counter")
    steps = page.evaluate("window.wartableGame.data.steps")
    moving = [a for a, st in steps.items() if len(st) == 2 and a.startswith("move ")]
    assert moving, "no unit can move: the scene proves nothing"
    unit, square = steps[moving[0]]
    assert page.locator(f'#board .counter[data-id="{unit}"][data-selectable]').count() == 1
    page.locator(f'#board .counter[data-id="{unit}"]').click()
    target = page.locator(f'#board [data-id="{square}"][data-target]')
    assert target.count() == 1 and "move" in target.get_attribute("data-target")
    shot(page, "tactics2gm-chosen-unit.png")
    before = moves(page)
    same = [a for a, st in steps.items() if st == [unit, square]]
    target.click()
    if len(same) == 1:  # one action there: the click takes it
        page.wait_for_function("n => window.wartableGame.data.n > n", arg=before, timeout=15000)
    else:  # several: the chooser lists exactly them
        shown = page.locator("#chooser [data-choice]").evaluate_all(
            "s => s.map(b => b.dataset.choice)"
        )
        assert sorted(shown) == sorted(same) and page.locator("#chooser").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("#board [data-target]").count() == 0
