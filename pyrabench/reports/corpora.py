"""Tables of the pyramid corpora for the book: counts per corpus, a pyramid's summaries and SCUs,
weight distributions, a peer's annotation, and the readers' repairs."""

from __future__ import annotations

from collections import Counter

import pandas as pd

from ..data.corpora import Corpus, corpus_stats, load_all
from ..data.model import PeerAnnotation, Pyramid
from ..text import words_many


def stats_frame(root=None):
    """``pyrabench data`` as a DataFrame: one row per corpus present under the root."""
    rows = {}
    for name, corpus in load_all(root).items():  # an empty corpus is left out with a warning
        stats = corpus_stats(corpus)
        rows[name] = {k: v for k, v in stats.items() if k not in ("weights", "log")}
    return pd.DataFrame.from_dict(rows, orient="index").rename_axis("corpus")


def summary_frame(pyramid: Pyramid, preview: int = 90):
    """The model summaries of a pyramid: who wrote them, their length, and how they begin."""
    lengths = [len(w) for w in words_many(pyramid.summaries)]
    return pd.DataFrame(
        {
            "summarizer": pyramid.summarizer_ids,
            "words": lengths,
            "scus": [sum(any(c.summary_index == i for c in s.contributors) for s in pyramid.scus)
                     for i in range(pyramid.n_summaries)],
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


def weight_frame(corpora_by_name: dict[str, Corpus]):
    """SCUs per weight for each corpus, with the share of the corpus's SCUs (for plotting)."""
    rows = []
    for name, corpus in corpora_by_name.items():
        counts = Counter(s.weight for p in corpus.pyramids for s in p.scus)
        total = sum(counts.values())
        rows += [{"corpus": name, "weight": w, "scus": n, "share": n / total} for w, n in sorted(counts.items())]
    return pd.DataFrame(rows)


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


def weight_shape(weights: pd.DataFrame) -> dict:
    """What :func:`weight_frame` shows, in numbers the prose can quote: in how many corpora weight
    1 is the most common, in how many the share falls with every step of weight, and the largest
    weight (the number of model summaries) of each corpus."""
    by_corpus = {name: g.sort_values("weight") for name, g in weights.groupby("corpus", sort=False)}
    return {
        "corpora": len(by_corpus),
        "weight_one_most_common": sum(int(g.loc[g["share"].idxmax(), "weight"] == 1) for g in by_corpus.values()),
        "falling": sum(int(g["share"].is_monotonic_decreasing) for g in by_corpus.values()),
        "max_weight": {name: int(g["weight"].max()) for name, g in by_corpus.items()},
    }
