"""The training example runs: a few hundred steps of masked PPO, its curve written out, and
bad arguments answered with usage (CI's smoke run; docs/rl.md has the full measurements)."""

from __future__ import annotations

import csv
import importlib.util
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_undaunted.py"


def load():
    spec = importlib.util.spec_from_file_location("train_undaunted", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # starts other processes (make slow; CI runs it)
def test_a_few_hundred_steps_learn_and_write_the_curve(tmp_path, capsys):
    example = load()
    out = tmp_path / "curve.csv"
    args = ["--steps", "300", "--batch", "128", "--eval-every", "200", "--eval-games", "2"]
    picture = tmp_path / "curve.png"
    assert example.main([*args, "--out", str(out), "--plot", str(picture)]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = list(csv.DictReader(out.open()))
    assert [int(r["steps"]) for r in rows] == [0, 256, 300]
    assert all(0.0 <= float(r["win_rate"]) <= 1.0 for r in rows)
    assert "win rate vs random" in capsys.readouterr().out


@pytest.mark.parametrize(
    "bad",
    [
        ["--steps", "0"],
        ["--steps", "many"],
        ["--opponent", "grandmaster", "--steps", "1"],
        ["--plot", "curve.txt"],
    ],
)
def test_bad_arguments_print_usage_not_a_traceback(bad, capsys):
    with pytest.raises(SystemExit) as stop:
        load().main([*bad, "--eval-games", "0"])
    assert stop.value.code == 2
    assert "usage:" in capsys.readouterr().err
