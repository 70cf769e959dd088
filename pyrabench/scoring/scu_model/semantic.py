"""Semantic evidence for the SCU model: how close a summary's best sentence comes to an SCU.

Two registered feature groups of :mod:`.calibrated` (computed once per corpus, cached with the
corpus's other features), each the best cosine between a summary sentence and an SCU's
contributors (``_c``, the best contributor) and its label (``_l``):

* ``minilm`` (:data:`MINILM`): the all-MiniLM-L6-v2 sentence encoder (:mod:`pyrabench.embeddings`).
  Every distinct sentence, contributor and label of the corpus is encoded once, in one call, so
  the encoder's store (a vector per text, kept across processes) pays for each text once; a
  sentence is never cut into spans.
* ``wmf`` (:data:`WMF`): the WMF fold-in vectors of the same texts (Guo & Diab 2012; the
  package's WMF, trained on the data root's dictionary definitions).

Both reuse :class:`.calibrated.UnitSimilarity`: one similarity matrix per topic, then the best
sentence per summary and SCU (:func:`.calibrated._max_groups`).
"""

from __future__ import annotations

import numpy as np

from . import calibrated
from .calibrated import CorpusUnits, FeatureGroup, UnitSimilarity

MINILM = ("minilm_sent_c", "minilm_sent_l")
WMF = ("wmf_sent_c", "wmf_sent_l")
SIMILARITY_OF = {"minilm": "minilm", "wmf": "wmf"}  # group -> similarity name of UnitSimilarity


def topic_features(similarity: UnitSimilarity, columns: tuple[str, str], topic, units) -> dict[str, np.ndarray]:
    """``{columns[0]: best contributor cosine, columns[1]: best label cosine}`` ``(summaries, SCUs)``."""
    f = similarity.features(topic, units)
    return {columns[0]: f["sim_sent_c"], columns[1]: f["sim_sent_l"]}


def _group(name: str, columns: tuple[str, str]):
    def compute(units: CorpusUnits, option: str | None = None) -> list[dict[str, np.ndarray]]:
        sim = UnitSimilarity(SIMILARITY_OF[name])
        sim.prefetch(units.texts())  # every text of the corpus in one encoder call
        return [topic_features(sim, columns, topic, u) for _, topic, u in units.topics]
    return compute


COLUMNS = {"minilm": MINILM, "wmf": WMF}
for _name, _columns in COLUMNS.items():
    calibrated.register(FeatureGroup(_name, _columns, _group(_name, _columns), f"{_name}-sent-v1"))
