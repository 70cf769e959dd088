"""The cross-corpus evaluation on the bundled sample: every direction, and each training set
fitted once however many rows use it."""

import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.scoring.scu_model import scu_sets
from pyrabench.scoring.studies import transfer

pytest.importorskip("sklearn")
pytest.importorskip("rouge_score")

DUC = ("duc2006", "duc2007", "duc2007-update")


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    monkeypatch.setattr(transfer, "_FITTED", {})


def test_directions_single_then_pooled():
    assert transfer.directions(["a", "b", "c"]) == [
        (("b",), "a"), (("c",), "a"), (("a",), "b"), (("c",), "b"), (("a",), "c"), (("b",), "c"),
        (("b", "c"), "a"), (("a", "c"), "b"), (("a", "b"), "c")]
    assert transfer.directions(["a", "b"]) == [(("b",), "a"), (("a",), "b")]


def test_each_training_set_is_fitted_once(sample_root, monkeypatch):
    """Three corpora: 9 directions and 3 own-topic rows use 6 training sets (each corpus alone,
    each pair), so 6 fits, not 12; the rows are those of fits made afresh."""
    duc = {n: load_corpus(n, sample_root) for n in DUC}
    calls, real = [], scu_sets.fit

    def fit(corpora, *args, **kwargs):
        calls.append(tuple(c.name for c in corpora))
        return real(corpora, *args, **kwargs)

    monkeypatch.setattr(scu_sets, "fit", fit)
    within = transfer.within_table(duc, n_resamples=20, cache=False)
    moved = transfer.transfer_table(duc, n_resamples=20, cache=False)
    assert sorted(calls) == sorted([(n,) for n in DUC] + [("duc2007", "duc2007-update"), ("duc2006", "duc2007-update"),
                                                          ("duc2006", "duc2007")])
    assert list(moved["fitted_on"]) == [" + ".join(t) for t, _ in transfer.directions(list(DUC))]
    monkeypatch.setattr(transfer, "_FITTED", {})
    again = transfer.transfer_table(duc, n_resamples=20, cache=False)
    assert again.equals(moved) and len(calls) == 12  # afresh: the same table
    assert within.equals(transfer.within_table(duc, n_resamples=20, cache=False))
