# The README's quick start uses `make play` and `make test`; both set up the virtual
# environment first, so each works on a fresh machine with nothing but Python 3.11+.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup play test quick lint typecheck imports pytest browser goldens bench clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip==25.3
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(BIN)/wartable play undaunted --scenario la-raye --side us --vs heuristic

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools

typecheck: $(STAMP)
	$(BIN)/mypy

imports: $(STAMP)
	$(BIN)/python tools/check_imports.py

# The browser tests drive Debian's Chromium (never a downloaded browser); as root, setup
# installs it; otherwise those tests are skipped with a reason.
browser:
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
	  echo "note: no chromium and not root: the browser tests will be skipped"

# Python's bytecode cache stays on for the tests even where the environment turns it off:
# without it every test worker and every server or CLI the tests start compiles the whole
# package again, and pytest rewrites every test module's asserts again (seconds each time).
pytest: $(STAMP) browser
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n 2

test: lint typecheck imports pytest

# A developer's quick loop: the same checks without the statistical agent tests (marked
# slow) and the browser tests; CI runs everything (make test).
quick: $(STAMP)
	$(BIN)/ruff check src tests bench tools
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n 2 -m "not slow" --ignore=tests/e2e

# Golden playthroughs (tests/goldens/): play them again after a rules change, together
# with a new rules version for the game (docs/architecture.md, Tests).
goldens: $(STAMP)
	$(BIN)/python tools/goldens.py --write

# OpenSpiel is only the benchmark's yardstick: it lives in its own environment.
BENCH_VENV := .bench-venv
$(BENCH_VENV)/.installed:
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install -q open-spiel==2.0.2 absl-py==2.5.1 numpy==2.4.6 scipy==1.17.1
	touch $@

bench: $(STAMP) $(BENCH_VENV)/.installed
	$(BIN)/python bench/undaunted.py --openspiel-python $(BENCH_VENV)/bin/python
	$(BIN)/python bench/diadehonor.py --openspiel-python $(BENCH_VENV)/bin/python

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
