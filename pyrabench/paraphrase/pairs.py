"""The binary test: pairs of items of one pyramid with a 1/0 label.

Each rule of :mod:`pyrabench.paraphrase.policy` is a boolean mask over the upper triangle of a
pyramid's pair matrices (:mod:`.items`). A straightforward per-pair loop
(:func:`binary_pairs_loop`) gives the same pairs and is kept as the reference the tests and
``benchmarks/bench_build.py`` compare against.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import pandas as pd

from ..text import is_content_word
from .items import ItemTable, PairMatrices, PyramidSlice, iter_matrices
from .policy import RULES, Policy

BINARY_COLUMNS = [
    "pair_id", "corpus", "topic", "label", "text_a", "text_b", "id_a", "id_b",
    "scu_a", "scu_b", "weight_a", "weight_b", "shared_words", "words_a", "words_b",
]  # fmt: skip


@dataclass
class PairResult:
    index_a: np.ndarray
    index_b: np.ndarray
    label: np.ndarray
    shared: np.ndarray
    constraints: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)  # corpus -> kind -> counts


@lru_cache(maxsize=512)
def _upper_pairs(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Row, column and flat (row * n + column) index of every pair above the diagonal."""
    iu, ju = np.triu_indices(n, 1)
    return iu, ju, iu * n + ju


def _codes(m: PairMatrices, policy: Policy) -> np.ndarray:
    """``n x n`` codes: bit k set where rule ``RULES[k]`` rejects the pair (negative-overlap only
    for negatives), bit 4 set for two items of one SCU. Computed on whole matrices (contiguous,
    no gathers); the caller reads the upper triangle once."""
    bits = (~m.enough).view(np.uint8) | ((~m.no_pronoun).view(np.uint8) << 1)
    same = m.scu[:, None] == m.scu[None, :]
    code = bits[:, None] | bits[None, :]
    code |= ((m.shared < policy.negative_min_shared) & ~same).view(np.uint8) << 2
    if policy.require_lexical_variety:
        code |= m.same_content.view(np.uint8) << 3
    code |= same.view(np.uint8) << 4
    return code


def pyramid_pairs(items: ItemTable, sl: PyramidSlice, m: PairMatrices, policy: Policy, counters: dict):
    """The kept pairs of one pyramid (global indices a < b, label, shared words).

    Adds to ``counters["histogram"]`` a histogram of failure codes (see :func:`rule_counts`).
    """
    iu, ju, flat = _upper_pairs(sl.end - sl.start)
    code = _codes(m, policy).ravel().take(flat)
    counters["histogram"] = counters.get("histogram", 0) + np.bincount(code, minlength=32)
    keep = np.flatnonzero((code & 15) == 0)
    label = (code[keep] >> 4).astype(np.int64)
    return iu[keep] + sl.start, ju[keep] + sl.start, label, m.shared.ravel().take(flat[keep])


def rule_counts(histogram: np.ndarray) -> dict[str, dict[str, int]]:
    """Per kind: ``candidates``, ``fails:<rule>`` (the rule alone), ``removed:<rule>`` (rules in
    the order of :data:`RULES`, each removing what the earlier ones left) and ``kept``."""
    out = {}
    codes = np.arange(16)
    for kind, offset in (("positive", 16), ("negative", 0)):
        h = np.asarray(histogram[offset : offset + 16], dtype=np.int64)
        c = {"candidates": int(h.sum())}
        for k, rule in enumerate(RULES):
            c[f"fails:{rule}"] = int(h[(codes >> k) & 1 == 1].sum())
        for k, rule in enumerate(RULES):
            first_failure = (codes & ((1 << (k + 1)) - 1)) == (1 << k)  # bit k set, no earlier bit
            c[f"removed:{rule}"] = int(h[first_failure].sum())
        c["kept"] = int(h[0])
        out[kind] = c
    return out


def binary_pairs(items: ItemTable, policy: Policy, matrices=None) -> PairResult:
    """All positive and negative pairs, vectorized per pyramid, with per-rule removal counts.

    ``constraints[corpus][kind]`` (kind = positive/negative) holds ``candidates`` (all pairs of
    items of the same pyramid: same SCU / different SCUs), ``fails:<rule>`` (candidates the rule
    alone rejects), ``removed:<rule>`` (removed when the rules apply in the order of
    :data:`pyrabench.paraphrase.policy.RULES`) and ``kept``. ``matrices``: the pyramids' pair
    matrices when the caller already has them (:func:`~pyrabench.paraphrase.items.iter_matrices`).
    """
    parts, constraints = [], {}
    for sl in items.slices:
        constraints.setdefault(sl.corpus, {})
    for sl, m in matrices if matrices is not None else iter_matrices(items):
        parts.append(pyramid_pairs(items, sl, m, policy, constraints[sl.corpus]))
    return collect_pairs(parts, constraints)


def collect_pairs(parts, constraints) -> PairResult:
    cols = list(zip(*parts)) if parts else [[], [], [], []]
    cat = lambda xs: np.concatenate(xs).astype(np.int64, copy=False) if len(xs) else np.zeros(0, np.int64)  # noqa: E731
    return PairResult(
        *(cat(x) for x in cols),
        constraints={corpus: rule_counts(d.get("histogram", np.zeros(32, np.int64))) for corpus, d in constraints.items()},
    )


def binary_pairs_loop(items: ItemTable, policy: Policy) -> list[tuple[int, int, int]]:
    """The reference: a plain per-pair loop over Python sets. Same pairs, same order, far slower."""
    f = items.frame
    scu = f["scu_id"].tolist()
    n_words = f["n_words"].tolist()
    sets = [set(ws) for ws in items.words]
    contents = [
        {w for w in s if is_content_word(w, policy.stop_words)} for s in sets
    ]
    out = []
    for sl in items.slices:
        for i in range(sl.start, sl.end):
            for j in range(i + 1, sl.end):
                if n_words[i] < policy.min_words or n_words[j] < policy.min_words:
                    continue
                if sets[i] & policy.pronouns or sets[j] & policy.pronouns:
                    continue
                positive = scu[i] == scu[j]
                if not positive and len(sets[i] & sets[j]) < policy.negative_min_shared:
                    continue
                if policy.require_lexical_variety and contents[i] == contents[j]:
                    continue
                out.append((i, j, int(positive)))
    return out


def pairs_frame(items: ItemTable, result: PairResult) -> pd.DataFrame:
    """The binary test as a DataFrame with the columns of :data:`BINARY_COLUMNS`.

    Columns are gathered with ``Series.take`` (string columns stay Arrow-backed, no per-row
    conversion) and the pair ids concatenated column-wise: no per-pair Python loop.
    """
    f = items.frame
    a, b = result.index_a, result.index_b

    def take(name, idx, dtype=None):
        s = f[name].take(idx).reset_index(drop=True)
        return s.astype(dtype) if dtype else s

    tail = (f["scu_id"].astype(str) + "/" + f["contributor"].astype(str)).take(b).reset_index(drop=True)
    id_a = take("item_id", a)
    return pd.DataFrame(
        {
            "pair_id": id_a + "+" + tail,  # corpus/topic/scu_a/contributor_a+scu_b/contributor_b
            "corpus": take("corpus", a),
            "topic": take("topic", a),
            "label": pd.Series(result.label.astype(np.int64)),
            "text_a": take("text", a),
            "text_b": take("text", b),
            "id_a": id_a,
            "id_b": take("item_id", b),
            "scu_a": take("scu_id", a, np.int64),
            "scu_b": take("scu_id", b, np.int64),
            "weight_a": take("weight", a, np.int64),
            "weight_b": take("weight", b, np.int64),
            "shared_words": pd.Series(result.shared.astype(np.int64)),
            "words_a": take("n_words", a, np.int64),
            "words_b": take("n_words", b, np.int64),
        },
        columns=BINARY_COLUMNS,
    )
