"""The package's one cache of derived artefacts: ``$PYRABENCH_CACHE`` or ``~/.cache/pyrabench``.

Filtered word vectors, trained models, downloads, sentence vectors, word counts and the scoring
task's result tables are all re-computable, so they go to a cache rather than next to the data.
Every entry is keyed by a fingerprint of everything its value depends on, so a stale entry is
never read, and is safe across processes (the book's chapters run in parallel):

- every write is atomic (:func:`pyrabench.files.atomic_write`): a reader sees the old entry, the
  new one, or none, never half of one, even when the writer is killed;
- two processes computing the same entry both succeed; the last rename wins, whole;
- every entry is checked when read: ``.npz`` members carry CRC-32s (checked by ``zipfile``) and
  the zip's closing directory is written last; a result table is sealed with its length and
  sha256 (:func:`save_sealed`);
- an entry that cannot be read (another version's format, a damaged disk) is recomputed and
  rewritten, never a failure;
- an entry that is costly to compute (a trained model, encoded sentences) can be computed under a
  lock (:func:`entry_lock`, ``cached(..., lock=True)``): a process that asks for an entry another
  one is computing waits for it and reads it, rather than computing it a second time. The lock is
  ``flock`` on a sibling ``<entry>.lock`` file, released by the kernel when its holder dies.

A function whose result is cached names the parameters its key leaves out because they cannot
change the result (``cache``, a progress flag) in a module-level ``NOT_IN_KEY`` dict beside it,
``{function name: (parameter, ...)}``; every other parameter is in the key, and the tests of
its cache key (``cache_key_check`` in ``tests/conftest.py``) change each one in turn.
"""

from __future__ import annotations

import fcntl
import hashlib
import io
import os
import pickle
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterable, Iterator, TypeVar

import numpy as np

from .files import atomic_write, open_regular

ENV_CACHE = "PYRABENCH_CACHE"
ENV_NO_CACHE = "PYRABENCH_NO_CACHE"  # set to 1 to compute result tables without reading or writing them

T = TypeVar("T")


def cache_dir(*parts: str) -> Path:
    """``$PYRABENCH_CACHE/<parts>`` (default ``~/.cache/pyrabench``), created on demand."""
    base = os.environ.get(ENV_CACHE) or Path.home() / ".cache" / "pyrabench"
    path = Path(base).expanduser().joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


def fingerprint(*items: object, strings: Iterable[str] = ()) -> str:
    """A short stable hash of ``items`` (reprs) and a sequence of strings (order matters)."""
    h = hashlib.sha256()
    for item in items:
        h.update(repr(item).encode("utf-8"))
        h.update(b"\x1e")
    for s in strings:
        h.update(s.encode("utf-8", "surrogatepass"))
        h.update(b"\x1f")
    return h.hexdigest()[:20]


def file_fingerprint(path: Path) -> tuple[str, int, int]:
    """Identity of a file for cache keys: absolute path, size and modification time."""
    st = Path(path).stat()
    return (str(Path(path).resolve()), st.st_size, st.st_mtime_ns)


@contextmanager
def entry_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock for the entry ``path`` (``flock`` on ``<path>.lock``): the
    processes that take it for one entry run one after the other. Readers never need it (every
    write is atomic); it only keeps two processes from computing the same costly entry."""
    path = Path(path)
    fd = os.open(path.with_name(path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o666)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def _read(path: Path, load: Callable[[Path], T]) -> tuple[bool, T | None]:
    if path.is_file():
        try:
            return True, load(path)
        except Exception:  # noqa: BLE001 - any failure to read our own entry means: recompute
            pass
    return False, None


def cached(path: Path, compute: Callable[[], T], save: Callable[[Path, T], None],
           load: Callable[[Path], T], lock: bool = False) -> T:
    """The entry at ``path`` (``load``), or ``compute()`` saved there by ``save(path, value)``.

    An entry ``load`` cannot read is recomputed and replaced: the cache holds only what this
    package wrote, so an unreadable entry is another version's or a damaged one, never input to
    report. ``lock=True`` computes under :func:`entry_lock`: a second process asking for the
    entry meanwhile waits, then reads what the first one saved (for entries that take long)."""
    path = Path(path)
    found, value = _read(path, load)
    if found:
        return value
    if lock:
        with entry_lock(path):
            found, value = _read(path, load)  # computed by another process while we waited
            if not found:
                value = compute()
                save(path, value)
        return value
    value = compute()
    save(path, value)
    return value


def save_npz(path: Path, **arrays: np.ndarray) -> Path:
    """Write an ``.npz`` atomically (its members carry CRC-32s, checked when read)."""
    def write(tmp: Path) -> None:
        with open(tmp, "wb") as fh:  # a file object: np.savez would append ".npz" to a name
            np.savez(fh, **arrays)

    atomic_write(path, write)
    return Path(path)


def load_npz(path: Path) -> dict[str, np.ndarray]:
    """Every array of an ``.npz`` entry, read whole (no pickle)."""
    with np.load(path, allow_pickle=False) as z:
        return {name: z[name] for name in z.files}


def save_vectors(path: Path, words: list[str], vectors: np.ndarray) -> Path:
    """Cache a word list and its vectors (no pickle: words are stored as a unicode array)."""
    return save_npz(path, words=np.asarray(words, dtype=str), vectors=np.asarray(vectors, np.float32))


def load_vectors(path: Path) -> tuple[list[str], np.ndarray]:
    z = load_npz(path)
    return z["words"].tolist(), z["vectors"]


#: First bytes of a sealed entry: the format's name and version, then the payload's length
#: (8 bytes, little-endian) and sha256 (32 bytes).
SEAL = b"pyrabench-sealed-1\n"
_SEAL_HEADER = len(SEAL) + 8 + 32


def save_sealed(path: Path, payload: bytes) -> Path:
    """Write ``payload`` atomically behind a header with its length and sha256, so that a damaged
    or foreign file is never taken for an entry (:func:`load_sealed` checks both)."""
    header = SEAL + len(payload).to_bytes(8, "little") + hashlib.sha256(payload).digest()
    atomic_write(path, lambda tmp: tmp.write_bytes(header + payload))
    return Path(path)


def load_sealed(path: Path) -> bytes:
    """The payload of a :func:`save_sealed` entry; ``ValueError`` unless its length and sha256
    match the header's."""
    with open_regular(path) as fh:
        header = fh.read(_SEAL_HEADER)
        if len(header) != _SEAL_HEADER or not header.startswith(SEAL):
            raise ValueError(f"{path}: not a sealed cache entry")
        size = int.from_bytes(header[len(SEAL):len(SEAL) + 8], "little")
        if size != os.fstat(fh.fileno()).st_size - _SEAL_HEADER:
            raise ValueError(f"{path}: length differs from the one sealed")
        payload = fh.read()
    if len(payload) != size or hashlib.sha256(payload).digest() != header[len(SEAL) + 8:]:
        raise ValueError(f"{path}: contents differ from the ones sealed")
    return payload


def save_frame(path: Path, df) -> Path:
    """A table as a sealed pandas pickle (:func:`save_sealed`): every dtype and list column comes
    back exactly as computed, and no parquet library is needed."""
    buffer = io.BytesIO()
    df.to_pickle(buffer, compression=None)
    return save_sealed(path, buffer.getvalue())


def load_frame(path: Path):
    """A :func:`save_frame` table. Like any pickle, an entry is trusted: the cache holds only
    what this package wrote, and the seal is checked before a byte is unpickled."""
    import pandas as pd  # the cache module is imported by every command; pandas only here

    return pd.read_pickle(io.BytesIO(load_sealed(path)), compression=None)


def cached_frame(kind: str, key: str, compute, cache: bool = True, lock: bool = False):
    """``compute()``, or the table stored under ``$PYRABENCH_CACHE/scoring/<kind>/<key>.pkl``
    (:func:`save_frame`); ``lock=True``: computed under the entry's lock (:func:`cached`), for
    tables that take long and that processes running side by side ask for alike."""
    if not cache or os.environ.get(ENV_NO_CACHE) == "1":
        return compute()
    return cached(cache_dir("scoring", kind) / f"{key}.pkl", compute, save_frame, load_frame, lock=lock)


def save_result(path: Path, value) -> Path:
    """Any picklable result (an experiment's nested dict of figures) as a sealed pickle
    (:func:`save_sealed`)."""
    return save_sealed(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def load_result(path: Path):
    """A :func:`save_result` value; like :func:`load_frame`, trusted once its seal is checked."""
    return pickle.loads(load_sealed(path))


def cached_result(kind: str, key: str, compute, cache: bool = True, lock: bool = False):
    """:func:`cached_frame` for results that are not one table (a dict of correlations, intervals
    and tests): ``compute()``, or the value stored under ``$PYRABENCH_CACHE/scoring/<kind>/<key>.pkl``."""
    if not cache or os.environ.get(ENV_NO_CACHE) == "1":
        return compute()
    return cached(cache_dir("scoring", kind) / f"{key}.pkl", compute, save_result, load_result, lock=lock)
