"""The browser tests' fixtures: one real server process and Debian's Chromium driven by
Playwright (never a downloaded browser), shared by all the browser tests."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.pages import CHROMIUM
from tests.server.helpers import free_port, start

# A player's choice the page keeps: the other side's moves shown at once, not one by one.
# The tests wait for the page to settle after every move, so they make it; the pacing tests
# use the browser as a new player finds it (``browser.paced``).
AT_ONCE = "localStorage.setItem('wartable.moves-at-once', 'yes')"


class Browser:
    """Chromium whose pages start with the other side's moves at once."""

    def __init__(self, chromium: Any) -> None:
        self.paced = chromium

    def new_context(self, **options: Any) -> Any:
        context = self.paced.new_context(**options)
        context.add_init_script(AT_ONCE)
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    port = free_port()
    proc = start(tmp_path_factory.mktemp("db") / "games.sqlite3", port)
    yield f"http://127.0.0.1:{port}"
    proc.kill()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield Browser(chromium)
        chromium.close()
