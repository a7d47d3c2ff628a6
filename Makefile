# navlights: two commands on a fresh machine with Python 3 and make.
#   make run   - set up .venv and run the main job: the web app on http://127.0.0.1:8000
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
	$(BIN)/navlights view --edition intl-1960 --length "200 ft" --aspect 45 --distance 1
	@echo "navlights web app: http://127.0.0.1:8000/ (Ctrl-C to stop)"
	$(BIN)/navlights serve --host 127.0.0.1 --port 8000

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
