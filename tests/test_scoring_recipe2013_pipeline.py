"""End to end on the bundled sample: every similarity runs, and the CLI's JSON has its contract."""

import json

import numpy as np
import pandas as pd
import pytest

from pyrabench.cli import main
from pyrabench.data.corpora import load_corpus
from pyrabench.scoring.recipe2013 import pipeline


@pytest.fixture(scope="module")
def corpus(sample_root):
    return load_corpus("passonneau2013", sample_root)


@pytest.mark.parametrize("similarity", ["uni", "lsa", "emb:random"])
def test_every_similarity_runs_end_to_end(corpus, similarity):
    run = pipeline.run_corpus(corpus, similarity, "max")
    assert len(run.thresholds) == 5
    assert len(run.auto) == len(corpus.peers) * run.auto["threshold"].nunique()
    assert run.stats["n"].eq(len(corpus.peers)).all()
    # every retrieved SCU is a pyramid SCU, and the weight sum is the sum of their weights
    w = corpus.pyramids[0].weights
    for r in run.auto.itertuples():
        assert set(r.retrieved) <= set(w)
        assert r.weight == sum(w[i] for i in r.retrieved)
    # a higher threshold never admits more weight
    for _, g in run.auto.groupby("peer"):
        assert np.all(np.diff(g.sort_values("threshold")["weight"].to_numpy()) <= 0)


def test_human_pairs_one_per_peer_contributor(corpus):
    items = pipeline.items_from_peers(corpus.peers)
    sim = pipeline.build_similarity("uni", items)
    pairs = pipeline.human_pair_similarities(corpus.peers, sim, ("max", "min"))
    n = sum(len(s.contributors) for p in corpus.peers for s in p.scus)
    assert len(pairs) == 2 * n
    mx = pairs[pairs["combine"] == "max"]["similarity"].to_numpy()
    mn = pairs[pairs["combine"] == "min"]["similarity"].to_numpy()
    assert np.all(mx >= mn)


def test_lsa_run_is_deterministic(corpus):
    a = pipeline.run_corpus(corpus, "lsa", "mean", thresholds=[0.3])
    b = pipeline.run_corpus(corpus, "lsa", "mean", thresholds=[0.3])
    assert a.auto.equals(b.auto)


def test_cli_manual_json_contract(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    peer = out["peers"][0]
    assert list(peer)[:7] == ["topic", "peer", "annotator", "scus", "original", "modified", "coverage"]
    assert len(out["peers"]) == len(load_corpus("duc2006", sample_root).peers)


def test_cli_auto_table(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "passonneau2013", "--auto", "uni",
                 "--threshold", "0.4"]) == 0
    out = capsys.readouterr().out
    assert "pearson" in out and "900000101" in out


def test_cli_unknown_similarity_is_one_line_error(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "passonneau2013", "--auto", "wmf-plus"]) == 2
    assert "unknown similarity" in capsys.readouterr().err


def test_beside_manual_joins_one_threshold(corpus):
    run = pipeline.run_corpus(corpus, "uni", "max", thresholds=[0.2, 0.4, 0.6])
    t, m = run.beside_manual()
    assert t == 0.4 and m["threshold"].eq(0.4).all()
    assert len(m) == len(corpus.peers) and {"weight", "weight_manual", "modified_manual"} <= set(m.columns)
    t, m = run.beside_manual(0.6)
    assert t == 0.6 and len(m) == len(corpus.peers)


def test_compare_variants_cache_returns_the_computed_tables(corpus, tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    fresh = pipeline.compare_variants(corpus, ["uni"], ("max",))
    first = pipeline.compare_variants(corpus, ["uni"], ("max",), cache=True)
    again = pipeline.compare_variants(corpus, ["uni"], ("max",), cache=True)
    assert len(list((tmp_path / "scoring").glob("compare-*/*.pkl"))) == 4
    for a, b, c in zip(fresh, first, again):
        assert list(a.columns) == list(c.columns) and len(a) == len(b) == len(c)
    np.testing.assert_allclose(fresh[0]["pearson"], again[0]["pearson"])
    assert [tuple(x) for x in again[1]["retrieved"]] == list(fresh[1]["retrieved"])


def test_grid_is_one_auto_score_per_combine_at_any_thread_count(corpus, monkeypatch):
    """One similarity pass for every combine gives the rows of separate runs, in their order, and
    the matching threads change nothing but the time (a window of one summary included)."""
    items = pipeline.items_from_peers(corpus.peers)
    sim = pipeline.build_similarity("uni", items)
    grid = {"max": [0.2, 0.4], "mean": [0.1], "min": [0.05, 0.3]}
    separate = pd.concat([pipeline.auto_score(items, sim, how, ts) for how, ts in grid.items()], ignore_index=True)
    assert list(separate["combine"].unique()) == list(grid)
    assert pipeline.auto_score_grid(items, sim, grid).equals(separate)
    monkeypatch.setattr(pipeline, "MATCH_THREADS", 1)
    monkeypatch.setattr(pipeline, "MATCH_WINDOW", 1)
    assert pipeline.auto_score_grid(items, sim, grid).equals(separate)
