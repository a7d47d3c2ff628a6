# navlights: two commands on a fresh machine with Python 3 and make.
#   make run   - set up .venv and run the main job (a short CLI demo)
#   make test  - set up .venv with test extras and run every test
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench golden clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/navlights editions
	$(BIN)/navlights lights --edition intl-1960 --vessel-json '{"propulsion":"power","length":"200 ft","status":"underway","making_way":true}'
	$(BIN)/navlights lights --edition 1960 --propulsion sail --length "30 ft"

test: $(STAMP)
	$(BIN)/python -m pytest src tests

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_display.py
	$(BIN)/python benchmarks/bench_view.py
	$(BIN)/python benchmarks/bench_identify.py
	$(BIN)/python benchmarks/bench_render.py

golden: $(STAMP)
	$(BIN)/python -m navlights.golden tests/golden

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
