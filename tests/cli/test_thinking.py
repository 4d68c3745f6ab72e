"""While the computer thinks, the terminal shows it (issue 45, item 6); piped output stays
clean."""

from __future__ import annotations

import io
import time

from rich.console import Console

from wartable.cli import thinking


def test_a_long_think_shows_a_spinner_with_the_time_and_the_budget(monkeypatch):
    monkeypatch.setattr(thinking, "QUIET", 0.0)
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80)
    with thinking.thinking(console, "germany", 2.0):
        time.sleep(0.35)
    shown = out.getvalue()
    assert "germany is thinking… " in shown and "up to about 2 s a move" in shown


def test_piped_output_shows_no_spinner():
    out = io.StringIO()
    with thinking.thinking(Console(file=out, width=80), "germany", 2.0):
        time.sleep(0.01)
    assert out.getvalue() == ""


def test_the_words_say_the_time_taken():
    assert thinking.words("axis", 3.21, None) == "axis is thinking… 3.2 s"
