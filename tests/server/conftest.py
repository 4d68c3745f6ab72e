from __future__ import annotations

import pytest

from tests.server.helpers import client


@pytest.fixture
def live(tmp_path):
    """A client whose websockets share one event loop, as a real server's do."""
    with client(tmp_path) as c:
        yield c
