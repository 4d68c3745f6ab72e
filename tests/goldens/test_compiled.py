"""The compiled build plays exactly as pure Python: the modules listed for mypyc are
compiled (through setup.py, as `WARTABLE_MYPYC=1 pip install` does) and every golden game
is replayed with them, digest for digest. Slow: compiling takes five to six minutes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = [
    line.strip()
    for line in (ROOT / "tools" / "mypyc_modules.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]

# a few whole games per scenario, with the heuristic and with random play, as JSON
PLAY = """
import dataclasses, json
import wartable
from wartable.sim.runner import play_game
out = []
for game, agents in (
    ("undaunted", ["heuristic", "random"]), ("combat", ["heuristic"]), ("combat", ["random"]),
    ("tactics2gm", ["heuristic", "random"]), ("diadehonor", ["heuristic", "random"]),
):
    for sc in wartable.get_game(game).scenarios():
        for i in range(2):
            r = play_game(game, sc.id, agents, 7, i)
            out.append(dataclasses.asdict(r))
print(json.dumps(out))
"""

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler for mypyc"),
]


def test_the_compiled_rules_replay_every_golden_game(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, tree / name)
    (tree / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "mypyc_modules.txt", tree / "tools")
    env = {**os.environ, "WARTABLE_MYPYC": "1"}
    build = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=tree, env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]

    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    names = [m.removesuffix(".py").replace("/", ".") for m in MODULES]
    where = subprocess.run(
        [sys.executable, "-c", "import importlib, json, sys; print(json.dumps("
         "[importlib.import_module(n).__file__ for n in sys.argv[1:]]))", *names],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    files = json.loads(where.stdout)
    assert len(files) == len(MODULES)
    assert all(f.startswith(str(tree)) and f.endswith(".so") for f in files), files

    replay = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "goldens.py"), "--check"],
        env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert replay.returncode == 0, replay.stdout[-3000:] + replay.stderr[-3000:]
    assert "every golden replays" in replay.stdout

    # and agents play the same games: the heuristic reads the compiled state many ways
    played = subprocess.run(
        [sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, timeout=900
    )
    assert played.returncode == 0, played.stderr[-3000:]
    here: dict[str, object] = {}
    exec(PLAY.replace("print(", "here['out'] = ("), {"here": here})
    assert json.loads(played.stdout) == json.loads(str(here["out"]))
