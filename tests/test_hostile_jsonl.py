"""JSON Lines from other people (SacreROUGE pyramids and annotations) and empty corpora: every
decode failure is a DataFormatError naming file and line; a repeated ``scu_id`` is refused as
DUCView's repeated ``uid`` is; empty input is reported, never silently counted as nothing."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from pyrabench.cli import main
from pyrabench.data import corpora, sacrerouge
from pyrabench.errors import DataFormatError, EmptyCorpusError, PyrabenchWarning
from pyrabench.files import parse_json
from pyrabench.paraphrase import build as benchmark


@pytest.fixture
def first_line(sample_root) -> dict:
    return json.loads((sample_root / "tac2008" / "pyramids.jsonl").read_text().splitlines()[0])


def _write(path, *lines: str):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "line, match",
    [
        ('{"instance_id": "t", "scus": [], "summaries": [], "x": ' + "9" * 5000 + "}", "invalid JSON.*digits"),
        ('{"instance_id": "t", "x": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ('{"instance_id": "t", "x": NaN}', "NaN is not JSON"),
        ('{"instance_id": "t", "x": -Infinity}', "Infinity is not JSON"),
        ('{"instance_id": "t", "instance_id": "u"}', "appears twice in one object"),
        ('{"instance_id": "t",', "invalid JSON"),
    ],
    ids=["huge-int", "deep-nesting", "nan", "infinity", "duplicate-key", "truncated"],
)
def test_every_decode_failure_names_file_and_line(tmp_path, first_line, line, match):
    path = _write(tmp_path / "pyramids.jsonl", json.dumps(first_line), line)
    with pytest.raises(DataFormatError, match=match) as err:
        sacrerouge.read_pyramids(path, "tac2008")
    assert err.value.path == str(path) and err.value.line == 2


def test_parse_json_of_a_whole_document_names_the_line(tmp_path):
    with pytest.raises(DataFormatError) as err:
        parse_json('{\n"a": 1,\n"a": x}', tmp_path / "s.json")
    assert err.value.line == 3


def test_duplicate_scu_id_is_refused_like_ducview(tmp_path, first_line):
    obj = json.loads(json.dumps(first_line))
    obj["scus"][1]["scu_id"] = obj["scus"][0]["scu_id"]
    path = _write(tmp_path / "pyramids.jsonl", json.dumps(obj))
    with pytest.raises(DataFormatError, match=f"scu_id {obj['scus'][0]['scu_id']} appears twice") as err:
        sacrerouge.read_pyramids(path, "tac2008")
    assert err.value.line == 1


def test_duplicate_scu_id_in_an_annotation_is_refused(tmp_path, sample_root):
    pyramid = corpora.load_corpus("tac2008", sample_root).pyramids[0]
    scu = pyramid.scus[0]
    peer = {"instance_id": pyramid.topic, "summarizer_id": "1", "summarizer_type": "peer",
            "summary": pyramid.summaries[0], "scus": [
                {"scu_id": scu.scu_id, "label": scu.label, "contributors": []},
                {"scu_id": scu.scu_id, "label": scu.label, "contributors": []}]}
    path = _write(tmp_path / "pyramid-annotations.jsonl", json.dumps(peer))
    with pytest.raises(DataFormatError, match="appears twice in peer 1") as err:
        sacrerouge.read_annotations(path, "tac2008", {pyramid.topic: pyramid})
    assert err.value.line == 1


# ---------------------------------------------------------------- empty corpora


@pytest.fixture
def root(tmp_path, sample_root):
    """A data root with the sample's duc2006 and tac2008 (copies the test may change)."""
    r = tmp_path / "root"
    shutil.copytree(sample_root / "duc2006", r / "duc2006")
    shutil.copytree(sample_root / "tac2008", r / "tac2008")
    corpora.clear_cache()
    yield r
    corpora.clear_cache()


def test_empty_pyramids_jsonl_by_name_is_an_error(root, capsys):
    (root / "tac2008" / "pyramids.jsonl").write_bytes(b"")
    with pytest.raises(EmptyCorpusError, match="corpus tac2008 .* holds no SCU: 0 pyramid"):
        corpora.load_corpus("tac2008", root)
    assert main(["data", "--data", str(root), "--corpus", "tac2008"]) == 2
    assert "holds no SCU" in capsys.readouterr().err
    assert main(["build", "--data", str(root), "--corpus", "tac2008", "--out", str(root.parent / "b"), "--no-progress"]) == 2
    assert "holds no SCU" in capsys.readouterr().err


def test_empty_corpus_found_by_discovery_is_warned_and_left_out(root, capsys):
    (root / "tac2008" / "pyramids.jsonl").write_bytes(b"")
    with pytest.warns(PyrabenchWarning, match="tac2008"):
        assert set(corpora.load_all(root)) == {"duc2006"}
    assert main(["data", "--data", str(root), "--json"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert set(report["corpora"]) == {"duc2006"} and "holds no SCU" in report["empty"]["tac2008"]
    assert captured.err.count("pyrabench: warning: left out: corpus tac2008") == 1
    assert main(["data", "--data", str(root)]) == 0
    captured = capsys.readouterr()
    assert "tac2008: empty, left out" in captured.out and "Traceback" not in captured.err
    with pytest.warns(PyrabenchWarning):
        assert set(benchmark.corpora_from_root(str(root))) == {"duc2006"}


def test_a_topic_with_no_scus_is_skipped_and_counted(root):
    path = root / "tac2008" / "pyramids.jsonl"
    lines = path.read_text().splitlines()
    first = json.loads(lines[0])
    first["scus"] = []
    path.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    corpus = corpora.load_corpus("tac2008", root)
    assert first["instance_id"] not in {p.topic for p in corpus.pyramids}
    assert corpus.log.counts()["skipped:pyramid-no-scus"] == 1
    assert corpora.corpus_stats(corpus)["skips"] >= 1


def test_a_pyr_without_scu_is_skipped_with_its_peers(root):
    pyr = root / "duc2006/DUC2006pyramiddata/allpyramids/D0601.pyr"
    pyr.write_text(re.sub(r"<scu .*?</scu>", "", pyr.read_text(), flags=re.S))
    for pan in (root / "duc2006/DUC2006pyramiddata/allpans").glob("*D0601*.pan"):
        pan.write_text(re.sub(r"<scu .*?</scu>", "", pan.read_text(), flags=re.S))
    corpus = corpora.load_corpus("duc2006", root)
    counts = corpus.log.counts()
    assert "D0601" not in {p.topic for p in corpus.pyramids}
    assert counts["skipped:pyramid-no-scus"] >= 1 and counts["skipped:peer-pyramid-no-scus"] >= 1
    assert not any(a.topic == "D0601" for a in corpus.peers)


def test_all_pyr_without_scu_is_an_empty_corpus(root):
    for pyr in (root / "duc2006/DUC2006pyramiddata/allpyramids").glob("*.pyr"):
        pyr.write_text(re.sub(r"<scu .*?</scu>", "", pyr.read_text(), flags=re.S))
    with pytest.raises(EmptyCorpusError, match="none with a usable SCU"):
        corpora.load_corpus("duc2006", root)
