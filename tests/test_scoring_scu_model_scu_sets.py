"""SCU sets of the calibrated model: distinctiveness features against a naive loop, evidence
spans that point at the best sentence, counting and agreement by hand, the model's API."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.scoring.manual import matched_set
from pyrabench.scoring.scu_model import calibrated, scu_sets
from pyrabench.text import words_many

pytest.importorskip("sklearn")


def naive_distinct(pyramid, units):
    """``ri_sent_c``/``ri_sent_l`` and the best sentence of one peer, with sets and loops."""
    def stems(text):
        return set(calibrated.content_stems(words_many([text])[0]))

    scus = pyramid.scus
    held = [set().union(*(stems(c.text) for c in s.contributors), stems(s.label)) for s in scus]
    n = len(scus)

    def weight(stem):
        return np.log((n + 1) / (sum(stem in h for h in held) + 1))

    def recall(unit, target):
        total = sum(weight(s) for s in target)
        return sum(weight(s) for s in target & unit) / total if total > 0 else 0.0

    unit_stems = [stems(u) for u in units]
    rows = []
    for s in scus:
        per_unit = [max([recall(u, stems(c.text)) for c in s.contributors] + [recall(u, stems(s.label))])
                    for u in unit_stems]
        rows.append({"ri_sent_c": max((recall(u, stems(c.text)) for u in unit_stems for c in s.contributors),
                                      default=0.0),
                     "ri_sent_l": max((recall(u, stems(s.label)) for u in unit_stems), default=0.0),
                     "best": max(per_unit) if per_unit else None, "per_unit": per_unit})
    return rows


@pytest.mark.parametrize("name", ["duc2006", "duc2007-update"])
def test_distinct_features_and_evidence_equal_the_naive_loops(sample_root, name):
    corpus = load_corpus(name, sample_root)
    peer = corpus.peers[0]
    frame = scu_sets.summary_frame(peer.pyramid, [peer.summary], pd.DataFrame({"topic": [peer.topic],
                                                                               "summary": ["x"]}))
    spans = scu_sets.unit_spans([peer.summary])[0]
    units = [peer.summary[a:b] for a, b in spans]
    naive = naive_distinct(peer.pyramid, units)
    assert frame["ri_sent_c"].to_numpy() == pytest.approx([r["ri_sent_c"] for r in naive])
    assert frame["ri_sent_l"].to_numpy() == pytest.approx([r["ri_sent_l"] for r in naive])
    for (_, row), r in zip(frame.iterrows(), naive):
        # the evidence is a best sentence, and its span is that sentence's text
        assert r["per_unit"][row["unit"]] == pytest.approx(r["best"])
        assert peer.summary[row["start"]:row["end"]] == units[row["unit"]]
    assert set(scu_sets.FEATURES) <= set(frame.columns)


def test_counted_takes_round_of_expected_number_most_probable():
    frame = pd.DataFrame({"topic": ["a"] * 4 + ["b"] * 3, "summary": ["s"] * 7})
    p = np.array([0.9, 0.2, 0.6, 0.3, 0.2, 0.1, 0.1])  # Σ = 2.0 → two; Σ = 0.4 → none
    assert scu_sets.counted(frame, p, ["topic", "summary"]).tolist() == [True, False, True, False, False, False, False]
    # ties go in the pyramid's order: of two SCUs at 0.5 (Σ = 1: one counted) the first
    tie = pd.DataFrame({"topic": ["a"] * 3, "summary": ["s"] * 3})
    assert scu_sets.counted(tie, np.array([0.5, 0.5, 0.0]), ["topic", "summary"]).tolist() == [True, False, False]


def test_agreement_by_hand():
    frame = pd.DataFrame({"topic": ["a"] * 4 + ["b"] * 2, "peer": "1", "annotator": "",
                          "y": [1, 1, 0, 0, 0, 0]})
    c = np.array([1, 0, 1, 0, 0, 0], dtype=bool)
    a = scu_sets.agreement(frame, c)
    assert (a["precision"], a["recall"], a["f1"], a["jaccard"]) == pytest.approx((0.5, 0.5, 0.5, 1 / 3))
    assert a["f1_mean"] == pytest.approx((0.5 + 1.0) / 2)  # topic b: two empty sets agree
    assert a["jaccard_mean"] == pytest.approx((1 / 3 + 1.0) / 2)
    assert (a["counted"], a["marked"], a["summaries"]) == (1.0, 1.0, 2)


def test_ceiling_is_the_two_annotators_agreement(sample_root):
    corpus = load_corpus("duc2006", sample_root)
    out = scu_sets.ceiling(corpus.peers)
    from pyrabench.scoring.manual import double_annotations, jaccard
    doubles = double_annotations(corpus.peers)
    assert out["summaries"] == len(doubles)
    if doubles:
        sets = [(matched_set(a), matched_set(b)) for a, b in (v[:2] for v in doubles.values())]
        both = sum(len(a & b) for a, b in sets)
        union = sum(len(a | b) for a, b in sets)
        assert out["jaccard"] == pytest.approx(both / union)
        assert out["jaccard_mean"] == pytest.approx(np.mean([jaccard(a, b) for a, b in sets]))


def test_corpus_frame_rows_are_the_lexical_rows(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007-update", sample_root)
    frame = scu_sets.corpus_frame(corpus)
    lex = calibrated.feature_frame(corpus)
    pd.testing.assert_frame_equal(frame[lex.columns].reset_index(drop=True), lex.astype(
        {"topic": str, "peer": str, "annotator": str}), check_dtype=False)
    again = scu_sets.corpus_frame(corpus)
    pd.testing.assert_frame_equal(frame, again)


def test_model_scores_new_text_with_p_counted_evidence_and_intervals(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007-update", sample_root)
    model = scu_sets.fit([corpus])
    assert model.fitted_on == ("duc2007-update",)
    pyramid = corpus.pyramids[0]
    texts = [pyramid.summaries[0], "Nothing here is about the topic at all."]
    keys = pd.DataFrame({"topic": ["mine", "mine"], "summary": ["model", "off"]})
    scus = model.scus(scu_sets.summary_frame(pyramid, texts, keys))
    assert list(scus.columns[:2]) == ["topic", "summary"] and {"p", "counted", "unit", "start", "end"} <= set(scus)
    assert ((scus["p"] >= 0) & (scus["p"] <= 1)).all()
    per = model.summaries(scus)
    assert per.set_index("summary").loc["model", "estimate"] > per.set_index("summary").loc["off", "estimate"]
    assert (per["estimate_low"] <= per["estimate"]).all() and (per["estimate"] <= per["estimate_high"]).all()
    assert (per["scus"] == np.floor(per["expected_scus"] + 0.5)).all()
    systems = model.systems(per.assign(system=["A", "A"], topic=["t1", "t2"]))
    assert systems["topics"].tolist() == [2]


def test_own_topics_use_the_fold_model_that_held_them_out(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007-update", sample_root)
    model = scu_sets.fit([corpus])
    frame = scu_sets.corpus_frame(corpus)
    fold, fitted = calibrated.fold_models(frame, scu_sets.FEATURES)
    want = np.zeros(len(frame))
    x = frame[list(scu_sets.FEATURES)].to_numpy(np.float64)
    for k, m in fitted.items():
        want[fold == k] = m.predict_proba(x[fold == k])[:, 1]
    assert model.probabilities(frame) == pytest.approx(want)
    assert not np.allclose(model.probabilities(frame, own_topics=False), want)


def test_lite_pyramid_holds_one_model_summarys_scus_as_units(sample_root):
    pyramid = load_corpus("duc2007-update", sample_root).pyramids[0]
    lite = scu_sets.lite_pyramid(pyramid, 1)
    held = [s for s in pyramid.scus if any(c.summary_index == 1 for c in s.contributors)]
    assert lite.topic == f"{pyramid.topic}-{pyramid.summarizer_ids[1]}"
    assert calibrated.topic_group(lite.topic) == calibrated.topic_group(pyramid.topic)  # one fold with its topic
    assert [s.scu_id for s in lite.scus] == [s.scu_id for s in held]
    assert [s.label for s in lite.scus] == [c.text for s in lite.scus for c in s.contributors]
    assert lite.summaries == ("\n".join(s.label for s in held),)
    assert set(lite.weights.values()) == {1}


def test_lite_model_scores_one_reference_pyramids_and_only_them(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007-update", sample_root)
    model = scu_sets.fit([corpus], lite=True)
    assert model.lite_model is not None and model.lite_model.lite_model is None
    pyramid = corpus.pyramids[0]
    texts = [pyramid.summaries[0], "Nothing here is about the topic at all."]
    keys = pd.DataFrame({"topic": ["mine", "mine"], "summary": ["model", "off"]})
    full = scu_sets.summary_frame(pyramid, texts, keys)
    lite = scu_sets.summary_frame(scu_sets.lite_pyramid(pyramid, 0), texts, keys)
    assert set(full["models"]) == {pyramid.n_summaries} and set(lite["models"]) == {1}
    assert model.probabilities(full) == pytest.approx(scu_sets.fit([corpus]).probabilities(full))
    assert model.probabilities(lite) == pytest.approx(model.lite_model.probabilities(lite))
    assert not np.allclose(model.probabilities(lite), model.probabilities(lite.drop(columns="models")))
    per = model.summaries(model.scus(lite))
    assert per["models"].tolist() == [1, 1]
    assert per.set_index("summary").loc["model", "estimate"] > per.set_index("summary").loc["off", "estimate"]
