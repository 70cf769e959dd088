# Two commands do all set-up on a fresh machine:
#   make book   builds the book (bundled sample data unless PYRABENCH_DATA is set)
#   make test   runs the test suite
# Both create .venv and install the project with every extra from pyproject.toml.

PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed-stamp
BOOKFLAGS ?=
PYTESTFLAGS ?=

.PHONY: book test install clean benchmarks

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[all]"
	touch $(STAMP)

book: $(STAMP)
	$(BIN)/jupyter-book build . $(BOOKFLAGS)
	@echo "book: $(CURDIR)/_build/html/index.html"

test: $(STAMP)
	$(BIN)/python -m pytest $(PYTESTFLAGS)

benchmarks: $(STAMP)
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf _build .pytest_cache .hypothesis
