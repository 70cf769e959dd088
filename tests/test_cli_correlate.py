"""``pyrabench correlate`` on the bundled sample: the JSON shape, reasons instead of NaN, errors."""

from __future__ import annotations

import json

import pytest

from pyrabench import cli
from pyrabench.data.corpora import load_corpus
from pyrabench.errors import MissingDataError
from pyrabench.scoring import metrics

pytest.importorskip("rouge_score")
pytest.importorskip("sklearn")


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))


def test_json_shape(sample_root, capsys):
    code = cli.main(["correlate", "--data", str(sample_root), "--corpus", "duc2006", "--reference", "modified",
                     "--metric", "rouge_2", "--metric", "auto", "--resamples", "50", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["reference", "levels"] and out["reference"] == "modified"
    assert list(out["levels"]) == ["summary", "system"]
    for level, n in (("summary", 3), ("system", 4)):
        for m in ("rouge_2", "auto"):
            r = out["levels"][level][m]
            assert list(r) == ["pearson", "spearman", "kendall", "n", "ci"] and r["n"] == n
            assert -1 <= r["pearson"] <= 1
            assert set(r["ci"]) >= {"pearson", "spearman", "kendall"}


def test_table_output_and_defaults(sample_root, capsys):
    assert cli.main(["correlate", "--data", str(sample_root), "--corpus", "duc2007", "--resamples", "20"]) == 0
    text = capsys.readouterr().out
    assert "rouge_2" in text and "auto" in text and "summary" in text and "system" in text


def test_unknown_metric_is_a_one_line_error(sample_root, capsys):
    assert cli.main(["correlate", "--data", str(sample_root), "--metric", "bleu"]) == 2
    assert "unknown metric 'bleu'" in capsys.readouterr().err


def test_corpus_without_peers_is_an_error(sample_root, capsys):
    assert cli.main(["correlate", "--data", str(sample_root), "--corpus", "tac2008"]) == 2
    assert "no peer annotations" in capsys.readouterr().err


def test_missing_extra_is_a_reason_not_nan(sample_root, monkeypatch):
    def missing(*args, **kwargs):
        raise MissingDataError("ROUGE needs the optional package rouge-score")

    monkeypatch.setattr(metrics, "rouge_frame", missing)
    out = metrics.correlate_corpus(load_corpus("duc2006", sample_root), ["rouge_2", "original"], n_resamples=20)
    assert out["levels"]["summary"]["rouge_2"] == {"error": "ROUGE needs the optional package rouge-score"}
    assert out["levels"]["system"]["original"]["n"] == 4
    json.dumps(out, allow_nan=False)



def test_level_global_on_request(sample_root, capsys):
    assert cli.main(["correlate", "--data", str(sample_root), "--corpus", "duc2006", "--metric", "rouge_2",
                     "--level", "global", "--resamples", "20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out["levels"]) == ["global"] and out["levels"]["global"]["rouge_2"]["n"] == 12
