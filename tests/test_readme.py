"""The README's Python examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_blocks_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})


def test_readme_quick_start_names_make_targets_that_exist():
    makefile = (README.parent / "Makefile").read_text()
    for target in re.findall(r"^make (\w+)", README.read_text(), re.M):
        assert re.search(rf"^{target}:", makefile, re.M), target
