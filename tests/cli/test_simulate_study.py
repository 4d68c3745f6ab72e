"""``wartable simulate --out DIR``: a study written as it runs, stopped with Ctrl-C and
taken up again with ``--resume``, ending with the same file as a study run in one go."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from wartable.cli.main import app

runner = CliRunner()
STUDY = ("simulate", "undaunted", "--scenario", "la-raye", "--agents", "random,random")


def run(*args: str):
    return runner.invoke(app, list(args))


def test_a_study_grows_with_resume_and_reports_all_its_games(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    first = run(*STUDY, "--games", "5", "--seed", "2", "--out", str(a), "--workers", "1")
    assert first.exit_code == 0, first.output
    assert f"study:{a}(games.csv" in "".join(first.output.split())  # however lines wrap
    # --resume takes the agents, scenario and seed from the study; --games raises the goal
    more = run("simulate", "undaunted", "--out", str(a), "--resume", "--games", "9", "--json")
    assert more.exit_code == 0, more.output
    summary = json.loads(more.output)
    assert summary["games"] == 9 and summary["played"] == 4
    assert summary["seed"] == 2 and summary["agents"] == {"us": "random", "germany": "random"}
    whole = run(*STUDY, "--games", "9", "--seed", "2", "--out", str(b), "--json")
    assert json.loads(whole.output)["wins"] == summary["wins"]
    assert (a / "games.csv").read_bytes() == (b / "games.csv").read_bytes()
    done = run("simulate", "undaunted", "--out", str(a), "--resume")
    assert "no games left to play" in done.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--backend", "spark"), "--backend: unknown backend 'spark'; choose from local, ray"),
        (("--address", "10.0.0.1:6379"), "--address: joins a Ray cluster"),
        (("--resume",), "--resume: needs --out"),
        (("--option", "nonsense"), "--option: wants KEY=VALUE"),
    ],
)
def test_bad_study_arguments_print_usage_and_one_line(args, message):
    result = run("simulate", "undaunted", "--games", "2", *args)
    assert result.exit_code == 2
    assert "Usage" in result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_study_is_never_overwritten_nor_continued_differently(tmp_path):
    assert run(*STUDY, "--games", "2", "--out", str(tmp_path), "--workers", "1").exit_code == 0
    before = (tmp_path / "games.csv").read_bytes()
    again = run(*STUDY, "--games", "2", "--out", str(tmp_path))
    assert again.exit_code == 2 and "add --resume" in again.output
    other = run(*STUDY, "--games", "4", "--seed", "9", "--out", str(tmp_path), "--resume")
    assert other.exit_code == 2 and "seed 0, not 9" in other.output
    wrong = run("simulate", "combat", "--out", str(tmp_path), "--resume")
    assert wrong.exit_code == 2 and "a study of undaunted, not combat" in wrong.output
    assert (tmp_path / "games.csv").read_bytes() == before


@pytest.mark.slow  # starts other processes (make slow; CI runs it)
def test_ctrl_c_keeps_the_finished_games_and_resume_finishes_the_study(tmp_path):
    cut, whole = tmp_path / "cut", tmp_path / "whole"
    args = [*STUDY[1:], "--games", "400", "--seed", "3", "--workers", "2"]
    command = [sys.executable, "-m", "wartable.cli.main", "simulate", *args]
    proc = subprocess.Popen(
        [*command, "--out", str(cut)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    rows = cut / "games.csv"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if rows.exists() and rows.read_text().count("\n") > 30:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=120)
    if proc.returncode == 0:
        pytest.skip("the study finished before it could be interrupted")
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert "--resume to go on" in err
    kept = rows.read_text().count("\n") - 1
    assert 30 <= kept < 400
    resumed = run("simulate", "undaunted", "--out", str(cut), "--resume", "--json")
    assert json.loads(resumed.output)["played"] == 400 - kept
    assert run("simulate", *args, "--out", str(whole)).exit_code == 0
    assert rows.read_bytes() == (whole / "games.csv").read_bytes()
