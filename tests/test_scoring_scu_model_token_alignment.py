"""The ``tokens`` feature group: MiniLM token recall of an SCU's contributors and label in a
summary and in its best sentence, checked pair by pair with a fake token encoder."""

from __future__ import annotations

import numpy as np
import pytest

from pyrabench.data.model import SCU, Contributor, Part, Pyramid
from pyrabench.scoring import token_recall
from pyrabench.scoring.scu_model import calibrated, scu_sets, token_alignment

WORDS = ("the storm hit the coast on friday hundreds of homes lost power officials said repairs "
         "would take a week rain flooded roads").split()


def _pyramid():
    models = ("The storm hit the coast on Friday. Hundreds of homes lost power.",
              "Rain flooded roads. Officials said repairs would take a week.")
    scus = (SCU(1, "storm hit the coast", (Contributor("The storm hit the coast", (Part("The storm hit the coast", 0, 23),), 0),
                                           Contributor("Rain flooded roads", (Part("Rain flooded roads", 0, 18),), 1))),
            SCU(2, "homes lost power", (Contributor("Hundreds of homes lost power", (Part("x", 0, 1),), 0),)),
            SCU(3, "repairs take a week", (Contributor("repairs would take a week", (Part("x", 0, 1),), 1),)))
    return Pyramid("test", "T1", models, ("A", "B"), scus, "test")


PEERS = [["The storm hit on Friday.", "Roads flooded."], ["Officials said homes lost power."], []]


def _recall(enc, idf, unit, sentences):
    """The unit's recall against the sentences' tokens together, pair by pair."""
    u = enc.encode([unit])
    s = enc.encode(sentences) if sentences else None
    w = idf(u.ids)
    if w.sum() == 0:
        w = np.ones(len(w))
    best = [max((float(x @ y) for y in (s.vectors if s is not None else [])), default=0.0) for x in u.vectors]
    return float(np.dot(w, best) / w.sum()) if len(best) else 0.0


def test_columns_are_best_contributor_and_label_recall(fake_token_encoder):
    enc = fake_token_encoder(WORDS, dim=5, seed=1)
    pyramid = _pyramid()
    topic = calibrated._topic(pyramid, "nist")
    units = calibrated.CorpusUnits(None, "nist", ((None, topic, PEERS),))
    (got,) = token_alignment.compute(units, None, enc)
    assert set(got) == set(token_alignment.COLUMNS)
    assert all(v.shape == (3, 3) for v in got.values())
    assert len(enc.calls) == len(set(enc.calls))  # each distinct text encoded once
    idf = token_recall.IDF.of(enc.token_ids(list(pyramid.summaries)))
    for p, sentences in enumerate(PEERS):
        for k, scu in enumerate(pyramid.scus):
            contributors = [c.text for c in scu.contributors]
            assert got["tok_sum_c"][p, k] == pytest.approx(max(_recall(enc, idf, c, sentences) for c in contributors), abs=1e-5)
            assert got["tok_sum_l"][p, k] == pytest.approx(_recall(enc, idf, scu.label, sentences), abs=1e-5)
            best_c = max((_recall(enc, idf, c, [s]) for c in contributors for s in sentences), default=0.0)
            assert got["tok_sent_c"][p, k] == pytest.approx(max(best_c, 0.0), abs=1e-5)
            best_l = max((_recall(enc, idf, scu.label, [s]) for s in sentences), default=0.0)
            assert got["tok_sent_l"][p, k] == pytest.approx(max(best_l, 0.0), abs=1e-5)
    # the whole summary holds the storm's label words across two sentences: more than its best sentence
    assert got["tok_sum_l"][0, 0] >= got["tok_sent_l"][0, 0]
    assert (got["tok_sum_c"][2] == 0).all()  # an empty summary


def test_the_group_is_registered_and_a_lever_asks_for_it():
    from pyrabench.scoring.studies import levers

    group = calibrated.FEATURE_GROUPS["tokens"]
    assert group.columns == token_alignment.COLUMNS and not group.takes_option
    assert calibrated.group_names(token_alignment.COLUMNS) == ["tokens"]
    assert any(set(token_alignment.COLUMNS) <= set(lever.features) for lever in levers.LEVERS)
    assert not set(token_alignment.COLUMNS) & set(scu_sets.FEATURES)  # not a default feature
