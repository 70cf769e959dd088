"""``pyrabench data``: JSON and table output on the sample, errors as one line with exit 2."""

from __future__ import annotations

import json

from pyrabench.cli import main


def test_json_on_sample(capsys, sample_root):
    assert main(["data", "--data", str(sample_root), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["data_root"] == str(sample_root) and report["sample"] is True
    assert list(report["corpora"]) == ["duc2005", "duc2006", "duc2007", "duc2007-update", "tac2008", "passonneau2013"]
    assert report["missing"] == ["tac2009", "tac2010", "tac2011"]
    duc06 = report["corpora"]["duc2006"]
    assert (duc06["pyramids"], duc06["scus"], duc06["contributors"], duc06["peers"]) == (3, 48, 96, 12)
    assert duc06["repairs"] == 3 and duc06["skips"] == 2
    assert duc06["contributor_words"] > duc06["unique_words"] > 0


def test_table_and_log(capsys, sample_root):
    assert main(["data", "--data", str(sample_root), "--corpus", "duc2006", "--log"]) == 0
    out = capsys.readouterr().out
    assert "bundled sample data" in out and "duc2006" in out and "duc2007" not in out.split("missing:")[0]
    assert "offset-unmatched" in out and "101.D0603.M.250.A.15.pan" in out


def test_json_log_records(capsys, sample_root):
    assert main(["data", "--data", str(sample_root), "--corpus", "duc2006", "--json", "--log"]) == 0
    report = json.loads(capsys.readouterr().out)
    kinds = sorted(r["kind"] for r in report["records"]["duc2006"])
    assert kinds == ["contributor-no-parts", "offset-entity", "offset-shift", "offset-unmatched", "offset-whitespace"]


def test_missing_corpus_by_name_is_an_error(capsys, sample_root):
    assert main(["data", "--data", str(sample_root), "--corpus", "tac2010"]) == 2
    assert "tac2010" in capsys.readouterr().err


def test_empty_root_is_an_error(capsys, tmp_path):
    """A root with no corpus at all is a usage error (exit 2), not an empty table and exit 0."""
    assert main(["data", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no pyramid corpus under" in err and str(tmp_path) in err and "Traceback" not in err
    assert main(["data", "--data", str(tmp_path / "nowhere")]) == 2
    assert "not a directory" in capsys.readouterr().err
