"""DUCView readers (.pyr/.pan, DUC 2005 style, Passonneau 2013) on the bundled sample and on
small files written here: every reader, every repair rule and every error path."""

from __future__ import annotations

import re

import pytest

from pyrabench.data import ducview
from pyrabench.data.model import SCU, Contributor, Part, PeerAnnotation, Pyramid
from pyrabench.data.offsets import locate
from pyrabench.data.repairs import RepairLog
from pyrabench.errors import DataFormatError, MissingDataError, PyrabenchError

DUC06 = "duc2006/DUC2006pyramiddata"


def _tiny_pyramid() -> Pyramid:
    s0 = "The river burst its banks.\nFour hundred people left."
    s1 = "Heavy rain, officials said, flooded the river."
    c0 = Contributor("The river burst its banks", (Part("The river burst its banks", 0, 25),), 0)
    c1 = Contributor("officials said...flooded the river", (Part("Heavy rain", 0, 10), Part("flooded the river", 28, 45)), 1)
    c2 = Contributor("Four hundred people left", (Part("Four hundred people left", 27, 51),), 0)
    return Pyramid("duc2006", "D0999", (s0, s1), ("A", "B"), (SCU(1, "River flooded", (c0, c1)), SCU(2, "People left", (c2,))))


def _write_tiny(tmp_path, name="D0999.pyr"):
    path = tmp_path / name
    header = ducview.Header("D0999.M.250.A", ducview.DUC_REGEX)
    ducview.write_pyramid(_tiny_pyramid(), path, header)
    return path, header


# ---------------------------------------------------------------- offsets


def test_locate_exact_and_every_rule():
    text = 'He said "go"  now.\nThe  bridge opened.'
    assert locate(text, "He said", 0, 7) == (0, 7, "")
    assert locate(text, "He said", 3, 10) == (0, 7, "offset-shift")
    assert locate(text, "&quot;go&quot;", 8, 12) == (8, 12, "offset-entity")
    s, e, rule = locate(text, "now. The bridge", 14, 29)
    assert rule == "offset-whitespace" and text[s:e] == "now.\nThe  bridge"
    assert locate(text, "not in the text", 0, 5) is None


def test_locate_prefers_the_occurrence_nearest_the_recorded_start():
    text = "a cat. a cat. a cat."
    assert locate(text, "a cat", 13, 18) == (14, 19, "offset-shift")


# ---------------------------------------------------------------- pyramids


def test_sample_pyramid_summaries_and_offsets(sample_root):
    log = RepairLog()
    p = ducview.read_pyramid(sample_root / DUC06 / "allpyramids" / "D0601.pyr", "duc2006", "D0601", log)
    assert p.n_summaries == 4 and p.summarizer_ids == ("A", "B", "C", "E")
    assert all(not s.startswith(("-", " ", "\n")) and "D0601.M" not in s for s in p.summaries)
    for scu in p.scus:
        assert 1 <= scu.weight <= 4
        for c in scu.contributors:
            for part in c.parts:
                assert p.summaries[c.summary_index][part.start : part.end] == part.text
    assert any(len(c.parts) > 1 for s in p.scus for c in s.contributors)
    assert log.counts() == {"repaired:offset-shift": 1}


def test_sample_pyramid_without_regex_uses_duc_default(sample_root):
    path = sample_root / DUC06 / "allpyramids" / "D0603.pyr"
    assert b"startDocumentRegEx><" not in path.read_bytes()
    log = RepairLog()
    assert ducview.read_pyramid(path, "duc2006", "D0603", log).n_summaries == 4
    assert log.counts() == {"repaired:offset-whitespace": 1}
    with pytest.raises(DataFormatError, match="no <startDocumentRegEx>"):
        ducview.read_pyramid(path, "duc2006", "D0603", default_regex=None)


def test_entity_repair_on_sample(sample_root):
    log = RepairLog()
    p = ducview.read_pyramid(sample_root / DUC06 / "allpyramids" / "D0605.pyr", "duc2006", "D0605", log)
    assert log.counts() == {"repaired:offset-entity": 1}
    assert any("Hale & Moss" in c.text for s in p.scus for c in s.contributors)


def test_round_trip_pyramid(tmp_path):
    path, _ = _write_tiny(tmp_path)
    assert path.read_bytes().count(b"\r\n") > 10  # DUCView writes CRLF
    log = RepairLog()
    p = ducview.read_pyramid(path, "duc2006", "D0999", log)
    expected = _tiny_pyramid()
    assert p.summaries == expected.summaries and p.scus == expected.scus and len(log) == 0
    assert p.scu(1).weight == 2 and p.scu(1).contributors[1].text == "Heavy rain flooded the river"


def test_passonneau_regex_splits_on_dashes():
    text = "---\nFirst summary.\nStill first.\n---\nSecond one."
    split = ducview.split_summaries(text, ducview.PASSONNEAU_REGEX, "x.pyr")
    got = [text[s:e] for s, e in zip(split.starts, split.ends)]
    assert got == ["First summary.\nStill first.", "Second one."] and split.summarizer_ids == ("1", "2")


def test_contributor_across_summaries_keeps_the_larger_side(tmp_path):
    path, _ = _write_tiny(tmp_path)
    text = ducview._joined_lines(ducview.parse_xml(path).find("text"))
    first = text.index("The river")  # in summary 0; the contributor's other part is in summary 1
    raw = re.sub(r'<part label="Heavy rain" start="\d+" end="\d+"/>',
                 f'<part label="The river" start="{first}" end="{first + 9}"/>', path.read_text())
    path.write_text(raw)
    log = RepairLog()
    p = ducview.read_pyramid(path, "duc2006", "D0999", log)
    assert log.counts() == {"repaired:contributor-across-summaries": 1}
    assert p.scu(1).contributors[1].parts == (Part("flooded the river", 28, 45),)


# ---------------------------------------------------------------- peers


def test_sample_peer(sample_root):
    path = sample_root / DUC06 / "allpans" / "100.D0601.M.250.A.1.pan"
    log = RepairLog()
    read = ducview.read_peer(path, "duc2006", "D0601", "1", "100", log)
    peer = read
    assert peer.matched_ids and set(peer.matched_ids) <= {s.scu_id for s in peer.pyramid.scus}
    assert len(peer.scus) == len(peer.pyramid.scus)  # one entry per SCU, matched or not
    for scu in peer.scus:
        for c in scu.contributors:
            assert all(peer.summary[p.start : p.end] == p.text for p in c.parts)
    assert len(read.unmatched) == 1 and read.unmatched[0].text in peer.summary
    assert 0 not in peer.matched_ids


def test_peer_reuses_the_pyr_pyramid_and_memoizes_embedded(sample_root):
    pyr = ducview.read_pyramid(sample_root / DUC06 / "allpyramids" / "D0601.pyr", "duc2006", "D0601")
    cache = ducview.PyramidCache()
    log = RepairLog()
    peers = [
        ducview.read_peer(p, "duc2006", "D0601", p.name.split(".")[-2], "100", log, pyramid=pyr, cache=cache)
        for p in sorted((sample_root / DUC06 / "allpans").glob("100.D0601.*.pan"))
    ]
    assert len(peers) == 4 and all(p.pyramid is pyr for p in peers)
    assert len(cache) == 1 and len(log) == 0  # the embedded pyramid's repair is the .pyr's, not logged twice


def test_unrepairable_peer_part_is_skipped_and_reported(sample_root):
    log = RepairLog()
    path = sample_root / DUC06 / "allpans" / "101.D0603.M.250.A.15.pan"
    ducview.read_peer(path, "duc2006", "D0603", "15", "101", log)
    skips = {r.kind: r for r in log.skips}
    assert set(skips) == {"offset-unmatched", "contributor-no-parts"}
    assert skips["offset-unmatched"].path == str(path) and skips["offset-unmatched"].item.startswith("scu ")


def test_peer_round_trip_and_unknown_scu(tmp_path):
    pyramid = _tiny_pyramid()
    summary = "Rain flooded the river.\nNothing else happened."
    matched = SCU(1, "River flooded", (Contributor("Rain flooded the river", (Part("Rain flooded the river", 0, 22),), 0),))
    junk = (Contributor("Nothing else happened", (Part("Nothing else happened", 24, 45),), 0),)
    peer = PeerAnnotation("duc2005", "D0999", "7", "12", summary, (matched,), pyramid, unmatched=junk)
    header = ducview.Header("D0999.M.250.A", None)
    path = tmp_path / "12.D0999.M.250.A.7.pan"
    ducview.write_peer(peer, path, header)
    log = RepairLog()
    read = ducview.read_peer(path, "duc2005", "D0999", "7", "12", log)
    assert read.summary == summary and read.matched_ids == (1,)
    assert read.unmatched == junk and read.pyramid.scus == pyramid.scus
    path.write_text(path.read_text().replace('peerscu uid="2"', 'peerscu uid="77"'))
    log = RepairLog()
    ducview.read_peer(path, "duc2005", "D0999", "7", "12", log)
    assert log.counts() == {"skipped:peer-scu-not-in-pyramid": 1}


def test_peer_weight_prefix_is_stripped(sample_root):
    read = ducview.read_peer(sample_root / DUC06 / "allpans" / "100.D0601.M.250.A.8.pan", "duc2006", "D0601", "8")
    labels = {s.scu_id: s.label for s in read.pyramid.scus}
    assert all(s.label == labels[s.scu_id] for s in read.scus)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "mutate, message, line",
    [
        (lambda t: t.replace("</pyramid>", ""), "malformed XML", True),
        (lambda t: t.replace('<scu uid="2"', '<scu uid="two"'), "not an integer", True),
        (lambda t: re.sub(r' start="\d+"', "", t, count=1), "lacks the 'start' attribute", True),
        (lambda t: t.replace('<scu uid="2"', '<scu uid="1"'), "appears twice", True),
        (lambda t: t.replace("<pyramid>", "<pyramide>").replace("</pyramid>", "</pyramide>"), "unknown layout", True),
        (lambda t: t.replace("D0999.M.250.A.", "X0999.M.250.A."), "matches no summary header", False),
        (lambda t: t.replace("CDATA[[-]*", "CDATA[([-]*", 1), "not a valid regex", False),
    ],
)
def test_pyramid_errors_name_file_and_line(tmp_path, mutate, message, line):
    path, _ = _write_tiny(tmp_path)
    path.write_text(mutate(path.read_text()))
    with pytest.raises(DataFormatError, match=message) as err:
        ducview.read_pyramid(path, "duc2006", "D0999")
    assert err.value.path == str(path) and str(path) in str(err.value)
    assert (err.value.line is not None) == line


def test_missing_file_and_wrong_kind(tmp_path):
    with pytest.raises(MissingDataError, match="nope.pyr"):
        ducview.read_pyramid(tmp_path / "nope.pyr", "duc2006", "D0999")
    path, _ = _write_tiny(tmp_path)
    with pytest.raises(DataFormatError, match="expected <peerAnnotation>"):
        ducview.read_peer(path, "duc2006", "D0999", "1")
    bad = tmp_path / "latin1.pyr"
    bad.write_bytes(path.read_bytes().replace(b"river", b"rivi\xe8re", 1))
    with pytest.raises(DataFormatError, match="malformed XML") as err:
        ducview.read_pyramid(bad, "duc2006", "D0999")
    assert err.value.line is not None


def test_pan_without_annotation_is_unknown_layout(tmp_path):
    path = tmp_path / "x.pan"
    path.write_text('<?xml version="1.0"?><peerAnnotation><pyramid><text><line>---</line></text></pyramid></peerAnnotation>')
    with pytest.raises(PyrabenchError, match="no <annotation>"):
        ducview.read_peer(path, "passonneau2013", "T", "1", default_regex=ducview.PASSONNEAU_REGEX)


def test_empty_summary_between_two_headers_keeps_offsets_ordered():
    text = "---\n---\nOnly the second summary."
    split = ducview.split_summaries(text, ducview.PASSONNEAU_REGEX, "x.pyr")
    assert [text[s:e] for s, e in zip(split.starts, split.ends)] == ["", "Only the second summary."]
    assert list(split.starts) == sorted(split.starts)


def test_header_is_duc_only_for_duc_names():
    duc = Pyramid("c", "D0701", ("a", "b"), ("A", "B"), ())
    assert ducview.header_for(duc, "D0701").regex == ducview.DUC_REGEX
    assert ducview.header_for(duc, "D0703-A").regex == ducview.DUC_REGEX
    assert ducview.header_for(duc, "volcanoes").regex == ducview.PASSONNEAU_REGEX
    odd = Pyramid("c", "D0701", ("a", "b"), ("A", "b-2"), ())
    assert ducview.header_for(odd, "D0701").regex == ducview.PASSONNEAU_REGEX
