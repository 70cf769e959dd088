"""How close a built pyramid comes to NIST's: SCUs matched by their contributors' text.

**The rule.** Both pyramids are built on the same model summaries, so their contributors are
character spans of the same texts. In one model, a human SCU and an automatic SCU *agree* when
their contributors there overlap by at least :data:`SHARE` of the shorter one's characters. The
two SCUs *match* when they agree in at least half of the models both could share (``ceil(min
(w_h, w_a) / 2)`` models, at least one), and matching is one-to-one: the candidate pairs are
taken greedily by the number of agreeing models, then by the characters they share (ties by SCU
ids), each SCU at most once.

**Readings.** Per pyramid: the share of human SCUs found (by count and by weight), the share of
automatic SCUs that match one, the matched pairs' weights (Spearman, mean absolute difference,
share equal). *Split*: a human SCU of weight ≥ 2 whose models agree with two or more automatic
SCUs (its contributors went to different SCUs). *Merged*: an automatic SCU of weight ≥ 2 that
agrees with two or more human SCUs. Weights count models (:attr:`SCU.weight`) on both sides.

All overlaps of a topic come from one integer matrix product per model (SCUs' character masks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from ...data.model import Pyramid
from ...errors import PyrabenchError

SHARE = 0.5
WEIGHTS_COLUMNS = ["corpus", "weight", "nist", "auto"]


def _masks(pyramid: Pyramid, index: dict[int, int], lengths: list[int]) -> list[np.ndarray]:
    """Per model (of the reference order): ``(n_scus, length)`` masks of each SCU's characters there."""
    out = [np.zeros((len(pyramid.scus), n), dtype=np.int32) for n in lengths]
    for k, scu in enumerate(pyramid.scus):
        for c in scu.contributors:
            m = index[c.summary_index]
            for p in c.parts:
                out[m][k, p.start:p.end] = 1
    return out


@dataclass(frozen=True)
class TopicAgreement:
    """One topic: per human SCU and per automatic SCU what it matched, and the matched pairs."""

    human: pd.DataFrame  # scu_id, weight, match (automatic id or 0), split
    auto: pd.DataFrame  # scu_id, weight, match (human id or 0), merged
    pairs: pd.DataFrame  # human, auto, human_weight, auto_weight, models, chars


def compare(human: Pyramid, auto: Pyramid, share: float = SHARE) -> TopicAgreement:
    """The agreement of ``auto`` with ``human`` (same model summaries, any order; module docstring)."""
    position = {sid: i for i, sid in enumerate(human.summarizer_ids)}
    try:
        index_auto = {i: position[sid] for i, sid in enumerate(auto.summarizer_ids)}
    except KeyError as exc:
        raise PyrabenchError(f"{auto.topic}: model {exc.args[0]!r} is not a model of NIST's pyramid") from None
    if any(auto.summaries[i] != human.summaries[j] for i, j in index_auto.items()):
        raise PyrabenchError(f"{auto.topic}: the built pyramid's model texts differ from NIST's")
    lengths = [len(s) for s in human.summaries]
    hm = _masks(human, {i: i for i in range(len(lengths))}, lengths)
    am = _masks(auto, index_auto, lengths)
    n_h, n_a = len(human.scus), len(auto.scus)
    agree = np.zeros((n_h, n_a), dtype=np.int64)
    chars = np.zeros((n_h, n_a), dtype=np.int64)
    for h, a in zip(hm, am):
        overlap = (h @ a.T).astype(np.int64)
        lh, la = h.sum(axis=1)[:, None], a.sum(axis=1)[None, :]
        agree += (overlap > 0) & (overlap >= share * np.minimum(lh, la))
        chars += overlap
    wh = np.array([s.weight for s in human.scus])
    wa = np.array([s.weight for s in auto.scus])
    need = np.maximum(1, np.ceil(np.minimum(wh[:, None], wa[None, :]) / 2))
    ii, jj = np.nonzero(agree >= need)
    order = np.lexsort((jj, ii, -chars[ii, jj], -agree[ii, jj]))
    match_h, match_a = np.zeros(n_h, dtype=np.int64), np.zeros(n_a, dtype=np.int64)
    pairs = []
    hid = [s.scu_id for s in human.scus]
    aid = [s.scu_id for s in auto.scus]
    for i, j in zip(ii[order], jj[order]):
        if match_h[i] or match_a[j]:
            continue
        match_h[i], match_a[j] = aid[j], hid[i]
        pairs.append({"human": hid[i], "auto": aid[j], "human_weight": int(wh[i]), "auto_weight": int(wa[j]),
                      "models": int(agree[i, j]), "chars": int(chars[i, j])})
    touches = agree > 0
    return TopicAgreement(
        pd.DataFrame({"scu_id": hid, "weight": wh, "match": match_h,
                      "split": (wh >= 2) & (touches.sum(axis=1) >= 2)}),
        pd.DataFrame({"scu_id": aid, "weight": wa, "match": match_a,
                      "merged": (wa >= 2) & (touches.sum(axis=0) >= 2)}),
        pd.DataFrame(pairs, columns=["human", "auto", "human_weight", "auto_weight", "models", "chars"]),
    )


def summary(topics: list[TopicAgreement]) -> dict:
    """The readings of the module docstring over many topics (one corpus)."""
    human = pd.concat([t.human for t in topics], ignore_index=True)
    auto = pd.concat([t.auto for t in topics], ignore_index=True)
    pairs = pd.concat([t.pairs for t in topics], ignore_index=True)
    found = human["match"] > 0
    rho = (float(stats.spearmanr(pairs["human_weight"], pairs["auto_weight"])[0])
           if len(pairs) > 2 and pairs["human_weight"].nunique() > 1 and pairs["auto_weight"].nunique() > 1
           else float("nan"))
    diff = (pairs["human_weight"] - pairs["auto_weight"]).abs()
    return {
        "topics": len(topics),
        "human_scus": len(human),
        "auto_scus": len(auto),
        "human_found": float(found.mean()) if len(human) else math.nan,
        "human_found_weight": float(human.loc[found, "weight"].sum() / human["weight"].sum()) if len(human) else math.nan,
        "auto_matched": float((auto["match"] > 0).mean()) if len(auto) else math.nan,
        "weight_spearman": rho,
        "weight_mad": float(diff.mean()) if len(pairs) else math.nan,
        "weight_equal": float((diff == 0).mean()) if len(pairs) else math.nan,
        "split": float(human.loc[human["weight"] >= 2, "split"].mean()) if (human["weight"] >= 2).any() else math.nan,
        "merged": float(auto.loc[auto["weight"] >= 2, "merged"].mean()) if (auto["weight"] >= 2).any() else math.nan,
    }


def weight_shares(human: list[Pyramid], auto: list[Pyramid], corpus: str = "") -> pd.DataFrame:
    """Share of SCUs at each weight, NIST's beside the built ones."""
    wh = pd.Series([s.weight for p in human for s in p.scus])
    wa = pd.Series([s.weight for p in auto for s in p.scus])
    weights = sorted(set(wh) | set(wa))
    return pd.DataFrame({"corpus": corpus, "weight": weights,
                         "nist": [float((wh == w).mean()) for w in weights],
                         "auto": [float((wa == w).mean()) for w in weights]}, columns=WEIGHTS_COLUMNS)
