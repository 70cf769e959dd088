"""Table 1 on the real benchmark: the CLI end to end, Random at chance, One-Hot cross-checked.

The One-Hot scores are recomputed by an independent route (``collections.Counter`` bags of
words and ``math.sqrt``, one pair at a time) and the ranking metrics by explicit per-question
rank counting, so the vectorized scoring and the tie handling are checked on real text.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
from collections import Counter

import numpy as np
import pytest

from pyrabench import cli
from pyrabench.embeddings import available
from pyrabench.paraphrase import evaluate as ev
from pyrabench.paraphrase import metrics, store
from pyrabench.text import words

pytestmark = pytest.mark.data


@pytest.fixture(scope="module")
def bench_dir(real_data, tmp_path_factory):
    """The chapters' command: the paper preset on DUC 2006 + 2007 + the 2007 update task."""
    out = tmp_path_factory.mktemp("real_bench")
    argv = ["build", "--data", str(real_data), "--corpus", "duc2006", "--corpus", "duc2007", "--corpus",
            "duc2007-update", "--out", str(out), "--no-progress"]  # fmt: skip
    with contextlib.redirect_stdout(io.StringIO()):
        assert cli.main(argv) == 0
    return out


@pytest.fixture(scope="module")
def cli_rows(bench_dir):
    specs = ["random", "onehot"] + (["glove-6b-50d"] if available("glove-6b-50d") else [])
    argv = ["evaluate", str(bench_dir), "--json", "--resamples", "500"]
    for s in specs:
        argv += ["--embedding", s]
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert cli.main(argv) == 0
    return {r["embedding"]: r for r in json.loads(buf.getvalue())["rows"]}


def test_cli_rows_cover_the_benchmark(bench_dir, cli_rows):
    b = store.load_benchmark(bench_dir)
    texts = set(b.binary["text_a"]) | set(b.binary["text_b"])
    for c in ("question", *ev.CANDIDATE_COLUMNS):
        texts |= set(b.ranking[c])
    for r in cli_rows.values():
        assert r["n_questions"] == len(b.ranking)
        assert r["n_pairs_fit"] + r["n_pairs_test"] == len(b.binary)
        assert r["n_pairs_fit"] == round(0.1 * (b.binary.label == 1).sum()) + round(0.1 * (b.binary.label == 0).sum())
        assert r["n_texts"] == len(texts)
        for m in ("binary_f1", "ranking_success", "ranking_mrr"):
            assert r[f"{m}_low"] <= r[m] <= r[f"{m}_high"]


def test_random_is_at_chance(cli_rows):
    r = cli_rows["random"]
    assert r["ranking_success"] == pytest.approx(0.25, abs=0.02)
    assert r["ranking_mrr"] == pytest.approx(25 / 48, abs=0.015)
    assert r["ranking_success_low"] < 0.25 + 0.005 and r["ranking_success_high"] > 0.25 - 0.005
    # no signal: the best rule is (nearly) "everything is a paraphrase"
    assert r["binary_f1"] <= r["binary_f1_all_positive"] + 0.01


def test_the_paper_regime(bench_dir, cli_rows):
    """The binary and ranking tests in the paper's regime."""
    b = store.load_benchmark(bench_dir)
    assert b.stats["preset"] == "paper"
    o = b.stats["overall"]
    assert 18 <= o["negative_pairs"] / o["positive_pairs"] <= 32
    onehot, random = cli_rows["onehot"], cli_rows["random"]
    assert 0.58 <= onehot["ranking_success"] <= 0.72 and 0.72 <= onehot["ranking_mrr"] <= 0.84
    assert 0.18 <= onehot["binary_f1"] <= 0.36
    assert 0.22 <= random["ranking_success"] <= 0.28 and random["binary_f1"] <= 0.09
    # the paper's Random F: a guess at the base rate, i.e. the share of positives
    share = random["n_positive_test"] / random["n_pairs_test"]
    assert random["binary_f1_base_rate_guess"] == pytest.approx(share) and share <= 0.09
    assert random["binary_f1_base_rate_guess_low"] < share < random["binary_f1_base_rate_guess_high"]


def test_embeddings_beat_random_on_ranking(cli_rows):
    for name, r in cli_rows.items():
        if name != "random":
            assert r["ranking_success_low"] > cli_rows["random"]["ranking_success_high"]


def _bag(text):
    return Counter(words(text))


def _cos(a: Counter, b: Counter) -> float:
    den = math.sqrt(sum(v * v for v in a.values())) * math.sqrt(sum(v * v for v in b.values()))
    return sum(a[w] * b[w] for w in a.keys() & b.keys()) / den if den else 0.0


def test_onehot_matches_an_independent_bag_of_words(bench_dir, cli_rows):
    from pyrabench.embeddings import load_embedding, vocabulary

    b = store.load_benchmark(bench_dir)
    scores = ev.score(b, load_embedding("onehot", vocabulary=vocabulary(ev.text_index(b).texts)))
    bags = {t: _bag(t) for t in ev.text_index(b).texts}
    rng = np.random.default_rng(0)
    sample = rng.choice(len(b.binary), size=min(3000, len(b.binary)), replace=False)
    expected = [_cos(bags[b.binary.text_a.iat[i]], bags[b.binary.text_b.iat[i]]) for i in sample]
    np.testing.assert_allclose(scores.binary[sample], expected, atol=1e-5)

    # ranking metrics by explicit rank counting over every question (ties split evenly)
    cols = ["question", *ev.CANDIDATE_COLUMNS]
    success = rr = 0.0
    for row in b.ranking[cols].itertuples(index=False):
        q = bags[row[0]]
        sims = [round(_cos(q, bags[c]), 5) for c in row[1:]]
        better = sum(s > sims[0] for s in sims[1:])
        tied = sum(s == sims[0] for s in sims[1:])
        success += (better == 0) / (tied + 1)
        rr += sum(1 / r for r in range(better + 1, better + tied + 2)) / (tied + 1)
    n = len(b.ranking)
    rounded = np.round(scores.ranking, 5)
    assert metrics.success_at_1(rounded) == pytest.approx(success / n, abs=1e-9)
    assert metrics.mean_reciprocal_rank(rounded) == pytest.approx(rr / n, abs=1e-9)
    # the CLI row (float32 scores, ties within 1e-6) agrees with the exact computation
    assert cli_rows["onehot"]["ranking_success"] == pytest.approx(success / n, abs=1e-9)
    assert cli_rows["onehot"]["ranking_mrr"] == pytest.approx(rr / n, abs=1e-9)
