"""Why the automated scorer misses per system: its per-system error set beside candidate causes,
and one attempt to close the gap (sharpening the calibrated probabilities).

The figures live here, in the task; :mod:`pyrabench.reports.judgments` only labels them and reads
them out in prose.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from ...text import count_words
from ..correlate import correlations
from ..manual import score_corpus
from ..metrics import KEYS, metric_frame
from ..scu_model import calibrated
from ..scu_model.variants import auto_frame, features

#: The candidate causes of a system's error, as columns of :func:`system_error_causes`.
CAUSES = ("words", "modified", "original", "light", "scu_error")


def system_error_causes(corpora: dict, metric: str = "auto") -> pd.DataFrame:
    """Per corpus, the correlation over systems of a metric's error (system mean of ``metric`` −
    system mean of the manual modified score) with each of :data:`CAUSES`: summary length in
    words (:func:`pyrabench.text.count_words`), the manual modified and original scores, the share of weight-1 SCUs among the manual
    matches, and the error in the number of SCUs (automated − manual)."""
    keys = list(KEYS)
    rows = []
    for name, corpus in corpora.items():
        manual = score_corpus(corpus)
        words = {p.source: count_words(p.summary) for p in corpus.peers}
        auto = auto_frame(corpus, None if metric == "auto" else metric.partition(":")[2])
        df = manual.merge(auto, on=keys)
        df = df.assign(words=df["source"].map(words), error=df["auto"] - df["modified"],
                       light=[np.mean([w <= 1 for w in ws]) if len(ws) else np.nan for ws in df["weights"]],
                       scu_error=df["auto_scus"] - df["scus"])
        means = df.groupby("peer")[["error", *CAUSES]].mean()
        rows.append({"corpus": name, "systems": len(means),
                     **{c: float(np.corrcoef(means["error"], means[c])[0, 1]) for c in CAUSES}})
    return pd.DataFrame(rows).set_index("corpus")


def sharpening(corpora: dict, gammas: Sequence[float] = (1.0, 1.5, 2.0, 3.0), choose_on: str = "duc2006",
               n_resamples: int = 10) -> pd.DataFrame:
    """The default variant's probabilities sharpened (``p ** γ``: less credit for SCUs it is
    unsure of), γ chosen on ``choose_on`` by system-level Pearson with the manual modified
    score, and reported on every corpus beside ``gammas[0]`` (no sharpening). The frame's
    ``attrs["chosen_on"]`` names the corpus γ was chosen on (None where it was not loaded, and
    then ``gammas[0]`` is kept)."""
    keys = list(KEYS)
    found = {}
    for name, corpus in corpora.items():
        f = features(corpus)
        p = calibrated.crossfit(f, calibrated.LEXICAL)
        frame, _ = metric_frame(corpus, ["modified"])
        for g in gammas:
            s = calibrated.scores(f, p ** g)[[*keys, "auto"]]
            r = correlations(frame.merge(s, on=keys), ["auto"], "modified", n_resamples=n_resamples)["levels"]
            found[name, g] = (r["summary"]["auto"]["pearson"], r["system"]["auto"]["pearson"])
    chosen_on = choose_on if choose_on in corpora else None
    best = max(gammas, key=lambda g: found[choose_on, g][1]) if chosen_on else gammas[0]
    rows = [{"corpus": name, "γ": g, "chosen": g == best, "summary": found[name, g][0], "system": found[name, g][1]}
            for name in corpora for g in dict.fromkeys((gammas[0], best))]
    out = pd.DataFrame(rows).set_index(["corpus", "γ"])
    out.attrs["chosen_on"] = chosen_on
    return out
