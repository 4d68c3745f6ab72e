"""The games' own drawings in Spanish and German (docs/i18n.md): Día de Honor's, 2GM Tactics'
and Combat!'s status lines, map keys and panels say their words through the page's ``t``, in
the language chosen in the header; a few moves played in each language come back in the log
said in it.

Each game is opened in English, then in Spanish and German on the same position. What each
place should say is derived from the catalogs at run time (``wartable.i18n.catalogs.messages``,
the table the page itself is served): a message the catalogs translate must appear in its
translation, and its English must be gone from that place; a message they do not translate
yet is still said in English. So the test passes while the catalogs lack the drawings' new
messages, and tightens by itself as they are filled in. Each language must also show at least
one translated word of the drawing's own (a name, a side, a count the catalogs already hold),
so that the test can never pass on a page that ignores the language."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from tests.e2e.pages import SETTLED, act_now, moves, needs_chromium, shot, turn_comes
from tests.e2e.test_board import combat_mid_game, diadehonor_mid_battle, tactics2gm_battle
from wartable.i18n.catalogs import messages

pytestmark = [needs_chromium, pytest.mark.slow]  # CI runs them in make slow

LANGUAGES = ("es", "de")

# each place the drawing says words in, as a list of texts (a map key folded away still counts)
PLACES = """([panel]) => {
    const texts = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent.trim());
    const skip = ['#turn', '#outcome', '#last-move', '#rosters'].map((s) => `:not(${s})`).join('');
    return { status: texts(`#status > div:not(:first-child)${skip}`),
             legend: [...document.querySelectorAll('#legend .key-item')]  // its words, not its mark
               .map((e) => e.lastChild.textContent.trim()),
             headings: texts(`${panel} th`),
             panel: texts(`${panel} > .muted, ${panel} .hint`), hand: texts('#hand .card-title'),
             objective: texts('#objective'), labels: window.wartableGame.data.labels };
}"""


@dataclass
class Speech:
    """A language's table of the game's words (what the page is served), and what a test of it
    found: how many of the checked messages are translated."""

    table: dict[str, str]
    translated: list[str] = field(default_factory=list)

    def __call__(self, msgid: str, **args: object) -> str:
        """The message as the page says it: its translation, else its English, filled in."""
        return fill(self.table.get(msgid) or msgid, args)


def fill(form: str, args: dict[str, object]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(args.get(m.group(1), m.group(0))), form)


def says(
    place: list[str] | str, said: Speech, msgid: str, exact: bool = False, **args: object
) -> None:
    """``place`` says ``msgid`` in the language (the whole of one of its texts where ``exact``),
    and, where the catalogs translate it, not in English."""
    texts = [place] if isinstance(place, str) else place
    wanted, english = said(msgid, **args), fill(msgid, args)
    found = wanted in texts if exact else any(wanted in text for text in texts)
    assert found, f"{wanted!r} (for {msgid!r}) is not in {texts}"
    if wanted != english:
        said.translated.append(msgid)
        if english not in wanted:  # "Tank" said "Tank" again inside a longer word is no proof
            gone = english not in texts if exact else not any(english in text for text in texts)
            assert gone, f"{english!r} is still said in English in {texts}"


def in_language(page, lang: str, drawn: str) -> None:
    """The header's language chosen (kept in this browser, the page drawn again in it)."""
    with page.expect_navigation():
        page.select_option("#lang", lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    page.wait_for_selector(drawn)
    page.wait_for_function(SETTLED, timeout=15000)


def each_language(browser, server, made: dict, game: str, drawn: str, panel: str, check) -> None:
    """The game opened in English, then in each language: ``check(places, view, said, page)``
    in each, with the same position and the same number of texts in each place."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + made["link"])
    page.wait_for_selector(drawn)
    page.wait_for_function(SETTLED, timeout=15000)
    assert page.evaluate("document.documentElement.lang") == "en"
    english = page.evaluate(PLACES, [panel])
    view = page.evaluate("window.wartableGame.data.view")
    n = page.evaluate("window.wartableGame.data.n")
    check(english, view, Speech({}), page)  # the checks hold in English too
    for lang in LANGUAGES:
        in_language(page, lang, drawn)
        assert page.evaluate("window.wartableGame.data.n") == n, "the position moved on"
        places = page.evaluate(PLACES, [panel])
        for where in ("status", "legend", "headings", "panel", "hand", "objective"):
            assert len(places[where]) == len(english[where]), (lang, where, places[where])
        # the server's own words: the actions' labels come in the language
        if english["labels"]:
            assert places["labels"] != english["labels"], lang
        said = Speech(messages(lang, game))
        check(places, view, said, page)
        assert said.translated, f"{game} in {lang}: not one word of the drawing is translated"
        shot(page, f"{game}-{lang}.png")
    for lang in LANGUAGES:  # a few moves in each language: the log says them in it
        in_language(page, lang, drawn)
        played_in(page, lang)
    page.close()


# the latest log lines as the page has them, and as the server says them in English
LOG = "() => window.wartableGame.log.slice(-8).map((e) => e.text)"
ENGLISH_LOG = """async () => {
    const g = window.wartableGame;
    const headers = { Authorization: `Bearer ${g.token}` };
    const r = await fetch(`/api/games/${g.id}?lang=en`, { headers });
    return (await r.json()).log.slice(-8).map((e) => e.text);
}"""


def played_in(page, lang: str) -> None:
    """Two moves played on the page in ``lang``: the log shows them, said in it."""
    before = moves(page)
    for _ in range(2):
        data = turn_comes(page)
        if data["outcome"] is not None:
            break
        act_now(page, data["legal"][0])
    assert moves(page) > before, lang
    page.wait_for_function(SETTLED, timeout=15000)
    said, english = page.evaluate(LOG), page.evaluate(ENGLISH_LOG)
    assert len(said) == len(english) and said, (lang, said)
    assert said != english, f"the log in {lang} is English: {said}"
    shown = page.inner_text(".log")  # the page names ids in its words: compare the words
    own = {w for a, b in zip(said, english, strict=True) if a != b for w in words(a) - words(b)}
    assert own & words(shown), f"the log panel in {lang} shows none of {sorted(own)[:10]}"


def words(text: str) -> set[str]:
    return set(re.findall(r"\w{4,}", text))


# ---- Combat! ----------------------------------------------------------------------------------
# the ground Combat!'s key names (page.js TERRAIN_FILL)
TERRAIN = {"open", "trees", "building", "hedgerow", "wall", "rocks", "marsh", "stream"}
TERRAIN |= {"depression", "field", "long_grass", "orchard", "logs", "crater", "rubble", "foxhole"}


def test_combat_speaks_spanish_and_german(server, browser):
    def check(places, view, said, page):
        status, legend = "\n".join(places["status"]), places["legend"]
        turn = {"turn": view["turn"], "turns": view["turns"]}
        says(status, said, "Turn {turn} of {turns}" if view["turns"] else "Turn {turn}", **turn)
        if view["phase"] == "impulses":
            says(status, said, "impulses {impulse}", impulse=view["impulse"])
        says(status, said, "Victory points: {points}", points=view["victory_points"])
        deck = {"deck": view["deck_size"], "discard": view["discard_size"]}
        says(status, said, "Deck {deck}, discard {discard}", **deck)
        if view["initiative_track"]:
            teams = ", ".join(
                said("{team} {initiative}", team=said(team), initiative=v)
                for v, team in view["initiative_track"]
            )
            says(status, said, "Initiative: {teams}", teams=teams)
        # the key to the map: the ground present (names the catalogs hold), the marks' words
        for kind in {"open", *(k for _, k, *_ in view["map"]["terrain"])} & TERRAIN:
            says(legend, said, kind.replace("_", " "), exact=True)
        for msgid in (
            "ground level of a hex (higher sees over lower)",
            "smoke",
            "berserk",
            "shaken",
            "routed",
            "a German not yet alerted",
            "dashed edge: hidden from the enemy",
        ):
            says(legend, said, msgid, exact=True)
        says(page.inner_text("#los button"), said, "Line of sight")
        # the soldiers' table: its headings, the count of unknown counters under it
        headings = ("soldier", "hex", "order", "state")
        assert places["headings"] == ["", *(said(h) for h in headings)]
        for msgid in headings:
            says(places["headings"], said, msgid, exact=True)
        unknown = sum(
            1
            for s in view["soldiers"]
            if s["hex"]
            and s["status"] in ("active", "captured")
            and s["side"] != "us"
            and not s["known"]
        )
        says(places["panel"], said, "{count} unknown German counter(s) on the map", count=unknown)
        for card in view["hand"]:  # the cards' titles, from the data
            says(places["hand"], said, card["title"], exact=True)

    made = combat_mid_game(server)
    each_language(browser, server, made, "combat", "#board .counter", "#soldiers", check)


# ---- Día de Honor -------------------------------------------------------------------------------
def side_of(said: Speech, side: str) -> str:
    """A side's name ("axis": the catalogs' "Axis")."""
    return said(side.capitalize())


def test_diadehonor_speaks_spanish_and_german(server, browser):
    phases = {
        "deploy": "deployment",
        "cards": "situation cards",
        "initiative": "initiative",
        "activate": "activation",
        "over": "the battle is over",
    }
    grounds = {".": "clear", "=": "road", "w": "dense woods", "r": "rough ground",
               "B": "building", "W": "wall", "t": "trench"}  # fmt: skip

    def seat(said: Speech, name: str) -> str:
        side, n = name.split("-")
        return said("{side} {n}", side=side_of(said, side), n=n)

    def check(places, view, said, page):
        status, legend = "\n".join(places["status"]), places["legend"]
        rounds = {"round": view["round"], "rounds": view["max_rounds"]}
        says(status, said, "Round {round} of {rounds}", **rounds)
        says(status, said, phases[view["phase"]])
        says(status, said, view["battlefield"].replace("-", " ").capitalize())  # the board's title
        if view["order"]:
            order = [side_of(said, s) for s in view["order"]]
            while len(order) > 1:
                order[:2] = [said("{first} first, then {second}", first=order[0], second=order[1])]
            says(status, said, "Initiative: {order}", order=order[0])
        if view["to_act"]:
            says(status, said, "To act: {seat}", seat=seat(said, view["to_act"]))
        for name in view["seats"]:
            says(status, said, name.split("-")[0].capitalize())
            says(
                status,
                said,
                "{side} {n}",
                side=side_of(said, name.split("-")[0]),
                n=name.split("-")[1],
            )
        deck = "Situation deck: {count} card" + ("" if view["deck_size"] == 1 else "s")
        says(status, said, deck, count=view["deck_size"])
        # the key to the map
        for g in sorted(set(view["map"]["ground"]) & set(grounds)):
            says(legend, said, grounds[g], exact=True)
        for side in view["map"]["zones"]:
            says(legend, said, "{side} start zone", exact=True, side=side_of(said, side))
        for msgid in (
            "prone (name on a band)",
            "a wound each",
            "actions left (amber: attack made)",
        ):
            says(legend, said, msgid, exact=True)
        # the units' table and the secret objective
        says(places["panel"], said, "Your units", exact=True)
        headings = ("unit", "at", "state", "acts", "A/R", "spd", "rng")
        assert places["headings"] == ["", *(said(h) for h in headings)]
        says(places["headings"], said, "unit", exact=True)
        says(places["objective"], said, "Your secret objective")
        says(places["objective"], said, view["objective"]["title"])  # from the data
        cards = page.evaluate("window.wartableGame.cards")
        for card in view["hand"] or []:
            title = cards[card]["title"] if card in cards else card.replace("_", " ").capitalize()
            says(places["hand"], said, title, exact=True)

    made = diadehonor_mid_battle(server)
    each_language(browser, server, made, "diadehonor", "#board [data-id]", "#units", check)


# ---- 2GM Tactics --------------------------------------------------------------------------------
def test_tactics2gm_speaks_spanish_and_german(server, browser):
    phases = {
        "bid": "secret bids for the first turn",
        "first": "choosing who plays first",
        "terrain": "laying terrain",
        "mulligan": "opening hands",
        "move": "movement",
        "deploy": "deployment and support",
        "fire": "fire",
        "flip": "tokens turned back",
        "discard": "discard",
        "over": "the battle is over",
    }
    grounds = {"F": "forest", "H": "hedge", "M": "mountain", "L": "lake", "R": "river", "S": "sea"}
    armies = {"usa": "USA", "germany": "Germany"}

    def check(places, view, said, page):
        status, legend = "\n".join(places["status"]), places["legend"]
        round_ = {"round": view["round"], "rounds": view["max_rounds"], "turn": view["turn"]}
        says(status, said, "Round {round} of {rounds} · turn {turn}", **round_)
        says(status, said, phases[view["phase"]])
        if view["active"]:
            says(status, said, "To play: {side}", side=side_of(said, view["active"]))
        for name, s in view["sides"].items():
            says(status, said, name.capitalize())
            army = said(armies[s["army"]])
            says(status, said, "{side} ({army})", side=side_of(said, name), army=army)
            says(status, said, "{ap} AP", ap=s["ap"])
            cards = {"hand": s["hand"], "deck": s["deck"], "lost": s["lost"]}
            says(status, said, "hand {hand} · deck {deck} · lost {lost}", **cards)
        # the key to the board
        for g in sorted(set("".join(view["field"]["rows"])) & set(grounds)):
            says(legend, said, grounds[g], exact=True)
        for msgid in ("wound", "token ready", "spent", "suppressed"):
            says(legend, said, msgid, exact=True)
        # the units' table
        heading = "Units in play (click one to see its actions)"
        says(places["panel"], said, heading, exact=True)
        assert places["headings"] == ["", *(said(h) for h in ("unit", "at", "ready", "state"))]
        says(places["headings"], said, "ready", exact=True)
        # the HQs off the field: their sides' names, drawn on the board
        hqs = page.evaluate(
            "[...document.querySelectorAll('#board .hq text')].map((e) => e.textContent)"
        )
        for name in view["sides"]:
            says(hqs, said, "{side} HQ", side=side_of(said, name))

    made = tactics2gm_battle(server, rounds=2)
    drawn = "#board[data-catalogue=ready] .counter"  # the counters, with their kinds known
    each_language(browser, server, made, "tactics2gm", drawn, "#units", check)
