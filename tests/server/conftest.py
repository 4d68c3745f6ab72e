from __future__ import annotations

import pytest

from tests.server.helpers import client


@pytest.fixture
def c(tmp_path):
    """A client whose requests and websockets share one event loop, as a real server's do."""
    with client(tmp_path) as c:
        yield c


@pytest.fixture
def live(c):
    return c
