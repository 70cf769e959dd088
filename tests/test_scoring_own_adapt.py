"""``--adapt N`` as an API: the scores and the agreement are of the examples not used, and every
estimate is the adapted probabilities' (on the bundled sample)."""

from __future__ import annotations

import numpy as np
import pytest

from pyrabench.data.lite_pyramids import read_dataset
from pyrabench.errors import PyrabenchError
from pyrabench.scoring.own.adapt import adapt_scores
from pyrabench.scoring.own.summaries import score_summaries

pytest.importorskip("sklearn")


@pytest.fixture(scope="module")
def scored(sample_root):
    dataset = read_dataset(sample_root / "lite")
    pyramids = dataset.units.pyramids()
    scores = score_summaries(dataset.summaries, pyramid=pyramids, calibrate_on="duc2007", data=sample_root,
                             n_resamples=50)
    return dataset, pyramids, scores


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_examples_used_are_never_reported_on(scored, seed):
    dataset, pyramids, scores = scored
    adapted = adapt_scores(scores, dataset.labels, pyramids, 2, seed=seed, n_resamples=50)
    used, rest = set(adapted.used), set(adapted.rest)
    assert len(used) == 2 and not used & rest and used | rest == set(dataset.units.ids)
    for frame in (adapted.scores.summaries, adapted.scores.systems.assign(topic=None), adapted.scores.scus):
        assert not set(frame["topic"].dropna()) & used
    assert set(adapted.scores.summaries["topic"]) == rest and adapted.agreement.examples == 2
    assert {it.key["topic"] for it in adapted.scores.items} == rest
    assert adapted.to_json()["reported_on"] == sorted(rest)


def test_estimates_are_the_adapted_probabilities(scored):
    dataset, pyramids, scores = scored
    adapted = adapt_scores(scores, dataset.labels, pyramids, 2, seed=2, n_resamples=50)
    assert adapted.adaptation.recalibration.method == "platt"  # this draw moves the probabilities
    scus = adapted.scores.scus
    expected = scus.groupby(["topic", "system"])["p"].sum() / scus.groupby(["topic", "system"]).size()
    got = adapted.scores.summaries.set_index(["topic", "system"])["estimate"]
    assert np.allclose(got.loc[expected.index], expected)
    raw = scores.scus[scores.scus["topic"].isin(adapted.rest)].reset_index(drop=True)
    assert np.allclose(adapted.adaptation(raw["p"].to_numpy()), scus["p"].to_numpy())
    assert not np.allclose(raw["p"].to_numpy(), scus["p"].to_numpy())


def test_too_many_examples_is_a_clear_error(scored):
    dataset, pyramids, scores = scored
    with pytest.raises(PyrabenchError, match="at most 2"):
        adapt_scores(scores, dataset.labels, pyramids, 3)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_labels_of_a_summary_not_scored_are_refused_drawn_or_not(scored, seed):
    dataset, pyramids, scores = scored
    dropped = scores.summaries[~((scores.summaries["topic"] == "volcano3") & (scores.summaries["system"] == "gamma"))]
    from dataclasses import replace

    with pytest.raises(PyrabenchError, match="labels for a summary not scored: example 'volcano3', system 'gamma'"):
        adapt_scores(replace(scores, summaries=dropped), dataset.labels, pyramids, 2, seed=seed, n_resamples=50)


def test_the_draw_is_stratified_by_the_models_mean_probability(scored):
    """Four examples, two to draw: two strata of two examples ranked by their mean probability;
    one example of each is drawn, whatever the seed."""
    dataset, pyramids, scores = scored
    mean = scores.scus.groupby("topic")["p"].mean().sort_values(kind="mergesort")
    low, high = set(mean.index[:2]), set(mean.index[2:])
    for seed in range(4):
        used = set(adapt_scores(scores, dataset.labels, pyramids, 2, seed=seed, n_resamples=50).used)
        assert len(used & low) == 1 and len(used & high) == 1


def test_the_draw_follows_the_seed(scored):
    """The same seed draws the same examples; other seeds draw others (--adapt ignoring --seed
    would draw one set whatever the seed)."""
    dataset, pyramids, scores = scored
    draws = {seed: adapt_scores(scores, dataset.labels, pyramids, 2, seed=seed, n_resamples=50).used
             for seed in (0, 1, 2, 3)}
    assert adapt_scores(scores, dataset.labels, pyramids, 2, seed=2, n_resamples=50).used == draws[2]
    assert len(set(draws.values())) > 1
