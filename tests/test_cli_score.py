"""``pyrabench score`` on the bundled sample: the per-topic summary and where a missing corpus points."""

from __future__ import annotations

import json

import pytest

from pyrabench.cli import main
from pyrabench.data.corpora import load_corpus
from pyrabench.scoring.manual import score_corpus, topic_summary


def test_per_topic_summary(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006"]) == 0
    text = capsys.readouterr().out
    df = score_corpus(load_corpus("duc2006", sample_root))
    topics = sorted(df["topic"].unique())
    assert f"per topic ({len(df)} peer annotations, {len(topics)} topics" in text
    summary = text.split("per topic (", 1)[1]
    for topic in topics:
        assert topic in summary
    assert f"mean modified {df['modified'].mean():.4f}" in text
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006", "--summary"]) == 0
    short = capsys.readouterr().out
    assert "weights" not in short and "per topic (" in short  # no row per peer annotation
    assert len(short.splitlines()) < len(text.splitlines()) - len(df) + 1


def test_json_topics(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = topic_summary(score_corpus(load_corpus("duc2006", sample_root)))
    assert [t["topic"] for t in out["topics"]] == list(expected.index)
    assert out["topics"][0]["mean_modified"] == expected["mean modified"].iloc[0]
    assert out["topics"][0]["annotations"] == expected["annotations"].iloc[0]


def test_auto_summary(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "passonneau2013", "--auto", "uni",
                 "--threshold", "0.4", "--summary"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "per topic and threshold" in out and "mean modified_manual" in out and "900000101" not in out


def test_a_corpus_not_there_points_to_the_data_page(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "tac2009"]) == 2
    err = capsys.readouterr().err
    assert "book/data.md" in err and "corpora there: duc2005" in err and "pyrabench.data.corpora" not in err


def test_score_json_carries_the_convention(sample_root, capsys):
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006", "--json"]) == 0
    nist = json.loads(capsys.readouterr().out)
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006", "--convention", "sacrerouge",
                     "--json"]) == 0
    sr = json.loads(capsys.readouterr().out)
    assert (nist["convention"], sr["convention"]) == ("nist", "sacrerouge")
    for a, b in zip(nist["peers"], sr["peers"]):
        assert a["weight"] / a["ideal"] == pytest.approx(a["modified"]) if a["ideal"] else a["modified"] == 0
        assert (a["topic"], a["peer"]) == (b["topic"], b["peer"])
