"""The ranking test: a question (one SCU appearance), its answer (another appearance of the same
SCU) and the most lexically similar segments from other SCUs of the same pyramid as distractors.

Definitions (Baumel et al. 2016 leave them open; :class:`pyrabench.paraphrase.policy.Policy` holds them):

* **Candidate pool**: the eligible items (rules ``min-words`` and ``no-pronouns``) of the same
  pyramid that belong to another SCU than the question and are lexically varied with both the
  question and the answer (their content-word sets differ, so no distractor is a verbatim copy).
* **Lexical similarity** to the question: the number of shared word types ("shared-words",
  default; the quantity the negative-pair rule thresholds) or their Jaccard ratio ("jaccard").
* **Ties**: broken by the other measure (Jaccard, resp. shared words), then by pyramid order
  (SCU order in the file, then contributor order) — so the result is deterministic.
* **Distinct SCUs** (default): at most one distractor per SCU, the most similar of its items.

A question is generated for every eligible item with at least one valid answer and enough
distractor SCUs; the others are counted (``no-answer``, ``too-few-distractors``). All of a
pyramid's questions are ranked at once: the candidate order is one ``lexsort`` of the question x
item similarity matrix, and the best item per SCU a ``minimum.reduceat`` over the SCU blocks.
"""

from __future__ import annotations

import zlib
from collections import Counter

import numpy as np
import pandas as pd

from .items import ItemTable, PairMatrices, iter_matrices
from .policy import Policy


def _answers(m: PairMatrices, policy: Policy, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """(question, answer) local index pairs following ``policy.answer_choice``."""
    n = len(m.scu)
    valid = (m.scu[:, None] == m.scu[None, :]) & m.eligible[:, None] & m.eligible[None, :]
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


def _rank_distractors(m: PairMatrices, q: np.ndarray, a: np.ndarray, scu_starts: np.ndarray, policy: Policy):
    """Local indices (len(q) x k, -1 where missing) of the distractors of each question."""
    n = len(m.scu)
    k = policy.distractors
    pool = m.eligible[None, :] & (m.scu[None, :] != m.scu[q][:, None])
    if policy.require_lexical_variety:
        pool &= ~m.same_content[q] & ~m.same_content[a]
    shared = m.shared[q].astype(np.float64)
    union = m.n_types[q][:, None] + m.n_types[None, :] - shared
    jaccard = np.divide(shared, union, out=np.zeros_like(shared), where=union > 0)
    primary, secondary = (shared, jaccard) if policy.similarity == "shared-words" else (jaccard, shared)
    primary = np.where(pool, primary, -np.inf)
    position = np.broadcast_to(np.arange(n), primary.shape)
    order = np.lexsort((position, -secondary, -primary), axis=-1)  # best first, ties by position
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.broadcast_to(np.arange(n), order.shape), axis=-1)
    if policy.distinct_distractor_scus:
        best_rank = np.minimum.reduceat(rank, scu_starts, axis=1)  # questions x SCUs
        usable = np.logical_or.reduceat(pool, scu_starts, axis=1)
        best_rank = np.where(usable, best_rank, n)
        top = np.sort(best_rank, axis=1)[:, :k]
    else:
        n_pool = pool.sum(axis=1, keepdims=True)
        top = np.broadcast_to(np.arange(min(k, n)), (len(q), min(k, n)))
        top = np.where(top < n_pool, top, n)
    if top.shape[1] < k:
        top = np.pad(top, ((0, 0), (0, k - top.shape[1])), constant_values=n)
    chosen = np.take_along_axis(order, np.minimum(top, n - 1), axis=1)
    return np.where(top < n, chosen, -1), shared


RANKING_COLUMNS_HEAD = ["question_id", "corpus", "topic", "scu_id", "question", "answer"]


def pyramid_questions(items: ItemTable, sl, m: PairMatrices, policy: Policy, counter: Counter):
    """Questions of one pyramid as global indices (question, answer, distractors, their shared words)."""
    rng = np.random.default_rng([policy.seed, zlib.crc32(f"{sl.corpus}/{sl.topic}".encode())])
    q, a = _answers(m, policy, rng)
    counter["no-answer"] += int(m.eligible.sum() - len(np.unique(q)))
    if len(q) == 0:
        return None
    d, shared = _rank_distractors(m, q, a, sl.scu_starts, policy)
    complete = (d >= 0).all(axis=1)
    counter["too-few-distractors"] += int((~complete).sum())
    q, a, d, shared = q[complete], a[complete], d[complete], shared[complete]
    s = np.take_along_axis(shared, d, axis=1).astype(np.int64)
    return q + sl.start, a + sl.start, d + sl.start, s


def ranking_questions(items: ItemTable, policy: Policy):
    """The ranking test as a DataFrame, and per-corpus counters of questions not generated."""
    parts = []
    counts = {sl.corpus: Counter() for sl in items.slices}
    for sl, m in iter_matrices(items):
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
