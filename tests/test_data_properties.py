"""Property tests: any truncation or corruption of a valid file read by any reader yields a
:class:`PyrabenchError` naming the file, or a result that is right — never another exception type,
and never a hang: every example must finish within the hypothesis ``deadline``.

For the pyramid readers "right" is checked, not assumed: the intact records read as they were
(a file cut between records reads as its complete records), a wrong offset is repaired and
counted once, and whatever comes back is internally consistent (every part is its summary's
text at its offsets, SCU ids unique). The other readers are held to the error-or-success rule.

Readers covered: DUCView ``.pyr``/``.pan``, SacreROUGE pyramids and annotations (JSONL), a
built benchmark's ``binary.jsonl`` (its stats.json re-recorded so the rows are parsed, not just
refused by the checksum), STS gold, input and system-output files and the STS-B csv, and word
vectors (GloVe text, word2vec text with header, word2vec binary, gzip'd text)."""

from __future__ import annotations

import gzip
import hashlib
import html
import json
import re
import shutil
import struct
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pyrabench.data import ducview, sacrerouge
from pyrabench.data.model import PeerAnnotation
from pyrabench.data.repairs import RepairLog
from pyrabench.dataroot import SAMPLE_ROOT
from pyrabench.embeddings import vectors
from pyrabench.errors import PyrabenchError
from pyrabench.sts import outputs, releases

#: A hang or a quadratic blowup shows as an example slower than this (generous: the machine is shared).
DEADLINE = timedelta(seconds=5)
SETTINGS = settings(max_examples=50, deadline=DEADLINE, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _small_files(sample_root, tmp_path_factory):
    """The smallest sample file of each kind, plus a one-line JSONL."""
    out = tmp_path_factory.mktemp("valid")
    pyr = sample_root / "passonneau2013" / "pyramid_HOW_VOLCANOES_FORM.pyr"
    pan = min((sample_root / "duc2005" / "pans").glob("*.pan"), key=lambda p: p.stat().st_size)
    jsonl = out / "pyramids.jsonl"
    jsonl.write_text((sample_root / "tac2008" / "pyramids.jsonl").read_text().splitlines()[0] + "\n")
    shutil.copy(pyr, out / pyr.name)
    shutil.copy(pan, out / pan.name)
    annotations = out / "pyramid-annotations.jsonl"
    sacrerouge.write_annotations(_tac_peers(sample_root), annotations)
    sts = sample_root / "sts" / "2012" / "test-gold"
    words = [("the", [0.1, -0.2, 0.3]), ("river", [1.5, 2.0, -0.5]), ("bridge", [0.0, 0.25, 4.0])]
    text = "".join(f"{w} {' '.join(map(str, v))}\n" for w, v in words).encode()
    binary = b"3 3\n" + b"".join(w.encode() + b" " + struct.pack("<3f", *v) + b"\n" for w, v in words)
    return {
        "pyr": (out / pyr.name).read_bytes(),
        "pan": (out / pan.name).read_bytes(),
        "jsonl": jsonl.read_bytes(),
        "annotations": annotations.read_bytes(),
        "binary-jsonl": b"".join(_benchmark_lines()[:6]),
        "gold": b"".join((sts / "STS.gs.MSRpar.txt").read_bytes().splitlines(keepends=True)[:8]),
        "input": b"".join((sts / "STS.input.MSRpar.txt").read_bytes().splitlines(keepends=True)[:8]),
        "output": b"2.5\t100\n3.75\t90\n0.0\t100\n5\t100\n",
        "stsb": b"".join((sample_root / "sts/stsbenchmark/sts-test.csv").read_bytes().splitlines(keepends=True)[:6]),
        "glove": text,
        "w2v-text": b"3 3\n" + text,
        "w2v-bin": binary,
        "glove-gz": gzip.compress(text, mtime=0),
    }


def _benchmark_lines() -> list[bytes]:
    """Rows in the layout ``pyrabench build`` writes (our own invented sentences)."""
    texts = ["The bridge opened on Monday", "The new bridge opened", "A toll angered commuters",
             "Drivers pay a two dollar toll"]
    rows = []
    for k, (a, b) in enumerate([(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]):
        scu_a, scu_b = a // 2 + 1, b // 2 + 1
        rows.append({
            "pair_id": f"toy/T/{scu_a}/{a}+{scu_b}/{b}", "corpus": "toy", "topic": "T", "label": int(scu_a == scu_b),
            "text_a": texts[a], "text_b": texts[b], "id_a": f"toy/T/{scu_a}/{a}", "id_b": f"toy/T/{scu_b}/{b}",
            "scu_a": scu_a, "scu_b": scu_b, "weight_a": 2, "weight_b": 2, "shared_words": k,
            "words_a": len(texts[a].split()), "words_b": len(texts[b].split()),
        })
    return [(json.dumps(row) + "\n").encode() for row in rows]


def _tac_peers(sample_root):
    """Two peers for the first TAC sample pyramid: its first two model summaries, self-matched."""
    from pyrabench.data.corpora import load_corpus
    from pyrabench.data.model import SCU, Contributor, PeerAnnotation

    pyramid = load_corpus("tac2008", sample_root).pyramids[0]
    peers = []
    for index in (0, 1):
        scus = tuple(
            SCU(s.scu_id, s.label, tuple(Contributor(c.label, c.parts, 0) for c in s.contributors if c.summary_index == index))
            for s in pyramid.scus
        )
        peers.append(PeerAnnotation("tac2008", pyramid.topic, str(index + 1), "", pyramid.summaries[index], scus, pyramid))
    return peers


@pytest.fixture(scope="module")
def valid(sample_root, tmp_path_factory):
    return _small_files(sample_root, tmp_path_factory)


def _read_benchmark(path) -> None:
    """``path`` as the ``binary.jsonl`` of a benchmark whose stats.json records its exact bytes."""
    from pyrabench.paraphrase import store

    data = path.read_bytes()
    directory = path.parent / "bench"
    directory.mkdir(exist_ok=True)
    (directory / "binary.jsonl").write_bytes(data)
    (directory / "ranking.jsonl").write_bytes(b"")
    sha = hashlib.sha256
    files = {"binary.jsonl": {"rows": data.count(b"\n"), "sha256": sha(data).hexdigest()},
             "ranking.jsonl": {"rows": 0, "sha256": sha(b"").hexdigest()}}
    stats = {"corpora": {}, "overall": {}, "paper": {}, "missing": [], "format": "jsonl", "files": files}
    (directory / "stats.json").write_text(json.dumps(stats))
    try:
        store.load_benchmark(directory)
    except PyrabenchError as exc:
        assert str(directory / "binary.jsonl") in str(exc)


_VECTOR_KINDS = {"glove": ("v.txt", "glove"), "w2v-text": ("v.txt", "word2vec-text"),
                 "w2v-bin": ("v.bin", "word2vec-bin"), "glove-gz": ("v.txt.gz", "glove")}


PYRAMID_KINDS = ("pyr", "pan", "jsonl", "annotations")


def _read(kind: str, path):
    """``(records, log)``: the pyramids or peers read (empty for the other kinds), and what was
    repaired or skipped."""
    log, records = RepairLog(), []
    if kind == "binary-jsonl":
        _read_benchmark(path)
    elif kind == "gold":
        releases.read_gold(path, log)
    elif kind == "input":
        releases.read_input(path, log)
    elif kind == "output":
        outputs.read_output(path)
    elif kind == "stsb":
        shutil.copy(path, path.parent / "sts-test.csv")
        releases._load_stsb(path.parent)
    elif kind in _VECTOR_KINDS:
        name, fmt = _VECTOR_KINDS[kind]
        target = path.parent / name
        shutil.copy(path, target)
        for vocab in ({"the", "river", "bridge"}, None):
            vectors.read_vectors(target, fmt, vocab, progress=False, log=log)
    elif kind == "pyr":
        records = [ducview.read_pyramid(path, "passonneau2013", "T", log, default_regex=ducview.PASSONNEAU_REGEX)]
    elif kind == "pan":
        records = [ducview.read_peer(path, "duc2005", "d301i", "2", "20", log)]
    elif kind == "jsonl":
        records = sacrerouge.read_pyramids(path, "tac2008", log)
    else:
        from pyrabench.data.corpora import load_corpus

        pyramids = {p.topic: p for p in load_corpus("tac2008", SAMPLE_ROOT).pyramids}
        records = sacrerouge.read_annotations(path, "tac2008", pyramids, log)
    return records, log


def _key(record):
    """What a record says, without the file it came from."""
    if isinstance(record, PeerAnnotation):
        return ("peer", record.corpus, record.topic, record.peer_id, record.annotator, record.summary,
                record.scus, record.unmatched, record.pyramid.topic)
    return ("pyramid", record.corpus, record.topic, record.summaries, record.summarizer_ids, record.scus)


def _consistent(record) -> None:
    """Every part is the text at its offsets; SCU ids are unique; contributors index a summary."""
    if isinstance(record, PeerAnnotation):
        texts = (record.summary,)
        contributors = [c for s in record.scus for c in s.contributors] + list(record.unmatched)
    else:
        texts = record.summaries
        contributors = [c for s in record.scus for c in s.contributors]
    ids = [s.scu_id for s in record.scus]
    assert len(ids) == len(set(ids))
    for c in contributors:
        assert 0 <= c.summary_index < len(texts)
        for part in c.parts:
            assert texts[c.summary_index][part.start : part.end] == part.text


def _check(kind: str, data: bytes, tmp_path):
    """``(records, log)`` after checking every record, or ``None`` after a PyrabenchError naming the file."""
    path = tmp_path / f"mutated.{kind}"
    path.write_bytes(data)
    try:
        records, log = _read(kind, path)
    except PyrabenchError as exc:
        assert path.parent.as_posix() in str(exc)  # names the file (a copy beside it, for some kinds)
        return None
    for r in records:
        _consistent(r)
    return records, log


@pytest.fixture(scope="module")
def valid_reads(valid, tmp_path_factory):
    out = tmp_path_factory.mktemp("reads")
    reads = {}
    for kind in PYRAMID_KINDS:
        path = out / f"valid.{kind}"
        path.write_bytes(valid[kind])
        reads[kind] = _read(kind, path)
    return reads


def test_valid_files_read_cleanly(valid, valid_reads, tmp_path):
    for kind, data in valid.items():
        path = tmp_path / f"valid.{kind}"
        path.write_bytes(data)
        assert len(_read(kind, path)[1]) == 0, kind
    assert {kind: len(records) for kind, (records, _) in valid_reads.items()} == {
        "pyr": 1, "pan": 1, "jsonl": 1, "annotations": 2}
    for kind, (records, _) in valid_reads.items():
        assert all(r.scus for r in records), kind
        for r in records:
            _consistent(r)


KINDS = st.sampled_from(["pyr", "pan", "jsonl", "annotations", "binary-jsonl", "gold", "input", "output", "stsb",
                         *_VECTOR_KINDS])


def _record_ends(kind: str, data: bytes) -> list[int]:
    """Byte offsets where each record of a pyramid file is complete (XML: the closing root tag)."""
    if kind in ("pyr", "pan"):
        return [len(data.rstrip())]
    ends, pos = [], 0
    for line in data.split(b"\n"):
        pos += len(line)
        if line.strip():
            ends.append(pos)
        pos += 1
    return ends


@settings(SETTINGS, max_examples=150)
@given(kind=KINDS, cut=st.floats(0, 1, exclude_max=True))
def test_truncation(valid, valid_reads, tmp_path, kind, cut):
    """A cut pyramid file reads as its complete records (a cut inside a record is an error or a
    counted skip of that record); a cut XML file is always an error."""
    data = valid[kind]
    prefix = data[: int(cut * len(data))]
    outcome = _check(kind, prefix, tmp_path)
    if outcome is None or kind not in PYRAMID_KINDS:
        return
    records, log = outcome
    ends = _record_ends(kind, data)
    complete = sum(end <= len(prefix) for end in ends)
    whole, _ = valid_reads[kind]
    assert [_key(r) for r in records] == [_key(r) for r in whole[:complete]]
    cut_inside_a_record = bool(prefix[ends[complete - 1] if complete else 0 :].strip())
    assert not cut_inside_a_record or len(log.skips) > 0


_OFFSET = {"xml": re.compile(rb'\b(?:start|end)="(\d+)"'), "json": re.compile(rb'"(?:start|end)": ?(\d+)')}


@SETTINGS
@given(kind=st.sampled_from(PYRAMID_KINDS), which=st.floats(0, 1, exclude_max=True),
       position=st.floats(0, 1, exclude_max=True), shift=st.integers(0, 8))
def test_a_wrong_offset_is_repaired_and_counted(valid, valid_reads, tmp_path, kind, which, position, shift):
    """One digit of one part offset changed: the label still places the part, the same records
    come back (when the label occurs once), and exactly one ``offset-shift`` repair is counted."""
    data = bytearray(valid[kind])
    matches = list(_OFFSET["xml" if kind in ("pyr", "pan") else "json"].finditer(data))
    m = matches[int(which * len(matches))]
    k = m.start(1) + int(position * (m.end(1) - m.start(1)))
    leading = k == m.start(1) and m.end(1) - m.start(1) > 1  # JSON has no leading zeros
    choices = [d for d in (b"123456789" if leading else b"0123456789") if d != data[k]]
    data[k] = choices[shift % len(choices)]
    outcome = _check(kind, bytes(data), tmp_path)
    assert outcome is not None, "a wrong offset is repairable: the label is in the text"
    records, log = outcome
    whole, _ = valid_reads[kind]
    if _label_occurrences(kind, valid[kind], m.start(), whole) > 1:
        # the nearest occurrence may be another one, even in another summary (then the
        # contributor-across-summaries rule may drop a part): still repaired and counted
        assert log.counts().get("repaired:offset-shift") == 1
        return
    assert [_key(r) for r in records] == [_key(r) for r in whole]
    assert log.counts() == {"repaired:offset-shift": 1}


def _label_occurrences(kind: str, data: bytes, at: int, whole) -> int:
    """How often the label of the part whose offset sits at byte ``at`` occurs in the summaries."""
    if kind in ("pyr", "pan"):
        tag = data[data.rfind(b"<part", 0, at) : at].decode()
        label = html.unescape(re.search(r'label="([^"]*)"', tag)[1])
    else:
        obj = data[data.rfind(b"{", 0, at) : data.find(b"}", at) + 1]
        label = json.loads(obj)["text"]
    texts = []
    for r in whole:
        if isinstance(r, PeerAnnotation):
            texts += [r.summary, *r.pyramid.summaries]
        else:
            texts += list(r.summaries)
    return sum(t.count(label) for t in texts)


@settings(SETTINGS, max_examples=250)
@given(kind=KINDS, where=st.floats(0, 1, exclude_max=True), junk=st.binary(min_size=1, max_size=4), drop=st.integers(0, 4))
def test_corruption(valid, tmp_path, kind, where, junk, drop):
    data = valid[kind]
    i = int(where * len(data))
    _check(kind, data[:i] + junk + data[i + drop :], tmp_path)


@settings(SETTINGS, max_examples=150)
@given(kind=KINDS, where=st.floats(0, 1, exclude_max=True), digit=st.sampled_from(b"0123456789-"))
def test_digit_corruption(valid, tmp_path, kind, where, digit):
    """Overwrite one digit (offsets, ids, weights live in digits) with another digit or a minus:
    an error naming the file, or a consistent result."""
    data = bytearray(valid[kind])
    positions = [k for k, b in enumerate(data) if chr(b).isdigit()]
    assume(positions)  # a compressed file may hold no ASCII digit
    data[positions[int(where * len(positions))]] = digit
    _check(kind, bytes(data), tmp_path)


#: Hostile fragments a fuzzer would not find by flipping bytes: entity tricks, a huge integer,
#: deep nesting, NaN/Infinity, a huge header, a FIFO-like name, a backtracking regex.
_HOSTILE = [
    b"9" * 5000, b"[" * 50_000, b"NaN", b"-Infinity", b"1e999", b"&x;", b"&amp;", b"]]>", b"<!--",
    b'<!DOCTYPE p [<!ENTITY x SYSTEM "/dev/zero">]>', b"(x+x+)+y", b"x" * 50, b"\x00", b"\xff\xfe",
    b"99999999999 99999999999\n", b"1 0\n", b"\t\t\t", b"\r\n", b" " * 100, b"nan inf -inf",
]


@settings(SETTINGS, max_examples=200)
@given(kind=KINDS, where=st.floats(0, 1, exclude_max=True), junk=st.sampled_from(_HOSTILE), drop=st.integers(0, 8))
def test_hostile_fragments(valid, tmp_path, kind, where, junk, drop):
    data = valid[kind]
    i = int(where * len(data))
    _check(kind, data[:i] + junk + data[i + drop :], tmp_path)
