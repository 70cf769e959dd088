"""SacreROUGE Pyramid JSON Lines: byte-exact round trip, repairs, and errors with line numbers."""

from __future__ import annotations

import json

import pytest

from pyrabench.data import sacrerouge
from pyrabench.data.repairs import RepairLog
from pyrabench.errors import DataFormatError, MissingDataError


def test_sample_round_trip_is_byte_identical(sample_root, tmp_path):
    source = sample_root / "tac2008" / "pyramids.jsonl"
    log = RepairLog()
    pyramids = sacrerouge.read_pyramids(source, "tac2008", log)
    assert [p.topic for p in pyramids] == ["d0801-A", "d0802-A", "d0803-A"] and len(log) == 0
    for p in pyramids:
        assert p.n_summaries == 4 and all("\n" not in s for s in p.summaries)
        for scu in p.scus:
            for c in scu.contributors:
                assert all(p.summaries[c.summary_index][x.start : x.end] == x.text for x in c.parts)
    out = tmp_path / "again.jsonl"
    sacrerouge.write_pyramids(pyramids, out)
    assert out.read_bytes() == source.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["again.jsonl"]  # no temp file left behind


def _one(sample_root) -> dict:
    return json.loads((sample_root / "tac2008" / "pyramids.jsonl").read_text().splitlines()[0])


def _write(tmp_path, objs, extra=""):
    path = tmp_path / "pyramids.jsonl"
    path.write_text("".join(json.dumps(o) + "\n" for o in objs) + extra)
    return path


def test_offset_repair_and_skips(sample_root, tmp_path):
    obj = _one(sample_root)
    part = obj["scus"][0]["contributors"][0]["parts"][0]
    part["start"] += 3
    part["end"] += 3
    obj["scus"][1]["contributors"][0]["summary_index"] = 9
    path = _write(tmp_path, [obj], extra="\n")
    log = RepairLog()
    (p,) = sacrerouge.read_pyramids(path, "tac2008", log)
    counts = log.counts()
    assert counts["repaired:offset-shift"] == 1 and counts["skipped:contributor-bad-summary-index"] == 1
    assert counts["skipped:empty-line"] == 1
    assert p.scus[0].contributors[0].parts[0].text == part["text"]


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda o: o.pop("scus"), "missing key 'scus'"),
        (lambda o: o.update(summaries="text"), "should be list"),
        (lambda o: o["scus"][0].update(scu_id="11"), "should be int"),
        (lambda o: o["scus"][0].update(scu_id=True), "should be int"),
        (lambda o: o.update(summarizer_ids=["A"]), "one id per summary"),
    ],
)
def test_layout_errors_give_the_line(sample_root, tmp_path, mutate, message):
    good, bad = _one(sample_root), _one(sample_root)
    bad["instance_id"] = "other"
    mutate(bad)
    path = _write(tmp_path, [good, bad])
    with pytest.raises(DataFormatError, match=message) as err:
        sacrerouge.read_pyramids(path, "tac2008")
    assert err.value.line == 2 and err.value.path == str(path)


def test_invalid_json_duplicate_topic_encoding_and_missing(sample_root, tmp_path):
    path = _write(tmp_path, [_one(sample_root)], extra='{"instance_id": \n')
    with pytest.raises(DataFormatError, match="invalid JSON") as err:
        sacrerouge.read_pyramids(path, "tac2008")
    assert err.value.line == 2
    path = _write(tmp_path, [_one(sample_root), _one(sample_root)])
    with pytest.raises(DataFormatError, match="appears twice"):
        sacrerouge.read_pyramids(path, "tac2008")
    path = _write(tmp_path, [_one(sample_root)], extra="")
    path.write_bytes(path.read_bytes() + b"\xff\n")  # read a line at a time: line 1 is read first
    with pytest.raises(DataFormatError, match="not UTF-8") as err:
        sacrerouge.read_pyramids(path, "tac2008")
    assert err.value.line == 2
    path.write_text("[1, 2]\n")
    with pytest.raises(DataFormatError, match="expected a JSON object"):
        sacrerouge.read_pyramids(path, "tac2008")
    with pytest.raises(MissingDataError, match="absent.jsonl"):
        sacrerouge.read_pyramids(tmp_path / "absent.jsonl", "tac2008")


def test_annotations_round_trip(sample_root, tmp_path):
    from pyrabench.data.corpora import load_corpus

    corpus = load_corpus("duc2007", sample_root)
    pyramids = {p.topic: p for p in corpus.pyramids}
    out = tmp_path / "pyramid-annotations.jsonl"
    sacrerouge.write_annotations(corpus.peers, out)
    log = RepairLog()
    back = sacrerouge.read_annotations(out, "duc2007", pyramids, log)
    assert len(log) == 0 and len(back) == len(corpus.peers)
    for a, b in zip(back, corpus.peers):
        assert (a.topic, a.peer_id, a.summary, a.scus) == (b.topic, b.peer_id, b.summary, b.scus)
        assert a.pyramid is pyramids[a.topic]
    log = RepairLog()
    assert sacrerouge.read_annotations(out, "duc2007", {}, log) == []
    assert log.counts() == {"skipped:annotation-without-pyramid": len(corpus.peers)}
