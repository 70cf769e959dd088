"""Built pyramids on the real data: order independence with WMF on a real topic, agreement with
NIST's pyramids for every corpus, and the peers' scores on the built pyramids beside NIST's."""

from __future__ import annotations

import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.scoring.pyramids import evaluation
from pyrabench.scoring.pyramids.builder import EDUA, build

pytestmark = pytest.mark.data


def test_a_real_topic_is_built_the_same_whatever_the_order_of_its_models(real_data):
    topic = load_corpus("duc2007", real_data).pyramids[0]
    first = build(topic.summarizer_ids, topic.summaries, topic.topic, EDUA).pyramid
    again = build(tuple(reversed([f"x{i}" for i in topic.summarizer_ids])), tuple(reversed(topic.summaries)),
                  topic.topic, EDUA).pyramid
    assert [(s.weight, s.label, [c.text for c in s.contributors]) for s in again.scus] == \
           [(s.weight, s.label, [c.text for c in s.contributors]) for s in first.scus]


@pytest.mark.parametrize("name", ["duc2006", "duc2007", "duc2007-update", "tac2008"])
def test_agreement_with_nist(real_data, name):
    corpus = load_corpus(name, real_data)
    row = evaluation.agreement_table({name: corpus}).iloc[0]
    assert row["topics"] == len(corpus.pyramids)
    assert 0.3 < row["human_found_weight"] <= 1.0 and 0.5 < row["auto_matched"] <= 1.0
    assert row["weight_spearman"] > 0.2


@pytest.mark.parametrize("name", ["duc2006", "duc2007", "duc2007-update"])
def test_peers_scored_on_built_pyramids_stay_close_to_nist(real_data, name):
    """Per system, the scorer on the built pyramids reaches 0.90 and stays within 0.05 of the same
    scorer on NIST's pyramids (a regression floor on the real data)."""
    corpus = load_corpus(name, real_data)
    beside = evaluation.built_beside_nist(evaluation.correlation_table({name: corpus}, n_resamples=50)).iloc[0]
    assert beside["built"] >= 0.90 and beside["gap"] >= -0.05, beside.to_dict()
