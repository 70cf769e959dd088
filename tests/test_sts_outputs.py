"""The official system output format: score [TAB confidence], one line per pair."""

import numpy as np
import pytest

from pyrabench.errors import DataFormatError
from pyrabench.sts import read_output, write_output


def test_reads_the_sample_outputs_with_confidence(sample_root):
    out = read_output(sample_root / "sts/2013/test-gs/STS.output.OnWN.txt", n_expected=18)
    assert out.scores.shape == (18,) and out.confidence.shape == (18,)
    assert np.all((out.confidence >= 0) & (out.confidence <= 100))


def test_scores_without_confidence(tmp_path):
    p = tmp_path / "STS.output.x.txt"
    p.write_text("1.5\n4\n0.25\n")
    out = read_output(p, 3)
    assert out.scores.tolist() == [1.5, 4.0, 0.25] and out.confidence is None


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("1\nNaN\n3\n", 2, "not a finite number"),
        ("1\n2\nabc\n", 3, "not a number"),
        ("1\n\n3\n", 2, "empty line"),
        ("1\t50\n2\t101\n3\t7\n", 2, "outside 0-100"),
        ("1\t50\n2\n3\t7\n", 2, "some lines carry a confidence"),
        ("1\t2\t3\n2\n3\n", 1, "fields"),
    ],
)
def test_bad_lines_name_file_and_line(tmp_path, text, line, message):
    p = tmp_path / "STS.output.x.txt"
    p.write_text(text)
    with pytest.raises(DataFormatError, match=message) as err:
        read_output(p, 3)
    assert err.value.line == line and err.value.path == str(p)


def test_line_count_mismatch(tmp_path):
    p = tmp_path / "STS.output.x.txt"
    p.write_text("1\n2\n")
    with pytest.raises(DataFormatError, match="2 lines but the dataset has 3"):
        read_output(p, 3)


def test_write_output_round_trip(tmp_path):
    p = write_output(tmp_path / "STS.output.y.txt", [0.5, 4.25], [10, 90])
    out = read_output(p, 2)
    assert out.scores.tolist() == [0.5, 4.25] and out.confidence.tolist() == [10, 90]
    assert [f.name for f in tmp_path.iterdir()] == ["STS.output.y.txt"]
    with pytest.raises(ValueError):
        write_output(tmp_path / "STS.output.z.txt", [np.nan])
    assert not (tmp_path / "STS.output.z.txt").exists()
