"""The 2013 recipe run on a user's summaries beside the calibrated estimate (``recipe_2013=True`` of
:func:`.summaries.score_summaries`): the book's reproduction of Passonneau et al. (2013), not an
estimate of the manual score."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..manual import DEFAULT_CONVENTION, get_convention
from ..recipe2013.pipeline import auto_score, build_similarity, items_from_peers
from ..scu_model import variants
from .calibration import corpus_threshold

MATCH_COLUMNS = ["topic", "system", "scu_id", "label", "weight", "span", "start", "end", "similarity"]


@dataclass(frozen=True)
class Recipe2013:
    """The 2013 recipe's run (only with ``recipe_2013=True``): its similarity and threshold, and
    the SCUs it matched (``MATCH_COLUMNS``)."""

    similarity: str
    combine: str
    threshold: float
    threshold_from: str
    matches: pd.DataFrame


def score_recipe_2013(items, scored, ref, similarity, threshold, combine, seed) -> tuple[pd.DataFrame, Recipe2013]:
    """The 2013 recipe on the ``scored`` items: per summary (keys, ``recipe_2013_scus``,
    ``recipe_2013_weight``, ``recipe_2013``) and its run."""
    sim = build_similarity(similarity, items_from_peers(ref.peers) if ref is not None else items, seed)
    if threshold is None:
        threshold, pairs = corpus_threshold(ref, sim, combine, seed)
        source = (f"threshold {threshold:.4f}: KDE level {variants.KDE_LEVEL} of the {pairs:,} human matches "
                  f"of {ref.name} ({sim.name}/{combine})")
    else:
        threshold = float(threshold)
        source = f"threshold {threshold:.4f}: given"
    keys = ["topic", "system"]
    auto = auto_score(scored, sim, combine, (threshold,), seed=seed, spans=True)
    if not len(auto):
        auto = pd.DataFrame(columns=[*keys, "scus", "weight", "modified", "matched"])
    matches = []
    weights = get_convention(DEFAULT_CONVENTION).scu_weights
    by_key = {(i.key["topic"], i.key["system"]): i for i in scored}
    for r in auto.itertuples():
        item = by_key[(r.topic, r.system)]
        labels, w = {s.scu_id: s.label for s in item.pyramid.scus}, weights(item.pyramid)
        matches.extend({**item.key, "scu_id": sid, "label": labels[sid], "weight": w[sid], "span": item.text[a:b],
                        "start": a, "end": b, "similarity": v} for sid, a, b, v in sorted(r.matched, key=lambda m: m[1]))
    table = auto[[*keys, "scus", "weight", "modified"]].rename(columns={
        "scus": "recipe_2013_scus", "weight": "recipe_2013_weight", "modified": "recipe_2013"})
    matches = pd.DataFrame(matches, columns=MATCH_COLUMNS).sort_values(["topic", "system", "start"], kind="mergesort")
    return table, Recipe2013(sim.name, combine, threshold, source, matches.reset_index(drop=True))
