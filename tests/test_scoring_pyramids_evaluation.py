"""Built pyramids on the bundled sample: cached, compared and scored; the readings of one topic."""

from __future__ import annotations

import pandas as pd
import pytest

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
    beside = evaluation.built_beside_nist(table).iloc[0]
    assert beside["gap"] == beside["built"] - beside["nist"]


def test_built_beside_nist_per_corpus():
    table = pd.DataFrame({"corpus": ["a", "a", "b", "b"], "metric": ["auto_built", "auto_nist"] * 2,
                          "system_pearson": [0.92, 0.99, 0.95, 0.94]})
    t = evaluation.built_beside_nist(table).set_index("corpus")
    assert t["built"].tolist() == [0.92, 0.95] and t["nist"].tolist() == [0.99, 0.94]
    assert t["gap"].tolist() == pytest.approx([-0.07, 0.01])


SPLIT = _pyr([[("Fire burned the forest", 0)], [("The forest burned", 1)],
              [("Schools closed. Winds spread it", 0), ("Winds spread the fire. Roads closed", 1)]])


def test_side_by_side_heaviest_nist_scus_first_then_the_unmatched_built_ones():
    human = _pyr([[("Schools closed", 0)], [("Fire burned the forest", 0), ("The forest burned", 1)],
                  [("Winds spread it", 0), ("Winds spread the fire", 1)], [("Roads closed", 1)]])
    view = evaluation.side_by_side(human, SPLIT, compare(human, SPLIT))
    assert view.to_dict("list") == {
        "nist_id": [2, 3, 1, 4, 0], "nist_weight": [2, 2, 1, 1, 0],
        "nist_label": ["Fire burned the forest", "Winds spread it", "Schools closed", "Roads closed", ""],
        "auto_id": [1, 3, 0, 0, 2], "auto_weight": [1, 2, 0, 0, 1],
        "auto_label": ["Fire burned the forest", "Schools closed. Winds spread it", "", "", "The forest burned"]}
    heavy = evaluation.side_by_side(human, SPLIT, compare(human, SPLIT), min_weight=2)
    assert heavy.to_dict("list") == {
        "nist_id": [2, 3], "nist_weight": [2, 2], "nist_label": ["Fire burned the forest", "Winds spread it"],
        "auto_id": [1, 3], "auto_weight": [1, 2],
        "auto_label": ["Fire burned the forest", "Schools closed. Winds spread it"]}


def test_split_example_takes_the_built_scu_with_most_characters_of_each_contributor():
    # both weight-2 NIST SCUs are split: the lower id is shown; "Fire burned the forest" shares 4
    # characters with built SCU 1 and 18 with built SCU 2; no built SCU touches "The forest burned"
    built = _pyr([[("Fire", 0)], [("burned the forest. Schools closed", 0)], [("Winds spread it", 0)],
                  [("Winds spread the fire", 1)]])
    example = evaluation.split_example(HUMAN, built, compare(HUMAN, built))
    assert example.to_dict("list") == {
        "model": ["A", "B"], "contributor": ["Fire burned the forest", "The forest burned"], "built_id": [2, 0],
        "built_weight": [1, 0], "built_label": ["burned the forest. Schools closed", ""], "nist_id": [1, 1],
        "nist_label": ["Fire burned the forest", "Fire burned the forest"]}
    none = evaluation.split_example(HUMAN, HUMAN, compare(HUMAN, HUMAN))
    assert none.columns.tolist() == ["model", "contributor", "built_id", "built_weight", "built_label"]


MODELS = {"T2": (("b", "a"), ("The forest burned for days. Winds spread the fire east.",
                             "A fire burned the forest. Strong winds spread the fire.")),
          "T1": (("x", "y", "z"), ("Schools closed for a week.", "The schools closed for one week.",
                                   "Roads closed near the forest."))}


def _tiny_corpus():
    """NIST's pyramids stand-ins: one SCU per model (whatever they hold), as a corpus object."""
    from types import SimpleNamespace

    from pyrabench.data.model import SCU, Contributor, Part, Pyramid

    pyramids = [Pyramid("tiny", topic, texts, ids, tuple(
        SCU(k + 1, t, (Contributor(t, (Part(t, 0, len(t)),), k),)) for k, t in enumerate(texts)), f"{topic}.pyr")
        for topic, (ids, texts) in MODELS.items()]
    return SimpleNamespace(name="tiny", pyramids=pyramids, peers=[])


def test_built_pyramids_are_the_builder_s_in_the_corpus_order(tmp_path, monkeypatch):
    from pyrabench.scoring.pyramids.builder import build

    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = _tiny_corpus()
    want = [build(ids, texts, topic, UNI, "tiny", f"{topic}.pyr").pyramid for topic, (ids, texts) in MODELS.items()]
    assert evaluation.built_pyramids(corpus, UNI, cache=False) == want
    assert evaluation.built_pyramids(corpus, UNI) == want
    assert len(list((tmp_path / "scoring" / "pyramids").glob("*.pkl"))) == 1
    assert evaluation.built_pyramids(corpus, UNI) == want  # read back
    other = UNI.with_(unit="sentence")
    assert evaluation.built_pyramids(corpus, other) == [
        build(ids, texts, topic, other, "tiny", f"{topic}.pyr").pyramid for topic, (ids, texts) in MODELS.items()]
    assert len(list((tmp_path / "scoring" / "pyramids").glob("*.pkl"))) == 2


def test_agreement_weight_and_lever_tables_of_a_corpus(tmp_path, monkeypatch):
    from pyrabench.scoring.pyramids.agreement import summary, weight_shares

    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = _tiny_corpus()
    built = evaluation.built_pyramids(corpus, UNI)
    topics = evaluation.topic_agreements(corpus, UNI)
    assert [t.pairs.to_dict("list") for t in topics] == [compare(h, a).pairs.to_dict("list")
                                                         for h, a in zip(corpus.pyramids, built)]
    table = evaluation.agreement_table({"one": corpus, "two": corpus}, UNI)
    pd.testing.assert_frame_equal(table, pd.DataFrame([{"corpus": "one", **summary(topics)},
                                                        {"corpus": "two", **summary(topics)}]))
    weights = evaluation.weight_table({"one": corpus, "two": corpus}, UNI)
    alone = weight_shares(corpus.pyramids, built, "one")
    assert weights.to_dict("list") == {k: v + [x for x in (alone.assign(corpus="two")[k].tolist())]
                                       for k, v in alone.to_dict("list").items()}
    assert list(weights.index) == list(range(len(weights)))
    levers = evaluation.levers(UNI)
    assert list(levers.values()) == [UNI, UNI.with_(unit="sentence"), UNI.with_(similarity="uni"),
                                     UNI.with_(percentile=70.0), UNI.with_(percentile=90.0),
                                     UNI.with_(capacity=False)]
    assert list(levers)[0] == "EDUA (clauses, WMF, 83rd percentile, power-law capacity)"
    rows = evaluation.lever_table({"one": corpus}, {"a": UNI, "b": UNI.with_(unit="sentence")})
    pd.testing.assert_frame_equal(rows, pd.DataFrame([
        {"recipe": "a", "corpus": "one", **summary(topics)},
        {"recipe": "b", "corpus": "one", **summary(evaluation.topic_agreements(corpus, UNI.with_(unit="sentence")))}]))


def test_sample_scores_on_built_pyramids_join_the_manual_nist_and_rouge_columns(sample_root, tmp_path, monkeypatch):
    from pyrabench.scoring.correlate import correlations, flat_row
    from pyrabench.scoring.manual import score_corpus
    from pyrabench.scoring.rouge import rouge_frame
    from pyrabench.scoring.scu_model import variants

    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007", sample_root)
    keys = ["topic", "peer", "annotator"]
    frame = evaluation.score_frame(corpus, UNI, cache=False)
    assert list(frame.columns) == [*keys, "modified", "auto_built", "auto_nist", "rouge_2"]
    manual = score_corpus(corpus)[[*keys, "modified"]]
    pd.testing.assert_frame_equal(frame[[*keys, "modified"]], manual.reset_index(drop=True))
    nist = variants.auto_frame(corpus, variants.DEFAULT, cache=False).set_index(keys)["auto"]
    assert frame.set_index(keys)["auto_nist"].to_dict() == nist.to_dict()
    rouge = rouge_frame(corpus, cache=False).set_index(keys)["rouge_2"]
    assert frame.set_index(keys)["rouge_2"].to_dict() == rouge.to_dict()
    built = evaluation.built_scores(corpus, UNI, cache=False)
    assert frame.set_index(keys)["auto_built"].to_dict() == built.set_index(keys)["auto"].to_dict()
    # one model fitted on another corpus's topics scores the same peers differently
    other = evaluation.built_scores(corpus, UNI, calibrate_on=load_corpus("duc2006", sample_root), cache=False)
    assert other[keys].values.tolist() == built[keys].values.tolist()
    assert not other["auto"].equals(built["auto"]) and other["auto"].between(0, 2).all()
    table = evaluation.correlation_table({"duc2007": corpus}, UNI, n_resamples=20, seed=3, cache=False)
    res = correlations(frame, list(evaluation.METRICS), "modified", n_resamples=20, seed=3)
    assert table.to_dict("records") == [
        {"corpus": "duc2007", "metric": m, "calibrated_on": c, **flat_row(res, m)}
        for m, c in zip(evaluation.METRICS, ("its other topics", "its other topics", ""))]


def test_split_example_shows_the_heaviest_split_scu_and_overlaps_of_one_character():
    texts = ("Fire burned the forest. Schools closed.", "The forest burned. Roads closed.", "Forests burn. Towns closed.")
    ids = ("A", "B", "C")
    human = _pyr([[("Schools closed", 0), ("Roads closed", 1)],
                  [("Fire burned the forest", 0), ("The forest burned", 1), ("Forests burn", 2)]], ids, texts)
    built = _pyr([[("Fire burned the forest", 0), ("The forest burned", 1)], [("F", 2)], [("Schools closed", 0)],
                  [("Roads closed", 1)]], ids, texts)
    result = compare(human, built)
    assert result.human["split"].tolist() == [True, True]
    example = evaluation.split_example(human, built, result)
    assert example.to_dict("list") == {
        "model": ["A", "B", "C"], "contributor": ["Fire burned the forest", "The forest burned", "Forests burn"],
        "built_id": [1, 1, 2], "built_weight": [2, 2, 1],
        "built_label": ["Fire burned the forest", "Fire burned the forest", "F"], "nist_id": [2, 2, 2],
        "nist_label": ["Fire burned the forest"] * 3}


def test_tables_without_cache_write_nothing_and_levers_score_the_named_corpora(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = _tiny_corpus()
    evaluation.weight_table({"one": corpus}, UNI, cache=False)
    evaluation.agreement_table({"one": corpus}, UNI, cache=False)
    evaluation.lever_table({"one": corpus}, {"a": UNI}, cache=False)
    assert not list(tmp_path.rglob("*.pkl"))
    calls = []

    def fake_scores(c, recipe, calibrate_on, cache):
        calls.append(("score_frame", c.name, recipe, calibrate_on, cache))
        return "frame"

    def fake_correlations(frame, metrics, reference, n_resamples, seed):
        calls.append(("correlations", frame, metrics, reference, n_resamples, seed))
        return {"levels": {"summary": {"auto_built": {"pearson": 0.25}}, "system": {"auto_built": {"pearson": 0.75}}}}

    monkeypatch.setattr(evaluation, "score_frame", fake_scores)
    monkeypatch.setattr(evaluation, "correlations", fake_correlations)
    rows = evaluation.lever_table({"one": corpus, "two": corpus}, {"a": UNI}, scored=["two"], cache=False)
    assert calls == [("score_frame", "tiny", UNI, None, False),
                     ("correlations", "frame", ["auto_built"], "modified", 200, 0)]
    assert rows[["corpus", "summary_pearson", "system_pearson"]].fillna(-1).values.tolist() == [
        ["one", -1, -1], ["two", 0.25, 0.75]]


def test_tables_cache_their_built_pyramids_by_default(tmp_path, monkeypatch):
    corpus = _tiny_corpus()
    for k, table in enumerate((evaluation.weight_table, evaluation.agreement_table,
                               lambda corpora, recipe: evaluation.lever_table(corpora, {"a": recipe}),
                               lambda corpora, recipe: evaluation.topic_agreements(corpora["one"], recipe))):
        monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / str(k)))
        table({"one": corpus}, UNI)
        assert len(list((tmp_path / str(k) / "scoring" / "pyramids").glob("*.pkl"))) == 1


def test_built_scores_are_cached_by_default(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007", sample_root)
    first = evaluation.built_scores(corpus, UNI)
    assert len(list((tmp_path / "scoring" / "auto").glob("*.pkl"))) == 1
    pd.testing.assert_frame_equal(evaluation.built_scores(corpus, UNI), first)


def test_peer_units_are_kept_per_corpus(monkeypatch):
    from types import SimpleNamespace

    from pyrabench.data.model import PeerAnnotation

    monkeypatch.setattr(evaluation, "_UNITS", {})

    def corpus(name, text):
        tiny = _tiny_corpus()
        peer = PeerAnnotation("tiny", "T1", "1", "a", text, (), tiny.pyramids[1])
        return SimpleNamespace(name=name, pyramids=tiny.pyramids, peers=[peer, peer])

    assert evaluation._peer_units(corpus("x", "Fire burned. Schools closed.")) == {
        "T1": [["Fire burned", "Schools closed"]] * 2}
    assert evaluation._peer_units(corpus("y", "Roads closed.")) == {"T1": [["Roads closed"]] * 2}


def test_every_lever_is_named():
    assert list(evaluation.levers()) == [
        "EDUA (clauses, WMF, 83rd percentile, power-law capacity)", "sentences instead of clauses",
        "lexical (uni) instead of WMF", "edges above the 70th percentile", "edges above the 90th percentile",
        "no layer capacity"]
    assert evaluation.levers()["EDUA (clauses, WMF, 83rd percentile, power-law capacity)"] == EDUA


def test_built_scores_are_cached_per_corpus_recipe_and_calibration(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007", sample_root)
    other = load_corpus("duc2006", sample_root)
    sentences = UNI.with_(unit="sentence")
    runs = [(corpus, UNI, None), (corpus, sentences, None), (corpus, UNI, other), (other, UNI, None)]
    cached = [evaluation.built_scores(c, r, ref) for c, r, ref in runs]
    assert len(list((tmp_path / "scoring" / "auto").glob("*.pkl"))) == 4
    assert len(list((tmp_path / "scoring" / "pyramids").glob("*.pkl"))) == 3
    for (c, r, ref), got in zip(runs, cached):
        pd.testing.assert_frame_equal(got, evaluation.built_scores(c, r, ref, cache=False))
