"""The command line works with the core dependencies alone (pydantic, PyYAML, typer, rich, babel):
what an extra brings (the web server, plots, learning, Ray, PostgreSQL) is imported only
where it is used, and nothing leans on a package that merely happens to be installed (click
came with Ray and uvicorn here, but a plain install has none)."""

from __future__ import annotations

import subprocess
import sys

# packages a plain `pip install wartable` does not bring
EXTRAS = (
    "click", "fastapi", "uvicorn", "websockets", "matplotlib", "numpy", "gymnasium",
    "pettingzoo", "torch", "ray", "psycopg", "httpx", "playwright",
)  # fmt: skip

SCRIPT = f"""
import sys
for name in {EXTRAS!r}:
    sys.modules[name] = None  # importing it now fails, as on a plain install
from typer.testing import CliRunner
from wartable.cli.main import app
run = CliRunner().invoke
for args in (
    ["games"],
    ["scenarios", "undaunted"],
    ["simulate", "undaunted", "--games", "2", "--workers", "1", "--agents", "heuristic,random"],
    ["simulate", "combat", "--games", "1", "--workers", "1", "--backend", "spark"],
    ["play", "undaunted", "--vs", "heuristic"],
):
    result = run(app, args, input="quit\\n")
    assert "Traceback" not in result.output and result.exception is None or isinstance(
        result.exception, SystemExit), (args, result.output, result.exception)
    print(" ".join(args[:2]), result.exit_code)
"""


def test_the_cli_runs_on_the_core_dependencies_alone(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
        env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    codes = [line.rsplit(" ", 1) for line in done.stdout.splitlines()]
    assert codes == [
        ["games", "0"], ["scenarios undaunted", "0"], ["simulate undaunted", "0"],
        ["simulate combat", "2"], ["play undaunted", "0"],
    ]  # fmt: skip
