"""``pyrabench build`` and ``pyrabench stats`` on the bundled sample."""

import json

import pytest

from pyrabench.cli import main
from pyrabench.paraphrase import store


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench")
    assert main(["build", "--out", str(out), "--no-progress"]) == 0
    return out


def test_build_writes_the_files(built, capsys):
    assert {p.name for p in built.iterdir()} == {"binary.jsonl", "ranking.jsonl", "stats.json", "README.md"}
    b = store.load_benchmark(built)
    assert len(b.binary) and len(b.ranking)


def test_stats_table_and_json(built, capsys):
    assert main(["stats", str(built)]) == 0
    out = capsys.readouterr().out
    assert "overall" in out and "paper (duc2005-2007)" in out and "8755" in out and "preset paper" in out
    assert main(["stats", str(built), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["paper"]["total_pairs"] == 197619
    assert data["preset"] == "paper" and data["preset_changes"] == {}
    assert data["overall"]["total_pairs"] == sum(c["total_pairs"] for c in data["corpora"].values())
    assert set(data["bad_input"]) == set(data["corpora"])


def test_build_options(tmp_path, capsys):
    assert main(["build", "--corpus", "tac2008", "duc2006", "--out", str(tmp_path), "--format", "csv", "--no-labels", "--seed", "5", "--no-progress"]) == 0
    b = store.load_benchmark(tmp_path)
    assert set(b.binary.corpus) <= {"tac2008", "duc2006"}
    assert b.stats["policy"]["include_labels"] is False and b.stats["policy"]["seed"] == 5
    assert not b.binary.id_a.str.endswith("/L").any()


def test_user_errors_are_one_line(tmp_path, capsys):
    assert main(["build", "--corpus", "duc1999", "--out", str(tmp_path), "--no-progress"]) == 2
    assert main(["build", "--data", str(tmp_path / "nope"), "--out", str(tmp_path)]) == 2
    assert main(["stats", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("error:") == 3


def test_preset_option(tmp_path, capsys):
    from pyrabench.paraphrase.policy import PRESETS

    assert main(["build", "--corpus", "duc2006", "--out", str(tmp_path / "lit"), "--preset", "literal", "--no-progress"]) == 0
    lit = store.load_benchmark(tmp_path / "lit")
    assert lit.stats["preset"] == "literal" and lit.policy == PRESETS["literal"]
    assert "(preset literal)" in capsys.readouterr().out
    assert main(["build", "--corpus", "duc2006", "--out", str(tmp_path / "pap"), "--no-progress"]) == 0
    pap = store.load_benchmark(tmp_path / "pap")
    assert pap.stats["preset"] == "paper" and pap.policy == PRESETS["paper"]
    assert pap.ranking.question_id.str.contains("/L>").all()
    with pytest.raises(SystemExit):
        main(["build", "--out", str(tmp_path / "x"), "--preset", "strict"])
    assert "invalid choice: 'strict'" in capsys.readouterr().err


def test_no_labels_on_the_paper_preset_lets_contributors_ask(tmp_path):
    assert main(["build", "--corpus", "duc2006", "--out", str(tmp_path), "--no-labels", "--no-progress"]) == 0
    b = store.load_benchmark(tmp_path)
    assert b.stats["preset"] == "paper"
    assert b.stats["preset_changes"] == {"include_labels": False, "question_items": "any"}
    assert len(b.ranking) and not b.ranking.question_id.str.contains("/L").any()


def test_build_shows_a_bar_while_loading_corpora(tmp_path, capsys):
    assert main(["build", "--corpus", "duc2006", "tac2008", "--out", str(tmp_path / "a")]) == 0
    err = capsys.readouterr().err
    assert "loading corpora" in err and "duc2006" in err and "tac2008" in err
    assert main(["build", "--corpus", "duc2006", "--out", str(tmp_path / "b"), "--no-progress"]) == 0
    assert "loading corpora" not in capsys.readouterr().err


def test_a_missing_corpus_points_to_the_data_page(tmp_path, capsys):
    assert main(["build", "--corpus", "tac2010", "--out", str(tmp_path), "--no-progress"]) == 2
    assert "book/data.md" in capsys.readouterr().err


@pytest.mark.parametrize("corpus", [[], ["--corpus", "duc2006"]])
def test_an_empty_data_root_is_refused_before_any_output(tmp_path, capsys, corpus):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["build", "--data", str(empty), *corpus, "--out", str(tmp_path / "out")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("pyrabench build: error: ") and str(empty) in err  # no bar, no banner
    assert not (tmp_path / "out").exists()
