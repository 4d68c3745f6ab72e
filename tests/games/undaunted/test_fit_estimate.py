"""tools/fit_estimate.py: the fit finds what decides games, and writing its block into a
scenario file replaces the old one and leaves the rest of the file as it was."""

from __future__ import annotations

import shutil

import numpy as np
import pytest
import yaml

from tests.tooling import load_tool
from wartable.games.undaunted import Undaunted
from wartable.games.undaunted.game import PACKAGE_DATA

fit_estimate = load_tool("fit_estimate")


def test_the_fit_recovers_known_weights():
    """Outcomes drawn from a known logistic model, on facts of different scales: the fit
    gives the weights back in the facts' own units."""
    rng = np.random.default_rng(3)
    x = np.c_[rng.normal(5, 2, 20_000), rng.normal(0, 0.1, 20_000), rng.integers(0, 2, 20_000)]
    truth = np.array([-0.5, 0.4, -6.0, 1.0])
    y = (rng.random(20_000) < fit_estimate.chance(truth, x)).astype(float)
    got = fit_estimate.fit(x, y)
    assert got == pytest.approx(truth, abs=0.15)


def test_numbers_read_back_as_numbers():
    for v in (1e-7, -2.5e-5, 3.0, -0.1234567, 12345.6):
        assert isinstance(yaml.safe_load(fit_estimate.number(v)), float)


def test_writing_replaces_the_block_and_keeps_the_rest(tmp_path):
    target = tmp_path / "undaunted"
    shutil.copytree(PACKAGE_DATA, target)
    path = target / "scenarios" / "rearguard.yaml"
    before = path.read_text(encoding="utf-8")
    head = before[: before.index(fit_estimate.MARK)]
    weights = np.linspace(-1, 1, 1 + len(fit_estimate.SHARED) + 2 * len(fit_estimate.PER_SIDE))
    text = fit_estimate.block(weights, 10, 7, 0.2, 0.25)
    fit_estimate.write(path, text)
    fit_estimate.write(path, text)  # twice: still one block
    after = path.read_text(encoding="utf-8")
    assert after == head + text
    sc = Undaunted(target).scenario("rearguard")
    assert sc.outlook == pytest.approx(tuple(weights), abs=1e-6)  # the file's order is the model's


def test_writing_to_a_file_without_a_block_appends_one(tmp_path):
    path = tmp_path / "plain.yaml"
    path.write_text("# a scenario\nid: plain\nsides:\n  us: {}\n", encoding="utf-8")
    weights = np.zeros(1 + len(fit_estimate.SHARED) + 2 * len(fit_estimate.PER_SIDE))
    fit_estimate.write(path, fit_estimate.block(weights, 10, 7, 0.2, 0.25))
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc["id"] == "plain" and doc["sides"] == {"us": {}}
    assert doc["estimate"]["bias"] == 0.0 and doc["estimate"]["provenance"] == "house"
