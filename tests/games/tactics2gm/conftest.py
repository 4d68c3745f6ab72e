"""What 2GM Tactics' tests of broken content share: a copy of the content to break."""

from __future__ import annotations

import shutil

import pytest

from wartable.games.tactics2gm import content


@pytest.fixture
def data(tmp_path):
    """A copy of the shipped content in a temporary folder, for a test to break."""
    shutil.copytree(content.DATA, tmp_path / "data")
    return tmp_path / "data"
