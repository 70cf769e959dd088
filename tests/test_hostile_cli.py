"""Bad options and Ctrl-C: a usage error (exit 2, one line) or exit 130 with one line — never a
Python traceback, never a silent fallback or an empty result with exit 0."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pyrabench.cli import main

REPO = Path(__file__).resolve().parents[1]


def _usage_error(argv, capsys, *needles):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    err = capsys.readouterr().err
    assert exc.value.code == 2, err
    assert "usage:" in err and "Traceback" not in err
    for needle in needles:
        assert needle in err, err
    return err


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["evaluate", "x", "--embedding", "random", "--seed", "-1"], "must be 0 or more"),
        (["evaluate", "x", "--embedding", "random", "--resamples", "0"], "must be 1 or more"),
        (["evaluate", "x", "--embedding", "random", "--resamples", "-5"], "must be 0 or more"),
        (["evaluate", "x", "--embedding", "random", "--seed", "1.5"], "is not an integer"),
        (["build", "--out", "x", "--seed", "-1"], "must be 0 or more"),
        (["score", "--seed", "-3"], "must be 0 or more"),
        (["score", "--auto", "uni", "--threshold", "nan"], "is not a finite number"),
        (["score", "--auto", "uni", "--threshold", "inf"], "is not a finite number"),
        (["score", "--auto", "uni", "--threshold", "abc"], "is not a number"),
        (["sts", "--system", "tokencos", "--years", ","], "names nothing"),
        (["sts", "--system", "tokencos", "--years", " , ,"], "names nothing"),
        (["data", "--data", ""], "an empty path"),
        (["sts", "--system", "tokencos", "--data", "  "], "an empty path"),
        (["build", "--out", ""], "an empty path"),
        (["stats", ""], "an empty path"),
        (["evaluate", "", "--embedding", "random"], "an empty path"),
    ],
)
def test_bad_option_values_are_usage_errors(argv, needle, capsys):
    _usage_error(argv, capsys, needle)


def test_data_root_without_corpus_and_sts_root_without_sts(tmp_path, capsys):
    assert main(["data", "--data", str(tmp_path)]) == 2
    assert "no pyramid corpus under" in capsys.readouterr().err
    assert main(["sts", "--system", "tokencos", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no STS test release" in err and str(tmp_path) in err


def test_ctrl_c_in_a_command_is_one_line_and_130(monkeypatch, capsys):
    import pyrabench.commands.stats as stats_cmd

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(stats_cmd, "run", interrupted)
    assert main(["stats", "somewhere"]) == 130
    assert capsys.readouterr().err == "pyrabench stats: interrupted\n"


def test_sigint_to_a_running_pyrabench_exits_130_with_one_line(tmp_path):
    """A real SIGINT to a real process, while a command is running."""
    code = (
        "import sys, time, pyrabench.commands.data as d, pyrabench.cli as cli\n"
        "def slow(args):\n"
        "    print('ready', flush=True); time.sleep(60)\n"
        "d.run = slow\n"
        "sys.exit(cli.main(['data']))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert err == "pyrabench data: interrupted\n"


def test_warnings_print_as_one_line(tmp_path, sample_root, capsys):
    import shutil

    from pyrabench.data import corpora

    root = tmp_path / "root"
    shutil.copytree(sample_root / "passonneau2013", root / "passonneau2013")
    (root / "tac2008").mkdir()
    (root / "tac2008" / "pyramids.jsonl").write_bytes(b"\n")
    corpora.clear_cache()
    assert main(["data", "--data", str(root)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("pyrabench: warning: left out: corpus tac2008") and err.count("\n") == 1
    corpora.clear_cache()
