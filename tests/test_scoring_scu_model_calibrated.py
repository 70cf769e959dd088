"""The calibrated automated score: features against a naive re-implementation, cross-fitting
that never sees the scored topics, and the expected / hard scores by hand."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.errors import PyrabenchError, UnknownNameError
from pyrabench.scoring.manual import CONVENTIONS, matched_set
from pyrabench.scoring.scu_model import calibrated, variants
from pyrabench.text import words_many

pytest.importorskip("sklearn")


def naive_features(peer, units):
    """The lexical features of one peer, with Python sets and loops."""
    def stems(texts):
        return [calibrated.content_stems(w) for w in words_many(texts)]

    def grams(toks, n):
        return {tuple(toks[i:i + n]) for i in range(len(toks) - n + 1)}

    unit_stems = stems(units)
    whole = [s for u in unit_stems for s in u]
    weights = CONVENTIONS["nist"].scu_weights(peer.pyramid)
    rows = []
    for scu in peer.pyramid.scus:
        row = {}
        for n in (1, 2):
            rec_c = dice_c = rec_l = dice_l = whole_c = 0.0
            for c in stems([x.text for x in scu.contributors]):
                t = grams(c, n)
                if t:
                    whole_c = max(whole_c, len(grams(whole, n) & t) / len(t))
                for u in unit_stems:
                    g = grams(u, n)
                    if t:
                        rec_c = max(rec_c, len(g & t) / len(t))
                    if g or t:
                        dice_c = max(dice_c, 2 * len(g & t) / (len(g) + len(t)))
            (label,) = stems([scu.label])
            t = grams(label, n)
            for u in unit_stems:
                g = grams(u, n)
                if t:
                    rec_l = max(rec_l, len(g & t) / len(t))
                if g or t:
                    dice_l = max(dice_l, 2 * len(g & t) / (len(g) + len(t)))
            row.update({f"r{n}_sent_c": rec_c, f"d{n}_sent_c": dice_c, f"r{n}_sent_l": rec_l,
                        f"r{n}_peer_c": whole_c})
            if n == 1:
                row["d1_sent_l"] = dice_l
        row["weight_share"] = weights[scu.scu_id] / peer.pyramid.n_summaries
        row["y"] = scu.scu_id in matched_set(peer)
        rows.append(row)
    return pd.DataFrame(rows)


@pytest.mark.parametrize("name", ["duc2007", "duc2007-update"])
def test_lexical_features_equal_the_naive_loops(sample_root, name):
    corpus = load_corpus(name, sample_root)
    frame = calibrated.feature_frame(corpus)
    units = calibrated.peer_units(corpus.peers)
    assert len(frame) == sum(len(p.pyramid.scus) for p in corpus.peers)
    for peer, us in list(zip(corpus.peers, units))[:5]:
        mine = frame[(frame.topic == peer.topic) & (frame.peer == peer.peer_id) & (frame.annotator == peer.annotator)]
        want = naive_features(peer, us)
        for col in [*calibrated.LEXICAL, "y"]:
            np.testing.assert_allclose(mine[col].to_numpy(float), want[col].to_numpy(float), atol=1e-12, err_msg=col)
        assert mine["ideal"].nunique() == 1


def test_update_sets_of_one_topic_share_a_fold():
    topics = ["D0703-A", "D0703-B", "D0703-C", "D0706-A", "D0706-B", "D0710-A"]
    folds = calibrated.fold_of(topics, folds=5)
    assert folds[0] == folds[1] == folds[2] and folds[3] == folds[4]
    assert len(set(folds)) == 3  # three topic groups → three folds
    with pytest.raises(PyrabenchError, match="at least 2 topics"):
        calibrated.fold_of(["D0703-A", "D0703-B"])


def test_crossfit_never_sees_the_scored_topics(sample_root):
    frame = calibrated.feature_frame(load_corpus("duc2007-update", sample_root))
    fold = calibrated.fold_of(frame["topic"].to_numpy())
    p = calibrated.crossfit(frame, calibrated.LEXICAL)
    assert ((p > 0) & (p < 1)).all()
    # flip every label of fold 0: its own predictions must not move, the others' must
    flipped = frame.assign(y=np.where(fold == 0, ~frame["y"].to_numpy(bool), frame["y"].to_numpy(bool)))
    q = calibrated.crossfit(flipped, calibrated.LEXICAL)
    np.testing.assert_array_equal(p[fold == 0], q[fold == 0])
    assert not np.allclose(p[fold != 0], q[fold != 0])


def test_expected_and_hard_scores_by_hand():
    frame = pd.DataFrame({"topic": ["T"] * 3 + ["T"] * 3, "peer": ["1"] * 3 + ["2"] * 3, "annotator": "a",
                          "weight": [3.0, 2.0, 1.0] * 2, "ideal": 5.0})
    p = np.array([0.9, 0.5, 0.1, 0.2, 0.4, 1.0])
    exp = calibrated.scores(frame, p, "expected").set_index("peer")
    assert exp.loc["1", "auto"] == pytest.approx((2.7 + 1.0 + 0.1) / 5)
    assert exp.loc["2", "auto_scus"] == pytest.approx(1.6)
    hard = calibrated.scores(frame, p, "hard").set_index("peer")
    assert hard.loc["1", "auto"] == pytest.approx(5 / 5) and hard.loc["2", "auto"] == pytest.approx(1 / 5)
    with pytest.raises(PyrabenchError):
        calibrated.scores(frame, p, "soft")


def test_top_counts_round_of_expected_number():
    frame = pd.DataFrame({"topic": "T", "peer": "1", "annotator": "a", "weight": [1.0] * 4, "ideal": 4.0})
    p = np.array([0.9, 0.8, 0.2, 0.4])  # Σp = 2.3 → the 2 most probable
    np.testing.assert_array_equal(variants._top(frame, p), [1, 1, 0, 0])


def test_variant_names():
    assert variants.variant().name == variants.DEFAULT == "lex"
    v = variants.variant("emb:random")
    assert v.similarity == "emb:random" and set(calibrated.SIMILARITY) <= set(v.features)
    with pytest.raises(UnknownNameError):
        variants.variant("nope")


def test_auto_frame_on_the_sample_is_cached(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2006", sample_root)
    a = variants.auto_frame(corpus)
    assert len(a) == len(corpus.peers) and a["auto"].between(0, 2).all()
    assert list((tmp_path / "scoring").iterdir())
    b = variants.auto_frame(corpus)
    pd.testing.assert_frame_equal(a, b)


@pytest.mark.parametrize("name", ["emb:random", "2013-uni", "lex-top", "recall-raw"])
def test_every_kind_of_variant_scores_every_peer(sample_root, tmp_path, monkeypatch, name):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007-update", sample_root)
    df = variants.auto_frame(corpus, name)
    assert len(df) == len(corpus.peers) and df["auto"].ge(0).all() and df["auto"].notna().all()
    if name == "recall-raw":  # no learning: Σ w·r / Max(A) by hand for one peer
        f = variants.features(corpus)
        first = f[(f.topic == df.topic[0]) & (f.peer == df.peer[0]) & (f.annotator == df.annotator[0])]
        want = (first["weight"] * first["r1_sent_c"]).sum() / first["ideal"].iloc[0]
        assert df["auto"].iloc[0] == pytest.approx(want)


def test_a_sentence_encoder_encodes_the_corpus_in_one_call(sample_root):
    """The unit similarity of a sentence encoder asks for every text of the corpus at once (one
    length sort, little padding), and its features are those of encoding topic by topic."""
    import hashlib

    from pyrabench.embeddings.base import Embedding, normalize_rows
    from pyrabench.embeddings.encode import encode_dense

    corpus = load_corpus("duc2007", sample_root)
    calls = []

    class TextHash(Embedding):  # a text's vector depends on the text alone, as a sentence encoder's does
        name, dim = "text-hash", 8

        def encode(self, texts):
            calls.append(list(texts))
            seeds = [int.from_bytes(hashlib.blake2b(t.encode()).digest()[:8], "little") for t in texts]
            return normalize_rows(np.array([np.random.default_rng(s).normal(size=8) for s in seeds], np.float32))

    inner = TextHash()
    sim = calibrated.UnitSimilarity("uni", corpus)
    sim._encoder = inner  # a sentence encoder's path (as for "minilm"), without the model
    got = calibrated.feature_frame(corpus, sim, lexical=False)
    assert len(calls) == 1 and len(calls[0]) == len(set(calls[0]))
    expected, calls[:] = [], []
    for pyramid, peers in calibrated._by_topic(corpus):
        topic = calibrated._topic(pyramid, calibrated.DEFAULT_CONVENTION)
        units = calibrated.peer_units(peers)
        flat = [u for us in units for u in us]
        v = encode_dense(inner, [*flat, *topic.contrib_texts, *topic.label_texts]).astype(np.float64)
        m = v[: len(flat)] @ v[len(flat):].T
        unit_peer = np.repeat(np.arange(len(peers)), [len(us) for us in units])
        n_c, n_s = len(topic.contrib_texts), len(topic.scu_ids)
        expected.append(np.c_[
            calibrated._max_groups(m[:, :n_c], unit_peer, len(peers), topic.contrib_scu, n_s).ravel(),
            calibrated._max_groups(m[:, n_c:], unit_peer, len(peers), np.arange(n_s), n_s).ravel()])
    np.testing.assert_allclose(got[["sim_sent_c", "sim_sent_l"]].to_numpy(), np.vstack(expected), atol=1e-12)


def _counting(monkeypatch, name):
    """Count the calls of feature group ``name``'s computation."""
    group = calibrated.FEATURE_GROUPS[name]
    calls = []

    def compute(units, option):
        calls.append(option)
        return group.compute(units, option)

    monkeypatch.setitem(calibrated.FEATURE_GROUPS, name, calibrated.FeatureGroup(
        group.name, group.columns, compute, group.version, group.takes_option))
    return calls


def test_every_feature_group_is_computed_once_per_corpus_whichever_variants_ask(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    lexical, similarity = _counting(monkeypatch, "lexical"), _counting(monkeypatch, "similarity")
    corpus = load_corpus("duc2007-update", sample_root)
    for name in ("lex", "lex-hard", "labels", "recall-raw", "emb:random", "uni"):
        variants.auto_frame(corpus, name)
    assert lexical == [None] and similarity == ["emb:random", "uni"]
    again = load_corpus("duc2007-update", sample_root)  # another process: read from the cache
    calibrated._FRAMES.clear()
    variants.features(again, "uni")
    assert lexical == [None] and similarity == ["emb:random", "uni"]


def test_the_features_of_the_groups_are_those_of_one_frame(sample_root, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    corpus = load_corpus("duc2007", sample_root)
    whole = calibrated.feature_frame(corpus, calibrated.UnitSimilarity("uni", corpus))
    joined = variants.features(corpus, "uni")
    assert list(joined.columns[:4]) == [*calibrated.KEYS, "scu_id"] and list(joined.columns[-3:]) == ["weight", "ideal", "y"]
    pd.testing.assert_frame_equal(joined, whole[joined.columns])
    assert list(variants.features(corpus, columns=("r1_sent_c",)).columns) == list(calibrated.feature_frame(corpus).columns)


def test_a_new_feature_group_is_one_entry(sample_root, tmp_path, monkeypatch):
    """What a later group does: register its function and columns, and a variant naming a column gets it."""
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    monkeypatch.setattr(calibrated, "FEATURE_GROUPS", dict(calibrated.FEATURE_GROUPS))

    def n_contributors(units, option):
        return [{"n_contrib": np.broadcast_to(np.bincount(topic.contrib_scu, minlength=len(topic.scu_ids))[None, :],
                                              (len(peers), len(topic.scu_ids)))} for peers, topic, _ in units.topics]

    calibrated.register(calibrated.FeatureGroup("contributors", ("n_contrib",), n_contributors, "contributors-v1"))
    corpus = load_corpus("duc2007-update", sample_root)
    mine = variants.Variant("mine", "test", "lexical + contributor count", features=calibrated.LEXICAL + ("n_contrib",))
    monkeypatch.setitem(variants.BY_NAME, "mine", mine)
    f = variants.features(corpus, columns=mine.features)
    by_scu = {(p.topic, s.scu_id): len(s.contributors) for p in corpus.pyramids for s in p.scus}
    assert f["n_contrib"].tolist() == [by_scu[k] for k in zip(f["topic"], f["scu_id"])]
    assert len(variants.auto_frame(corpus, "mine")) == len(corpus.peers)
    with pytest.raises(ValueError, match="belong to another group"):
        calibrated.register(calibrated.FeatureGroup("again", ("r1_sent_c",), n_contributors, "again-v1"))
    with pytest.raises(PyrabenchError, match="no feature group"):
        calibrated.group_names(["nope"])
    with pytest.raises(PyrabenchError, match="need a similarity"):
        calibrated.group_names(calibrated.SIMILARITY)
    with pytest.raises(PyrabenchError, match="unknown feature group"):
        calibrated.group_frame(corpus, "lexical:minilm")


def test_a_logistic_fit_is_the_same_whatever_threads_the_process_allows():
    """fit_model runs on one native thread: the probabilities do not follow the BLAS's thread
    count (on two threads OpenBLAS's products differ in the last bits, and take ten times longer)."""
    pytest.importorskip("sklearn")
    from threadpoolctl import threadpool_limits

    rng = np.random.default_rng(0)
    x = rng.normal(size=(60_000, 14))
    frame = pd.DataFrame(x, columns=[f"f{i}" for i in range(14)])
    frame["y"] = x @ rng.normal(size=14) + rng.logistic(size=len(x)) > 2.0
    features = list(frame.columns[:-1])
    got = {}
    for n in (1, 2):
        with threadpool_limits(limits=n, user_api="blas"):
            got[n] = calibrated.fit_model(frame, features).predict_proba(x)[:, 1]
    np.testing.assert_array_equal(got[1], got[2])
