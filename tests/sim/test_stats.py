"""The Wilson interval that every win rate in reports and benches carries."""

from __future__ import annotations

import pytest

from wartable.sim.stats import wilson_interval


def test_a_known_interval_and_its_edges():
    lo, hi = wilson_interval(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)  # no games: nothing known


def test_half_points_are_kept_not_rounded():
    """A match scored with half points (solitaire pairs, draws) gets the interval of its
    mean: between those of the whole points either side, never one of them."""
    half = wilson_interval(2.5, 5)
    two, three = wilson_interval(2, 5), wilson_interval(3, 5)
    assert two[0] < half[0] < three[0] and two[1] < half[1] < three[1]
    assert half[0] + half[1] == pytest.approx(1.0)  # 50%: symmetric about one half
