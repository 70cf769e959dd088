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


def test_any_sentence_transformers_model(make_st_model, tmp_path, monkeypatch, capsys):
    from pyrabench.dataroot import SAMPLE_ROOT
    from pyrabench.sts import load_releases
    from pyrabench.text import words_many

    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))
    releases = load_releases(["2012"], SAMPLE_ROOT)
    sentences = [s for d in releases["2012"].available for s in (*d.sentences_a, *d.sentences_b)]
    model = make_st_model(w for ws in words_many(sentences) for w in ws)
    assert main(["sts", "--system", f"st:{model}@cpu", "--system", "tokencos", "--years", "2012", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == [f"st:{model}@cpu", "tokencos"]
    msr = out[f"st:{model}@cpu"]["2012"]["datasets"]["MSRpar"]
    assert msr["n"] == 15 and -1 <= msr["pearson"] <= 1
    assert main(["sts", "--system", f"st:{tmp_path / 'absent'}"]) == 2
    assert "no such sentence-transformers model directory" in capsys.readouterr().err
