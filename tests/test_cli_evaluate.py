"""``pyrabench evaluate`` on the benchmark built from the bundled sample (invented sentences)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from pyrabench import cli
from pyrabench.dataroot import resolve
from pyrabench.paraphrase import build as benchmark_mod
from pyrabench.paraphrase import evaluate as ev
from pyrabench.paraphrase import store
from pyrabench.text import words_many


@pytest.fixture(scope="module")
def bench_dir(tmp_path_factory, sample_root):
    out = tmp_path_factory.mktemp("bench")
    store.save(benchmark_mod.build_from_root(resolve(sample_root)), out)
    return out


@pytest.fixture
def vector_file(tmp_path, bench_dir):
    """A GloVe-format text file: a random 8-d vector for each word of the sample benchmark."""
    texts = ev.text_index(store.load_benchmark(bench_dir)).texts
    vocab = sorted({w for ws in words_many(texts) for w in ws if " " not in w})
    rng = np.random.default_rng(0)
    path = tmp_path / "tiny.txt"
    path.write_text("".join(w + " " + " ".join(f"{x:.4f}" for x in rng.standard_normal(8)) + "\n" for w in vocab))
    return path


def run_json(capsys, *argv):
    assert cli.main(["evaluate", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_rows(bench_dir, capsys):
    out = run_json(capsys, str(bench_dir), "--embedding", "random", "--embedding", "onehot", "--resamples", "200")
    rows = out["rows"]
    b = store.load_benchmark(bench_dir)
    assert [r["embedding"] for r in rows] == ["random", "onehot"]
    for r in rows:
        assert set(("binary_f1", "ranking_success", "ranking_mrr", "binary_f1_low", "ranking_mrr_high")) <= set(r)
        assert r["n_questions"] == len(b.ranking) > 0 and r["n_pairs_fit"] + r["n_pairs_test"] == len(b.binary) > 0
    random_row, onehot_row = rows
    assert abs(random_row["ranking_success"] - 0.25) < 0.08
    assert onehot_row["ranking_success"] > random_row["ranking_success"] + 0.2
    # same numbers as the library call
    from pyrabench.embeddings import load_embedding, vocabulary

    direct = ev.evaluate(b, load_embedding("onehot", vocabulary=vocabulary(ev.text_index(b).texts)), n_resamples=200)
    assert direct["ranking_mrr"] == onehot_row["ranking_mrr"] and direct["binary_f1"] == onehot_row["binary_f1"]
    assert "comparisons" not in out
    # the paper's Random F: a guess at the base rate, whose F is the share of positives in the test split
    share = random_row["n_positive_test"] / random_row["n_pairs_test"]
    assert random_row["binary_f1_base_rate_guess"] == pytest.approx(share) == onehot_row["binary_f1_base_rate_guess"]


def test_json_is_deterministic(bench_dir, capsys):
    args = (str(bench_dir), "--embedding", "random", "--resamples", "100")
    assert run_json(capsys, *args) == run_json(capsys, *args)


def test_name_equals_path_spec_and_compare(bench_dir, vector_file, capsys):
    out = run_json(
        capsys, str(bench_dir), "--embedding", "onehot", "--embedding", f"tiny={vector_file}:glove",
        "--compare", "--resamples", "100",
    )
    assert [r["embedding"] for r in out["rows"]] == ["onehot", "tiny"]
    assert out["rows"][1]["dim"] == 8
    (c,) = out["comparisons"]
    assert (c["a"], c["b"]) == ("tiny", "onehot")
    assert c["ranking_mrr_difference"] == pytest.approx(out["rows"][1]["ranking_mrr"] - out["rows"][0]["ranking_mrr"])
    assert 0 < c["ranking_mrr_p"] <= 1


def test_text_table(bench_dir, capsys):
    assert cli.main(["evaluate", str(bench_dir), "--embedding", "onehot", "--resamples", "50"]) == 0
    text = capsys.readouterr().out
    assert "F-measure" in text and "MRR" in text and "onehot" in text
    assert "random guess at the base rate" in text
    row = run_json(capsys, str(bench_dir), "--embedding", "onehot", "--resamples", "50")["rows"][0]
    # success and its interval in one unit (percent, one decimal, no stray % sign); F at 3 decimals
    header = next(line for line in text.splitlines() if "F-measure" in line)
    assert "success rate (%)" in header and "success 95 % CI (%)" in header and "all-positive F" in header
    line = next(line for line in text.splitlines() if line.startswith("onehot"))
    assert f"{100 * row['ranking_success']:.1f} " in line and "%" not in line
    assert f"[{100 * row['ranking_success_low']:.1f}, {100 * row['ranking_success_high']:.1f}]" in line
    assert f"{row['binary_f1_all_positive']:.3f}" in line  # the all-positive F beside the F
    assert "all-positive F: the F of calling every test pair a paraphrase" in text
    floor = row["binary_f1"] <= row["binary_f1_all_positive"]
    assert ("no better than that floor: onehot." in text) == floor


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--embedding", "no-such-embedding"], "no-such-embedding"),
        (["--embedding", "word2vec-googlenews=/nonexistent/vectors.bin"], "not available"),
    ],
)
def test_user_errors_are_one_line(bench_dir, capsys, argv, message):
    assert cli.main(["evaluate", str(bench_dir), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_specs_are_refused_before_the_benchmark_is_read(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(store, "load_benchmark", lambda *a: pytest.fail("benchmark read before the specs were checked"))
    for spec in ("nosuch", f"st:{tmp_path / 'no-model'}", "word2vec-googlenews"):
        assert cli.main(["evaluate", str(tmp_path), "--embedding", "random", "--embedding", spec]) == 2
        err = capsys.readouterr().err
        assert err.startswith("pyrabench evaluate: error:") and "Traceback" not in err


def test_sentence_transformers_model(bench_dir, make_st_model, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))
    texts = ev.text_index(store.load_benchmark(bench_dir)).texts
    model = make_st_model(w for ws in words_many(texts) for w in ws)
    out = run_json(capsys, str(bench_dir), "--embedding", f"st:{model}@cpu", "--embedding", "onehot",
                   "--resamples", "50", "--no-progress")  # fmt: skip
    st_row, onehot_row = out["rows"]
    assert st_row["embedding"] == f"st:{model}" and st_row["dim"] == 8
    # random word vectors, mean-pooled: lexical overlap still ranks the answer well above chance
    assert st_row["ranking_success"] > 0.4
    from pyrabench.embeddings import load_embedding

    direct = ev.evaluate(store.load_benchmark(bench_dir), load_embedding(f"st:{model}", progress=False), n_resamples=50)
    assert direct["ranking_mrr"] == st_row["ranking_mrr"]


def test_not_a_benchmark_directory(tmp_path, capsys):
    assert cli.main(["evaluate", str(tmp_path), "--embedding", "random"]) == 2
    assert "stats.json" in capsys.readouterr().err
