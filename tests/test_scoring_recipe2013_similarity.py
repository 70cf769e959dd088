import numpy as np
import pytest

from pyrabench.errors import UnknownNameError
from pyrabench.scoring.recipe2013.similarity import (
    LSA,
    Dense,
    Unigram,
    combine,
    make_similarity,
)


def test_unigram_dice_of_content_words_by_hand():
    sim = Unigram()
    data = sim.prepare([["hot", "magma", "rises"], ["the", "ocean"]])
    words = ["the", "magma", "rises", "slowly"]
    out = sim.span_similarities(words, np.array([0, 1, 0]), np.array([2, 3, 4]), data)
    # span "the magma": content {magma}=1 word, 1 match with target 0 (3 content words): 2·1/(1+3)
    assert out[0, 0] == pytest.approx(0.5)
    # "magma rises": 2·2/(2+3)
    assert out[0, 1] == pytest.approx(0.8)
    # whole: content magma rises slowly = 3 words: 2·2/(3+3)
    assert out[0, 2] == pytest.approx(4 / 6)
    # stopwords never match: "the" against "the ocean" → 0
    assert out[1, 0] == 0.0


class Fixed(Dense):
    name = "fixed"

    def __init__(self, table):
        super().__init__()
        self.table = table

    def _vectors(self, new_words):
        return np.array([self.table[w] for w in new_words])


def test_prefix_sum_cosines_equal_direct_cosines():
    rng = np.random.default_rng(0)
    vocab = [f"w{i}" for i in range(8)]
    sim = Fixed({w: rng.normal(size=5) for w in vocab})
    targets = [["w1", "w2"], ["w3"], ["w4", "w5", "w6"]]
    data = sim.prepare(targets)
    words = ["w0", "w1", "w2", "w7", "w3"]
    starts, ends = np.array([0, 1, 2, 0]), np.array([2, 3, 5, 5])
    got = sim.span_similarities(words, starts, ends, data)
    for k, (s, e) in enumerate(zip(starts, ends)):
        v = sum(sim.table[w] for w in words[s:e])
        for t, tw in enumerate(targets):
            u = sum(sim.table[w] for w in tw)
            assert got[t, k] == pytest.approx(v @ u / np.linalg.norm(v) / np.linalg.norm(u), abs=1e-5)


def test_combine_matches_naive_groups():
    rng = np.random.default_rng(1)
    x = rng.random((7, 4))
    offsets = np.array([0, 3, 4])
    groups = [x[0:3], x[3:4], x[4:7]]
    assert np.allclose(combine(x, offsets, "max"), [g.max(0) for g in groups])
    assert np.allclose(combine(x, offsets, "min"), [g.min(0) for g in groups])
    assert np.allclose(combine(x, offsets, "mean"), [g.mean(0) for g in groups])
    with pytest.raises(UnknownNameError):
        combine(x, offsets, "median")


def test_lsa_is_deterministic_and_separates_topics():
    sents = [["lava", "magma", "volcano", "erupts"], ["magma", "rises", "volcano"], ["ocean", "waves", "tide"],
             ["tide", "moon", "ocean"], ["lava", "flows", "volcano"], ["waves", "beach", "ocean"]] * 3
    a, b = LSA(num_topics=2, seed=3).fit(sents), LSA(num_topics=2, seed=3).fit(sents)
    da, db = a.prepare([["volcano", "lava"], ["ocean", "tide"]]), b.prepare([["volcano", "lava"], ["ocean", "tide"]])
    assert np.allclose(da, db)
    out = a.span_similarities(["magma", "erupts", "waves", "beach"], np.array([0, 2]), np.array([2, 4]), da)
    assert out[0, 0] > out[1, 0] and out[1, 1] > out[0, 1]
    # an unseen word encodes to the zero vector: similarity 0, not NaN
    z = a.span_similarities(["zzz"], np.array([0]), np.array([1]), da)
    assert np.all(z == 0)


def test_make_similarity_names():
    assert make_similarity("uni").name == "uni"
    assert make_similarity("lsa").name == "lsa"
    assert make_similarity("emb:random").name == "emb:random"
    assert make_similarity("wmf").name == "wmf" and make_similarity("wmf-aug").name == "wmf-aug"
    with pytest.raises(UnknownNameError):
        make_similarity("wmf-plus")


def test_wmf_span_similarities_are_fold_ins_of_the_spans(tmp_path, monkeypatch):
    from pyrabench.embeddings import wmf
    from pyrabench.scoring.recipe2013 import similarity as simmod
    from pyrabench.text import words_many

    corpus = ["the dog barked at the cat", "a dog is a canine", "oil prices rose", "prices of oil fell",
              "the cat chased the dog", "canine animals bark"] * 3
    params = wmf.WMFParams(dim=3, lam=0.5, w_m=0.05, iterations=8, seed=0, init_scale=0.1)
    calls = []

    def fake_load(data=None, *, extra=(), name="wmf", **kw):
        calls.append(list(extra))
        return wmf.WMFEmbedding(wmf.fit(corpus + list(extra), params, cache=False), name=name)

    monkeypatch.setattr(simmod, "load_wmf", fake_load)
    sim = simmod.make_similarity("wmf").fit([["ignored", "words"]])
    aug = simmod.make_similarity("wmf-aug").fit([["oil", "dog"], []])
    assert calls == [[], ["oil dog"]] and (sim.name, aug.name) == ("wmf", "wmf-aug")
    targets = words_many(["the dog barked", "oil prices rose", "zebra"])
    data = sim.prepare(targets)
    words = words_many(["The dog barked. Oil prices rose!"])[0]
    starts, ends = np.array([0, 0, 3, 2]), np.array([3, len(words), len(words), 2])
    spans = sim.span_similarities(words, starts, ends, data)
    whole = data @ sim.prepare([words[s:e] for s, e in zip(starts, ends)]).T
    np.testing.assert_allclose(spans, whole, atol=1e-6)
    assert spans.shape == (3, 4) and spans[0, 0] == pytest.approx(1.0, abs=1e-5)
    assert np.all(spans[2] == 0) and np.all(spans[:, 3] == 0)  # unknown target, empty span
