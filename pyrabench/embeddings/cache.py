"""Where derived embedding artefacts live: ``$PYRABENCH_CACHE`` or ``~/.cache/pyrabench``.

Filtered word vectors, trained stand-ins, downloads and MiniLM sentence vectors are all
re-computable, so they go to a cache rather than next to the data. Every write is atomic
(:func:`pyrabench.files.atomic_write`), so an interrupted run never leaves a half-written cache
entry behind.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Iterable

import numpy as np

from ..files import atomic_write

ENV_CACHE = "PYRABENCH_CACHE"


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


def save_npz(path: Path, **arrays: np.ndarray) -> Path:
    """Write an ``.npz`` atomically (:func:`pyrabench.files.atomic_write`)."""
    def write(tmp: Path) -> None:
        with open(tmp, "wb") as fh:  # a file object: np.savez would append ".npz" to a name
            np.savez(fh, **arrays)

    atomic_write(path, write)
    return Path(path)


def save_vectors(path: Path, words: list[str], vectors: np.ndarray) -> Path:
    """Cache a word list and its vectors (no pickle: words are stored as a unicode array)."""
    return save_npz(path, words=np.asarray(words, dtype=str), vectors=np.asarray(vectors, np.float32))


def load_vectors(path: Path) -> tuple[list[str], np.ndarray]:
    with np.load(path, allow_pickle=False) as z:
        return z["words"].tolist(), z["vectors"]
