"""PyrXSum (Zhang & Bansal 2021) as its authors ship it: ``score --units … --peers … --labels …``
runs on it as laid out, every summary and unit read, and the agreement figures are defined.

Time (caches filled, the DUC 2007 model fitted): about 30 s on 2 shared cores (indicative)."""

from __future__ import annotations

import json

import pytest

from pyrabench.cli import main
from pyrabench.data.lite_pyramids import read_labels, read_line_summaries, read_units

pytestmark = pytest.mark.data


def test_pyrxsum_reads_as_shipped(real_path):
    root = real_path("pyrxsum")
    units = read_units(root / "SCUs.txt", root / "ids.txt")
    summaries = read_line_summaries(root / "summaries", units)
    labels = read_labels(root / "labels", units, {s.system for s in summaries})
    assert len(units) == 100 and len(summaries) == 1000 and len({s.system for s in summaries}) == 10
    assert len(labels) == 10 * sum(map(len, units.units)) and set(labels["y"]) == {0, 1}


def test_score_units_peers_labels_on_pyrxsum(real_path, capsys):
    root = real_path("pyrxsum")
    argv = ["score", "--data", str(root.parent), "--units", str(root / "SCUs.txt"), "--ids", str(root / "ids.txt"),
            "--peers", str(root / "summaries"), "--labels", str(root / "labels"), "--calibrate-on", "duc2007",
            "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    agree = out["labels"]
    assert (agree["summaries"], agree["systems"], agree["examples"]) == (1000, 10, 100)
    assert 0.5 < agree["units"]["auc"] <= 1 and 0 < agree["units"]["f1"] <= 1
    est = agree["correlations"]["estimate"]
    assert est["system"]["pearson"] > 0.5 and 0 < est["summary"]["n"] <= 100 and est["pooled"]["n"] == 1000
    # a model fitted on DUC 2007 alone never saw PyrXSum's crowd-labelled units: they are foreign lite
    # units, whose levels leave-one-domain-out does not back, so no level interval is printed
    assert out["foreign"]["units"] == "lite" and out["foreign"]["intervals"] == "withheld"
    assert out["foreign"]["remedy"] == "--labels DIR --adapt 20" and not out["foreign"]["backed"]
    assert agree["intervals"]["coverage"] is None
    assert all(r["estimate_low"] is None and r["estimate_high"] is None for r in out["summaries"] + out["systems"])
    if "token_recall" in agree["correlations"]:  # the minilm extra installed: the semantic baseline beside ROUGE-2
        tok = agree["correlations"]["token_recall"]
        assert tok["summary"]["n"] == est["summary"]["n"] and tok["system"]["pearson"] > 0.5
        assert all(0 <= r["token_recall"] <= 1 for r in out["summaries"])
