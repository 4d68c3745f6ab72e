# The README's quick start uses `make play` and `make test`; both set up the virtual
# environment first, so each works on a fresh machine with nothing but Python 3.11+ (and,
# for make test, node and npm: setup installs the page's lint and type-check tools, pinned
# in package-lock.json, into node_modules/).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup play test slow quick lint typecheck imports js pytest browser goldens bench compiled clean

$(STAMP): pyproject.toml constraints.txt $(wildcard package.json package-lock.json)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip==25.3
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	if [ -f package.json ] && command -v npm >/dev/null; then npm ci --no-audit --no-fund; \
	else echo "note: no npm: make js (part of make test) needs node and npm"; fi
	touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(BIN)/wartable play undaunted --scenario la-raye --side us --vs heuristic

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools examples
	$(BIN)/ruff format --check src tests bench tools examples

typecheck: $(STAMP)
	$(BIN)/mypy

imports: $(STAMP)
	$(BIN)/python tools/check_imports.py

# The page's JavaScript, served as it is (no build step): ESLint (eslint.config.mjs) and
# TypeScript's checker over its JSDoc types (jsconfig.json), both pinned in package-lock.json.
js: $(STAMP)
	@[ -x node_modules/.bin/eslint ] && [ -x node_modules/.bin/tsc ] || npm ci --no-audit --no-fund
	npx --no-install eslint src/wartable/server/static/*.js src/wartable/games/*/page.js eslint.config.mjs
	npx --no-install tsc -p jsconfig.json

# The browser tests drive Debian's headless Chromium (never a downloaded browser), which
# draws the same pages as the full one for a third less CPU; as root, setup installs it;
# otherwise they use a full chromium if there is one, or are skipped with a reason.
browser:
	@command -v chromium-headless-shell >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; } || \
	  echo "note: no chromium-headless-shell and not root: the browser tests use chromium or are skipped"

# Python's bytecode cache stays on for the tests even where the environment turns it off:
# without it every test worker and every server or CLI the tests start compiles the whole
# package again, and pytest rewrites every test module's asserts again (seconds each time).
pytest: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n 2 --dist worksteal -m "not slow"

test: lint typecheck imports js pytest

# The long checks, marked slow: the statistical agent checks (does the heuristic beat random
# play, over whole games?), the browser suite, the check that games agree across processes
# with different hash salts, the tests that start and kill other processes, and the
# hidden-information checks on every variant of a game's choices (docs/architecture.md).
# CI runs them after make test.
slow: $(STAMP) browser
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n 2 --dist worksteal -m slow

# A developer's quick loop: lint and the tests of make test, without the type and import
# checks; CI runs everything (make test, then make slow).
quick: $(STAMP)
	$(BIN)/ruff check src tests bench tools examples
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n 2 --dist worksteal -m "not slow"

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

# The optional compiled build (docs/performance.md): the modules in tools/mypyc_modules.txt
# compiled with mypyc, installed (not editable) into its own environment. Pure Python stays
# the default; tests/goldens/test_compiled.py (make slow) proves both play the same games.
COMPILED := .venv-compiled
compiled:
	$(PYTHON) -m venv $(COMPILED)
	$(COMPILED)/bin/python -m pip install -q --upgrade pip==25.3
	$(COMPILED)/bin/python -m pip install -q -c constraints.txt mypy setuptools==80.9.0 types-PyYAML pydantic PyYAML typer rich babel numpy gymnasium pettingzoo
	rm -rf build  # a module dropped from the list must not come back from an earlier build
	WARTABLE_MYPYC=1 $(COMPILED)/bin/python -m pip install -q --no-build-isolation --no-deps --force-reinstall .
	$(COMPILED)/bin/python tools/goldens.py --check

bench: $(STAMP) $(BENCH_VENV)/.installed compiled
	$(BIN)/python bench/undaunted.py --openspiel-python $(BENCH_VENV)/bin/python
	@echo "the same, compiled with mypyc:"
	$(COMPILED)/bin/python bench/undaunted.py --openspiel-python $(BENCH_VENV)/bin/python
	$(BIN)/python bench/combat.py --openspiel-python $(BENCH_VENV)/bin/python
	@echo "the same, compiled with mypyc:"
	$(COMPILED)/bin/python bench/combat.py --openspiel-python $(BENCH_VENV)/bin/python
	$(BIN)/python bench/diadehonor.py --openspiel-python $(BENCH_VENV)/bin/python
	@echo "the same, compiled with mypyc:"
	$(COMPILED)/bin/python bench/diadehonor.py --openspiel-python $(BENCH_VENV)/bin/python
	$(BIN)/python bench/tactics2gm.py --openspiel-python $(BENCH_VENV)/bin/python
	@echo "the same, compiled with mypyc:"
	$(COMPILED)/bin/python bench/tactics2gm.py --openspiel-python $(BENCH_VENV)/bin/python
	$(BIN)/python bench/search.py
	@echo "the same, compiled with mypyc:"
	$(COMPILED)/bin/python bench/search.py
	$(BIN)/python bench/rl.py
	@echo "the same, compiled with mypyc:"
	$(COMPILED)/bin/python bench/rl.py

clean:
	rm -rf $(VENV) $(COMPILED) node_modules .mypy_cache .ruff_cache .pytest_cache .hypothesis
