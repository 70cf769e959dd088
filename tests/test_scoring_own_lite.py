"""A lite dataset scored end to end and measured against its labels, on the bundled sample."""

from __future__ import annotations

import pytest

from pyrabench.data.lite_pyramids import read_dataset
from pyrabench.scoring.own.lite import score_lite


def test_score_lite_scores_the_dataset_and_measures_it_against_its_labels(sample_root):
    dataset = read_dataset(sample_root / "lite")
    scores, agree = score_lite(dataset, "duc2007", data=sample_root, n_resamples=50)
    assert len(scores.summaries) == 16 and agree.summaries == 16 and agree.units["pairs"] == 64
    assert agree.units["present"] == pytest.approx(dataset.labels.groupby(["topic", "system"])["y"].sum().mean())
    bare = dataset.__class__(dataset.folder, dataset.units, dataset.summaries, None)
    assert score_lite(bare, "duc2007", data=sample_root, n_resamples=50)[1] is None
