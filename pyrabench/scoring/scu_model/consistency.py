"""Does the evidence sentence say what the SCU says? Coverage and mismatch features.

A registered feature group of :mod:`.calibrated` (``consistency``, :data:`COLUMNS`), computed
once per corpus. Each feature reads an SCU's *label* (what the unit says, the one text a lite
pyramid's unit has) against the summary's sentences:

* ``soft_cov_l``: the best *soft* coverage of the label's content words by one sentence. A
  label word counts by its best match among the sentence's content words: 1 for the same Porter
  stem, else the cosine of their WMF word vectors (floored at 0; Guo & Diab 2012), so a synonym
  or a close word counts in part where exact recall counts nothing.
* ``num_miss_l``, ``name_miss_l``: in the sentence that best recalls the label (unigram recall),
  the share of the label's numbers (tokens with a digit) and names (capitalized words in the
  label's original text, stop words aside) that the sentence lacks; 0 when the label has none.
  An SCU "X won 3 titles" is not held by "X won 5 titles".
* ``neg_mismatch_l``: 1 when exactly one of the label and that sentence holds a negation (not,
  no, never, n't, without, …).
* ``unit_len``: ``log(1 + content words of the label)``: a long unit asks more of a sentence.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np
from scipy import sparse

from ...text import STOP_WORDS, words_many
from . import calibrated
from .calibrated import CorpusUnits, FeatureGroup, _bags, _max_groups, content_stems

COLUMNS = ("soft_cov_l", "num_miss_l", "name_miss_l", "neg_mismatch_l", "unit_len")
NEGATIONS = frozenset({"not", "no", "never", "n't", "nor", "none", "nobody", "nothing", "neither", "without",
                       "cannot", "nowhere"})
_NAME = re.compile(r"\b[A-Z][\w'-]*")


@lru_cache(maxsize=1)
def _wmf():
    from ...embeddings.wmf import load_wmf

    return load_wmf().model


def _stem_vectors(stems: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Unit-normalized WMF word vectors of Porter stems (looked up by their word), and which were known."""
    model = _wmf()
    per, ids = model.word_ids(stems)
    known = per == 1
    out = np.zeros((len(stems), model.p.shape[1]))
    if known.any():
        owner = np.repeat(np.arange(len(stems)), per)
        take = known[owner]
        out[owner[take]] = model.p[ids[take]]
    norm = np.linalg.norm(out, axis=1, keepdims=True)
    return np.divide(out, norm, out=np.zeros_like(out), where=norm > 0), known


def _soft_coverage(unit_stems: list[list[str]], label_stems: list[list[str]], soft: bool = True) -> np.ndarray:
    """``(units, labels)``: mean over a label's distinct stems of their best match in the unit."""
    vocab: dict = {}
    lab = _bags(label_stems, 1, vocab)
    n_label_vocab = len(vocab)
    u = _bags(unit_stems, 1, vocab)
    v = len(vocab)
    lab = sparse.csr_matrix((lab.data, lab.indices, lab.indptr), shape=(lab.shape[0], v))
    words = [g[0] for g, _ in sorted(vocab.items(), key=lambda kv: kv[1])]
    sim = np.eye(v)[:n_label_vocab]
    if soft and v:
        vec, known = _stem_vectors(words)
        sim = np.maximum(sim, np.clip(vec[:n_label_vocab] @ vec.T, 0.0, 1.0))
    # best match of every label word in every unit: max over the unit's words
    best = np.zeros((u.shape[0], n_label_vocab))
    u = u.tocsr()
    for k in range(u.shape[0]):
        cols = u.indices[u.indptr[k]:u.indptr[k + 1]]
        if len(cols):
            best[k] = sim[:, cols].max(axis=1)
    total = np.asarray(lab.sum(axis=1)).ravel()
    cov = np.asarray(lab[:, :n_label_vocab] @ best.T).T
    return np.divide(cov, total[None, :], out=np.zeros_like(cov), where=total[None, :] > 0)


def _missing_share(unit_sets: list[set], label_sets: list[set], best_unit: np.ndarray) -> np.ndarray:
    """``(peers, labels)`` share of each label's items absent from its best unit (0: no item)."""
    out = np.zeros(best_unit.shape)
    for j, items in enumerate(label_sets):
        if not items:
            continue
        for i, k in enumerate(best_unit[:, j]):
            held = unit_sets[k] if k >= 0 else set()
            out[i, j] = len(items - held) / len(items)
    return out


def topic_features(topic, units: list[list[str]], soft: bool = True) -> dict[str, np.ndarray]:
    """:data:`COLUMNS` ``(summaries, SCUs)`` of one topic's summaries cut into ``units``."""
    n_p, n_s = len(units), len(topic.scu_ids)
    flat = [u for us in units for u in us]
    counts = np.array([len(us) for us in units], dtype=np.int64)
    unit_peer = np.repeat(np.arange(n_p), counts)
    unit_words = words_many(flat)
    label_words = words_many(topic.label_texts)
    unit_stems = [content_stems(w) for w in unit_words]
    label_stems = [content_stems(w) for w in label_words]
    scu_idx = np.arange(n_s)
    out = {"unit_len": np.broadcast_to(np.log1p([len(set(s)) for s in label_stems])[None, :], (n_p, n_s))}
    cov = _soft_coverage(unit_stems, label_stems, soft) if flat else np.zeros((0, n_s))
    out["soft_cov_l"] = _max_groups(cov, unit_peer, n_p, scu_idx, n_s)
    # the sentence that best recalls the label (exact unigram recall), per summary and SCU
    recall = _soft_coverage(unit_stems, label_stems, soft=False) if flat else np.zeros((0, n_s))
    best = np.full((n_p, n_s), -1, dtype=np.int64)
    offsets = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    for i in np.nonzero(counts)[0]:
        best[i] = offsets[i] + recall[offsets[i]: offsets[i] + counts[i]].argmax(axis=0)
    numbers = [{w for w in ws if any(c.isdigit() for c in w)} for ws in unit_words]
    label_numbers = [{w for w in ws if any(c.isdigit() for c in w)} for ws in label_words]
    out["num_miss_l"] = _missing_share(numbers, label_numbers, best)
    label_names = [{m.lower() for m in _NAME.findall(t)} - STOP_WORDS for t in topic.label_texts]
    out["name_miss_l"] = _missing_share([set(ws) for ws in unit_words], label_names, best)
    neg_unit = np.array([bool(NEGATIONS & set(ws)) for ws in unit_words] + [False])
    neg_label = np.array([bool(NEGATIONS & set(ws)) for ws in label_words])
    out["neg_mismatch_l"] = (neg_unit[best] != neg_label[None, :]).astype(np.float64)
    return out


def _group(units: CorpusUnits, option: str | None = None) -> list[dict[str, np.ndarray]]:
    return [topic_features(topic, u) for _, topic, u in units.topics]


calibrated.register(FeatureGroup("consistency", COLUMNS, _group, "consistency-v1"))
