"""The pyramid corpora under a data root: where each lives, and loading one into memory.

Layouts (paths relative to the data root; the bundled sample mirrors them):

===================  ===========================================================================
``duc2005``          ``duc2005/pans/*.pan`` — DUC 2005 style: no ``.pyr``, every ``.pan`` embeds
                     its pyramid (NIST's ``DUC2005.tar.gz`` layout); the topic's pyramid is the
                     embedded one most files agree on.
``duc2006``          ``duc2006/DUC2006pyramiddata/allpyramids/*.pyr`` and ``.../allpans/*.pan``
``duc2007``          ``duc2007/mainPyramidEval/allpyramids/*.pyr`` and ``.../allpans/*.pan``
``duc2007-update``   ``duc2007/updateEval/Pyramid/allpyramids/*.pyr`` and ``.../allpans/*.pan``
``tac2008``…         SacreROUGE: ``tacYYYY/pyramids.jsonl`` (+ optional
``tac2011``          ``tacYYYY/pyramid-annotations.jsonl``), or NIST:
                     ``tacYYYY/*_eval/manual/pyramids/*.pyr`` (+ ``manual/pans`` or
                     ``manual/peers`` ``*.pan``)
``passonneau2013``   ``passonneau2013/pyramid_*.pyr`` and ``target_summaries/scored/*.pan``
===================  ===========================================================================

The source news documents the DUC pyramids were written from, marked for SCUs (U. Ottawa; read
by :mod:`pyrabench.data.scu_marked`), lie beside them: :data:`SCU_MARKED_DIRS`.

Peer file names: ``[<annotator>.]<topic>.M.<length>.<selector>.<peer>.pan`` (DUC/TAC) and
``<student>.pan`` (Passonneau 2013). A zero-padded numeric peer id
(DUC 2006 D0647: ``…B.01.pan``) is read as the number NIST uses everywhere else (``1``), a counted
``peer-id-zero-padded`` repair.

:func:`load_corpus` is memoized per (name, root), and a parsed corpus is kept on disk under
``$PYRABENCH_CACHE/parsed-corpora`` (a pickle: the cache holds only what this package writes), so
the book's kernels and the commands parse each corpus once, not once per process. The entry is
keyed by every input file's identity (path, size, modification time) and a hash of the readers'
source, so an edited file or reader is parsed again. It holds the repair log and the warnings the
readers emitted, which every load replays: a load from the cache reports exactly what a fresh one
does.

Empty input is never silent: a pyramid with no usable SCU (a ``.pyr`` without ``<scu>``, a
topic with ``"scus": []``) is left out and counted (``skipped:pyramid-no-scus``, and its peers
``skipped:peer-pyramid-no-scus``); a corpus left with no SCU at all (an empty
``pyramids.jsonl``) is an :class:`~pyrabench.errors.EmptyCorpusError` when asked for by name,
and a :class:`~pyrabench.errors.PyrabenchWarning` (the corpus is left out) when found by
discovery (:func:`load_all` without names).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import pickle
import re
import sys
import time
import warnings
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from pathlib import Path


from ..dataroot import DATA_PAGE, resolve
from ..errors import (
    DataFormatError,
    EmptyCorpusError,
    MissingDataError,
    PyrabenchWarning,
    UnknownNameError,
)
from ..cache import cache_dir, cached, file_fingerprint, fingerprint
from ..files import atomic_write
from ..progress import progress_bar
from ..text import tokenizer_version, words_many
from . import ducview, sacrerouge
from .model import PeerAnnotation, Pyramid
from .names import PEER_FILE, PYRAMID_FILE
from .repairs import RepairLog

CORPUS_NAMES = (
    "duc2005",
    "duc2006",
    "duc2007",
    "duc2007-update",
    "tac2008",
    "tac2009",
    "tac2010",
    "tac2011",
    "passonneau2013",
)

_DUC_DIRS = {
    "duc2006": "duc2006/DUC2006pyramiddata",
    "duc2007": "duc2007/mainPyramidEval",
    "duc2007-update": "duc2007/updateEval/Pyramid",
}
#: The SCU-marked source documents of each DUC corpus (``*.scu``, one file per topic).
SCU_MARKED_DIRS = {
    "duc2006": "duc2006/SCU-marked corpus",
    "duc2007": "duc2007/2007 SCU-marked corpus",
    "duc2007-update": "duc2007/2007 SCU-marked update corpus",
}


@dataclass(frozen=True)
class Corpus:
    """One corpus in memory: its pyramids (topic order), peer annotations, and the repair log."""

    name: str
    pyramids: tuple[Pyramid, ...]
    peers: tuple[PeerAnnotation, ...]
    log: RepairLog = field(repr=False)
    path: Path | None = None
    seconds: float = field(default=0.0, compare=False)

    def pyramid(self, topic: str) -> Pyramid:
        for p in self.pyramids:
            if p.topic == topic:
                return p
        raise KeyError(f"{self.name}: no topic {topic!r}")


@dataclass(frozen=True)
class _Layout:
    path: Path  # the corpus folder (what discover() reports)
    kind: str  # "ducview", "duc2005", "sacrerouge", "passonneau"
    pyramids: tuple[Path, ...] = ()
    pans: tuple[Path, ...] = ()
    annotations: Path | None = None


def _sorted(paths) -> tuple[Path, ...]:
    return tuple(sorted(paths, key=lambda p: p.name))


def _layout(name: str, root: Path) -> _Layout | None:
    """Where corpus ``name`` lives under ``root``, or None when it is absent."""
    if name in _DUC_DIRS:
        base = root / _DUC_DIRS[name]
        pyrs = _sorted((base / "allpyramids").glob("*.pyr"))
        if not pyrs:
            return None
        return _Layout(base, "ducview", pyrs, _sorted((base / "allpans").glob("*.pan")))
    if name == "duc2005":
        base = root / "duc2005"
        pans = _sorted((base / "pans").glob("*.pan"))
        return _Layout(base, "duc2005", (), pans) if pans else None
    if name == "passonneau2013":
        base = root / "passonneau2013"
        pyrs = _sorted(base.glob("pyramid_*.pyr"))
        if not pyrs:
            return None
        return _Layout(base, "passonneau", pyrs, _sorted((base / "target_summaries" / "scored").glob("*.pan")))
    if name.startswith("tac"):
        base = root / name
        jsonl = base / "pyramids.jsonl"
        if jsonl.is_file():
            annotations = base / "pyramid-annotations.jsonl"
            return _Layout(base, "sacrerouge", (jsonl,), (), annotations if annotations.is_file() else None)
        pyrs = _sorted(base.glob("*_eval/manual/pyramids/*.pyr"))
        if pyrs:
            pans = _sorted([*base.glob("*_eval/manual/pans/*.pan"), *base.glob("*_eval/manual/peers/*.pan")])
            return _Layout(base, "ducview", pyrs, pans)
        return None
    raise UnknownNameError(f"unknown corpus {name!r}; known: {', '.join(CORPUS_NAMES)}")


def discover(root=None) -> dict[str, Path]:
    """``{name: folder}`` for every corpus present under the data root, in :data:`CORPUS_NAMES` order."""
    base = resolve(root).path
    found = {}
    for name in CORPUS_NAMES:
        layout = _layout(name, base)
        if layout is not None:
            found[name] = layout.path
    return found


def pyramid_file_topic(name: str) -> str | None:
    """The topic a DUC pyramid file's name gives (``D0601-ABCD.pyr`` → ``D0601``), or None."""
    m = PYRAMID_FILE.match(name)
    return m.group("topic") if m else None


def _pyramid_topic(path: Path) -> str:
    topic = pyramid_file_topic(path.name)
    if topic is None:
        raise DataFormatError(path, "unknown layout: pyramid file name is not <topic>[-<summarizers>].pyr")
    return topic


def _peer_name(path: Path) -> re.Match:
    m = PEER_FILE.match(path.name)
    if m is None:
        raise DataFormatError(path, "unknown layout: peer file name is not [<annotator>.]<topic>.M.<length>.<selector>.<peer>.pan")
    return m


def normalized_peer_id(raw: str) -> str:
    """A summarizer id as NIST numbers it everywhere: a number without leading zeros (``01`` →
    ``1``), anything else as it is. The ``.pan`` reader and the judgment tables share it."""
    return str(int(raw)) if raw.isdigit() else raw


def data_root_of(corpus: Corpus) -> Path:
    """The data root a DUC/TAC corpus was read from (its folder minus the layout's own path)."""
    root = Path(corpus.path)
    for _ in Path(_DUC_DIRS.get(corpus.name, corpus.name)).parts:
        root = root.parent
    return root


def _peer_id(raw: str, path: Path, log: RepairLog) -> str:
    """A system id as NIST numbers it: DUC 2006's D0647 files say ``01`` … ``08`` where every
    other topic says ``1`` … ``8``; left as is they would be six extra systems (counted repair)."""
    normal = normalized_peer_id(raw)
    if normal != raw:
        log.repair(path, "peer-id-zero-padded", f"peer id {raw!r} read as {normal!r}", f"peer {raw}")
    return normal


def _load_ducview(name, layout, log):
    pyramids = {}
    for path in layout.pyramids:
        topic = _pyramid_topic(path)
        if topic in pyramids:
            raise DataFormatError(path, f"a second pyramid for topic {topic} (first: {pyramids[topic].source})")
        pyramids[topic] = ducview.read_pyramid(path, name, topic, log)
    peers, cache = [], ducview.PyramidCache()
    for path in layout.pans:
        m = _peer_name(path)
        topic = m.group("topic")
        peers.append(ducview.read_peer(
            path, name, topic, _peer_id(m.group("system"), path, log), m.group("annotator") or "", log,
            pyramid=pyramids.get(topic), cache=cache,
        ))
    return tuple(pyramids.values()), peers


def _load_duc2005(name, layout, log):
    peers, cache = [], ducview.PyramidCache()
    for path in layout.pans:
        m = _peer_name(path)
        peers.append(ducview.read_peer(path, name, m.group("topic"), _peer_id(m.group("system"), path, log),
                                       m.group("annotator") or "", log, cache=cache))
    votes: dict[str, Counter] = {}
    first: dict[int, int] = {}
    for i, peer in enumerate(peers):
        votes.setdefault(peer.topic, Counter())[id(peer.pyramid)] += 1
        first.setdefault(id(peer.pyramid), i)
    pyramids = []
    for topic, counter in votes.items():
        best = max(counter, key=lambda key: (counter[key], -first[key]))
        chosen = peers[first[best]].pyramid
        if len(counter) > 1:
            log.repair(chosen.source, "pyramid-variants",
                       f"{len(counter)} different embedded pyramids; kept the one in {counter[best]} files", f"topic {topic}")
        pyramids.append(chosen)
    return tuple(pyramids), peers


def _load_passonneau(name, layout, log):
    pyramids = []
    for path in layout.pyramids:
        topic = path.stem[len("pyramid_"):]
        pyramids.append(ducview.read_pyramid(path, name, topic, log, default_regex=ducview.PASSONNEAU_REGEX))
    if len(pyramids) != 1:
        raise DataFormatError(layout.path, f"expected one pyramid_*.pyr, found {len(pyramids)}")
    (pyramid,) = pyramids
    peers, cache = [], ducview.PyramidCache()
    for path in layout.pans:
        peers.append(ducview.read_peer(path, name, pyramid.topic, path.stem, "", log,
                                       default_regex=ducview.PASSONNEAU_REGEX, pyramid=pyramid, cache=cache))
    return tuple(pyramids), peers


def _load_sacrerouge(name, layout, log):
    pyramids = sacrerouge.read_pyramids(layout.pyramids[0], name, log)
    peers = []
    if layout.annotations is not None:
        peers = sacrerouge.read_annotations(layout.annotations, name, {p.topic: p for p in pyramids}, log)
    return tuple(pyramids), peers


_LOADERS = {"ducview": _load_ducview, "duc2005": _load_duc2005, "passonneau": _load_passonneau, "sacrerouge": _load_sacrerouge}


def _peer_key(peer: PeerAnnotation):
    number = int(peer.peer_id) if peer.peer_id.isdigit() else float("inf")
    return (peer.topic, peer.annotator, number, peer.peer_id, peer.source)


CACHE_VERSION = "parsed-corpus-v1"
_READER_SOURCES = ("data", "files.py", "text.py", "errors.py")  # under the package: the code a parse runs


@lru_cache(maxsize=1)
def _readers_hash() -> str:
    """Hash of the readers' source files, so a cached corpus is never one an older reader parsed."""
    package = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for entry in _READER_SOURCES:
        path = package / entry
        for f in sorted(path.glob("*.py")) if path.is_dir() else [path]:
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:20]


def _input_files(layout: _Layout) -> tuple[Path, ...]:
    return (*layout.pyramids, *layout.pans, *((layout.annotations,) if layout.annotations else ()))


@dataclass(frozen=True)
class _Parsed:
    """A cache entry: the corpus and the warnings its readers emitted, to replay on every load."""

    corpus: Corpus
    warnings: tuple[tuple[str, type, str, int], ...]  # (message, category, filename, line number)


def _save_parsed(path: Path, parsed: _Parsed) -> None:
    atomic_write(path, lambda tmp: tmp.write_bytes(pickle.dumps(parsed, protocol=pickle.HIGHEST_PROTOCOL)))


def _load_parsed(path: Path) -> _Parsed:
    parsed = pickle.loads(path.read_bytes())
    if not isinstance(parsed, _Parsed):
        raise TypeError(f"{path}: not a parsed corpus")
    return parsed


@lru_cache(maxsize=None)
def _load(name: str, root: Path) -> _Parsed:
    layout = _layout(name, root)
    if layout is None:
        present = ", ".join(discover(root)) or "none"
        raise MissingDataError(
            f"corpus {name} is not under {root} (corpora there: {present}); how to obtain it and lay it out: {DATA_PAGE}"
        )
    started = time.perf_counter()
    key = fingerprint(CACHE_VERSION, _readers_hash(), name, str(root), sys.version_info[:2],
                      [file_fingerprint(f) for f in _input_files(layout)])
    parsed = cached(cache_dir("parsed-corpora") / f"{name}-{key}.pkl", lambda: _parse(name, root, layout),
                    _save_parsed, _load_parsed, lock=True)
    return dataclasses.replace(parsed, corpus=dataclasses.replace(parsed.corpus, seconds=time.perf_counter() - started))


def _parse(name: str, root: Path, layout: _Layout) -> _Parsed:
    """Corpus ``name`` read from its files, with the warnings the readers emitted (recorded, to be
    replayed by :func:`load_corpus` whether the corpus comes from here or from the cache)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        corpus = _read(name, root, layout)
    return _Parsed(corpus, tuple((str(w.message), w.category, w.filename, w.lineno) for w in caught))


def _read(name: str, root: Path, layout: _Layout) -> Corpus:
    started = time.perf_counter()
    log = RepairLog()
    pyramids, peers = _LOADERS[layout.kind](name, layout, log)
    read = len(pyramids)
    pyramids, peers = _without_empty(pyramids, peers, log)
    if not pyramids:
        files = ", ".join(str(p) for p in (*layout.pyramids, *layout.pans[:1])) or str(layout.path)
        raise EmptyCorpusError(
            f"corpus {name} under {root} holds no SCU: {read} pyramid(s) read"
            + (", none with a usable SCU" if read else "") + f" ({files})"
        )
    pyramids = tuple(sorted(pyramids, key=lambda p: p.topic))
    peers = tuple(sorted(peers, key=_peer_key))
    return Corpus(name, pyramids, peers, log, layout.path, time.perf_counter() - started)


def _without_empty(pyramids, peers, log: RepairLog):
    """Pyramids with at least one SCU, and the peers scored against such a pyramid; the rest
    are counted in ``log`` (an SCU-less pyramid has nothing to test or to score against)."""
    kept = []
    for p in pyramids:
        if p.scus:
            kept.append(p)
        else:
            log.skip(p.source, "pyramid-no-scus", f"{p.n_summaries} summaries but no usable SCU", f"topic {p.topic}")
    kept_peers = []
    for a in peers:
        if a.pyramid.scus:
            kept_peers.append(a)
        else:
            log.skip(a.source, "peer-pyramid-no-scus", "its pyramid has no usable SCU", f"topic {a.topic} peer {a.peer_id}")
    return kept, kept_peers


def load_corpus(name: str, root=None) -> Corpus:
    """Corpus ``name`` from the data root (``--data``, ``$PYRABENCH_DATA``, else the sample).

    Raises :class:`UnknownNameError` for a name not in :data:`CORPUS_NAMES`,
    :class:`MissingDataError` when the corpus is not under the root and
    :class:`EmptyCorpusError` when it is there but holds no SCU. Memoized, and cached on disk;
    the readers' warnings are replayed on every load (under the usual warning filters).
    """
    if name not in CORPUS_NAMES:
        raise UnknownNameError(f"unknown corpus {name!r}; known: {', '.join(CORPUS_NAMES)}")
    parsed = _load(name, resolve(root).path)
    registry = globals().setdefault("__warningregistry__", {})
    for message, category, filename, lineno in parsed.warnings:
        warnings.warn_explicit(message, category, filename, lineno, registry=registry)
    return parsed.corpus


def load_all(root=None, names=None, progress: bool = False) -> dict[str, Corpus]:
    """Every corpus present (or exactly ``names``, which must then all be present and non-empty).

    A corpus found by discovery that holds no SCU is left out with a :class:`PyrabenchWarning`.
    ``progress`` shows a bar on stderr advancing corpus by corpus, naming the one loading.
    """
    wanted = list(names) if names else list(discover(root))
    found = {}
    with progress_bar(wanted, wanted=progress, desc="loading corpora", unit="corpus") as bar:
        for n in bar:
            bar.set_postfix_str(n)
            if names:
                found[n] = load_corpus(n, root)
                continue
            try:
                found[n] = load_corpus(n, root)
            except EmptyCorpusError as exc:
                warnings.warn(f"left out: {exc}", PyrabenchWarning, stacklevel=2)
    return found


def clear_cache() -> None:
    _load.cache_clear()


def word_counts(texts: list[str]) -> tuple[int, int]:
    """``(words, distinct words)`` of ``texts``, kept under ``$PYRABENCH_CACHE/word-counts`` keyed
    by the texts and the tokenizer's version: the only figures of ``pyrabench data`` that need
    spaCy, whose start-up (~2 s) would otherwise be paid by every call on the same data."""
    path = cache_dir("word-counts") / f"{fingerprint('word-counts-v1', tokenizer_version(), strings=texts)}.json"
    try:
        n_words, n_unique = json.loads(path.read_text(encoding="utf-8"))
        return int(n_words), int(n_unique)
    except (OSError, ValueError, TypeError):  # not cached yet, or an unreadable entry: count again
        pass
    tokens = words_many(texts)
    counts = (sum(len(t) for t in tokens), len({w for t in tokens for w in t}))
    atomic_write(path, lambda tmp: tmp.write_text(json.dumps(counts), encoding="utf-8"))
    return counts


def corpus_stats(corpus: Corpus) -> dict:
    """The counts ``pyrabench data`` reports for one corpus (deterministic, JSON-ready)."""
    contributors = [c for p in corpus.pyramids for s in p.scus for c in s.contributors]
    n_words, n_unique = word_counts([c.text for c in contributors])
    weights = Counter(s.weight for p in corpus.pyramids for s in p.scus)
    counts = corpus.log.counts()
    return {
        "topics": len({p.topic for p in corpus.pyramids}),
        "pyramids": len(corpus.pyramids),
        "summaries": sum(p.n_summaries for p in corpus.pyramids),
        "scus": sum(len(p.scus) for p in corpus.pyramids),
        "contributors": len(contributors),
        "contributor_words": n_words,
        "unique_words": n_unique,
        "peers": len(corpus.peers),
        "peer_matches": sum(len(a.matched_ids) for a in corpus.peers),
        "weights": {str(w): n for w, n in sorted(weights.items())},
        "repairs": sum(n for k, n in counts.items() if k.startswith("repaired:")),
        "skips": sum(n for k, n in counts.items() if k.startswith("skipped:")),
        "log": counts,
    }


def summary_counts(pyramid: Pyramid) -> dict[str, list[int]]:
    """Per model summary of ``pyramid``: its words (:func:`pyrabench.text.words_many`) and the
    SCUs it contributes to."""
    return {
        "words": [len(w) for w in words_many(pyramid.summaries)],
        "scus": [sum(any(c.summary_index == i for c in s.contributors) for s in pyramid.scus)
                 for i in range(pyramid.n_summaries)],
    }


def weight_distribution(corpora_by_name: dict[str, Corpus]) -> list[dict]:
    """SCUs per weight for each corpus, lightest first, with the share of the corpus's SCUs: one
    record (``corpus``, ``weight``, ``scus``, ``share``) per corpus and weight."""
    rows = []
    for name, corpus in corpora_by_name.items():
        counts = Counter(s.weight for p in corpus.pyramids for s in p.scus)
        total = sum(counts.values())
        rows += [{"corpus": name, "weight": w, "scus": n, "share": n / total} for w, n in sorted(counts.items())]
    return rows


def weight_shape(weights: list[dict]) -> dict:
    """What :func:`weight_distribution` shows, in numbers the prose can quote: in how many corpora
    weight 1 is the most common (a tie goes to the lighter weight), in how many the share never
    rises with weight, and the largest weight (the number of model summaries) of each corpus."""
    by_corpus: dict[str, list[dict]] = {}
    for r in weights:
        by_corpus.setdefault(r["corpus"], []).append(r)
    by_corpus = {name: sorted(g, key=lambda r: r["weight"]) for name, g in by_corpus.items()}
    return {
        "corpora": len(by_corpus),
        "weight_one_most_common": sum(int(max(g, key=lambda r: r["share"])["weight"] == 1) for g in by_corpus.values()),
        "falling": sum(int(all(a["share"] >= b["share"] for a, b in pairwise(g))) for g in by_corpus.values()),
        "max_weight": {name: int(max(r["weight"] for r in g)) for name, g in by_corpus.items()},
    }
