"""Corpus discovery and loading on the bundled sample (and on layouts built in tmp dirs)."""

from __future__ import annotations

import os
import shutil
import warnings
from itertools import pairwise

import pandas as pd
import pytest
from test_reports_corpora import OTHER, PYRAMID, corpus

from pyrabench.data import corpora, ducview
from pyrabench.data.model import SCU, Contributor, Part, Pyramid
from pyrabench.errors import DataFormatError, MissingDataError, PyrabenchWarning, UnknownNameError
from pyrabench.text import words_many

SAMPLE_COUNTS = {  # established on the sample and cross-checked by tag counts below
    "duc2005": dict(pyramids=2, summaries=8, scus=28, contributors=60, peers=8, peer_matches=55),
    "duc2006": dict(pyramids=3, summaries=12, scus=48, contributors=96, peers=12, peer_matches=71),
    "duc2007": dict(pyramids=2, summaries=8, scus=28, contributors=60, peers=8, peer_matches=46),
    "duc2007-update": dict(pyramids=4, summaries=16, scus=52, contributors=116, peers=12, peer_matches=79),
    "tac2008": dict(pyramids=3, summaries=12, scus=50, contributors=98, peers=0, peer_matches=0),
    "passonneau2013": dict(pyramids=1, summaries=5, scus=12, contributors=31, peers=5, peer_matches=28),
}


def test_discover_sample(sample_root, monkeypatch):
    monkeypatch.delenv("PYRABENCH_DATA", raising=False)
    found = corpora.discover(sample_root)
    assert list(found) == list(SAMPLE_COUNTS)
    assert found["duc2007-update"] == sample_root / "duc2007" / "updateEval" / "Pyramid"
    assert corpora.discover() == found  # nothing set: the sample root


@pytest.mark.parametrize("name", list(SAMPLE_COUNTS))
def test_sample_counts(sample_root, name):
    stats = corpora.corpus_stats(corpora.load_corpus(name, sample_root))
    assert {k: stats[k] for k in SAMPLE_COUNTS[name]} == SAMPLE_COUNTS[name]
    assert stats["topics"] == stats["pyramids"]
    assert sum(stats["weights"].values()) == stats["scus"]


@pytest.mark.parametrize("name", ["duc2006", "duc2007", "duc2007-update", "passonneau2013"])
def test_sample_counts_match_tag_counts(sample_root, name):
    """Independent route: count the XML tags of the .pyr files and the .pan files on disk."""
    corpus = corpora.load_corpus(name, sample_root)
    pyr_text = "".join(p.read_text() for p in corpus.path.rglob("*.pyr"))
    stats = corpora.corpus_stats(corpus)
    assert stats["scus"] == pyr_text.count("<scu ")
    assert stats["contributors"] == pyr_text.count("<contributor ")
    assert stats["peers"] == len(list(corpus.path.rglob("*.pan")))


def test_sample_repairs_are_the_planted_ones(sample_root):
    assert corpora.load_corpus("duc2006", sample_root).log.counts() == {
        "repaired:offset-entity": 1,
        "repaired:offset-shift": 1,
        "repaired:offset-whitespace": 1,
        "skipped:contributor-no-parts": 1,
        "skipped:offset-unmatched": 1,
    }
    for name in ("duc2005", "duc2007", "duc2007-update", "tac2008", "passonneau2013"):
        assert len(corpora.load_corpus(name, sample_root).log) == 0


def test_load_is_memoized_and_ordered(sample_root):
    a = corpora.load_corpus("duc2006", sample_root)
    assert corpora.load_corpus("duc2006", str(sample_root)) is a
    assert [p.topic for p in a.pyramids] == ["D0601", "D0603", "D0605"]
    assert [(p.topic, p.peer_id) for p in a.peers][:4] == [("D0601", "1"), ("D0601", "8"), ("D0601", "15"), ("D0601", "22")]
    assert a.pyramid("D0603").topic == "D0603"
    with pytest.raises(KeyError):
        a.pyramid("D9999")
    assert all(p.pyramid is a.pyramid(p.topic) for p in a.peers)  # embedded pyramid == .pyr pyramid


def test_peer_names_parsed(sample_root):
    duc06 = corpora.load_corpus("duc2006", sample_root)
    assert {(p.annotator, p.topic) for p in duc06.peers} == {("100", "D0601"), ("101", "D0603"), ("102", "D0605")}
    update = corpora.load_corpus("duc2007-update", sample_root)
    assert {p.annotator for p in update.peers} == {""} and update.peers[0].topic == "D0703-A"
    duc05 = corpora.load_corpus("duc2005", sample_root)
    assert "C" in {p.peer_id for p in duc05.peers}  # a model summary annotated as a peer
    assert all(p.pyramid in duc05.pyramids for p in duc05.peers)


def test_unknown_and_missing(tmp_path, sample_root):
    with pytest.raises(UnknownNameError, match="duc1999"):
        corpora.load_corpus("duc1999", sample_root)
    with pytest.raises(MissingDataError, match="tac2009"):
        corpora.load_corpus("tac2009", sample_root)
    assert corpora.discover(tmp_path) == {}
    with pytest.raises(MissingDataError):
        corpora.load_all(tmp_path, names=["duc2006"])
    assert corpora.load_all(tmp_path) == {}


def test_bad_file_names_raise(tmp_path, sample_root):
    base = tmp_path / "duc2006" / "DUC2006pyramiddata"
    shutil.copytree(sample_root / "duc2006" / "DUC2006pyramiddata", base)
    (base / "allpans" / "100.D0601.M.250.A.1.pan").rename(base / "allpans" / "peer-one.pan")
    with pytest.raises(DataFormatError, match="peer file name") as err:
        corpora.load_corpus("duc2006", tmp_path)
    assert "peer-one.pan" in str(err.value)
    (base / "allpans" / "peer-one.pan").unlink()
    shutil.copy(base / "allpyramids" / "D0601.pyr", base / "allpyramids" / "pyramid.pyr")
    with pytest.raises(DataFormatError, match="pyramid file name"):
        corpora.load_corpus("duc2006", tmp_path)


def test_tac_nist_layout(tmp_path, sample_root):
    """TAC as NIST ships it: .pyr files under *_eval/manual/pyramids (read by the DUCView reader)."""
    corpus = corpora.load_corpus("tac2008", sample_root)
    out = tmp_path / "tac2009" / "UpdateSumm09_eval" / "manual" / "pyramids"
    for p in corpus.pyramids:
        name = p.topic.upper()
        header = ducview.Header(f"{name}.M.100.A", r"[-]*\n D[0-9]+-[A-Z]\.M\.100\.[A-Z]\.[A-Z]\n[-]*\n")
        header = ducview.Header(f" {name}.M.100.A", header.regex)
        ducview.write_pyramid(p, out / f"{name}.pyr", header)
    assert "tac2009" in corpora.discover(tmp_path)
    tac = corpora.load_corpus("tac2009", tmp_path)
    assert [p.topic for p in tac.pyramids] == ["D0801-A", "D0802-A", "D0803-A"]
    assert [p.scus for p in tac.pyramids] == [p.scus for p in corpus.pyramids]


def test_duc2005_variant_pyramids_are_counted(tmp_path, sample_root):
    base = tmp_path / "duc2005" / "pans"
    shutil.copytree(sample_root / "duc2005" / "pans", base)
    victim = sorted(base.glob("20.*.pan"))[0]
    text = victim.read_text()
    i = text.index(' label="', text.index("<scu ")) + 8
    victim.write_text(text[:i] + "Reworded: " + text[i:])
    corpus = corpora.load_corpus("duc2005", tmp_path)
    assert corpus.log.counts() == {"repaired:pyramid-variants": 1}
    assert len(corpus.pyramids) == 2
    assert not corpus.pyramid("d301i").scus[0].label.startswith("Reworded")


def test_root_may_be_a_dataroot(sample_root):
    from pyrabench.dataroot import DataRoot

    root = DataRoot(sample_root, is_sample=True)
    assert corpora.discover(root) == corpora.discover(sample_root)
    assert corpora.load_corpus("duc2006", root) is corpora.load_corpus("duc2006", sample_root)


def test_zero_padded_peer_ids_are_normalised_and_logged(sample_root, tmp_path):
    """DUC 2006 D0647 names its peers ``…B.01.pan``: read as peer ``1`` (a counted repair)."""
    shutil.copytree(sample_root / "duc2006", tmp_path / "duc2006")
    pans = tmp_path / "duc2006" / "DUC2006pyramiddata" / "allpans"
    (pans / "100.D0601.M.250.A.1.pan").rename(pans / "100.D0601.M.250.A.01.pan")
    (pans / "100.D0601.M.250.A.8.pan").rename(pans / "100.D0601.M.250.A.008.pan")
    corpora.clear_cache()
    corpus = corpora.load_corpus("duc2006", tmp_path)
    assert sorted(p.peer_id for p in corpus.peers if p.topic == "D0601") == ["1", "15", "22", "8"]
    assert corpus.log.counts()["repaired:peer-id-zero-padded"] == 2
    assert {r.item for r in corpus.log.records if r.kind == "peer-id-zero-padded"} == {"peer 01", "peer 008"}


@pytest.fixture
def counted_reads(tmp_path, monkeypatch):
    """An empty package cache and a ``.pan`` reader that counts its calls and warns once per file
    (the planted warnings stand for any a reader emits)."""
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))
    reads = []
    read_peer = ducview.read_peer

    def reading(path, *args, **kwargs):
        reads.append(path.name)
        warnings.warn(f"planted: {path.name}", PyrabenchWarning)
        return read_peer(path, *args, **kwargs)

    monkeypatch.setattr(ducview, "read_peer", reading)
    corpora.clear_cache()
    yield reads
    corpora.clear_cache()


def _load_recording(name, root):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        corpus = corpora.load_corpus(name, root)
    return corpus, [(str(w.message), w.category, w.filename, w.lineno) for w in caught]


def test_a_cached_load_reports_what_a_fresh_load_does(sample_root, counted_reads):
    """The next process reads the parsed corpus from the cache: equal pyramids and peers, the same
    repair log (counts and records) and the same warnings, without parsing a file."""
    fresh, fresh_warnings = _load_recording("duc2006", sample_root)
    parsed = len(counted_reads)
    assert parsed == len(fresh.peers) and len(fresh_warnings) == parsed
    assert {m for m, *_ in fresh_warnings} == {f"planted: {n}" for n in counted_reads}
    corpora.clear_cache()  # a new process: nothing in memory, the disk cache filled
    again, again_warnings = _load_recording("duc2006", sample_root)
    assert len(counted_reads) == parsed  # no file parsed again
    assert again is not fresh
    assert again.pyramids == fresh.pyramids and again.peers == fresh.peers and again == fresh
    assert again.log.records == fresh.log.records and again.log.counts() == fresh.log.counts()
    assert len(again.log) == 5  # the sample's planted repairs (test_sample_repairs_are_the_planted_ones)
    assert again_warnings == fresh_warnings
    assert all(p.pyramid is again.pyramid(p.topic) for p in again.peers)  # shared objects stay shared
    assert _load_recording("duc2006", sample_root) == (again, again_warnings)  # memoized, warnings replayed


def test_an_edited_input_file_or_reader_is_parsed_again(sample_root, tmp_path, counted_reads, monkeypatch):
    shutil.copytree(sample_root / "duc2006", tmp_path / "duc2006")
    first, _ = _load_recording("duc2006", tmp_path)
    parsed = len(counted_reads)
    pan = next((tmp_path / "duc2006").rglob("*.pan"))
    st = pan.stat()
    os.utime(pan, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))  # same bytes, another modification time
    corpora.clear_cache()
    again, _ = _load_recording("duc2006", tmp_path)
    assert len(counted_reads) == 2 * parsed and again == first
    corpora.clear_cache()
    monkeypatch.setattr(corpora, "_readers_hash", lambda: "an edited reader")
    _load_recording("duc2006", tmp_path)
    assert len(counted_reads) == 3 * parsed


def test_an_unreadable_cached_corpus_is_parsed_again(sample_root, counted_reads):
    first, _ = _load_recording("passonneau2013", sample_root)
    (entry,) = (p for p in (corpora.cache_dir("parsed-corpora")).glob("passonneau2013-*.pkl"))
    entry.write_bytes(entry.read_bytes()[:100])  # truncated
    corpora.clear_cache()
    again, _ = _load_recording("passonneau2013", sample_root)
    assert len(counted_reads) == 2 * len(first.peers) and again == first


def test_word_counts_are_the_tokenizers_and_kept_for_the_next_call(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    texts = ["The cat sat.", "the  dog, the cat!", ""]
    tokens = words_many(texts)
    expected = (sum(len(t) for t in tokens), len({w for t in tokens for w in t}))
    assert expected == (7, 4)
    assert corpora.word_counts(texts) == expected
    (entry,) = (tmp_path / "word-counts").iterdir()
    entry.write_text("[1, 2]", encoding="utf-8")  # what a later call reads: the cache, not spaCy
    assert corpora.word_counts(texts) == (1, 2)
    assert corpora.word_counts(texts[:2]) == expected  # other texts, another entry
    entry.write_text("not json", encoding="utf-8")  # an unreadable entry is counted again
    assert corpora.word_counts(texts) == expected


def test_summary_counts_words_and_scus_per_summary():
    counts = corpora.summary_counts(PYRAMID)
    assert counts["words"] == [8, 12, 8]  # punctuation is not a word
    assert counts["scus"] == [2, 4, 1]  # SCUs with a contributor in the summary


def test_weight_distribution_counts_and_shares_per_corpus():
    f = pd.DataFrame(corpora.weight_distribution({"one": corpus("one", [PYRAMID]), "two": corpus("two", [PYRAMID, OTHER])}))
    one, two = f[f["corpus"] == "one"], f[f["corpus"] == "two"]
    assert list(one["weight"]) == [1, 2, 3] and list(one["scus"]) == [2, 1, 1]
    assert list(one["share"]) == [0.5, 0.25, 0.25]
    assert list(two["weight"]) == [1, 2, 3] and list(two["scus"]) == [3, 2, 1]  # OTHER adds weights 2 and 1
    assert two["share"].tolist() == pytest.approx([3 / 6, 2 / 6, 1 / 6])
    assert f.groupby("corpus")["share"].sum().tolist() == pytest.approx([1.0, 1.0])
    assert list(f["corpus"]) == ["one"] * 3 + ["two"] * 3


def test_weight_shape_by_hand():
    # "three": weights 2, 2, 1, 3 -> weight 2 is the most common and the share does not fall
    three = Pyramid("toy", "T3", ("a b c", "d e f", "g h i"), ("A", "B", "C"), tuple(
        SCU(i, "", tuple(Contributor("x", (Part("x", 0, 1),), k) for k in ks))
        for i, ks in enumerate([(0, 1), (1, 2), (2,), (0, 1, 2)])))  # fmt: skip
    weights = corpora.weight_distribution({"one": corpus("one", [PYRAMID]), "two": corpus("two", [PYRAMID, OTHER]),
                                    "three": corpus("three", [three]), "four": corpus("four", [OTHER])})
    shape = corpora.weight_shape(weights)
    # one: 1/2, 1/4, 1/4 (falls, ties allowed); two: 3/6, 2/6, 1/6; four: 1/2, 1/2 (a tie goes to weight 1)
    assert shape == {"corpora": 4, "weight_one_most_common": 3, "falling": 3,
                     "max_weight": {"one": 3, "two": 3, "three": 3, "four": 2}}


def test_weight_shape_on_the_sample(sample_root):
    found = {name: corpora.load_corpus(name, sample_root) for name in corpora.discover(sample_root)}
    shape = corpora.weight_shape(corpora.weight_distribution(found))
    counts = {name: [n for _, n in sorted((int(w), n) for w, n in corpora.corpus_stats(c)["weights"].items())]
              for name, c in found.items()}
    assert shape["corpora"] == len(found)
    assert shape["weight_one_most_common"] == sum(c[0] == max(c) for c in counts.values())
    assert shape["falling"] == sum(all(a >= b for a, b in pairwise(c)) for c in counts.values())
    assert shape["max_weight"] == {name: max(int(w) for w in corpora.corpus_stats(c)["weights"]) for name, c in found.items()}
    assert 0 < shape["falling"] < len(found)  # the sample has both shapes (passonneau2013 peaks at 2)
