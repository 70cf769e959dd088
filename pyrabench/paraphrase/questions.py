"""The ranking test: a question, its answer (another appearance of the same SCU) and the most
lexically similar segments from other SCUs of the same pyramid as distractors.

Definitions (Baumel et al. 2016 leave them open; :class:`pyrabench.paraphrase.policy.Policy` holds them):

* **Questions and answers** (``question_items``, ``answer_choice``): in the ``paper`` preset the
  question is an eligible SCU *label* and the answer an eligible contributor of that SCU, one
  question per (label, contributor) pair, as in the paper's Figure 3; in the ``literal`` preset any
  eligible item asks, with one seeded answer. Question and answer are lexically varied.
* **Candidate pool** (``distractor_items``): the eligible items of the same pyramid that belong to
  another SCU than the question — contributors only in the ``paper`` preset — and are lexically
  varied with both the question and the answer (no distractor is a verbatim copy of either).
* **Lexical similarity** to the question: the number of shared word types ("shared-words",
  default; the quantity the negative-pair rule thresholds) or their Jaccard ratio ("jaccard").
* **Ties** (``tie_break``): a seeded uniform draw per (question, candidate) ("random", ``paper``),
  or the other measure then pyramid order ("jaccard", ``literal``).
* **Distinct SCUs** (``distinct_distractor_scus``): off in the ``paper`` preset (Figure 3's two
  "Dees and the SPLC" distractors are contributors of one SCU); when on, at most one distractor per
  SCU, the most similar of its items.
* **Varied distractors** (``varied_distractors``, ``paper``): no two distractors of a question have
  the same content words. Spans make this necessary: two contributors of different SCUs annotated
  in one sentence can have the same span, and without the rule one question in twenty offered
  the same text twice.

A question is generated for every eligible asking item with at least one valid answer and enough
distractors; the others are counted (``no-answer``, ``too-few-distractors``). All of a pyramid's
questions are ranked at once: the candidate order is one ``lexsort`` of the question x item
similarity matrix, and "first of its SCU / content words in the row" one ``np.unique`` over
(row, key) codes.
"""

from __future__ import annotations

import zlib
from collections import Counter

import numpy as np
import pandas as pd

from .items import ItemTable, PairMatrices, iter_matrices
from .policy import Policy


def _askers(m: PairMatrices, policy: Policy) -> np.ndarray:
    """Items that may ask a question: eligible, and labels if the policy says so."""
    return m.eligible & m.is_label if policy.question_items == "labels" else m.eligible


def _answers(m: PairMatrices, policy: Policy, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(question, answer) local index pairs following ``policy.answer_choice``."""
    n = len(m.scu)
    valid = (m.scu[:, None] == m.scu[None, :]) & _askers(m, policy)[:, None] & m.eligible[None, :]
    if policy.question_items == "labels":
        valid &= ~m.is_label[None, :]
    np.fill_diagonal(valid, False)
    if policy.require_lexical_variety:
        valid &= ~m.same_content
    if policy.answer_choice == "all":
        q, a = np.nonzero(valid)
        return q, a
    has = valid.any(axis=1)
    if policy.answer_choice == "first":
        pick = np.argmax(valid, axis=1)
    else:  # random, seeded per pyramid: one uniform draw per (question, item), best valid wins
        draw = rng.random((n, n))
        pick = np.argmax(np.where(valid, draw, -1.0), axis=1)
    q = np.nonzero(has)[0]
    return q, pick[q]


def _first_in_row(keys: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """True where ``mask`` holds and ``keys`` has not occurred earlier in the row among the masked
    positions: one ``np.unique`` over (row, key) codes for all rows at once."""
    rows, n = keys.shape
    if keys.size == 0:
        return mask.copy()
    codes = np.where(mask, np.arange(rows)[:, None] * (int(keys.max()) + 1) + keys, -1).ravel()
    _, first = np.unique(codes, return_index=True)
    out = np.zeros(codes.size, dtype=bool)
    out[first] = True
    return out.reshape(rows, n) & mask


def _rank_distractors(m: PairMatrices, q: np.ndarray, a: np.ndarray, policy: Policy, rng: np.random.Generator):
    """Local indices (len(q) x k, -1 where missing) of the distractors of each question.

    The candidates of each question are ordered once (best first, pool members before the rest);
    then, left to right, a candidate is taken when it is in the pool, its SCU has not given a
    distractor yet (if ``distinct_distractor_scus``) and its content words are not those of an
    earlier candidate (if ``varied_distractors``), until ``distractors`` are taken.
    """
    n = len(m.scu)
    k = policy.distractors
    pool = m.eligible[None, :] & (m.scu[None, :] != m.scu[q][:, None])
    if policy.distractor_items == "contributors":
        pool &= ~m.is_label[None, :]
    if policy.require_lexical_variety:
        pool &= ~m.same_content[q] & ~m.same_content[a]
    shared = m.shared[q].astype(np.float64)
    if policy.similarity == "shared-words" and policy.tie_break == "random":
        primary, secondary = shared, None  # the Jaccard ratio is not needed
    else:
        union = m.n_types[q][:, None] + m.n_types[None, :] - shared
        jaccard = np.divide(shared, union, out=np.zeros_like(shared), where=union > 0)
        primary, secondary = (shared, jaccard) if policy.similarity == "shared-words" else (jaccard, shared)
    if policy.tie_break == "random":
        secondary = rng.random(primary.shape)
    primary = np.where(pool, primary, -np.inf)
    position = np.broadcast_to(np.arange(n), primary.shape)
    order = np.lexsort((position, -secondary, -primary), axis=-1)  # best first, ties by position
    take = np.take_along_axis(pool, order, axis=1)
    if policy.distinct_distractor_scus:
        take = _first_in_row(m.scu[order], take)
    if policy.varied_distractors:
        take = _first_in_row(m.content_key[order], take)
    take &= np.cumsum(take, axis=1) <= k
    counts = take.sum(axis=1)
    rows, cols = np.nonzero(take)  # row-major: each row's picks in rank order
    chosen = np.full((len(q), k), -1, dtype=np.int64)
    slot = np.arange(len(rows)) - np.repeat(np.cumsum(counts) - counts, counts)
    chosen[rows, slot] = order[rows, cols]
    return chosen, shared


RANKING_COLUMNS_HEAD = ["question_id", "corpus", "topic", "scu_id", "question", "answer"]


def pyramid_questions(items: ItemTable, sl, m: PairMatrices, policy: Policy, counter: Counter):
    """Questions of one pyramid as global indices (question, answer, distractors, their shared words)."""
    rng = np.random.default_rng([policy.seed, zlib.crc32(f"{sl.corpus}/{sl.topic}".encode())])
    q, a = _answers(m, policy, rng)
    counter["no-answer"] += int(_askers(m, policy).sum() - len(np.unique(q)))
    if len(q) == 0:
        return None
    d, shared = _rank_distractors(m, q, a, policy, rng)
    complete = (d >= 0).all(axis=1)
    counter["too-few-distractors"] += int((~complete).sum())
    q, a, d, shared = q[complete], a[complete], d[complete], shared[complete]
    s = np.take_along_axis(shared, d, axis=1).astype(np.int64)
    return q + sl.start, a + sl.start, d + sl.start, s


def ranking_questions(items: ItemTable, policy: Policy, matrices=None):
    """The ranking test as a DataFrame, and per-corpus counters of questions not generated
    (``matrices`` as for :func:`~pyrabench.paraphrase.pairs.binary_pairs`)."""
    parts = []
    counts = {sl.corpus: Counter() for sl in items.slices}
    for sl, m in matrices if matrices is not None else iter_matrices(items):
        parts.append(pyramid_questions(items, sl, m, policy, counts[sl.corpus]))
    return questions_frame(items, parts, policy), {corpus: dict(c) for corpus, c in counts.items()}


def questions_frame(items: ItemTable, parts, policy: Policy) -> pd.DataFrame:
    f = items.frame
    k = policy.distractors
    parts = [p for p in parts if p is not None]
    if parts:
        q, a, d, s = (np.concatenate(x) for x in zip(*parts))
    else:
        q, a = np.zeros(0, np.int64), np.zeros(0, np.int64)
        d, s = np.zeros((0, k), np.int64), np.zeros((0, k), np.int64)
    col = lambda name, i: f[name].to_numpy()[i]  # noqa: E731
    qid = col("item_id", q)
    if policy.answer_choice == "all":
        ans_tail = [x.rsplit("/", 1)[1] for x in col("item_id", a)]
        qid = np.asarray([f"{x}>{t}" for x, t in zip(qid, ans_tail)], dtype=object)
    data = {
        "question_id": qid,
        "corpus": col("corpus", q),
        "topic": col("topic", q),
        "scu_id": col("scu_id", q).astype(np.int64),
        "question": col("text", q),
        "answer": col("text", a),
    }
    for j in range(k):
        data[f"distractor_{j + 1}"] = col("text", d[:, j])
    data["answer_id"] = col("item_id", a)
    for j in range(k):
        data[f"distractor_{j + 1}_id"] = col("item_id", d[:, j])
    data["answer_shared_words"] = _shared_rows(items, q, a)
    for j in range(k):
        data[f"distractor_{j + 1}_shared_words"] = s[:, j]
    return pd.DataFrame(data)


def _shared_rows(items: ItemTable, i: np.ndarray, j: np.ndarray) -> np.ndarray:
    """Shared word types of item pairs (i[k], j[k]), as a row-wise sparse product."""
    if len(i) == 0:
        return np.zeros(0, np.int64)
    w = items.incidence
    return np.asarray(w[i].multiply(w[j]).sum(axis=1)).ravel().astype(np.int64)
