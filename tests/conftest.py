"""Test-wide settings.

Hypothesis draws the same examples on every run by default (``derandomize``), so the test
command passes or fails the same way on every machine and CI never turns red by luck. To
search further for new failures, run ``pytest --hypothesis-profile=explore`` (fresh random
examples each run); whatever it finds becomes a fixed regression test.
"""

from __future__ import annotations

from hypothesis import settings

# no deadline: speed is measured in bench/, never by a test that fails on a busy machine
settings.register_profile("default", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile("default")
