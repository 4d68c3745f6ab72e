"""Test-wide settings.

Hypothesis draws the same examples on every run by default (``derandomize``), so the test
command passes or fails the same way on every machine and CI never turns red by luck. To
search further for new failures, run ``pytest --hypothesis-profile=explore`` (fresh random
examples each run); whatever it finds becomes a fixed regression test.
"""

from __future__ import annotations

import os

from hypothesis import settings

# the terminal speaks the system's language (LANG, docs/i18n.md): the tests read English
# wherever they do not ask for another, whatever the machine's own settings
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"

# no deadline: speed is measured in bench/, never by a test that fails on a busy machine
settings.register_profile("default", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile("default")
