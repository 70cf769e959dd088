"""Token vectors of a sentence-transformers model through the store: ragged rows, each distinct
text encoded once across instances (processes), shards merged; a tiny model made by the test,
the bundled MiniLM when its extra is installed."""

from __future__ import annotations

import numpy as np
import pytest

from pyrabench.embeddings import sentence_encoder as se
from pyrabench.embeddings import specs
from pyrabench.embeddings import token_vectors as tv
from pyrabench.embeddings.registry import load_embedding

WORDS = "a man is playing the guitar someone plays stock markets fell sharply cat sat on mat".split()
TEXTS = ["A man is playing a guitar.", "Someone plays the guitar.", "...", "Stock markets fell sharply.",
         "A man is playing a guitar.", "The cat sat on the mat."]  # fmt: skip


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(specs.ENV_DEVICE, raising=False)
    return tmp_path / "cache"


@pytest.fixture
def encoder(make_st_model, cache):
    return se.SentenceTransformerEmbedding(make_st_model(WORDS), progress=False)


def test_ragged_take_and_concat():
    v = tv.TokenVectors(np.array([0, 2, 2, 5]), np.arange(5), np.arange(10, dtype=np.float32).reshape(5, 2))
    got = v.take([2, 0, 1, 2])
    assert got.lengths.tolist() == [3, 2, 0, 3] and got.ids.tolist() == [2, 3, 4, 0, 1, 2, 3, 4]
    both = tv.TokenVectors.concat([v, got])
    assert len(both) == 7 and both.offsets[-1] == 13 and (both.vectors[5:7] == v.vectors[2:4]).all()
    assert (v.owner == [0, 0, 2, 2, 2]).all()


def test_each_distinct_text_encoded_once_and_read_back(encoder, monkeypatch):
    calls = []
    tokens = tv.TokenEncoder(encoder)
    real = tokens._model_rows
    monkeypatch.setattr(tokens, "_model_rows", lambda texts: calls.append(list(texts)) or real(texts))
    got = tokens.encode(TEXTS)
    assert sorted(t for c in calls for t in c) == sorted({t for t in TEXTS if t != "..."})  # no word: not sent
    # the tiny model's tokenizer keeps its vocabulary's non-stop words: (man, playing, guitar), ...
    assert got.lengths.tolist() == [3, 2, 0, 4, 3, 3]
    assert [len(i) for i in tokens.token_ids([t for t in TEXTS if t != "..."])] == [3, 2, 4, 3, 3]
    assert np.allclose(np.linalg.norm(got.vectors, axis=1), 1, atol=1e-3)
    a, b = got.offsets[0], got.offsets[1]
    c, d = got.offsets[4], got.offsets[5]
    assert (got.vectors[a:b] == got.vectors[c:d]).all() and (got.ids[a:b] == got.ids[c:d]).all()
    # the tiny model's token rows are its word vectors, so a word's row is the same in every text
    guitar = got.ids[a:b][-1]
    rows = got.vectors[got.ids == guitar]
    assert len(rows) == 3 and np.allclose(rows, rows[0], atol=1e-3)
    # another instance (another process) reads every text from the store, bit for bit
    again = tv.TokenEncoder(encoder)
    second = again.encode(list(reversed(TEXTS)))
    assert again.encoded == 0
    back = second.take(np.arange(len(TEXTS))[::-1])
    assert (back.vectors == got.vectors).all() and (back.offsets == got.offsets).all() and (back.ids == got.ids).all()


def test_shards_are_merged_and_survive(encoder, monkeypatch):
    monkeypatch.setattr(se, "CHUNK_TEXTS", 1)
    monkeypatch.setattr(tv, "MAX_SHARDS", 2)
    first = tv.TokenEncoder(encoder).encode(TEXTS)
    assert len(list(tv.TokenEncoder(encoder).store.directory.glob("*.npz"))) <= 3
    fresh = tv.TokenEncoder(encoder)
    assert len(fresh.store) == 4
    got = fresh.encode(TEXTS)
    assert fresh.encoded == 0 and (got.vectors == first.vectors).all()


def test_without_a_store_every_call_encodes(encoder):
    tokens = tv.TokenEncoder(encoder, cache=False)
    tokens.encode(TEXTS[:2])
    tokens.encode(TEXTS[:2])
    assert tokens.encoded == 4


@pytest.mark.skipif(not specs.available("minilm"), reason="the minilm extra is not installed")
def test_minilm_token_rows_drop_the_special_tokens(cache, monkeypatch):
    monkeypatch.setenv(se.ENV_THREADS, "1")
    tokens = tv.TokenEncoder(load_embedding("minilm"))
    got = tokens.encode(["The cat sat on the mat.", "A cat sat."])
    pieces = tokens.tokenizer.convert_ids_to_tokens(got.ids[: got.offsets[1]].tolist())
    assert pieces == ["the", "cat", "sat", "on", "the", "mat", "."]
    assert tokens.token_ids(["The cat sat on the mat."]) == [got.ids[: got.offsets[1]].tolist()]
    cat_a, cat_b = got.vectors[1], got.vectors[got.offsets[1] + 1]
    assert 0.5 < float(cat_a @ cat_b) < 0.999  # the same word, in context: close, not equal
    # the pass's sentence rows are model.encode's, bit for bit (same order, same batches)
    texts = ["A dog ran.", "Stocks fell.", "Rain flooded the roads on Friday.", "Yes.", "The mayor opened a bridge."]
    small = se.SentenceTransformerEmbedding(tokens.encoder.path, batch_size=2,
                                            progress=False)
    tv.TokenEncoder(small).encode(texts)
    plain = se.SentenceTransformerEmbedding(small.path, batch_size=2, progress=False, cache=False).encode(texts)
    assert (small.encode(texts) == plain).all() and small.encoded == 0


def test_one_pass_fills_the_sentence_store_with_model_encodes_rows(encoder, make_st_model):
    tokens = tv.TokenEncoder(encoder)
    tokens.encode(TEXTS)
    sentences = se.SentenceTransformerEmbedding(make_st_model(WORDS), progress=False)
    got = sentences.encode(TEXTS)
    assert sentences.encoded == 0  # every sentence row came from the token encoder's pass
    plain = se.SentenceTransformerEmbedding(make_st_model(WORDS), progress=False, cache=False).encode(TEXTS)
    assert (got == plain).all()  # the rows model.encode gives, bit for bit


def test_two_token_encoders_in_one_cache_never_read_each_others_rows(make_st_model, cache):
    """Two models (other word vectors) in the same cache: the second encodes every text itself and
    gets its own rows, the ones it gets without any store."""
    first = tv.TokenEncoder(se.SentenceTransformerEmbedding(make_st_model(WORDS, seed=0), progress=False))
    a = first.encode(TEXTS)
    other = make_st_model(WORDS, seed=1)
    second = tv.TokenEncoder(se.SentenceTransformerEmbedding(other, progress=False))
    b = second.encode(TEXTS)
    assert second.encoded == len({t for t in TEXTS if t != "..."}) == 4  # none read from the first model's rows
    alone = tv.TokenEncoder(se.SentenceTransformerEmbedding(other, progress=False, cache=False), cache=False)
    assert np.allclose(b.vectors, alone.encode(TEXTS).vectors, atol=1e-3)
    assert not np.allclose(a.vectors, b.vectors, atol=0.1)
    assert first.store.directory != second.store.directory
