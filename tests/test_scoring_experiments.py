"""The scoring chapters' experiments on the bundled sample: each computed once and then read from
the cache (a second call computes nothing), keyed by its inputs and parameters, the same with
and without the cache; and our manual scores against NIST's score tables."""

import pandas as pd
import pytest

from pyrabench import cache
from pyrabench.data.corpora import load_corpus
from pyrabench.reports.manual_scores import example_peer
from pyrabench.scoring import experiments
from pyrabench.scoring.manual import score_peer

pytest.importorskip("rouge_score")
pytest.importorskip("sklearn")

DUC = ("duc2006", "duc2007", "duc2007-update")


@pytest.fixture(scope="module")
def duc(sample_root):
    return {n: load_corpus(n, sample_root) for n in DUC}


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    monkeypatch.delenv(cache.ENV_NO_CACHE, raising=False)


def _counting(monkeypatch, name: str, module=experiments) -> list:
    """Replace ``module.name`` by a wrapper that records each call, and return the record."""
    calls, real = [], getattr(module, name)

    def wrapper(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


def test_correlations_are_computed_once_then_read(duc, monkeypatch, tmp_path):
    calls = _counting(monkeypatch, "correlate_corpus")
    first = experiments.correlation_results(duc, n_resamples=20)
    assert len(calls) == len(duc)  # one computation per corpus
    assert len(list((tmp_path / "scoring" / "correlations").glob("*.pkl"))) == len(duc)
    again = experiments.correlation_results(duc, n_resamples=20)
    assert len(calls) == len(duc) and again == first  # chapters 5 and 6 both ask: read, not computed
    experiments.correlation_results(duc, n_resamples=21)  # another parameter: another entry
    assert len(calls) == 2 * len(duc)


def test_correlations_cached_are_the_ones_computed(duc, monkeypatch):
    cached = experiments.correlation_results(duc, n_resamples=20)
    assert experiments.correlation_results(duc, n_resamples=20, cache=False) == cached
    calls = _counting(monkeypatch, "correlate_corpus")
    monkeypatch.setenv(cache.ENV_NO_CACHE, "1")
    assert experiments.correlation_results(duc, n_resamples=20) == cached and len(calls) == len(duc)
    r = cached["duc2006"]["levels"]["system"]["rouge_2"]
    assert r["n"] > 2 and -1 <= r["pearson"] <= 1 and r["ci"]["pearson"][0] <= r["ci"]["pearson"][1]


def test_a_changed_score_is_a_new_entry(duc, monkeypatch):
    """The key is the metric frame itself: one changed score is computed again."""
    experiments.correlation_results({"duc2006": duc["duc2006"]}, metrics=("rouge_2",), n_resamples=20)
    calls = _counting(monkeypatch, "correlate_corpus")
    real = experiments.metric_frame

    def changed(corpus, names, cache=True):
        frame, errors = real(corpus, names, cache)
        return frame.assign(rouge_2=frame["rouge_2"].where(frame.index > 0, 0.99)), errors

    monkeypatch.setattr(experiments, "metric_frame", changed)
    experiments.correlation_results({"duc2006": duc["duc2006"]}, metrics=("rouge_2",), n_resamples=20)
    assert len(calls) == 1


def test_frame_key_follows_every_cell_and_column():
    a = pd.DataFrame({"topic": ["t1", "t2"], "x": [0.5, 0.25]})
    assert experiments.frame_key(a) == experiments.frame_key(a.copy())
    assert experiments.frame_key(a) != experiments.frame_key(a.assign(x=[0.5, 0.250001]))
    assert experiments.frame_key(a) != experiments.frame_key(a.rename(columns={"x": "y"}))
    assert experiments.frame_key(a) != experiments.frame_key(a.iloc[::-1])


def test_judgments_are_computed_once_then_read(duc, monkeypatch):
    calls = _counting(monkeypatch, "_judgment_result")
    kwargs = dict(metrics=("modified", "rouge_2"), n_resamples=20, pairs={"responsiveness": (("modified", "rouge_2"),)},
                  joint_pairs={})
    first = experiments.judgment_results(duc, **kwargs)
    assert len(calls) == len(duc)
    assert experiments.judgment_results(duc, **kwargs) == first and len(calls) == len(duc)
    assert list(first["duc2006"]) == ["modified", "responsiveness", "lq:Q1", "lq:Q2", "lq:Q3", "lq:Q4", "lq:Q5"]
    tests = first["duc2006"]["responsiveness"]["comparisons"]
    assert [(t["a"], t["b"], t["level"]) for t in tests] == [("modified", "rouge_2", "summary"),
                                                             ("modified", "rouge_2", "system")]
    experiments.judgment_results(duc, **{**kwargs, "joint_pairs": {"responsiveness": (("modified", "rouge_2"),)}})
    assert len(calls) == 2 * len(duc)


def test_diagnosis_is_computed_once_then_read(duc, monkeypatch):
    two = {n: duc[n] for n in ("duc2006", "duc2007")}
    sharpen = _counting(monkeypatch, "sharpening", experiments.diagnosis)
    errors = _counting(monkeypatch, "system_error_causes", experiments.diagnosis)
    first = experiments.sharpening(two, gammas=(1.0, 2.0))
    again = experiments.sharpening(two, gammas=(1.0, 2.0))
    assert len(sharpen) == 1 and again.equals(first) and again.attrs == {"chosen_on": "duc2006"}
    causes = experiments.system_error_causes(two)
    assert experiments.system_error_causes(two).equals(causes) and len(errors) == 1
    assert list(causes.index) == ["duc2006", "duc2007"]


def test_system_points_are_system_means(duc):
    systems = experiments.system_frame({"duc2006": duc["duc2006"]})
    frame, _ = experiments.metric_frame(duc["duc2006"], ["modified", "auto", "rouge_2"])
    per_summary = frame.groupby(["topic", "peer"])[["modified", "rouge_2"]].mean()
    by_system = per_summary.groupby("peer").mean()
    got = systems.set_index("peer")
    assert got.loc[by_system.index, "rouge_2"].to_numpy() == pytest.approx(by_system["rouge_2"].to_numpy())
    assert got.loc[by_system.index, "modified"].to_numpy() == pytest.approx(by_system["modified"].to_numpy())


def test_agreement_table_finds_the_planted_differences(duc):
    table, off = experiments.nist_agreement(duc)
    assert table.xs("nist", level="convention")["agree"].tolist() == [11, 8, 11]
    nist = off[off["convention"] == "nist"]
    assert nist[["corpus", "topic", "peer"]].values.tolist() == [["duc2006", "D0603", "22"], ["duc2007-update", "D0706-A", "36"]]
    peer = example_peer(duc, "D0601", "1")
    assert experiments.nist_figure(duc, peer) == pytest.approx(round(score_peer(peer).modified, 4))
