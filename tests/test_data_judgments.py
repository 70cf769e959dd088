"""NIST's judgment tables: hand-made files in NIST's layout, the id matching with the pyramid
peers, missing judgments, and errors that name the file and line."""

from __future__ import annotations

import shutil

import pytest

from pyrabench.data import corpora, judgments
from pyrabench.errors import DataFormatError, MissingDataError

HEAD = ("Topic\n|       Selector\n|       |       Assessor\n|       |       |       Summarizer (baseline=1)\n"
        "|       |       |       |       Content Responsiveness Score (1 = very poor...5 = very good)\n"
        "|       |       |       |       |\n")
QHEAD = HEAD.replace("Content Responsiveness Score", "Quality Question Number\n|       |       |       |       |       Score")


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_content_table_header_lines_then_tab_separated_rows(tmp_path):
    path = write(tmp_path / "x_content.table", HEAD + "D0601\tA\tA\t10\t3\nD0601\tA\tA\tB\t5\nD0703-A\tB\tB\t05\t-1\n\n")
    df = judgments.read_content(path)
    assert df[["topic", "peer"]].values.tolist() == [["D0601", "10"], ["D0601", "B"], ["D0703-A", "5"]]
    assert df["responsiveness"].tolist()[:2] == [3, 5] and df["responsiveness"].isna().tolist() == [False, False, True]
    assert df["selector"].tolist() == ["A", "A", "B"]


def test_quality_table_one_row_per_summary_five_questions(tmp_path):
    lines = "".join(f"D0601\tA\tA\t{p}\t{q}\t{(q + k) % 5 + 1}\n" for k, p in enumerate(("1", "C")) for q in range(1, 6))
    df = judgments.read_quality(write(tmp_path / "x_linguistic_quality.table", QHEAD + lines))
    assert list(df.columns) == ["topic", "peer", *judgments.QUALITY]
    assert df.set_index("peer").loc["C"].tolist()[1:] == [3, 4, 5, 1, 2]


@pytest.mark.parametrize("line, message", [
    ("D0601\tA\tA\t10\n", "expected 5 tab-separated columns"),
    ("D0601\tA\tA\t11\t6\n", "responsiveness '6' is not an integer from 1 to 5"),
    ("D0601\tA\tA\t11\tgood\n", "is not an integer from 1 to 5"),
    ("D0601\tA\tA\t11\t\u00b2\n", "responsiveness '\u00b2' is not an integer from 1 to 5"),  # found by fuzzing
    ("X601\tA\tA\t10\t3\n", "topic 'X601' is not a DUC topic id"),
    ("D0601\tA\tA\t1.5\t3\n", "summarizer '1.5'"),
    ("D0601\tA\tA\t10\t3\n", r"judged twice \(first on line 7\)"),
])
def test_bad_lines_name_file_and_line(tmp_path, line, message):
    path = write(tmp_path / "x_content.table", HEAD + "D0601\tA\tA\t10\t3\n" + line)
    with pytest.raises(DataFormatError, match=message) as err:
        judgments.read_content(path)
    assert err.value.path == str(path) and err.value.line == 8


def test_stray_text_after_the_header_is_a_bad_line(tmp_path):
    path = write(tmp_path / "x_content.table", HEAD + "D0601\tA\tA\t10\t3\n|  a header line too late\n")
    with pytest.raises(DataFormatError, match=r"x_content.table:8: expected 5"):
        judgments.read_content(path)


def test_empty_table_is_an_error(tmp_path):
    with pytest.raises(DataFormatError, match="no judgment line"):
        judgments.read_content(write(tmp_path / "x_content.table", HEAD))


def test_score_table_columns_from_header_checked_against_description(tmp_path):
    header = write(tmp_path / "h-header.txt", "setid     peerid     modifiedscore     numSCUs     numrepetitions     content\n\n")
    good = write(tmp_path / "h-data-description.txt", "This file describes the contents\nof each of the 6 columns in it.")
    columns = judgments.read_header(header, good)
    assert columns == ("topic", "peer", "modified", "scus", "repetitions", "responsiveness")
    table = judgments.read_table(write(tmp_path / "t_modified_scores.txt", "D0601\t01\t0.046\t2\t0\t3\t\nD0601\t2\t0.1\t3\t1\t\n"), columns)
    assert table["peer"].tolist() == ["1", "2"] and table["modified"].tolist() == [0.046, 0.1]
    assert table["responsiveness"].isna().tolist() == [False, True]  # an empty judgment cell is missing
    bad = write(tmp_path / "bad-data-description.txt", "each of the 13 columns")
    with pytest.raises(DataFormatError, match="describes 13 columns but h-header.txt names 6"):
        judgments.read_header(header, bad)
    with pytest.raises(DataFormatError, match=r"t2.txt:1: modified 'n/a' is not a number"):
        judgments.read_table(write(tmp_path / "t2.txt", "D0601\t1\tn/a\t2\t0\t3\n"), columns)
    with pytest.raises(DataFormatError, match=r"t3.txt:1: expected 6 tab-separated columns"):
        judgments.read_table(write(tmp_path / "t3.txt", "D0601\t1\t0.1\t2\t0\n"), columns)
    with pytest.raises(DataFormatError, match="unknown column 'bogus'"):
        judgments.read_header(write(tmp_path / "b-header.txt", "setid bogus\n"))


@pytest.mark.parametrize("text, message", [
    ("content\n", "no 'setid' column"),
    ("setid modifiedscore\n", "no 'peerid' column"),
    ("setid peerid content Content\n", "column 'content' is named twice"),
    ("setid peerid\n\xff\n", r"h-header.txt:2: not UTF-8"),
], ids=["no-topic", "no-peer", "twice", "not-utf8"])
def test_score_table_header_needs_topic_and_peer_once_each(tmp_path, text, message):
    """Found by fuzzing: a header without ``setid`` was a KeyError, a non-UTF-8 one a UnicodeDecodeError."""
    path = tmp_path / "h-header.txt"
    path.write_bytes(text.encode("latin-1"))  # ASCII, and one byte that is not UTF-8
    with pytest.raises(DataFormatError, match=message):
        judgments.read_header(path)


def test_ids_match_the_pan_reader(tmp_path):
    """A zero-padded system id is the number NIST uses everywhere (DUC 2006 D0647), in the tables
    as in the .pan file names: the same normalisation."""
    assert judgments.normalized_peer_id("01") == corpora.normalized_peer_id("01") == "1"
    assert corpora.normalized_peer_id("A") == "A" and corpora.normalized_peer_id("900000101") == "900000101"


def test_sample_judgments_match_the_sample_peers_and_count_the_rest(sample_root):
    corpus = corpora.load_corpus("duc2006", sample_root)
    j = judgments.for_corpus(corpus)
    cov = judgments.coverage(j, corpus)
    peers = {(p.topic, p.peer_id) for p in corpus.peers}
    judged = set(zip(j.content["topic"], j.content["peer"]))
    assert cov["matched"] == len(peers & judged) == len(peers) and cov["peers_not_judged"] == 0
    assert cov["unmatched"] == len(judged - peers) > 0
    assert cov["unmatched_human"] == sum(1 for _, p in judged - peers if p.isalpha()) > 0
    assert cov["unmatched_topic_without_pyramid"] > 0 and cov["unmatched_system_not_annotated"] > 0
    assert cov["judged"] == cov["matched"] + cov["unmatched_human"] + cov["unmatched_topic_without_pyramid"] \
        + cov["unmatched_system_not_annotated"]
    refs = j.references()
    assert list(refs.columns) == ["topic", "peer", "responsiveness", *judgments.QUALITY]
    update = judgments.for_corpus(corpora.load_corpus("duc2007-update", sample_root))
    assert update.quality.empty and judgments.coverage(update, corpora.load_corpus("duc2007-update", sample_root))["not_judged"] == 1


def test_missing_folder_and_non_duc_corpus(tmp_path, sample_root):
    with pytest.raises(MissingDataError, match="expected duc2006/nist_judgments"):
        judgments.load_judgments("duc2006", tmp_path)
    with pytest.raises(MissingDataError, match="only the DUC corpora"):
        judgments.for_corpus(corpora.load_corpus("passonneau2013", sample_root))


def test_a_broken_copy_of_the_sample_names_the_file(tmp_path, sample_root):
    root = tmp_path / "root"
    shutil.copytree(sample_root / "duc2006", root / "duc2006")
    table = root / "duc2006" / "nist_judgments" / "2006_linguistic_quality.table"
    lines = table.read_text().splitlines(keepends=True)
    lines[10] = lines[10].replace("\t", " ")
    table.write_text("".join(lines))
    judgments.clear_cache()
    with pytest.raises(DataFormatError, match=r"2006_linguistic_quality.table:11: expected 6"):
        judgments.load_judgments("duc2006", root)
