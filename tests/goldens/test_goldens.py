"""Golden playthroughs: every stored game replays to the same state after every action.

A digest that moves means the rules changed. That is allowed, but never silently: bump the
game's rules version (``game_version`` on its state class) and regenerate the goldens with
``make goldens`` (``tools/goldens.py``). Each failure says which of the two is missing.
"""

from __future__ import annotations

import json

import pytest
from tools import goldens

import wartable

STORED = goldens.stored()


@pytest.mark.parametrize("path", STORED, ids=[f"{p.parent.name}:{p.stem}" for p in STORED])
def test_a_golden_game_replays_to_the_same_states_and_reads_as_its_transcript(path):
    problem = goldens.verdict(path)
    assert problem is None, problem


def test_every_scenario_of_every_game_has_its_goldens():
    wanted = {goldens.path_of(*key) for key in goldens.plan()}
    assert {p.parent.name for p in wanted} == set(wartable.game_names())
    missing = sorted(goldens.rel(p) for p in wanted - set(STORED))
    assert not missing, f"no golden {', '.join(missing)}: {goldens.REGENERATE}"
    left = sorted(goldens.rel(p) for p in set(STORED) - wanted)
    assert not left, f"goldens of nothing registered: {', '.join(left)}: {goldens.REGENERATE}"
    full = {p.parent.name for p in STORED if goldens.load(p)["complete"]}
    assert full == set(wartable.game_names()), "every game keeps at least one whole game"


def changed(golden, step=None, **fields):
    out = json.loads(json.dumps(golden))
    out.update(fields)
    if step is not None:
        player, action, digest = out["steps"][step]
        out["steps"][step] = [player, action, ("0" if digest[0] != "0" else "1") + digest[1:]]
    return out


def test_a_changed_digest_asks_for_a_version_bump_and_a_changed_version_for_goldens():
    path = goldens.path_of("undaunted", "la-raye", "heuristic", 1)
    golden = goldens.load(path)
    assert goldens.check(golden) is None
    silent = goldens.check(changed(golden, step=5))
    assert "after action 6" in silent and "bump the game's rules version" in silent
    assert "make goldens" in silent
    assert "differs" in goldens.check(changed(golden, start="0" * 16))
    bumped = goldens.check(changed(golden, version="0"))
    assert "rules version 0" in bumped and "make goldens" in bumped and "bump" not in bumped
    moved = changed(golden)
    moved["steps"][3][1] = "move 99Z"
    assert "no longer replays" in goldens.check(moved)


def test_the_file_form_reads_back_as_written():
    path = goldens.path_of("combat", "a-meeting-of-patrols", "random", 1)
    golden = goldens.load(path)
    assert goldens.dump(golden) == path.read_text(encoding="utf-8")
    assert golden["format"] == goldens.FORMAT


def test_a_moved_digest_shows_what_the_game_says_differently():
    """Readable goldens: the failure names the step and shows the log lines that changed."""
    path = goldens.path_of("undaunted", "la-raye", "heuristic", 1)
    said: list[str] = []
    assert goldens.check(goldens.load(path), lines=said) is None
    stored_text = goldens.text_path(path).read_text(encoding="utf-8")
    assert stored_text == "\n".join(said) + "\n"
    assert "   1. " in stored_text and "outcome: " in stored_text.splitlines()[-1]
    altered = stored_text.replace(said[2], said[2] + " (as it was)", 1)
    diff = goldens.changes(said, altered)
    assert "-" + said[2] + " (as it was)" in diff and "+" + said[2] in diff
