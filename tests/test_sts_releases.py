"""Loading the STS releases as distributed, on the bundled sample and on small broken copies."""

import shutil

import numpy as np
import pytest

from pyrabench.errors import DataFormatError, MissingDataError, UnknownNameError
from pyrabench.sts import discover, load_release, load_releases
from pyrabench.sts.releases import read_gold, read_input

Y2016 = "sts/2016/sts2016-english-with-gs-v1.0"


@pytest.fixture
def copy_root(tmp_path, sample_root):
    shutil.copytree(sample_root / "sts", tmp_path / "sts")
    return tmp_path


def test_discover_finds_releases_by_folder_and_file_names(sample_root):
    found = discover(sample_root)
    assert list(found) == ["2012", "2012-train", "2013", "2016", "stsb"]
    assert found["2012"].name == "test-gold"
    assert found["2016"].name == "sts2016-english-with-gs-v1.0"  # year from the STS2016. prefix too


def test_2012_surprise_naming_and_paper_order(sample_root):
    r = load_release("2012", sample_root)
    assert r.names == ["MSRpar", "MSRvid", "SMTeuroparl", "surprise.OnWN", "surprise.SMTnews"]
    assert [d.n_pairs for d in r.datasets] == [15, 16, 17, 18, 19]
    with pytest.raises(UnknownNameError):
        r["OnWN"]


def test_2012_all_file_must_be_the_concatenation(copy_root):
    path = copy_root / "sts/2012/test-gold/STS.gs.ALL.txt"
    lines = path.read_text().splitlines()
    lines[0], lines[1] = lines[1], lines[0]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(DataFormatError, match="STS.gs.ALL.txt.*concatenation"):
        load_release("2012", copy_root)


def test_stray_spaces_are_kept(sample_root):
    d = load_release("2012", sample_root)["MSRpar"]
    assert d.sentences_a[1].startswith(" ")
    assert "  " in d.sentences_b[2]
    assert d.sentences_b[3].endswith("  ")


def test_2013_smt_is_unavailable_but_its_gold_is_kept(sample_root):
    r = load_release("2013", sample_root)
    smt = r["SMT"]
    assert not smt.available and smt.sentences_a == () and smt.input_path is None
    assert smt.n_pairs == 22 and smt.n_scored == 22
    assert "not distributed" in smt.note
    assert [d.name for d in r.available] == ["headlines", "OnWN", "FNWN"]
    assert r.log.counts() == {"skipped:input-unavailable": 1}


def test_2016_four_columns_notes_and_unscored_lines(sample_root):
    r = load_release("2016", sample_root)
    d = r["headlines"]
    assert d.notes[0] == ("Sample source note 0a", "Sample source note 0b")
    assert d.sentences_b[0].endswith("café.")
    # unscored = every 4th line from 1, plus the last line: 15 of 21 scored
    assert d.n_pairs == 21 and d.n_scored == 15
    assert np.isnan(d.gold[1]) and np.isnan(d.gold[-1]) and not d.scored[-1]
    assert r.log.counts() == {"skipped:unscored-pair": sum(x.n_pairs - x.n_scored for x in r.datasets)}


def test_2016_ascii_copies_drop_their_trailing_blank_line(sample_root):
    r = load_release("2016", sample_root, encoding="ascii")
    d = r["headlines"]
    assert d.input_path.suffix == ".ascii"
    assert d.sentences_b[0].endswith("cafe.")
    assert d.n_pairs == 21
    assert r.log.counts()["repaired:trailing-empty-input-line"] == 5


def test_stsb_csv_with_extra_columns(sample_root):
    r = load_release("stsb", sample_root)
    assert r.names == ["train", "dev", "test"]
    train = r["train"]
    assert train.n_pairs == 24 and train.n_scored == 24
    assert train.notes[5] == ("main-forums", "sample-source-a", "sample-source-b")
    assert r.log.counts() == {"repaired:stsb-extra-columns": 4 + 3 + 2}


def test_load_releases_defaults_to_the_test_years(sample_root):
    assert list(load_releases(None, sample_root)) == ["2012", "2013", "2016"]
    with pytest.raises(MissingDataError):
        load_release("2014", sample_root)


def test_gold_non_number_names_file_and_line(tmp_path):
    p = tmp_path / "STS.gs.x.txt"
    p.write_text("4.0\nfour\n")
    with pytest.raises(DataFormatError) as err:
        read_gold(p)
    assert err.value.line == 2 and err.value.path.endswith("STS.gs.x.txt")


def test_gold_nan_and_out_of_range_are_errors(tmp_path):
    p = tmp_path / "STS.gs.x.txt"
    p.write_text("nan\n")
    with pytest.raises(DataFormatError, match="finite"):
        read_gold(p)
    p.write_text("5.5\n")
    with pytest.raises(DataFormatError, match="outside"):
        read_gold(p)


def test_input_gold_count_mismatch(copy_root):
    p = copy_root / "sts/2013/test-gs/STS.gs.FNWN.txt"
    p.write_text(p.read_text() + "3.0\n")
    with pytest.raises(DataFormatError, match="20 sentence pairs but 21 gold lines"):
        load_release("2013", copy_root)


def test_input_line_without_tab_and_bad_encoding(tmp_path):
    p = tmp_path / "STS.input.x.txt"
    p.write_text("one\ttwo\njust one sentence\n")
    with pytest.raises(DataFormatError) as err:
        read_input(p)
    assert err.value.line == 2
    p.write_bytes(b"ok\tfine\nbad \xff byte\tx\n")
    with pytest.raises(DataFormatError, match="UTF-8") as err:
        read_input(p)
    assert err.value.line == 2


def test_a_byte_order_mark_is_not_part_of_the_first_sentence(tmp_path):
    """An STS input or benchmark file saved with a byte-order mark reads as the same text."""
    from pyrabench.sts.releases import _load_stsb

    line = "main-captions\tMSRvid\t2012test\t0001\t5.000\tA man plays.\tA man is playing.\n"
    for folder, mark in (("plain", ""), ("marked", "\ufeff")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "STS.input.x.txt").write_text(mark + "A man plays.\tA man is playing.\n", encoding="utf-8")
        (tmp_path / folder / "sts-train.csv").write_text(mark + line, encoding="utf-8")
    plain, marked = (read_input(tmp_path / f / "STS.input.x.txt") for f in ("plain", "marked"))
    assert marked == plain and marked[0][0] == "A man plays."
    plain, marked = (_load_stsb(tmp_path / f).datasets[0] for f in ("plain", "marked"))
    assert marked.sentences_a == plain.sentences_a and marked.gold.tolist() == plain.gold.tolist() == [5.0]
