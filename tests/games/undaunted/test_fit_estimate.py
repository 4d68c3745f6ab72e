"""tools/fit_estimate.py: the fit finds what decides games, and writing a scenario's weights
into Undaunted's ``data/estimates.yaml`` replaces its entry and keeps the others, in the
order the model reads them."""

from __future__ import annotations

import shutil

import numpy as np
import pytest
import yaml

from tests.tooling import load_tool
from wartable.games.undaunted import Undaunted, estimates
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


def test_writing_replaces_the_entry_and_keeps_the_rest(tmp_path):
    target = tmp_path / "undaunted"
    shutil.copytree(PACKAGE_DATA, target)
    path = target / "estimates.yaml"
    table = fit_estimate.TABLES["undaunted"]
    order = [s.id for s in Undaunted(target).scenarios()]
    weights = np.linspace(-1, 1, 1 + len(estimates.FACTS.names()))
    for _ in range(2):  # twice: still one entry
        entry = fit_estimate.table_entry(weights, "a note", estimates.FACTS)
        fit_estimate.write_table(path, order, "rearguard", entry, table.head())
    text = path.read_text(encoding="utf-8")
    assert text.count("rearguard:") == 1 and text.count("la-raye:") == 1
    fresh = Undaunted(target)
    assert fresh.scenario("rearguard").outlook == pytest.approx(tuple(weights), abs=1e-6)
    shipped = Undaunted().scenario("la-raye").outlook
    assert fresh.scenario("la-raye").outlook == pytest.approx(shipped)
