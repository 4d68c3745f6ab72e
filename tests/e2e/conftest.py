"""The browser tests' fixtures: one real server process and Debian's Chromium driven by
Playwright (never a downloaded browser), shared by all the browser tests."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.pages import CHROMIUM
from tests.server.helpers import Server

# A player's choice the page keeps: the other side's moves shown at once, not one by one.
# The tests wait for the page to settle after every move, so they make it; the pacing tests
# use the browser as a new player finds it (``browser.paced``).
AT_ONCE = "localStorage.setItem('wartable.moves-at-once', 'yes')"


class Browser:
    """Chromium whose pages start with the other side's moves at once.

    ``new_page`` hands every test the same page, wiped of what the last test left in its
    storage: a fresh context would start a renderer of its own and load the scripts with a cold
    cache, about half a CPU-second a test. Tests that need a browser of their own (two people,
    a new player's first visit) make contexts."""

    def __init__(self, chromium: Any) -> None:
        self.paced = chromium
        self._page: Any = None

    def new_context(self, **options: Any) -> Any:
        # counters that slide would be measured mid-way: the tests ask for stillness, and the
        # test of motion asks for it back (prefers-reduced-motion)
        context = self.paced.new_context(**{"reduced_motion": "reduce", **options})
        context.add_init_script(AT_ONCE)
        return context

    def new_page(self, viewport: dict[str, int]) -> Any:
        page = self._page
        if page is None or page.is_closed():
            page = self._page = self.new_context(viewport=viewport).new_page()
            return page
        if page.url.startswith("http"):
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        page.set_viewport_size(viewport)
        return page


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    with Server(tmp_path_factory.mktemp("db") / "games.sqlite3") as running:
        yield running.base


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield Browser(chromium)
        chromium.close()
