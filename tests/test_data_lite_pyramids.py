"""Lite pyramids as the datasets ship them: units (text with ids, or JSONL), line-aligned
``<system>.summary`` files and ``<system>.label`` crowd labels; every bad input a
DataFormatError naming file and line."""

from __future__ import annotations

import pytest

from pyrabench.data.lite_pyramids import (is_line_aligned, lite_pyramid, read_ids, read_labels,
                                          read_line_summaries, read_units)
from pyrabench.errors import DataFormatError, MissingDataError
from pyrabench.scoring.manual import modified_ideal

UNITS = "A bridge opened.\tIt cost 40 million.\tThe mayor opened it.\t\nThe library closes.\tOn Sundays.\n"


def _write(path, text, binary=False):
    path.parent.mkdir(parents=True, exist_ok=True)
    (path.write_bytes if binary else lambda t: path.write_text(t, encoding="utf-8"))(text)
    return path


@pytest.fixture
def lite(tmp_path):
    _write(tmp_path / "ids.txt", "bridge\nlibrary\n")
    _write(tmp_path / "SCUs.txt", UNITS)
    _write(tmp_path / "summaries" / "a.summary", "a bridge opened .\nthe library closes on sundays .")
    _write(tmp_path / "summaries" / "b.summary", "the mayor spoke .\n\n")
    _write(tmp_path / "labels" / "a.label", "1\t0\t0\n1\t1\n")
    _write(tmp_path / "labels" / "b.label", "0\t0\t1\n0\t0\n")
    return tmp_path


def test_units_summaries_and_labels_as_shipped(lite):
    units = read_units(lite / "SCUs.txt", lite / "ids.txt")
    assert units.ids == ("bridge", "library") and units.lines == (1, 2)
    assert units.units == (("A bridge opened.", "It cost 40 million.", "The mayor opened it."),
                           ("The library closes.", "On Sundays."))  # the closing tab is no unit
    summaries = read_line_summaries(lite / "summaries", units)
    assert [(s.topic, s.system, s.text) for s in summaries] == [
        ("bridge", "a", "a bridge opened ."), ("library", "a", "the library closes on sundays ."),
        ("bridge", "b", "the mayor spoke ."), ("library", "b", "")]  # a blank line: an empty summary
    assert summaries[1].source.endswith("a.summary:2")
    labels = read_labels(lite / "labels", units, systems=["a", "b"])
    assert labels.to_dict("list") == {"topic": ["bridge"] * 3 + ["library"] * 2 + ["bridge"] * 3 + ["library"] * 2,
                                      "system": ["a"] * 5 + ["b"] * 5, "scu_id": [1, 2, 3, 1, 2] * 2,
                                      "y": [1, 0, 0, 1, 1, 0, 0, 1, 0, 0]}
    assert is_line_aligned(lite / "summaries") and is_line_aligned(lite / "summaries" / "a.summary")
    assert not is_line_aligned(lite / "labels")
    one = read_line_summaries(lite / "summaries" / "b.summary", units)
    assert [s.system for s in one] == ["b", "b"]


def test_without_ids_the_examples_are_line_numbers_and_jsonl_names_them(tmp_path):
    assert read_units(_write(tmp_path / "u.txt", UNITS)).ids == ("1", "2")
    jsonl = _write(tmp_path / "u.jsonl", '{"instance_id": "x", "units": ["One. ", "Two."]}\n'
                                         '{"instance_id": "y", "units": ["Three."]}\n')
    units = read_units(jsonl)
    assert units.ids == ("x", "y") and units.units == (("One.", "Two."), ("Three.",)) and units.lines == (1, 2)
    with pytest.raises(DataFormatError, match="names its examples"):
        read_units(jsonl, tmp_path / "ids.txt")


def test_a_unit_is_an_scu_of_weight_one_in_a_pyramid_of_one_model_summary():
    pyr = lite_pyramid("t", ("A bridge opened.", "It cost 40 million."), "u.txt:3")
    assert pyr.n_summaries == 1 and pyr.summaries == ("A bridge opened.\nIt cost 40 million.",)
    assert pyr.summarizer_ids == ("reference",) and pyr.source == "u.txt:3"
    assert [(s.scu_id, s.label, s.weight) for s in pyr.scus] == [(1, "A bridge opened.", 1),
                                                                 (2, "It cost 40 million.", 1)]
    for s in pyr.scus:
        part = s.contributors[0].parts[0]
        assert pyr.summaries[0][part.start:part.end] == s.label
    assert modified_ideal(pyr) == 2  # the modified score is the share of units present


def test_bom_and_crlf_are_read(tmp_path):
    units = read_units(_write(tmp_path / "u.txt", b"\xef\xbb\xbfOne.\tTwo.\r\nThree.\r\n", binary=True))
    assert units.units == (("One.", "Two."), ("Three.",))


@pytest.mark.parametrize(("name", "text", "match", "line"), [
    ("empty unit", "One.\t\tTwo.\n", "unit 2 is empty", 1),
    ("no unit", "One.\n\t\nTwo.\n", "no unit on this line", 2),
    ("empty file", "", "the file is empty", None),
])
def test_bad_units_are_named_by_file_and_line(tmp_path, name, text, match, line):
    path = _write(tmp_path / "u.txt", text)
    with pytest.raises(DataFormatError, match=match) as err:
        read_units(path)
    assert err.value.path == str(path) and err.value.line == line


def test_bad_units_jsonl_and_ids(tmp_path):
    cases = [('{"instance_id": "x", "units": []}\n', "non-empty list of strings"),
             ('{"instance_id": "x", "units": ["a", " "]}\n', "unit 2 is empty"),
             ('{"instance_id": "x"}\n', "expected an object"),
             ('{"instance_id": "x", "units": ["a"]}\n{"instance_id": "x", "units": ["b"]}\n', "appears twice")]
    for text, match in cases:
        with pytest.raises(DataFormatError, match=match):
            read_units(_write(tmp_path / "u.jsonl", text))
    with pytest.raises(DataFormatError, match="'y' appears twice") as err:
        read_ids(_write(tmp_path / "ids.txt", "x\ny\ny\n"))
    assert err.value.line == 3
    with pytest.raises(DataFormatError, match="blank id"):
        read_ids(_write(tmp_path / "ids.txt", "x\n \n"))
    with pytest.raises(DataFormatError, match="2 lines of units but 3 ids"):
        read_units(_write(tmp_path / "u.txt", UNITS), _write(tmp_path / "ids3.txt", "a\nb\nc\n"))
    with pytest.raises(MissingDataError):
        read_units(tmp_path / "absent.txt")


def test_not_utf8_names_the_line(tmp_path):
    path = _write(tmp_path / "u.txt", b"One.\nCaf\xe9.\n", binary=True)
    with pytest.raises(DataFormatError, match="not UTF-8") as err:
        read_units(path)
    assert err.value.line == 2
    units = read_units(_write(tmp_path / "ok.txt", "One.\nTwo.\n"))
    bad = _write(tmp_path / "s" / "x.summary", b"fine\ncaf\xe9\n", binary=True)
    with pytest.raises(DataFormatError, match="not UTF-8") as err:
        read_line_summaries(bad, units)
    assert err.value.path == str(bad) and err.value.line == 2


def test_summaries_and_labels_out_of_line_are_refused(lite):
    units = read_units(lite / "SCUs.txt", lite / "ids.txt")
    short = _write(lite / "short" / "c.summary", "only one line\n")
    with pytest.raises(DataFormatError, match="1 lines but 2 examples") as err:
        read_line_summaries(short.parent, units)
    assert err.value.path == str(short)
    _write(lite / "labels" / "a.label", "1\t0\n1\t1\n")
    with pytest.raises(DataFormatError, match=r"2 labels but 3 units for example 'bridge' \(.*SCUs.txt:1\)") as err:
        read_labels(lite / "labels", units)
    assert err.value.path == str(lite / "labels" / "a.label") and err.value.line == 1
    _write(lite / "labels" / "a.label", "1\t0\t2\n1\t1\n")
    with pytest.raises(DataFormatError, match="label '2' is not 0 or 1"):
        read_labels(lite / "labels", units)
    _write(lite / "labels" / "a.label", "1\t0\t0\n")
    with pytest.raises(DataFormatError, match="1 lines but 2 examples"):
        read_labels(lite / "labels", units)


def test_a_label_line_longer_than_its_units_is_refused(lite):
    """One label too many is as wrong as one too few: refused, naming the label file and line
    (and the units' line), never read as labels of units that do not exist."""
    units = read_units(lite / "SCUs.txt", lite / "ids.txt")
    bad = _write(lite / "labels" / "a.label", "1\t0\t0\n1\t1\t0\n")
    with pytest.raises(DataFormatError, match=r"3 labels but 2 units for example 'library' \(.*SCUs.txt:2\)") as err:
        read_labels(lite / "labels", units)
    assert err.value.path == str(bad) and err.value.line == 2


def test_labels_of_a_summary_not_given_are_refused_naming_the_file_and_line(lite):
    units = read_units(lite / "SCUs.txt", lite / "ids.txt")
    given = {("bridge", "a"), ("library", "a"), ("bridge", "b")}  # b wrote nothing for library
    with pytest.raises(DataFormatError, match="labels for example 'library', but no summary of it by system 'b' "
                                              "was given") as err:
        read_labels(lite / "labels", units, summaries=given)
    assert err.value.path == str(lite / "labels" / "b.label") and err.value.line == 2
    assert len(read_labels(lite / "labels", units, summaries=given | {("library", "b")})) == 10


def test_label_files_must_match_the_systems_scored(lite):
    units = read_units(lite / "SCUs.txt", lite / "ids.txt")
    with pytest.raises(DataFormatError, match="no label file for system.s. c"):
        read_labels(lite / "labels", units, systems=["a", "b", "c"])
    with pytest.raises(DataFormatError, match="not among the summaries scored: b"):
        read_labels(lite / "labels", units, systems=["a"])
    (lite / "none").mkdir()
    with pytest.raises(DataFormatError, match="no <system>.label file"):
        read_labels(lite / "none", units)
    with pytest.raises(DataFormatError, match="expected a <system>.summary file"):
        read_line_summaries(lite / "ids.txt", units)


def test_the_bundled_sample_reads(sample_root):
    root = sample_root / "lite"
    units = read_units(root / "SCUs.txt", root / "ids.txt")
    summaries = read_line_summaries(root / "summaries", units)
    labels = read_labels(root / "labels", units, {s.system for s in summaries})
    assert len(units) == 4 and len(summaries) == 16 and len(labels) == 4 * sum(map(len, units.units))


def test_a_dataset_folder_as_lite2pyramid_lays_it_out(sample_root, lite, tmp_path):
    from pyrabench.data.lite_pyramids import dataset_folder, read_dataset

    assert dataset_folder(sample_root) == sample_root / "lite"
    got = read_dataset(lite)
    assert got.units.ids == ("bridge", "library") and len(got.summaries) == 4 and len(got.labels) == 10
    (tmp_path / "bare" / "summaries").mkdir(parents=True)
    _write(tmp_path / "bare" / "SCUs.txt", "One.\n")
    _write(tmp_path / "bare" / "summaries" / "s.summary", "one .\n")
    bare = read_dataset(tmp_path / "bare")
    assert bare.units.ids == ("1",) and bare.labels is None
    with pytest.raises(MissingDataError, match="no lite dataset"):
        dataset_folder(tmp_path / "bare" / "summaries")


def test_hostile_files_are_refused_not_hung_on(tmp_path):
    import os

    fifo = tmp_path / "units.txt"
    os.mkfifo(fifo)
    with pytest.raises(DataFormatError, match="not a regular file"):
        read_units(fifo)
    (tmp_path / "folder.txt").mkdir()
    with pytest.raises(DataFormatError, match="a directory, not a regular file"):
        read_units(tmp_path / "folder.txt")
    units = read_units(_write(tmp_path / "ok.txt", "One.\n"))
    os.mkfifo(tmp_path / "s.summary")
    with pytest.raises(DataFormatError, match="not a regular file"):
        read_line_summaries(tmp_path / "s.summary", units)


# --------------------------------------------------------------------------- every refusal, word for word


def _refused(fn, expected: str, error=DataFormatError):
    """``fn()`` is refused with exactly ``expected`` (path, line and reason)."""
    with pytest.raises(error) as err:
        fn()
    assert str(err.value) == expected


def test_every_refusal_of_an_ids_or_jsonl_file_names_file_line_and_reason(tmp_path):
    ids = _write(tmp_path / "ids.txt", "a\n\nb\n")
    _refused(lambda: read_ids(ids), f"{ids}:2: blank id")
    _write(ids, "a\nb\na\n")
    _refused(lambda: read_ids(ids), f"{ids}:3: id 'a' appears twice (first on line 1)")
    _write(ids, "")
    _refused(lambda: read_ids(ids), f"{ids}: no id: the file is empty")
    j = tmp_path / "units.jsonl"
    shape = 'expected an object {"instance_id": ..., "units": [...]}'
    for bad, number, reason in [('{"units": ["x"]}', 1, shape), ('["x"]', 1, shape), ('{"instance_id": "a"}', 1, shape),
                                ('{"instance_id": "  ", "units": ["x"]}', 1, "'instance_id' should be a non-empty string"),
                                ('{"instance_id": "a", "units": []}', 1, "'units' should be a non-empty list of strings"),
                                ('{"instance_id": "a", "units": ["x", " "]}', 1, "unit 2 is empty")]:
        _write(j, bad + "\n")
        _refused(lambda: read_units(j), f"{j}:{number}: {reason}")
    _write(j, '{"instance_id": "a", "units": ["x"]}\n{"instance_id": "b", "units": ["y"]}\n'
              '{"instance_id": "a", "units": ["z"]}\n')
    _refused(lambda: read_units(j), f"{j}:3: instance_id 'a' appears twice (first on line 1)")
    _write(j, "")
    _refused(lambda: read_units(j), f"{j}: no example: the file is empty")
    _refused(lambda: read_units(j, ids), f"{j}: a units .jsonl names its examples (instance_id): give no ids file")
    _write(j, '{"instance_id": "a", "units": ["x", "y"]}\n')
    assert read_units(j).source == str(j)


def test_every_refusal_of_a_units_file_names_file_line_and_reason(tmp_path):
    units = _write(tmp_path / "SCUs.txt", "")
    _refused(lambda: read_units(units), f"{units}: no example: the file is empty")
    _write(units, "a\n\t\n")
    _refused(lambda: read_units(units), f"{units}:2: no unit on this line (units are separated by tabs)")
    _write(units, "a\nb\n")
    ids = _write(tmp_path / "ids.txt", "x\n")
    _refused(lambda: read_units(units, ids),
             f"{units}: 2 lines of units but 1 ids in {ids}: the files must be aligned, one example a line")
    _refused(lambda: read_units(tmp_path / "none.txt"), f"{tmp_path / 'none.txt'}: no such file", MissingDataError)


def test_every_refusal_of_summary_and_label_files_names_file_line_and_reason(lite):
    units = read_units(lite / "SCUs.txt", lite / "ids.txt")
    empty = lite / "empty"
    empty.mkdir()
    _refused(lambda: read_line_summaries(empty, units),
             f"{empty}: no <system>.summary file in this folder (one summary a line)")
    _refused(lambda: read_labels(empty, units),
             f"{empty}: no <system>.label file in this folder (per summary, 1/0 per unit, tab-separated)")
    other = _write(lite / "a.txt", "x\n")
    _refused(lambda: read_line_summaries(other, units),
             f"{other}: expected a <system>.summary file or a folder of them (one summary a line)")
    _refused(lambda: read_line_summaries(lite / "nothing", units), f"{lite / 'nothing'}: no such file or folder",
             MissingDataError)
    short = _write(lite / "short" / "c.label", "1\t0\t0\n")
    _refused(lambda: read_labels(short.parent, units),
             f"{short}: 1 lines but 2 examples in {units.source}: the files must be aligned, one example a line")
    labels = lite / "labels"
    _refused(lambda: read_labels(labels, units, ["a", "b", "c", "d"]),
             f"{labels}: no label file for system(s) c, d (expected <system>.label)")
    _write(labels / "e.label", "1\t0\t0\n1\t1\n")
    _refused(lambda: read_labels(labels, units, ["a"]),
             f"{labels}: label file(s) for system(s) not among the summaries scored: b, e")
    _write(labels / "e.label", "1\t0\t0\n1\t2\n")
    _refused(lambda: read_labels(labels / "e.label", units), f"{labels / 'e.label'}:2: label '2' is not 0 or 1")
    # a space is not a separator: "1 0" is one label, and not 0 or 1
    _write(labels / "e.label", "1 0\t0\t0\n1\t1\n")
    _refused(lambda: read_labels(labels / "e.label", units), f"{labels / 'e.label'}:1: label '1 0' is not 0 or 1")


def test_hidden_and_stray_files_are_not_read_and_a_lone_cr_ends_a_line(lite):
    _write(lite / "summaries" / ".c.summary", "x\ny\n")
    _write(lite / "summaries" / "notes.txt", "x\ny\n")
    units = read_units(lite / "SCUs.txt", lite / "ids.txt")
    assert sorted({s.system for s in read_line_summaries(lite / "summaries", units)}) == ["a", "b"]
    hidden = lite / "hidden"
    _write(hidden / ".c.summary", "x\ny\n")
    assert not is_line_aligned(hidden)
    _write(lite / "summaries" / "a.summary", "one\rtwo\r")
    assert [s.text for s in read_line_summaries(lite / "summaries" / "a.summary", units)] == ["one", "two"]


def test_a_dataset_keeps_its_folder_and_refuses_labels_of_systems_not_scored(lite):
    from pyrabench.data.lite_pyramids import dataset_folder, read_dataset

    assert read_dataset(lite).folder == lite
    _write(lite / "labels" / "z.label", "1\t0\t0\n1\t1\n")
    _refused(lambda: read_dataset(lite),
             f"{lite / 'labels'}: label file(s) for system(s) not among the summaries scored: z")
    _refused(lambda: dataset_folder(lite), f"{lite}: no lite dataset (pyrxsum/SCUs.txt or lite/SCUs.txt)",
             MissingDataError)


def test_the_pyramids_of_the_units_name_their_example_and_line(lite):
    units = read_units(lite / "SCUs.txt", lite / "ids.txt")
    pyramids = units.pyramids()
    assert list(pyramids) == ["bridge", "library"]
    lib = pyramids["library"]
    assert (lib.corpus, lib.topic, lib.source) == ("lite", "library", f"{units.source}:2")
    assert [s.label for s in lib.scus] == ["The library closes.", "On Sundays."]
    assert [(c.label, c.summary_index) for s in lib.scus for c in s.contributors] == [
        ("The library closes.", 0), ("On Sundays.", 0)]
    assert lite_pyramid("t", ["x"]).source == ""
