# navlights: two commands on a fresh machine with Python 3 and make.
#   make run   - set up .venv (runtime only) and run the main job: the web app on http://127.0.0.1:$(PORT)
#   make test  - set up .venv with test extras; lint (ruff), type-check (mypy) and run every test
#   make docs  - serve the documentation site on http://127.0.0.1:$(DOCS_PORT) (mkdocs.yml, docs/)
#   (both first prepare .venv/share/navlights: the editions compiled and the identify indexes, see below)
PY ?= python3
PORT ?= 8000
HOST ?= 127.0.0.1
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed
PREPARED := $(VENV)/.prepared
SOURCES := $(shell find src/navlights -name '*.py' -o -name '*.toml')

DOCS_PORT ?= 8001

.PHONY: run test lint bench golden coverage-doc docs package clean

$(VENV)/bin/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP) $(RUN_STAMP)

# Ahead of the first command (issue 15): bytecode for every module, and every edition compiled and every
# identification index built into $(VENV)/share/navlights, which commands read and never write (keyed by the
# rule data and the code, so a stale entry is never used); made again when a source changes.
# The install stamps are order-only: installing the test extra (make test after make run) changes no rule data
# and no code, so it does not prepare everything again (issue 37).
$(PREPARED): $(SOURCES) | $(RUN_STAMP)
	$(BIN)/python -m compileall -q src/navlights
	$(BIN)/navlights prepare
	touch $(PREPARED)

run: $(PREPARED)
	$(BIN)/navlights editions
	$(BIN)/navlights view --length "200 ft" --aspect 45 --distance 1
	@echo "navlights web app: http://$(HOST):$(PORT)/ (Ctrl-C to stop)"
	$(BIN)/navlights serve --host $(HOST) --port $(PORT)

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks docs_hooks.py
	$(BIN)/mypy

test: lint $(PREPARED)
	$(BIN)/python -m pytest src tests

bench: $(STAMP) $(PREPARED)
	$(BIN)/python benchmarks/bench_display.py
	$(BIN)/python benchmarks/bench_view.py
	$(BIN)/python benchmarks/bench_identify.py
	$(BIN)/python benchmarks/bench_render.py
	$(BIN)/python benchmarks/bench_plan.py
	$(BIN)/python benchmarks/bench_capacity.py

# The documentation site (mkdocs.yml): served with live reload on http://$(HOST):$(DOCS_PORT)/; `make test` builds it
# strict (tests/test_docs_site.py). The guide's command examples are run when a page is built (docs_hooks.py).
docs: $(STAMP) $(PREPARED)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --dev-addr $(HOST):$(DOCS_PORT)

golden: $(STAMP)
	$(BIN)/python -m navlights.golden tests/golden

# docs/coverage.md: each paragraph of the current rules and what navlights makes of it, from the rule data's cites
# and src/navlights/coverage.toml (tests/test_coverage_doc.py fails when it is stale). Review the diff.
coverage-doc: $(STAMP)
	$(BIN)/python -m navlights.coverage docs/coverage.md

# The release (issue 26): build the sdist and the wheel, check them, install the wheel into a fresh virtual
# environment outside the tree and use it there (CI runs it after make test).
package: $(STAMP)
	$(BIN)/python tests/package/smoke.py

clean:
	rm -rf $(VENV) build dist site src/*.egg-info .pytest_cache .hypothesis
