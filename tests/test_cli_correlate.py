"""``pyrabench correlate`` on the bundled sample: the JSON shape, reasons instead of NaN, errors."""

from __future__ import annotations

import json

import numpy as np

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


# --------------------------------------------------------------------------- NIST's judgments as references

RESPONSIVENESS = {"D0701": [1, 2, 3, 4], "D0702": [2, 4, 3, 5]}  # peers 1, 4, 13, 29 of the sample
Q3 = {"D0701": [3, 1, 4, 2], "D0702": [5, 5, 1, 2]}


@pytest.fixture
def judged_root(tmp_path, sample_root):
    """The sample's DUC 2007 with hand-made judgment tables: Q1 = responsiveness, Q2 = 6 − it,
    Q3 arbitrary; humans A and B judged too (no pyramid annotation)."""
    import shutil

    from pyrabench.data import judgments

    root = tmp_path / "root"
    shutil.copytree(sample_root / "duc2007", root / "duc2007")
    folder = root / "duc2007" / "nist_judgments" / "main"
    content, quality = ["Topic\n|  Selector\n"], ["Topic\n|  Selector\n"]
    for topic, values in RESPONSIVENESS.items():
        for peer, v, q3 in zip(("1", "4", "13", "29", "A", "B"), [*values, 5, 5], [*Q3[topic], 4, 4]):
            content.append(f"{topic}\tA\tA\t{peer}\t{v}\n")
            quality += [f"{topic}\tA\tA\t{peer}\t{q}\t{s}\n" for q, s in ((1, v), (2, 6 - v), (3, q3), (4, 3), (5, 3))]
    (folder / "2007_content.table").write_text("".join(content))
    (folder / "2007_linguistic_quality.table").write_text("".join(quality))
    judgments.clear_cache()
    yield root
    judgments.clear_cache()


def test_judgments_as_references_with_known_correlations(judged_root, capsys):
    from scipy import stats

    code = cli.main(["correlate", "--data", str(judged_root), "--corpus", "duc2007", "--reference", "responsiveness",
                     "--metric", "lq:Q1", "--metric", "lq:Q2", "--metric", "lq:Q3", "--level", "summary",
                     "--level", "system", "--level", "global", "--resamples", "50", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    levels = out["levels"]
    for level in ("summary", "system", "global"):
        assert levels[level]["lq:Q1"]["pearson"] == pytest.approx(1.0)
        assert levels[level]["lq:Q2"]["pearson"] == pytest.approx(-1.0)
    resp, q3 = RESPONSIVENESS, Q3
    summary = np.mean([stats.pearsonr(q3[t], resp[t])[0] for t in resp])
    system = stats.pearsonr(np.mean([q3["D0701"], q3["D0702"]], axis=0), np.mean([resp["D0701"], resp["D0702"]], axis=0))[0]
    pooled = stats.pearsonr(q3["D0701"] + q3["D0702"], resp["D0701"] + resp["D0702"])[0]
    assert levels["summary"]["lq:Q3"]["pearson"] == pytest.approx(summary)
    assert levels["system"]["lq:Q3"]["pearson"] == pytest.approx(system) and levels["system"]["lq:Q3"]["n"] == 4
    assert levels["global"]["lq:Q3"]["pearson"] == pytest.approx(pooled) and levels["global"]["lq:Q3"]["n"] == 8
    assert out["excluded"] == {"human": 4, "topic_without_pyramid": 0, "system_not_annotated": 0, "not_judged": 0}


def test_compare_in_the_cli_and_humans_said_to_be_left_out(judged_root, capsys):
    code = cli.main(["correlate", "--data", str(judged_root), "--corpus", "duc2007", "--reference", "responsiveness",
                     "--metric", "modified", "--compare", "lq:Q1,lq:Q3", "--resamples", "50"])
    assert code == 0
    text = capsys.readouterr().out
    assert "left out 4 judged summaries of human summarizers" in text
    assert "Paired tests" in text and "lq:Q1" in text and "lq:Q3" in text
    code = cli.main(["correlate", "--data", str(judged_root), "--corpus", "duc2007", "--reference", "responsiveness",
                     "--compare", "lq:Q1,lq:Q1", "--resamples", "50", "--json"])
    tests = json.loads(capsys.readouterr().out)["comparisons"]
    assert [t["level"] for t in tests] == ["summary", "system"]
    assert all(t["p_value"]["pearson"] == 1.0 for t in tests)


def test_compare_needs_two_names_and_update_has_no_quality(sample_root, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["correlate", "--data", str(sample_root), "--compare", "auto"])
    assert exit_.value.code == 2 and "give two metrics" in capsys.readouterr().err
    assert cli.main(["correlate", "--data", str(sample_root), "--corpus", "duc2007-update",
                     "--reference", "lq:Q1", "--metric", "modified"]) == 2
    assert "NIST judged no lq:Q1 for duc2007-update" in capsys.readouterr().err


def test_scheme_resamples_and_permutes_topics_and_systems_jointly(judged_root, capsys):
    code = cli.main(["correlate", "--data", str(judged_root), "--corpus", "duc2007", "--reference", "responsiveness",
                     "--metric", "modified", "--compare", "lq:Q1,lq:Q3", "--resamples", "50", "--scheme", "both",
                     "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["levels"]["summary"]["modified"]["ci"]["over"] == "topics and systems"
    assert [(t["level"], t["scheme"], t["over"]) for t in out["comparisons"]] == [
        ("summary", "both", "topics and systems"), ("system", "both", "topics and systems")]
    cli.main(["correlate", "--data", str(judged_root), "--corpus", "duc2007", "--reference", "responsiveness",
              "--metric", "modified", "--resamples", "50", "--scheme", "systems"])
    assert "bootstrap over systems at summary and system level / summaries" in capsys.readouterr().out
