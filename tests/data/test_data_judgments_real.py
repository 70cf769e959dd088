"""NIST's judgments on the real DUC data: what the reader finds, the agreement of our manual
scores with NIST's own score tables, and the manual pyramid against responsiveness."""

import pytest

from pyrabench.data import judgments
from pyrabench.data.corpora import load_corpus
from pyrabench.scoring.experiments import nist_agreement
from pyrabench.scoring.metrics import correlate_corpus

DUC = ("duc2006", "duc2007", "duc2007-update")


@pytest.fixture(scope="module")
def duc(real_data):
    return {n: load_corpus(n, real_data) for n in DUC}


@pytest.mark.parametrize("name, judged, matched, humans, quality", [
    ("duc2006", 1950, 440, 200, 1950), ("duc2007", 1620, 299, 180, 1620), ("duc2007-update", 840, 720, 120, 0)])
def test_what_the_reader_finds(duc, name, judged, matched, humans, quality):
    cov = judgments.coverage(judgments.for_corpus(duc[name]), duc[name])
    assert (cov["judged"], cov["matched"], cov["unmatched_human"], cov["quality_judged"]) == (judged, matched, humans, quality)
    assert cov["peers_not_judged"] == 0


def test_agreement_with_nists_score_tables(duc):
    """NIST's convention reproduces 1,480 of the 1,481 peers to 4 d.p.; the one that differs is
    the update peer whose file holds a contributor the reader cannot place. SacreROUGE's
    convention agrees on 1,074 (72.5 %)."""
    table, off = nist_agreement(duc)
    nist = table.xs("nist", level="convention")
    assert nist["nist peers"].tolist() == [462, 299, 720] and nist["agree"].tolist() == [462, 299, 719]
    assert table.xs("sacrerouge", level="convention")["agree"].sum() == 1074
    miss = off[off["convention"] == "nist"]
    assert miss[["corpus", "topic", "peer"]].values.tolist() == [["duc2007-update", "D0703-A", "52"]]
    assert miss["nist"].iloc[0] == pytest.approx(0.4286) and miss["contributors skipped by the reader"].iloc[0] > 0


@pytest.mark.parametrize("name, summary, system", [
    ("duc2006", 0.322, 0.674), ("duc2007", 0.417, 0.732), ("duc2007-update", 0.536, 0.939)])
def test_manual_modified_against_responsiveness(duc, name, summary, system):
    r = correlate_corpus(duc[name], ["modified"], "responsiveness", n_resamples=50)["levels"]
    assert r["summary"]["modified"]["pearson"] == pytest.approx(summary, abs=5e-4)
    assert r["system"]["modified"]["pearson"] == pytest.approx(system, abs=5e-4)
