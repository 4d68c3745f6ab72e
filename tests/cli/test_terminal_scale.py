"""Terminal play at the scale of the big games (issue 45), measured in a pseudo-terminal as a
person plays: each game at 80 columns (and one at 120), a dozen decisions and more with a
deployment among them. Between two prompts never more than 20 lines of choices; no line
wider than the terminal; a verb typed alone narrows the choices instead of failing; the game
goes on by choices in steps (a group's number opens it); after the first, a deployment
decision (the brief picture, the events and the menu) fits the 50 rows without scrolling."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.slow

WARTABLE = str(Path(sys.executable).with_name("wartable"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")
CHOICE = re.compile(r"^\s+\d+\) ")
DECISIONS = 14
ROWS = 50
BRIEF = ("diadehonor", "combat")  # the games whose drawing has a brief picture


def screen(raw: str) -> list[str]:
    """The lines as the terminal shows them, escapes and carriage returns taken out."""
    return ANSI.sub("", raw).split("\n")


def rows_taken(raw: str) -> int:
    """The terminal rows from the last prompt (its line, echoing the answer) to this one:
    the empty lines the line editor reserves under a prompt, which the next text writes
    over, are not counted."""
    lines = screen(raw)
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return len(lines) + 1  # and the new prompt's line


@pytest.mark.parametrize(
    ("game", "scenario", "seat", "verb", "width"),
    [
        ("diadehonor", "crossroads", "axis-1", "deploy", 80),
        ("combat", "attack-the-farmhouse", "us", "deploy", 80),
        ("tactics2gm", "pitched-battle", "allies", "bid", 80),
        ("undaunted", "la-raye", "us", "bid", 80),
        ("diadehonor", "hedgerow", "axis-1", "deploy", 120),
    ],
)
def test_a_big_game_is_played_in_steps_that_fit_the_terminal(game, scenario, seat, verb, width):
    env = {**os.environ, "COLUMNS": str(width), "LINES": "50", "TERM": "xterm-256color",
           "PROMPT_TOOLKIT_NO_CPR": "1"}  # fmt: skip
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(
        WARTABLE,
        ["play", game, "--scenario", scenario, "--side", seat, "--seed", "3", "--vs", "random"],
        env=env,
        dimensions=(50, width),
        encoding="utf-8",
        timeout=60,
    )
    # the menu's heading, then the prompt (the line editor draws the prompt again as it
    # echoes what is typed, so the heading tells a new prompt from the echo of the last)
    heading, prompt = re.escape(seat) + r", choose", re.escape(seat) + ">"
    answers = [verb] + ["1"] * (DECISIONS - 1)
    seen_narrowed = opened = deployed = False
    fitted = 0  # the deployment decisions after the first measured against the rows
    try:
        for k, answer in enumerate(answers):
            found = child.expect([heading, r"\(yes/no\)", pexpect.EOF])
            raw = whole = child.before
            if found == 0:
                whole += str(child.after)
                child.expect(prompt)
                raw += "\n" + child.before
                whole += child.before
            lines = screen(raw)
            wide = [line for line in lines if len(line) > width]
            assert not wide, f"a line wider than {width} columns: {wide[0]!r}"
            choices = [line for line in lines if CHOICE.match(line)]
            assert len(choices) <= 20, f"{len(choices)} choices between two prompts"
            if k == 1:  # the verb alone narrowed the choices
                assert any(f"matching '{verb}'" in line for line in lines), lines[-25:]
                seen_narrowed = True
            # in steps: a group among the choices, a group open, or pages
            if any("…" in line or "page 1 of" in line for line in lines):
                opened = True
            deploying = any("Deploy" in line for line in choices)
            deployed = deployed or deploying
            if game in BRIEF and k > 0 and deploying and found == 0:
                taken = rows_taken(whole)
                assert taken <= ROWS, f"decision {k}: {taken} rows\n" + "\n".join(lines)
                fitted += 1
            if found == 2:
                pytest.fail("the game ended before a dozen decisions")
            child.sendline("yes" if found == 1 else answer)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert seen_narrowed
    if game in BRIEF:  # a deployment decision after another, in a row, fits the rows
        assert fitted >= 2, f"{fitted} deployment decisions in a row measured"
    if game != "undaunted":  # Undaunted's handful of cards needs no steps, nor deploys
        assert opened, "no choice came in steps"
        assert deployed, "no deployment among the decisions"
