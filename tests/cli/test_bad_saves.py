"""Damaged or foreign save and record files: one clear line, exit code 2, no traceback, and
nothing shown that the file's seats should not see (issue 10, item 18)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import wartable
from wartable.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def a_save(seats: dict[str, str] | None = None, **changes) -> dict:
    state = wartable.get_game("undaunted").new_game("la-raye", seed=4)
    record = {**state.record(), **changes}
    return {
        "format": "wartable-save",
        "seats": seats or {"us": "human", "germany": "heuristic"},
        "record": record,
    }


def refused(tmp_path, text: str, command: str, *extra: str):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    result = run(command, str(bad), *extra, input="quit\n")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1, result.output
    assert len(result.output) < 500  # quotes, never echoes
    return result.output


VERSION = wartable.get_game("undaunted").info.version
DEEP = "[" * 100_000 + "]" * 100_000
LONG_SEED = json.dumps(a_save()).replace('"seed": 4', '"seed": ' + "7" * 5000)


@pytest.mark.parametrize("command", ["resume", "replay"])
@pytest.mark.parametrize(
    ("text", "message"),
    [
        (json.dumps(a_save(scenario=["la-raye"])), "scenario id"),
        (json.dumps(a_save(scenario=None)), "scenario id"),
        (json.dumps(a_save(seed=int("7" * 300))), "seed"),
        (LONG_SEED, "far too long"),
        (DEEP, "nested too deeply"),
        (json.dumps(a_save(version=1)), f"'version' must be text like {VERSION!r}, not 1"),
        (json.dumps(a_save(game=["undaunted"])), "record is for game ['undaunted']"),
        (json.dumps(a_save(game="x" * 1_000_000)), "record is for game 'xxx"),
        ('{"format": "wartable-save", "seats": {"us": 1}, "record": {}}', "damaged save"),
    ],
)
def test_damaged_records_are_one_clear_line(tmp_path, command, text, message):
    assert message in refused(tmp_path, text, command)


def test_a_save_without_its_scenario_does_not_start_the_default(tmp_path):
    save = a_save()
    del save["record"]["scenario"]
    assert "scenario" in refused(tmp_path, json.dumps(save), "resume")


def test_a_file_that_is_not_text_or_not_a_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{\x00")
    assert "not UTF-8" in run("resume", str(bad)).output
    result = run("replay", str(tmp_path))
    assert result.exit_code == 2 and "is a folder" in result.output


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ({"us": "human"}, "no one sits in seat germany"),
        ({"germany": "human"}, "no one sits in seat us"),
        ({"us": "human", "germany": "human", "france": "human"}, "seat 'france' is not one of"),
        ({"us": "human", "germany": "deep-blue"}, "played by 'deep-blue'"),
        ({"us": "random", "germany": "heuristic"}, "no seat is played by a human"),
    ],
)
def test_seats_must_match_the_game_exactly(tmp_path, seats, message):
    out = refused(tmp_path, json.dumps(a_save(seats)), "resume")
    assert message in out
    assert "germany (you)" not in out and "hand" not in out  # no board, no hand shown


def test_replay_of_an_unfinished_save_never_shows_the_computers_hand(tmp_path):
    out = refused(tmp_path, json.dumps(a_save()), "replay", "--as", "germany")
    assert "played by the computer" in out
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps(a_save()))
    assert run("replay", str(ok), "--as", "us", "--step", "0").exit_code == 0


def test_replay_keeps_a_sealed_bid_sealed(tmp_path):
    state = wartable.get_game("undaunted").new_game("la-raye", seed=4)
    bid = state.legal_actions("us")[0]
    state.apply("us", bid)
    record = tmp_path / "r.json"
    record.write_text(json.dumps(state.record()))
    spectator = run("replay", str(record), "--step", "1").output
    assert "us bid (a card chosen in secret)" in spectator and str(bid) not in spectator
    assert f": us {bid}" in run("replay", str(record), "--step", "1", "--as", "us").output
