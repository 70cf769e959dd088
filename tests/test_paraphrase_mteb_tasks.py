"""The two tests as MTEB tasks, run by MTEB itself, against our own numbers (extra ``mteb``).

MiniLM runs through :class:`EmbeddingEncoder` (our encode path, our cache); a tiny
sentence-transformers model made by the test runs through MTEB's own model loading. Where the
metric is the same — best-threshold F and average precision over all pairs, recall@1 and MRR
with one relevant candidate — MTEB's numbers must equal :func:`mteb_view`'s."""

from __future__ import annotations

import pytest

mteb = pytest.importorskip("mteb")

from pyrabench import embeddings  # noqa: E402
from pyrabench.dataroot import resolve  # noqa: E402
from pyrabench.paraphrase import build as benchmark_mod  # noqa: E402
from pyrabench.paraphrase import evaluate as ev  # noqa: E402
from pyrabench.paraphrase import store  # noqa: E402
from pyrabench.paraphrase.mteb_tasks import EmbeddingEncoder, PyramidPairClassification, PyramidReranking, tasks  # noqa: E402
from pyrabench.reports.paraphrase.mteb import mteb_table, mteb_view  # noqa: E402
from pyrabench.text import words_many  # noqa: E402


@pytest.fixture(scope="module")
def bench_dir(tmp_path_factory, sample_root):
    out = tmp_path_factory.mktemp("bench")
    store.save(benchmark_mod.build_from_root(resolve(sample_root)), out, "parquet")
    return out


@pytest.fixture
def offline(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")


def run_mteb(model, directory) -> dict[str, dict]:
    result = mteb.evaluate(model, tasks(directory), cache=None, show_progress_bar=False,
                           encode_kwargs={"batch_size": 64})  # fmt: skip
    return {r.task_name: r.scores["test"][0] for r in result.task_results}


def ours(directory, spec):
    bench = store.load_benchmark(directory)
    emb = embeddings.load_embedding(spec, vocabulary=ev.vocabulary(bench), progress=False)
    rows, scores = ev.evaluate_all(bench, [emb], names=[embeddings.label(spec)], n_resamples=50)
    return emb, rows[0], scores[0]


def test_tasks_hold_the_build(bench_dir):
    pair, rerank = tasks(bench_dir)
    assert isinstance(pair, PyramidPairClassification) and isinstance(rerank, PyramidReranking)
    bench = store.load_benchmark(bench_dir)
    pair.load_data()
    rows = pair.dataset["default"]["test"]
    assert rows.num_rows == len(bench.binary) and rows["labels"] == bench.binary["label"].tolist()
    rerank.load_data()
    split = rerank.dataset["default"]["test"]
    assert split["queries"].num_rows == len(bench.ranking) and split["corpus"].num_rows == 4 * len(bench.ranking)
    assert all(list(docs) == [f"{q}/answer"] for q, docs in split["relevant_docs"].items())
    assert type(pair).metadata.dataset["path"] == str(bench_dir)  # MTEB keeps metadata on the class


@pytest.mark.skipif(not embeddings.available("minilm"), reason="extra 'minilm' not installed")
def test_minilm_mteb_numbers_equal_ours(bench_dir, offline):
    emb, row, scores = ours(bench_dir, "minilm")
    assert emb.encoded > 0  # MiniLM itself ran (a fresh cache)
    got = run_mteb(EmbeddingEncoder(emb), bench_dir)
    view = mteb_view(scores, row)
    pair, rerank = got["PyramidParaphrasePairClassification"], got["PyramidParaphraseReranking"]
    assert view["tied_questions"] == 0  # continuous scores: no tie for MTEB to order arbitrarily
    assert pair["cosine_f1"] == pytest.approx(view["mteb_cosine_f1"], abs=1e-6)
    assert pair["cosine_ap"] == pytest.approx(view["mteb_cosine_ap"], abs=1e-6)
    assert rerank["recall_at_1"] == pytest.approx(view["ranking_success"], abs=1e-5)
    assert rerank["mrr_at_10"] == pytest.approx(view["ranking_mrr"], abs=1e-5)
    # where the protocols differ: ours fits the threshold on 10 % and measures on the other 90 %
    assert row["n_pairs_test"] < len(scores.binary)
    table = mteb_table([row], [scores])
    assert table.loc["minilm", "success (%) = recall_at_1"] == pytest.approx(100 * row["ranking_success"])


def test_a_model_mteb_loads_itself(bench_dir, offline, make_st_model):
    """MTEB's own path for a SentenceTransformer (any model it can load), on a tiny one."""
    from sentence_transformers import SentenceTransformer

    texts = ev.text_index(store.load_benchmark(bench_dir)).texts
    path = make_st_model(w for ws in words_many(texts) for w in ws)
    got = run_mteb(SentenceTransformer(str(path), device="cpu"), bench_dir)
    _, row, scores = ours(bench_dir, f"st:{path}")
    view = mteb_view(scores, row)
    pair, rerank = got["PyramidParaphrasePairClassification"], got["PyramidParaphraseReranking"]
    assert 0 < pair["max_ap"] <= 1 and 0 < rerank["mrr_at_10"] <= 1
    assert pair["cosine_ap"] == pytest.approx(view["mteb_cosine_ap"], abs=1e-3)
    assert rerank["mrr_at_10"] == pytest.approx(view["ranking_mrr"], abs=0.01 + view["tied_questions"] / len(scores.ranking))
