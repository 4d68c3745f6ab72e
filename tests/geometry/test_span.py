"""The terminal's map windows (geometry/span.py): a run of places around what matters,
kept inside the line, starting no later than an edge it must show."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wartable.geometry.span import around


def test_a_line_that_fits_is_shown_whole():
    assert around(10, 12, 3) == range(10)


def test_the_run_is_centred_and_kept_inside():
    assert around(30, 10, 15) == range(10, 20)
    assert around(30, 10, 1) == range(0, 10)
    assert around(30, 10, 29) == range(20, 30)


def test_an_edge_to_show_pulls_the_run_back():
    assert around(30, 10, 20, first=12) == range(12, 22)
    assert around(30, 10, 20, first=25) == range(15, 25)  # the centre already shows it


@given(st.integers(1, 60), st.integers(1, 60), st.data())
def test_the_run_holds_fit_places_of_the_line_and_its_centre(count, fit, data):
    centre = data.draw(st.integers(0, count - 1))
    shown = around(count, fit, centre)
    assert len(shown) == min(count, fit) and shown.start >= 0 and shown.stop <= count
    assert centre in shown
