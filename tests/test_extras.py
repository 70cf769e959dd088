"""A missing optional extra is one clear error naming the ``pip install`` that adds it."""

import json
import subprocess
import sys

import pytest

from pyrabench import extras
from pyrabench.errors import MissingExtraError, PyrabenchError


def test_require_returns_the_module():
    assert extras.require("json", "scoring", "anything") is json


def test_a_missing_module_names_its_extra():
    with pytest.raises(MissingExtraError) as exc:
        extras.require("no_such_package_here.tokenize", "scoring", "ROUGE")
    assert str(exc.value) == "ROUGE needs the optional package 'no_such_package_here': pip install \"pyrabench[scoring]\""
    assert isinstance(exc.value, PyrabenchError)
    assert not extras.installed("no_such_package_here") and extras.installed("json")


def test_plotting_without_matplotlib(monkeypatch):
    from pyrabench.reports import manual_scores

    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(MissingExtraError, match=r'a figure needs .*pip install "pyrabench\[plot\]"'):
        manual_scores.plot_agreement(None)


def test_cli_names_the_extra_for_rouge(sample_root):
    argv = ["correlate", "--data", str(sample_root), "--metric", "rouge_2", "--metric", "original",
            "--resamples", "20", "--json"]
    code = (
        "import importlib.abc, sys\n"
        "class Hide(importlib.abc.MetaPathFinder):  # rouge-score as if not installed\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.partition('.')[0] == 'rouge_score':\n"
        "            raise ModuleNotFoundError(name, name=name)\n"
        "sys.meta_path.insert(0, Hide())\n"
        "from pyrabench import cli\n"
        f"sys.exit(cli.main({argv!r}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    level = json.loads(done.stdout)["levels"]["summary"]
    assert level["rouge_2"] == {"error": "ROUGE needs the optional package 'rouge_score': pip install \"pyrabench[scoring]\""}
    assert level["original"]["n"] > 0


def test_cli_names_the_extra_for_a_sentence_encoder(sample_root, tmp_path, monkeypatch, capsys):
    from pyrabench import cli
    from pyrabench.embeddings import specs

    monkeypatch.setattr(specs, "installed", lambda module: module != "sentence_transformers")
    model = tmp_path / "model"
    model.mkdir()
    (model / "modules.json").write_text("[]")
    assert cli.main(["sts", "--data", str(sample_root), "--years", "2012", "--system", f"st:{model}@cpu"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"pyrabench sts: error: st:{model}@cpu needs the optional package "
        "'sentence_transformers': pip install \"pyrabench[encoders]\""]
