"""Consistency features of an SCU's label against a summary's sentences, by hand."""

from __future__ import annotations

import numpy as np

from pyrabench.data.lite_pyramids import lite_pyramid
from pyrabench.scoring.manual import DEFAULT_CONVENTION
from pyrabench.scoring.scu_model import calibrated, consistency


def features(labels, units):
    topic = calibrated._topic(lite_pyramid("t", labels), DEFAULT_CONVENTION)
    return consistency.topic_features(topic, units, soft=False)


def test_numbers_names_negations_and_length_by_hand():
    f = features(["Smith won 3 titles in Paris.", "The plan was not approved."],
                 [["Smith won 5 titles in Paris.", "The plan was approved by Jones."], []])
    # summary 0: SCU 0's best sentence is the first (4 of 5 content words), SCU 1's the second
    # an empty summary lacks every number and name a label has
    assert f["num_miss_l"].tolist() == [[1.0, 0.0], [1.0, 0.0]]
    assert f["name_miss_l"].tolist() == [[0.0, 0.0], [1.0, 0.0]]  # smith, paris held; "The" a stop word
    assert f["neg_mismatch_l"].tolist() == [[0.0, 1.0], [0.0, 1.0]]  # an empty summary holds no negation
    assert np.allclose(f["unit_len"], np.log1p([[5, 2], [5, 2]]))  # smith won 3 titl pari / plan approv
    assert np.allclose(f["soft_cov_l"], [[0.8, 1.0], [0.0, 0.0]])  # without WMF: exact stem coverage


def test_the_best_sentence_is_the_first_of_equal_recall():
    f = features(["Jones met Smith in Rome."], [["Jones met the mayor.", "Smith flew to Rome."]])
    # both sentences recall 2 of the label's 4 stems (jone met / smith rome): the first is the evidence,
    # and it lacks two of the label's three names
    assert np.allclose(f["name_miss_l"], [[2 / 3]])
    assert np.allclose(f["soft_cov_l"], [[0.5]])
