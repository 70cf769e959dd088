"""``pyrabench sts`` on the bundled sample."""

import json

from pyrabench.cli import main


def test_json_shape_single_system(capsys):
    assert main(["sts", "--system", "tokencos", "--years", "2012,2013", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["2012", "2013"]
    assert set(out["2012"]) == {"datasets", "mean", "all", "allnorm"}
    assert out["2012"]["datasets"]["MSRpar"]["n"] == 15
    assert out["2013"]["datasets"]["SMT"]["pearson"] is None


def test_json_keyed_by_system_when_several(capsys):
    assert main(["sts", "--system", "tokencos", "--system", "random", "--years", "2016", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["tokencos", "random"]
    assert out["tokencos"]["2016"]["datasets"]["headlines"]["n"] == 15


def test_table_output_and_byte_identical_rerun(capsys):
    assert main(["sts", "--system", "tokencos", "--system", "random"]) == 0
    first = capsys.readouterr().out
    assert "ALLnorm" in first and "surprise.OnWN" in first
    main(["sts", "--system", "tokencos", "--system", "random"])
    assert capsys.readouterr().out == first


def test_bad_output_file_is_one_error_line(tmp_path, capsys):
    (tmp_path / "STS.output.FNWN.txt").write_text("1\nNaN\n" + "2\n" * 18)  # FNWN has 20 pairs
    assert main(["sts", "--years", "2013", "--outputs", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "STS.output.FNWN.txt:2: score 'NaN' is not a finite number" in err
    assert "Traceback" not in err


def test_no_system_is_an_error(capsys):
    assert main(["sts"]) == 2
