"""Tables of the pyramid corpora for the book: counts per corpus, a pyramid's summaries and SCUs,
weight distributions, a peer's annotation, and the readers' repairs."""

from __future__ import annotations

import pandas as pd

from ..data.corpora import Corpus, corpus_stats, load_all, summary_counts
from ..data.model import PeerAnnotation, Pyramid


def stats_frame(root=None):
    """``pyrabench data`` as a DataFrame: one row per corpus present under the root."""
    rows = {}
    for name, corpus in load_all(root).items():  # an empty corpus is left out with a warning
        stats = corpus_stats(corpus)
        rows[name] = {k: v for k, v in stats.items() if k not in ("weights", "log")}
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("corpus")


def summary_frame(pyramid: Pyramid, preview: int = 90):
    """The model summaries of a pyramid: who wrote them, their length and SCUs
    (:func:`pyrabench.data.corpora.summary_counts`), and how they begin."""
    counts = summary_counts(pyramid)
    return pd.DataFrame(
        {
            "summarizer": pyramid.summarizer_ids,
            "words": counts["words"],
            "scus": counts["scus"],
            "begins": [s.replace("\n", " ")[:preview] + ("…" if len(s) > preview else "") for s in pyramid.summaries],
        }
    ).rename_axis("summary")


def scu_frame(pyramid: Pyramid):
    """One row per contributor: the SCU it belongs to, its weight, the summary and the text."""
    rows = [
        {"scu_id": s.scu_id, "weight": s.weight, "scu": s.label,
         "summarizer": pyramid.summarizer_ids[c.summary_index], "parts": len(c.parts), "contributor": c.text}
        for s in sorted(pyramid.scus, key=lambda s: (-s.weight, s.scu_id))
        for c in sorted(s.contributors, key=lambda c: c.summary_index)
    ]
    return pd.DataFrame(rows)


def weight_frame(weights: list[dict]):
    """SCUs per weight for each corpus, with the share of the corpus's SCUs
    (:func:`pyrabench.data.corpora.weight_distribution`), for plotting."""
    return pd.DataFrame(weights)


def peer_frame(peer: PeerAnnotation):
    """A peer's annotation against its pyramid: every SCU by weight, and what the peer wrote for it."""
    mine = {s.scu_id: s for s in peer.scus}
    rows = []
    for s in sorted(peer.pyramid.scus, key=lambda s: (-s.weight, s.scu_id)):
        matched = mine.get(s.scu_id)
        text = " | ".join(c.text for c in matched.contributors) if matched is not None else ""
        rows.append({"scu_id": s.scu_id, "weight": s.weight, "scu": s.label, "matched": bool(text), "peer_text": text})
    return pd.DataFrame(rows)


def repair_frame(corpora_by_name: dict[str, Corpus]):
    """Repairs and skips per corpus and rule (zero-filled), as the readers logged them."""
    table = pd.DataFrame({name: c.log.counts() for name, c in corpora_by_name.items()}).fillna(0).astype(int)
    return table.sort_index().rename_axis("rule")

