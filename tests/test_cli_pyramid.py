"""``pyrabench pyramid``: builds and writes pyramids that ``score --pyramid`` reads; bad input is
one line naming the file."""

from __future__ import annotations

import json

from pyrabench.cli import main
from pyrabench.data import sacrerouge
from pyrabench.dataroot import resolve

A = "A wildfire burned 8,000 acres of forest near Cedar Ridge, and smoke closed the schools."
B = "The Cedar Ridge wildfire burned about 8,000 acres. Crews from three states fought the blaze."


def _models(root, topics):
    for topic, models in topics.items():
        for name, text in models.items():
            (root / topic).mkdir(parents=True, exist_ok=True)
            (root / topic / f"{name}.txt").write_text(text, encoding="utf-8")
    return root


def test_builds_every_topic_of_the_sample(tmp_path, capsys):
    models = resolve(None).path / "tac2008" / "pyramids.jsonl"  # a pyramids file: its SCUs are not read
    assert main(["pyramid", "--models", str(models), "--out", str(tmp_path / "out"), "--similarity", "uni",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    topics = [p.topic for p in sacrerouge.read_pyramids(models, "tac2008")]
    assert [t["topic"] for t in out["topics"]] == sorted(topics)
    assert out["recipe"]["similarity"] == "uni" and out["recipe"]["percentile"] == 83.0
    built = sacrerouge.read_pyramids(tmp_path / "out" / "pyramids.jsonl", "built")
    assert len(built) == len(topics) and all(len(p.scus) for p in built)
    assert sorted(p.name for p in (tmp_path / "out").glob("*.pyr")) == sorted(f"{t}.pyr" for t in topics)


def test_table_and_uneven_warning(tmp_path, capsys):
    root = _models(tmp_path / "m", {"t1": {"x": A, "y": B}, "t2": {"x": A, "y": " ".join([B] * 4)}})
    assert main(["pyramid", "--models", str(root), "--out", str(tmp_path / "out"), "--similarity", "uni",
                 "--unit", "sentence", "--no-capacity"]) == 0
    captured = capsys.readouterr()
    assert "sentence units, uni, edges above percentile 83, no capacity" in captured.out
    assert "1 topic(s) with models of wildly different lengths" in captured.out
    assert captured.err.count("pyrabench: warning:") == 1 and "t2" in captured.err


def test_bad_input_is_one_line_naming_the_file(tmp_path, capsys):
    root = _models(tmp_path / "m", {"t1": {"x": A}})
    assert main(["pyramid", "--models", str(root), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "t1" in err and "at least two" in err
    assert not (tmp_path / "out").exists()


def test_the_command_imports_no_library_it_does_not_use(tmp_path):
    from tests.test_cli import HEAVY, _imported_by

    models = resolve(None).path / "tac2008" / "pyramids.jsonl"
    argv = ["pyramid", "--models", str(models), "--out", str(tmp_path / "out"), "--similarity", "uni"]
    assert _imported_by(argv, HEAVY) == (0, [])


def test_model_files_ending_in_a_line_end_build_and_read_back(tmp_path):
    """Editors end a text file with a line end: it is no part of the summary, and the written
    .pyr reads back with the models' texts as given, less those closing blanks."""
    from pyrabench.data.user_pyramids import read_pyramid_file

    root = _models(tmp_path / "m", {"t1": {"x": A + "\n", "y": B + "\n\n"}})
    assert main(["pyramid", "--models", str(root), "--out", str(tmp_path / "out"), "--similarity", "uni"]) == 0
    back = read_pyramid_file(tmp_path / "out" / "t1.pyr")
    assert sorted(back.summaries) == sorted([A, B])
    (built,) = sacrerouge.read_pyramids(tmp_path / "out" / "pyramids.jsonl", "built")
    assert sorted(built.summaries) == sorted([A, B])
