"""Built pyramids on the bundled sample: cached, compared and scored; the readings of one topic."""

from __future__ import annotations

import pandas as pd

from pyrabench.data.corpora import load_corpus
from pyrabench.scoring.pyramids import evaluation
from pyrabench.scoring.pyramids.agreement import compare
from pyrabench.scoring.pyramids.builder import EDUA
from tests.test_scoring_pyramids_agreement import HUMAN, _pyr

UNI = EDUA.with_(similarity="uni")


def test_split_example_shows_where_each_contributor_went():
    split = _pyr([[("Fire burned the forest", 0)], [("The forest burned", 1)],
                  [("Schools closed. Winds spread it", 0), ("Winds spread the fire. Roads closed", 1)]])
    example = evaluation.split_example(HUMAN, split, compare(HUMAN, split))
    assert example[["model", "built_id", "built_weight"]].values.tolist() == [["A", 1, 1], ["B", 2, 1]]
    assert example["nist_id"].iloc[0] == 1
    assert evaluation.split_example(HUMAN, HUMAN, compare(HUMAN, HUMAN)).empty


def test_side_by_side_lists_every_scu_once():
    split = _pyr([[("Fire burned the forest", 0)], [("The forest burned", 1)],
                  [("Schools closed. Winds spread it", 0), ("Winds spread the fire. Roads closed", 1)]])
    view = evaluation.side_by_side(HUMAN, split, compare(HUMAN, split))
    assert sorted(view.loc[view["nist_id"] > 0, "nist_id"]) == [1, 2, 3, 4]
    assert sorted(view.loc[view["auto_id"] > 0, "auto_id"]) == [1, 2, 3]
    heavy = evaluation.side_by_side(HUMAN, split, compare(HUMAN, split), min_weight=2)
    assert set(heavy["nist_weight"]) == {2}  # each heavy NIST SCU beside its match, whatever that weighs
    assert heavy["auto_weight"].tolist() == [1, 2]


def test_sample_corpus_built_compared_and_scored(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007", sample_root)
    built = evaluation.built_pyramids(corpus, UNI)
    assert [p.topic for p in built] == [p.topic for p in corpus.pyramids]
    assert evaluation.built_pyramids(corpus, UNI) == built  # read back from the cache, equal
    row = evaluation.agreement_table({"duc2007": corpus}, UNI).iloc[0]
    assert row["topics"] == len(corpus.pyramids) and 0 < row["human_found_weight"] <= 1
    frame = evaluation.score_frame(corpus, UNI)
    assert len(frame) == len(corpus.peers) and frame["auto_built"].between(0, 2).all()
    table = evaluation.correlation_table({"duc2007": corpus}, UNI, n_resamples=20)
    assert list(table["metric"]) == list(evaluation.METRICS)
    targets = evaluation.targets(table)
    assert targets["meets_floor"].iloc[0] == (targets["built"].iloc[0] >= 0.90)


def test_targets_reads_both_conditions():
    table = pd.DataFrame({"corpus": ["a", "a", "b", "b"], "metric": ["auto_built", "auto_nist"] * 2,
                          "system_pearson": [0.92, 0.99, 0.95, 0.94]})
    t = evaluation.targets(table).set_index("corpus")
    assert t.loc["a", "meets_floor"] and not t.loc["a", "meets_gap"]
    assert t.loc["b", "meets_floor"] and t.loc["b", "meets_gap"]
