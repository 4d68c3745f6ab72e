"""The balance report as a browser shows it: every chart decodes, from the page alone."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tests.e2e.pages import ARTIFACTS, needs_chromium
from wartable.cli.main import app

pytestmark = [needs_chromium, pytest.mark.slow]  # CI runs them in make slow


def test_the_report_draws_in_a_browser_offline(browser, tmp_path):
    folder = tmp_path / "study"
    args = ["simulate", "undaunted", "--scenario", "la-raye", "--agents", "heuristic,random"]
    made = CliRunner().invoke(app, [*args, "--games", "12", "--out", str(folder)])
    assert made.exit_code == 0, made.output
    assert CliRunner().invoke(app, ["report", str(folder)]).exit_code == 0
    context = browser.new_context(viewport={"width": 1200, "height": 900}, offline=True)
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto((folder / "report.html").as_uri())
    widths = page.evaluate("[...document.images].map((i) => i.complete ? i.naturalWidth : 0)")
    assert len(widths) >= 8 and all(w > 300 for w in widths)
    for heading in ("Who wins", "First-player advantage", "Where and when"):
        assert page.get_by_role("heading", name=heading).is_visible()
    assert all(u.startswith(("file:", "data:")) for u in fetched)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "report.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert page.evaluate("document.body.scrollHeight") > 3000  # the whole report, not a stub
    context.close()
