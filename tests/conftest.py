"""Shared fixtures. ``real_data`` gives the real data root, or skips — unless CI sets
``PYRABENCH_REQUIRE_DATA=1``, which turns every "data missing" skip into a failure."""

from __future__ import annotations

import inspect
import os
import sys
from pathlib import Path

import pytest

from pyrabench.dataroot import ENV_DATA, SAMPLE_ROOT, data_required
from pyrabench.paraphrase import build

_REAL_DATA = os.environ.get(ENV_DATA)  # read once: unit tests below run with it unset
#: A hostile-input test still running after this many seconds is a hang (the slowest, a real
#: SIGINT to a running command, takes about 12 s). pytest-timeout's thread method then prints every
#: thread's stack and ends the run: a regression fails in a minute instead of waiting forever, even
#: when the hung thread sits in C code (libxml2 reading /dev/zero) holding a lock the next test needs.
HOSTILE_TIMEOUT = 60


def pytest_configure(config):
    """A logistic fit that stops short of its optimum is an error here: what it returns would
    follow the machine's BLAS (``reliability.LOGISTIC_SOLVER``). Only where scikit-learn is
    installed (the core install's tests have no scorer)."""
    try:
        import sklearn.exceptions  # noqa: F401
    except ImportError:
        return
    config.addinivalue_line("filterwarnings", "error::sklearn.exceptions.ConvergenceWarning")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name.startswith("test_hostile_"):
            item.add_marker(pytest.mark.timeout(HOSTILE_TIMEOUT, method="thread"))


@pytest.fixture(autouse=True)
def _hermetic_unit_tests(request, monkeypatch):
    """Unit tests see no data root, so they run on the bundled sample whatever the shell sets;
    only the tests under ``tests/data/`` read the real data (through ``real_data``)."""
    if "data" not in Path(str(request.node.fspath)).parent.parts[-1:]:
        monkeypatch.delenv(ENV_DATA, raising=False)


def _missing(reason: str):
    if data_required():
        pytest.fail(f"{reason} (PYRABENCH_REQUIRE_DATA=1 makes this a failure)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def real_data() -> Path:
    """The real data root from $PYRABENCH_DATA (skips, or fails under PYRABENCH_REQUIRE_DATA)."""
    value = _REAL_DATA
    if not value:
        _missing(f"{ENV_DATA} is not set")
    root = Path(value).expanduser().resolve()
    if not root.is_dir():
        _missing(f"{ENV_DATA}={value} is not a directory")
    return root


@pytest.fixture
def real_path(real_data):
    """``real_path("duc2006/...")``: a path under the real data root, or skip/fail if absent."""

    def get(relative: str) -> Path:
        p = real_data / relative
        if not p.exists():
            _missing(f"{p} is missing")
        return p

    return get


@pytest.fixture(scope="session")
def sample_root() -> Path:
    return SAMPLE_ROOT


@pytest.fixture
def within():
    """``within(seconds, fn, *args)``: ``fn(*args)`` run in a daemon thread; fails the test if it
    has not returned in time (a hang), else returns its result or re-raises its exception."""
    import threading

    def run(seconds, fn, *args, **kwargs):
        box = {}

        def target():
            try:
                box["value"] = fn(*args, **kwargs)
            except BaseException as exc:  # noqa: BLE001 - handed to the test thread
                box["error"] = exc

        thread = threading.Thread(target=target, daemon=True)
        thread.start()
        thread.join(seconds)
        if thread.is_alive():
            pytest.fail(f"{getattr(fn, '__name__', fn)} did not return within {seconds} s (a hang)")
        if "error" in box:
            raise box["error"]
        return box.get("value")

    return run


@pytest.fixture(scope="session")
def make_st_model(tmp_path_factory):
    """``make_st_model(words, dim=8, seed=0)``: the directory of a tiny sentence-transformers model
    (whitespace tokenizer, seeded random word vectors, mean pooling) saved by the test, so
    ``st:PATH`` runs offline in seconds. Skips without sentence-transformers."""
    pytest.importorskip("sentence_transformers")
    import numpy as np
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.sentence_transformer.modules import (
        Pooling,
        WordEmbeddings,
    )
    from sentence_transformers.sentence_transformer.modules.tokenizer import (
        WhitespaceTokenizer,
    )

    made = {}

    def make(words, dim: int = 8, seed: int = 0) -> Path:
        vocab = sorted({w.lower() for w in words})
        key = (tuple(vocab), dim, seed)
        if key not in made:
            weights = np.random.default_rng(seed).standard_normal((len(vocab), dim)).astype(np.float32)
            tokens = WordEmbeddings(WhitespaceTokenizer(vocab=vocab, do_lower_case=True), weights, update_embeddings=False)
            model = SentenceTransformer(modules=[tokens, Pooling(dim, pooling_mode="mean")], device="cpu")
            path = tmp_path_factory.mktemp("st-model")
            model.save(str(path))
            made[key] = path
        return made[key]

    return make


@pytest.fixture(scope="session")
def sample_corpora():
    """The bundled sample's corpora (named explicitly: session fixtures run before the hermetic one)."""
    return build.corpora_from_root(SAMPLE_ROOT)


@pytest.fixture(scope="session")
def sample_bench(sample_corpora):
    """Both tests built from the bundled sample with the default policy, once per session."""
    return build.build(sample_corpora)


class FakeTokenEncoder:
    """A token encoder without a model (what :mod:`pyrabench.embeddings.token_vectors` gives):
    each lower-cased word a token, its id the word's rank in ``vocab``, its row a seeded random
    unit vector of ``dim`` dimensions (context-free); ``calls`` counts the texts encoded."""

    def __init__(self, vocab, dim: int = 6, seed: int = 0):
        import numpy as np

        self.vocab = {w: k for k, w in enumerate(sorted({w.lower() for w in vocab}))}
        rows = np.random.default_rng(seed).standard_normal((len(self.vocab), dim)).astype(np.float32)
        self.rows = rows / np.linalg.norm(rows, axis=1, keepdims=True)
        self.calls: list[str] = []

    def token_ids(self, texts):
        import re

        return [[self.vocab[w] for w in re.findall(r"\w+", t.lower()) if w in self.vocab] for t in texts]

    def encode(self, texts):
        import numpy as np

        from pyrabench.embeddings.token_vectors import TokenVectors

        self.calls.extend(texts)
        ids = self.token_ids(texts)
        lengths = np.array([len(i) for i in ids], dtype=np.int64)
        flat = np.array([i for x in ids for i in x], dtype=np.int64)
        return TokenVectors(np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64), flat,
                            self.rows[flat].reshape(len(flat), self.rows.shape[1]))


@pytest.fixture
def fake_token_encoder():
    """``fake_token_encoder(vocab, dim=6, seed=0)``: a :class:`FakeTokenEncoder`."""
    return FakeTokenEncoder


class _Keyed(Exception):
    """Raised by an intercepted cache call: the key it was asked for, nothing computed."""

    def __init__(self, key):
        super().__init__(key)
        self.key = key


@pytest.fixture
def cache_key_check(monkeypatch, tmp_path_factory):
    """``(intercept, check)`` for the tests of a cached result's key (the cache an empty folder).

    ``intercept(module, name="cached_frame", kind=None)`` makes ``module.<name>`` (``cached_frame``,
    ``cached_result`` or ``cached``) stop the call at the entry of that kind (any kind when None;
    ``cached``'s path is the key) and report its key, computing nothing.
    ``check(fn, call, base, changes, returns_key=False)``: ``call(**kwargs)`` calls ``fn`` so that
    it reaches the intercepted entry (or, ``returns_key``, returns the key it computed); the key
    of ``base`` must come back the same on a second call (a hit) and change when any one
    parameter of ``fn`` is given another value (``changes``: parameter → list of other values;
    the ``**kw`` parameter's values are dicts of extra keywords). Every parameter of ``fn``'s
    signature needs changed values, except those its module's ``NOT_IN_KEY[fn.__name__]`` names
    (:mod:`pyrabench.cache`): a parameter added later without a test fails here."""
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path_factory.mktemp("cache-keys")))

    def intercept(module, name="cached_frame", kind=None):
        real = getattr(module, name)

        def stop(*args, **kwargs):
            if name == "cached":
                raise _Keyed(str(args[0] if args else kwargs["path"]))
            if kind is None or args[0] == kind:
                raise _Keyed((args[0], args[1]))
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, stop)

    def key_of(call, kwargs, returns_key):
        try:
            key = call(**kwargs)
        except _Keyed as keyed:
            return keyed.key
        if returns_key:
            return key
        pytest.fail(f"{kwargs}: the call reached no intercepted cache entry")

    def check(fn, call, base: dict, changes: dict, returns_key: bool = False):
        not_in_key = tuple(getattr(sys.modules[fn.__module__], "NOT_IN_KEY", {}).get(fn.__name__, ()))
        params = inspect.signature(fn).parameters
        assert set(not_in_key) <= set(params), f"NOT_IN_KEY names no parameter of {fn.__name__}: {not_in_key}"
        wanted = {n for n, p in params.items() if p.kind is not p.VAR_POSITIONAL} - set(not_in_key)
        assert set(changes) == wanted, (f"{fn.__name__}: parameters without a changed value "
                                        f"{sorted(wanted - set(changes))}, unknown {sorted(set(changes) - wanted)}")
        first = key_of(call, dict(base), returns_key)
        assert key_of(call, dict(base), returns_key) == first, f"{fn.__name__}: the same call is another entry"
        for name, values in changes.items():
            assert values, f"{fn.__name__}: no changed value for {name}"
            for value in values:
                extra = value if params[name].kind is params[name].VAR_KEYWORD else {name: value}
                key = key_of(call, {**base, **extra}, returns_key)
                assert key != first, f"{fn.__name__}: {name}={value!r} gives the key of the base call (stale entry)"
        return first

    return intercept, check
