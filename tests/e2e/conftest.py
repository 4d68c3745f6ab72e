"""The browser tests' fixtures: a real server process and Debian's Chromium driven by
Playwright (never a downloaded browser)."""

from __future__ import annotations

import pytest

from tests.e2e.pages import CHROMIUM
from tests.server.helpers import free_port, start


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port = free_port()
    proc = start(tmp_path_factory.mktemp("db") / "games.sqlite3", port)
    yield f"http://127.0.0.1:{port}"
    proc.kill()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()
