"""Undaunted's board as drawn in Chromium (issue 44): tiles in rows offset by half a tile, so
the tiles drawn touching are exactly the rules' neighbours (geometry/tilegraph.py), in every
scenario. The drawing's sum itself is checked without a browser in
tests/games/undaunted/test_page_layout.py; this reads what the browser actually laid out.
Screenshots of each scenario are kept in build/test-artifacts/undaunted-board-*.png."""

from __future__ import annotations

import pytest

from tests.e2e.pages import SETTLED, moves, needs_chromium, open_game, shot
from tests.games.undaunted.helpers import game

pytestmark = [needs_chromium, pytest.mark.slow]  # CI runs them in make slow

SCENARIOS = [s.id for s in game().scenarios()]

# each tile's ground in SVG units (getBBox: the board's own coordinates, whatever its scale),
# the board's viewBox and the box round everything drawn on it
DRAWN = """() => {
    const svg = document.querySelector('#board');
    const box = (b) => ({ x: b.x, y: b.y, w: b.width, h: b.height });
    const v = svg.viewBox.baseVal;
    return {
        tiles: [...svg.querySelectorAll('.tile[data-id]')].map((g) =>
            ({ id: g.dataset.id, ...box(g.querySelector('.tile-base').getBBox()) })),
        view: { x: v.x, y: v.y, w: v.width, h: v.height },
        all: box(svg.getBBox()),
    };
}"""


def gaps(a: dict, b: dict) -> tuple[float, float]:
    """The space between two boxes across and down (negative: they overlap that way)."""
    gx = max(b["x"] - (a["x"] + a["w"]), a["x"] - (b["x"] + b["w"]))
    gy = max(b["y"] - (a["y"] + a["h"]), a["y"] - (b["y"] + b["h"]))
    return gx, gy


def drawn_contacts(tiles: list[dict]) -> set[frozenset[str]]:
    """Pairs of tiles drawn side by side: facing edges no more than a gutter apart along a
    stretch of at least a quarter of a tile. Every other pair must lie clearly apart (a quarter
    of a tile or more on some axis), so nothing on the board reads as half touching."""
    side = min(t["w"] for t in tiles)
    gutter, stretch = side / 20, side / 4
    touching = set()
    for k, a in enumerate(tiles):
        for b in tiles[k + 1 :]:
            gx, gy = gaps(a, b)
            pair = f"{a['id']} and {b['id']}"
            assert gx >= 0 or gy >= 0, f"{pair} overlap"
            if (0 <= gx <= gutter and gy <= -stretch) or (0 <= gy <= gutter and gx <= -stretch):
                touching.add(frozenset((a["id"], b["id"])))
            else:
                assert max(gx, gy) >= stretch, f"{pair} are drawn neither touching nor apart"
    return touching


def rules_contacts(scenario: str) -> set[frozenset[str]]:
    g = game().scenario(scenario).graph
    return {frozenset((g.ids[i], g.ids[j])) for i, near in enumerate(g.neighbours) for j in near}


def inside(box: dict, frame: dict) -> bool:
    return (
        box["x"] >= frame["x"] - 0.01
        and box["y"] >= frame["y"] - 0.01
        and box["x"] + box["w"] <= frame["x"] + frame["w"] + 0.01
        and box["y"] + box["h"] <= frame["y"] + frame["h"] + 0.01
    )


def play(page, count: int) -> None:
    """Click the first action ``count`` times (fewer if the game stops), so counters move."""
    for _ in range(count):
        if page.locator("#actions button.action").count() == 0:
            return
        before = moves(page)
        page.locator("#actions button.action").first.click()
        page.wait_for_function("n => window.wartableGame.data.n > n", arg=before, timeout=15000)
        page.wait_for_function(SETTLED, timeout=30000)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_tiles_drawn_side_by_side_are_the_rules_neighbours(server, browser, scenario):
    page = open_game(browser, server, "undaunted", scenario=scenario)
    page.wait_for_function(SETTLED, timeout=15000)
    drawn = page.evaluate(DRAWN)
    assert len(drawn["tiles"]) == len(game().scenario(scenario).tiles)
    assert drawn_contacts(drawn["tiles"]) == rules_contacts(scenario)
    # the whole board, counters and markers included, fits the viewBox
    assert inside(drawn["all"], drawn["view"]), (drawn["all"], drawn["view"])
    # a few moves later the board is drawn the same, and a clicked tile is picked
    play(page, 6)
    assert page.evaluate(DRAWN)["tiles"] == drawn["tiles"]
    first = drawn["tiles"][0]["id"]
    tile = page.locator(f'#board .tile[data-id="{first}"]')
    size = tile.bounding_box()
    assert size is not None
    tile.click(position={"x": size["width"] / 2, "y": size["height"] * 0.1})  # its header
    page.wait_for_selector(f'#board .tile.picked[data-id="{first}"]')
    shot(page, f"undaunted-board-{scenario}.png")


# the boxes of what a tile's header shows: its id, objective, markers and cover shield
HEADER = """(id) => {
    const g = document.querySelector(`#board .tile[data-id="${id}"]`);
    return [...g.querySelectorAll('.tile-id, .objective, .marker, .cover-shield')].map((e) => {
        const b = e.getBBox();
        return { what: e.getAttribute('class'), x: b.x, y: b.y, w: b.width, h: b.height };
    });
}"""


def test_a_crowded_header_keeps_its_parts_apart(server, browser):
    """A long id, an objective, both sides' markers and the cover all fit side by side."""
    page = open_game(browser, server, "undaunted", scenario="crossroads")
    page.wait_for_function(SETTLED, timeout=15000)
    tile = page.evaluate(
        """() => { const t = window.wartableGame.data.view.tiles.find((t) => t.id.length === 3);
            t.objective = 3; t.markers = { us: 'controlled', germany: 'scouted' };
            wartable.render(); return t.id; }"""
    )
    parts = page.evaluate(HEADER, tile)
    assert [p["what"].split()[0] for p in parts].count("marker") == 2
    for k, a in enumerate(parts):
        for b in parts[k + 1 :]:
            assert max(gaps(a, b)) >= 1, f"{a['what']} and {b['what']} overlap on {tile}"
    shot(page, "undaunted-board-crowded-header.png")
