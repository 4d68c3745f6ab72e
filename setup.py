"""The optional compiled build: with WARTABLE_MYPYC=1, the rules modules listed in
tools/mypyc_modules.txt are compiled to C extensions with mypyc (about twice as fast, the
same games). Without it, this is the ordinary pure-Python package (pyproject.toml).

    pip install mypy==2.4.1 setuptools==80.9.0
    WARTABLE_MYPYC=1 pip install --no-build-isolation .
"""

import os
from pathlib import Path

from setuptools import setup

ext_modules = []
if os.environ.get("WARTABLE_MYPYC") == "1":
    from mypyc.build import mypycify

    listed = Path(__file__).parent / "tools" / "mypyc_modules.txt"
    modules = [
        f"src/{line.strip()}"
        for line in listed.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    ext_modules = mypycify(modules, opt_level="3")

setup(ext_modules=ext_modules)
