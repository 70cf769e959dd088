"""pyrabench.threads: one native thread, the same results; a library loaded after the first scan is
held too when the caller asks for a rescan."""

from __future__ import annotations

import numpy as np
import pytest

from pyrabench import threads


def test_one_thread_limits_every_loaded_pool_and_restores_them():
    from threadpoolctl import threadpool_info

    before = {(i["internal_api"], i["filepath"]): i["num_threads"] for i in threadpool_info()}
    with threads.one_thread(rescan=True):
        assert all(i["num_threads"] == 1 for i in threadpool_info())
    assert {(i["internal_api"], i["filepath"]): i["num_threads"] for i in threadpool_info()} == before


def test_boosted_trees_give_the_same_probabilities_on_one_thread():
    ensemble = pytest.importorskip("sklearn.ensemble")
    rng = np.random.default_rng(0)
    x = rng.random((4000, 6))
    y = x[:, 0] + 0.5 * rng.random(4000) > 0.8

    def fit():
        return ensemble.HistGradientBoostingClassifier(max_iter=30, random_state=0).fit(x, y).predict_proba(x)

    free = fit()
    with threads.one_thread(rescan=True):
        one = fit()
    np.testing.assert_array_equal(free, one)
