"""Token alignment as evidence for the SCU model: BERTScore's recall of an SCU in a summary.

A registered feature group of :mod:`.calibrated`, ``tokens`` (:data:`COLUMNS`): MiniLM token
recall (:mod:`pyrabench.scoring.token_recall`: each unit token's best cosine with the summary's
tokens, IDF-weighted over the unit's tokens, IDF counted over the model summaries of what is
scored) of

* ``tok_sum_c`` / ``tok_sent_c``: the best contributor against the whole summary / its best sentence;
* ``tok_sum_l`` / ``tok_sent_l``: the label, likewise.

On a lite pyramid a unit is its own contributor and label, so the ``_c`` and ``_l`` columns agree.
Every distinct sentence, contributor and label of what is scored is encoded once, in one call,
through the token store; then one matrix product per topic.
"""

from __future__ import annotations

import numpy as np

from .. import token_recall
from . import calibrated
from .calibrated import CorpusUnits, FeatureGroup, _max_groups

COLUMNS = ("tok_sum_c", "tok_sent_c", "tok_sum_l", "tok_sent_l")
VERSION = "tokens-v1"


def topic_features(rows, index: dict, idf, topic, units: list[list[str]]) -> dict[str, np.ndarray]:
    """The :data:`COLUMNS` ``(summaries, SCUs)`` of one topic's summaries cut into ``units``,
    from the token ``rows`` of every text (``index``: text → row)."""
    n_p, n_s = len(units), len(topic.scu_ids)
    flat = [u for us in units for u in us]
    sentence_peer = np.repeat(np.arange(n_p), [len(us) for us in units])
    targets = rows.take([index[t] for t in (*topic.contrib_texts, *topic.label_texts)])
    by_sent, by_summary = token_recall.recall(targets, idf, rows.take([index[u] for u in flat]),
                                              [len(us) for us in units])
    n_c, scus, peers = len(topic.contrib_texts), np.arange(n_s), np.arange(n_p)
    return {"tok_sum_c": _max_groups(by_summary[:n_c].T, peers, n_p, topic.contrib_scu, n_s),
            "tok_sent_c": _max_groups(by_sent[:n_c].T, sentence_peer, n_p, topic.contrib_scu, n_s),
            "tok_sum_l": _max_groups(by_summary[n_c:].T, peers, n_p, scus, n_s),
            "tok_sent_l": _max_groups(by_sent[n_c:].T, sentence_peer, n_p, scus, n_s)}


def compute(units: CorpusUnits, option: str | None = None, encoder=None) -> list[dict[str, np.ndarray]]:
    """The group's columns for every topic of ``units`` (``encoder``: a token encoder, MiniLM's
    by default)."""
    if encoder is None:
        from ...embeddings.token_vectors import token_encoder

        encoder = token_encoder("minilm")
    texts = list(dict.fromkeys(units.texts()))
    index = {t: k for k, t in enumerate(texts)}
    rows = encoder.encode(texts)
    idf = token_recall.reference_idf(encoder, [topic.pyramid for _, topic, _ in units.topics])
    return [topic_features(rows, index, idf, topic, u) for _, topic, u in units.topics]


calibrated.register(FeatureGroup("tokens", COLUMNS, compute, VERSION))
