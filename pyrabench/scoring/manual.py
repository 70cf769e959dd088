"""Manual pyramid scores of a peer annotation: original, modified (DUC 2006/2007) and coverage.

All three divide the same numerator, the *observed weight* ``D`` (sum of the pyramid weights of
the distinct SCUs the annotator found in the peer), by a different ideal:

* **original** (Nenkova & Passonneau 2004): ``D / Max(X)`` where ``X`` is the number of SCUs the
  peer expresses and ``Max(X)`` the largest weight ``X`` pyramid SCUs can reach (the ``X`` heaviest
  ones). Following the paper and DUCView, ``X`` counts the peer's *non-matching* contributors
  too (DUCView keeps them under the pseudo-SCU ``uid="0"``, "All non-matching SCUs go here"):
  they are SCUs of weight 0, so padding a summary with unsupported content lowers the score.
  It is a precision-like score.
* **modified** (Passonneau et al. 2005; the only score NIST reported in DUC 2006/2007):
  ``D / Max(A)`` where ``A`` is the size of an average model summary, rounded to a whole
  number of SCUs. Recall-like: a short summary cannot score high.
* **coverage**: ``D / total pyramid weight``, the share of all the pyramid's weighted content
  that the peer covers (1 only if the peer expresses every SCU). NB: PyrEval (Gao et al.
  2018) uses the word "coverage" for what is here the *modified* score; we keep DUC's name.

A peer SCU expressed by several contributors counts once (DUC's table reports the extra
contributors as "repetitions").

**Conventions** (``convention=``). NIST's READMEs leave two details open — what an SCU's weight
counts and how ``A`` is measured and rounded — and two readings are in use:

``"nist"`` (default): NIST's DUC 2006/2007 table.
    weight = the SCU's number of *contributors* (the count DUCView prints into its labels,
    "(3) ..."); ``A`` = mean number of contributors per model summary, **rounded half up**
    (3.5 → 4, 36.25 → 36; never banker's rounding). On D0601 (DUC 2006) the four models hold
    43, 31, 38 and 33 contributors, ``A`` = 36.25 → 36 SCUs, ideal 87, and peer 1 (``D`` = 9)
    scores 9/87 = 0.1034, NIST's figure.
``"sacrerouge"``: SacreROUGE's ``PyramidScore``.
    weight = number of *distinct* model summaries with a contributor
    (:attr:`pyrabench.data.model.SCU.weight`); ``A`` = mean number of distinct SCUs per model
    summary, rounded **up** (36.25 → 37: D0601 peer 1 scores 9/88).

The two weights differ only for an SCU an annotator marked twice in one model summary (5 SCUs
of DUC 2007); the rounding differs whenever ``A`` has a fractional part. ``rounding=`` overrides
the convention's rounding (``"ceil"``, ``"round"`` = half up, ``"floor"``).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Iterable, Sequence

import numpy as np
import pandas as pd
from scipy import stats

from ..data.model import PeerAnnotation, Pyramid
from ..errors import PyrabenchError, UnknownNameError

ROUNDINGS = {"ceil": math.ceil, "round": lambda x: int(math.floor(x + 0.5)), "floor": math.floor}


@dataclass(frozen=True)
class Convention:
    """How a pyramid's SCU weights and its average model size ``A`` are counted (module docstring)."""

    name: str
    weight: str  # "contributors" (DUCView's label count) or "summaries" (distinct model summaries)
    rounding: str  # key of ROUNDINGS applied to A

    def scu_weights(self, pyramid: Pyramid) -> dict[int, int]:
        """``{scu_id: weight}`` under this convention."""
        if self.weight == "contributors":
            return {s.scu_id: len(s.contributors) for s in pyramid.scus}
        return pyramid.weights

    def average_size(self, pyramid: Pyramid) -> float:
        """``A`` before rounding: mean contributors (nist) or distinct SCUs (sacrerouge) per model."""
        return average_model_contributors(pyramid) if self.weight == "contributors" else average_model_scus(pyramid)


CONVENTIONS = {
    "nist": Convention("nist", "contributors", "round"),
    "sacrerouge": Convention("sacrerouge", "summaries", "ceil"),
}
DEFAULT_CONVENTION = "nist"


def get_convention(convention: str | Convention) -> Convention:
    if isinstance(convention, Convention):
        return convention
    try:
        return CONVENTIONS[convention]
    except KeyError:
        raise UnknownNameError(f"unknown convention {convention!r}; choose one of {', '.join(CONVENTIONS)}") from None


def ideal_weight(weights: Iterable[int], n: int) -> int:
    """The largest sum ``n`` distinct SCUs of weights ``weights`` can reach (the ``n`` heaviest)."""
    if n < 0:
        raise ValueError(f"number of SCUs must be >= 0, got {n}")
    return int(sum(sorted(weights, reverse=True)[:n]))


def _model_counts(pyramid: Pyramid, distinct: bool) -> np.ndarray:
    if pyramid.n_summaries == 0:
        raise PyrabenchError(f"{pyramid.source or pyramid.topic}: pyramid has no model summaries")
    counts = np.zeros(pyramid.n_summaries, dtype=np.int64)
    for scu in pyramid.scus:
        idx = [c.summary_index for c in scu.contributors]
        np.add.at(counts, sorted(set(idx)) if distinct else idx, 1)
    return counts


def average_model_scus(pyramid: Pyramid) -> float:
    """Mean over model summaries of how many distinct SCUs each expresses (SacreROUGE's ``A``)."""
    return float(_model_counts(pyramid, distinct=True).mean())


def average_model_contributors(pyramid: Pyramid) -> float:
    """Mean over model summaries of how many contributors each holds (NIST's ``A``)."""
    return float(_model_counts(pyramid, distinct=False).mean())


def modified_size(pyramid: Pyramid, convention: str | Convention = DEFAULT_CONVENTION,
                  rounding: str | None = None) -> int:
    """``A`` rounded: how many SCUs the modified score's ideal summary holds."""
    conv = get_convention(convention)
    rounding = rounding or conv.rounding
    if rounding not in ROUNDINGS:
        raise PyrabenchError(f"unknown rounding {rounding!r}; choose one of {sorted(ROUNDINGS)}")
    return int(ROUNDINGS[rounding](conv.average_size(pyramid)))


def modified_ideal(pyramid: Pyramid, convention: str | Convention = DEFAULT_CONVENTION,
                   rounding: str | None = None) -> int:
    """``Max(A)``: the denominator of the modified score of every peer of ``pyramid``."""
    conv = get_convention(convention)
    return ideal_weight(conv.scu_weights(pyramid).values(), modified_size(pyramid, conv, rounding))


_TERMS: dict[tuple[int, str, str], tuple[Pyramid, dict[int, int], list[int], float, int]] = {}


def _pyramid_terms(pyramid: Pyramid, conv: Convention, rounding: str) -> tuple[dict[int, int], list[int], float, int]:
    """``(SCU weights, their values, A, Max(A))`` of a pyramid under a convention, computed once per
    pyramid: every peer of a topic shares them, and a corpus is scored many times per session."""
    key = (id(pyramid), conv.name, rounding)
    hit = _TERMS.get(key)
    if hit is None or hit[0] is not pyramid:
        weights = conv.scu_weights(pyramid)
        hit = _TERMS[key] = (pyramid, weights, list(weights.values()), conv.average_size(pyramid),
                             modified_ideal(pyramid, conv, rounding))
    return hit[1:]


@dataclass(frozen=True)
class PeerScore:
    corpus: str
    topic: str
    peer: str
    annotator: str
    scus: int  # distinct pyramid SCUs matched
    unmatched: int  # non-matching contributors (SCUs of weight 0)
    repetitions: int  # extra contributors of an already matched SCU
    weight: int  # D: sum of the matched SCUs' weights
    weights: tuple[int, ...]  # the matched weights, heaviest first
    original: float
    modified: float
    coverage: float
    source: str = ""
    ideal: int = 0  # Max(A), the modified score's denominator
    convention: str = DEFAULT_CONVENTION


def _ratio(num: float, den: float) -> float:
    return float(num) / den if den > 0 else 0.0


def score_counts(pyramid_weights: Sequence[int], matched_weights: Sequence[int], unmatched: int,
                 average_scus: float, rounding: str = "round") -> tuple[float, float, float]:
    """(original, modified, coverage) from plain numbers; the formulas, isolated for testing.

    ``average_scus`` is ``A`` before rounding; ``rounding`` one of :data:`ROUNDINGS` ("round" is
    half up). A score whose ideal is 0 (empty peer, empty pyramid) is 0, never NaN.
    """
    if rounding not in ROUNDINGS:
        raise PyrabenchError(f"unknown rounding {rounding!r}; choose one of {sorted(ROUNDINGS)}")
    d = int(sum(matched_weights))
    x = len(matched_weights) + int(unmatched)
    a = int(ROUNDINGS[rounding](average_scus))
    original = _ratio(d, ideal_weight(pyramid_weights, x))
    modified = _ratio(d, ideal_weight(pyramid_weights, a))
    coverage = _ratio(d, sum(pyramid_weights))
    return original, modified, coverage


def score_peer(peer: PeerAnnotation, convention: str | Convention = DEFAULT_CONVENTION, *,
               rounding: str | None = None) -> PeerScore:
    """The three manual scores of one peer annotation.

    ``convention="nist"`` (default) reproduces NIST's DUC 2006/2007 modified scores: SCU weight
    = number of contributors, ``A`` = mean contributors per model summary rounded half up.
    ``convention="sacrerouge"`` is SacreROUGE's ``PyramidScore``: weight = number of distinct
    model summaries, ``A`` = mean distinct SCUs per model summary rounded up. ``rounding``
    (``"ceil"``, ``"round"`` half up, ``"floor"``) overrides the convention's rounding of ``A``.

    The peer's non-matching contributors (DUCView's uid-0 bin, ``peer.unmatched``) count toward
    the original score's size. SCUs of the annotation whose id is in the pyramid are matches
    when they have contributors; contributors filed under an id the pyramid lacks are counted as
    non-matching too.
    """
    conv = get_convention(convention)
    rounding = rounding or conv.rounding
    weights, pyramid_weights, average, ideal = _pyramid_terms(peer.pyramid, conv, rounding)
    matched: dict[int, int] = {}
    repetitions = 0
    unmatched = len(peer.unmatched)
    for scu in peer.scus:
        if not scu.contributors:
            continue
        if scu.scu_id in weights:
            if scu.scu_id in matched:
                repetitions += len(scu.contributors)
            else:
                matched[scu.scu_id] = weights[scu.scu_id]
                repetitions += len(scu.contributors) - 1
        else:
            unmatched += len(scu.contributors)
    w = sorted(matched.values(), reverse=True)
    original, modified, coverage = score_counts(pyramid_weights, w, unmatched, average, rounding)
    return PeerScore(peer.corpus, peer.topic, peer.peer_id, peer.annotator, len(w), unmatched,
                     repetitions, int(sum(w)), tuple(w), original, modified, coverage, peer.source,
                     ideal, conv.name)


def matched_set(peer: PeerAnnotation) -> frozenset[int]:
    """Ids of the pyramid SCUs the annotator found in the peer."""
    ids = set(peer.pyramid.weights)
    return frozenset(s.scu_id for s in peer.scus if s.contributors and s.scu_id in ids)


def peer_order(peer_id) -> tuple:
    """Sort key of a peer id: numbers numerically (3 before 29), then names (system ids)."""
    s = str(peer_id)
    return (0, int(s), "") if s.isdigit() else (1, 0, s)


def score_table(peers: Iterable[PeerAnnotation], convention: str | Convention = DEFAULT_CONVENTION, *,
                rounding: str | None = None) -> pd.DataFrame:
    """One row per peer annotation, sorted by topic, peer (numerically when it is a number), annotator."""
    rows = [asdict(score_peer(p, convention, rounding=rounding)) for p in peers]
    df = pd.DataFrame(rows, columns=list(PeerScore.__dataclass_fields__))
    if df.empty:
        return df
    df = df.assign(_k=df["peer"].map(peer_order)).sort_values(["topic", "_k", "annotator"], kind="mergesort")
    return df.drop(columns="_k").reset_index(drop=True)


def topic_summary(table: pd.DataFrame, columns: Sequence[str] = ("scus", "original", "modified", "coverage")) -> pd.DataFrame:
    """Per topic of a score table: how many peer annotations, and the mean of ``columns``
    (plus the best peer's modified score when there is one), topics in order."""
    if table.empty:
        return pd.DataFrame(columns=["annotations", *(f"mean {c}" for c in columns)])
    grouped = table.groupby("topic", sort=True)
    out = grouped[list(columns)].mean().add_prefix("mean ")
    out.insert(0, "annotations", grouped.size())
    if "modified" in table.columns:
        out["best modified"] = grouped["modified"].max()
    return out


def double_annotations(peers: Iterable[PeerAnnotation]) -> dict[tuple[str, str], list[PeerAnnotation]]:
    """(topic, peer) → its annotations, for the peers annotated by more than one annotator."""
    groups: dict[tuple[str, str], list[PeerAnnotation]] = {}
    for p in peers:
        groups.setdefault((p.topic, p.peer_id), []).append(p)
    ordered = sorted(groups.items(), key=lambda kv: (kv[0][0], peer_order(kv[0][1])))
    return {k: sorted(v, key=lambda p: p.annotator) for k, v in ordered if len(v) > 1}


def jaccard(a, b) -> float:
    """|a ∩ b| / |a ∪ b| of two collections of SCU ids; two empty sets agree perfectly (1.0)."""
    a, b = set(a), set(b)
    union = len(a | b)
    return len(a & b) / union if union else 1.0


def score_corpus(corpus, convention: str | Convention = DEFAULT_CONVENTION, *, rounding: str | None = None):
    """:func:`score_table` of a loaded :class:`pyrabench.data.corpora.Corpus`."""
    return score_table(corpus.peers, convention, rounding=rounding)


def convention_changes(peers: Sequence[PeerAnnotation], a: str = "nist", b: str = "sacrerouge") -> dict:
    """How many peers' modified scores differ between two conventions, and why (JSON-ready):
    ``peers``, ``changed``, ``share``, and the pyramids whose ``Max(A)`` differs."""
    x = score_table(peers, a).set_index("source")
    y = score_table(peers, b).set_index("source").loc[x.index]
    changed = ~np.isclose(x["modified"].to_numpy(float), y["modified"].to_numpy(float), rtol=0, atol=1e-12)
    ideals = x.groupby("topic")["ideal"].first().to_frame(a).join(y.groupby("topic")["ideal"].first().rename(b))
    return {"peers": int(len(x)), "changed": int(changed.sum()),
            "share": float(changed.mean()) if len(x) else 0.0,
            "topics_with_other_ideal": int((ideals[a] != ideals[b]).sum()), "topics": int(len(ideals))}


def agreement(peers: Iterable[PeerAnnotation], convention: str | Convention = DEFAULT_CONVENTION, *,
              rounding: str | None = None):
    """Agreement between two annotations of the same peers (DUC 2006 topic D0631).

    Returns ``(per_peer, summary)``: per peer the two annotators' modified/original scores and
    the Jaccard of their matched SCU sets; the summary has the mean Jaccard, the mean absolute
    score difference and Pearson/Spearman of the two annotators' scores across peers.
    """
    rows = []
    for (topic, peer), anns in double_annotations(peers).items():
        a, b = anns[0], anns[1]
        sa, sb = score_peer(a, convention, rounding=rounding), score_peer(b, convention, rounding=rounding)
        rows.append({"topic": topic, "peer": peer, "annotator_a": a.annotator, "annotator_b": b.annotator,
                     "scus_a": sa.scus, "scus_b": sb.scus, "modified_a": sa.modified, "modified_b": sb.modified,
                     "original_a": sa.original, "original_b": sb.original,
                     "jaccard": jaccard(matched_set(a), matched_set(b))})
    per_peer = pd.DataFrame(rows)
    summary = {"peers": len(per_peer)}
    if len(per_peer) >= 3:
        for score in ("modified", "original"):
            x, y = per_peer[f"{score}_a"].to_numpy(), per_peer[f"{score}_b"].to_numpy()
            summary[f"{score}_pearson"] = float(stats.pearsonr(x, y)[0])
            summary[f"{score}_spearman"] = float(stats.spearmanr(x, y)[0])
            summary[f"{score}_mean_abs_diff"] = float(np.mean(np.abs(x - y)))
        summary["jaccard_mean"] = float(per_peer["jaccard"].mean())
    return per_peer, summary
