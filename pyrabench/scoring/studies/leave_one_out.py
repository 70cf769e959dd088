"""What a user on a new domain gets: the SCU model fitted on every annotated domain but one,
scoring the one it never saw.

The domains (:mod:`.domains`) are DUC 2006, DUC 2007, the DUC 2007 update task and a labelled
lite dataset (PyrXSum). For each, :func:`direction_rows` fits the model users get
(:func:`.scu_sets.fit` with ``lite=True``: full pyramids on the other DUC corpora, the lite model on
their lite views and the lite dataset's crowd labels) on the *other* domains and scores the
held-out one:

* a DUC domain **as pyramids**: its annotated peers as new text (:func:`.transfer.scored_frame`),
  the truth being the annotators' SCUs and NIST's modified score; summary level as
  :mod:`pyrabench.scoring.correlate` defines it (per topic across its peers, averaged);
* a DUC domain **as lite views** (each model summary's SCU labels as the units of a one-reference
  pyramid, :func:`.scu_sets.lite_frame`; a peer annotated twice keeps its first annotator's
  decisions) and the lite dataset **as lite**, measured by :func:`.label_agreement.label_agreement`
  (summary level per example across systems, averaged: Lite²Pyramid's definition).

Every row has the same figures (:data:`FIGURES`): units F1, AUC and ECE (ten bins) of the
probabilities, units counted and present per summary, per summary and per system Pearson and
Kendall of the estimate and of each baseline (:data:`BASELINES` present: ROUGE-2 recall, jackknifed,
as the report prints it; MiniLM token recall when the summaries carry ``token_recall``), and the
coverage and mean width of the 95 % intervals of summaries and systems; beside the system
intervals, the lever :func:`pooled_system_intervals` (conformal quantiles of the per-system errors
of the other held-out domains, so the interval carries a domain's bias). :func:`leave_one_out_table`
caches the table by every domain's content and the method's versions.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...cache import cached_frame, fingerprint
from ...errors import PyrabenchError
from ..correlate import correlations
from ..recipe2013.pipeline import corpus_key
from ..rouge import rouge_pyramid
from ..scu_model import calibrated, label_agreement, scu_sets
from ..scu_model.calibrated import KEYS
from ..scu_model.domains import Domains, content_key, lite_name
from ..scu_model.intervals import CONFIDENCE, coverage
from . import transfer

VERSION = "leave-one-domain-out-v3"  # v3: a dataset keyed by scu_sets.dataset_key
#: Parameters of the cached table left out of its key: ``cache`` never changes what it holds.
NOT_IN_KEY = {"leave_one_out_table": ("cache",)}
N_RESAMPLES = 200
#: A row's per-system estimates and truths, kept while the table is computed (not cached).
SYSTEMS = "_systems"
#: The scores correlated with the truth beside the estimate, when present.
BASELINES = ("rouge_2", "token_recall")
#: A row's figures, in reading order (``{level}_{stat}_{score}`` for each score present).
FIGURES = ("units_f1", "auc", "ece", "counted", "present", "summary_coverage", "summary_width",
           "system_coverage", "system_width", "summaries", "systems")


def _correlation_columns(levels: dict, scores) -> dict:
    """``{level}_{stat}_{score}`` for the summary and system levels (NaN where undefined)."""
    out = {}
    for score in scores:
        for level in ("summary", "system"):
            got = levels.get(level, {}).get(score, {})
            for stat in ("pearson", "kendall"):
                out[f"{level}_{stat}_{score}"] = float(got.get(stat, np.nan))
    return out


def pyramid_row(model: scu_sets.SCUModel, corpus, n_resamples: int = N_RESAMPLES, seed: int = 0,
                cache: bool = True) -> dict:
    """A held-out DUC ``corpus`` scored as pyramids (module docstring)."""
    scus, summaries, systems = transfer.scored_frame(model, corpus, seed, cache)
    p, y = scus["p"].to_numpy(), scus["y"].to_numpy(bool)
    sets = scu_sets.agreement(scus, scus["counted"].to_numpy())
    s = coverage(summaries["modified"], summaries["estimate_low"], summaries["estimate_high"])
    t = coverage(systems["manual"], systems["estimate_low"], systems["estimate_high"])
    scores = ["estimate", *(b for b in BASELINES if b in summaries)]
    res = correlations(summaries[[*KEYS, "modified", *scores]], scores, "modified", n_resamples=n_resamples,
                       seed=seed)
    return {"units_f1": sets["f1"], "auc": label_agreement.roc_auc(p, y),
            "ece": label_agreement.expected_calibration_error(p, y), "counted": sets["counted"],
            "present": sets["marked"], "summary_coverage": s["coverage"], "summary_width": s["width"],
            "system_coverage": t["coverage"], "system_width": t["width"], "summaries": s["n"], "systems": t["n"],
            **_correlation_columns(res["levels"], scores),
            SYSTEMS: systems[["estimate", "manual"]].rename(columns={"manual": "truth"})}


def lite_row(model: scu_sets.SCUModel, frame: pd.DataFrame, rouge: pd.DataFrame, n_resamples: int = N_RESAMPLES,
             seed: int = 0) -> dict:
    """Lite rows (a :func:`.scu_sets.lite_frame` or :func:`.scu_sets.labelled_frame`, keys ``topic``,
    ``system``, with ``y``) scored by ``model``'s lite model as new text and measured against
    their labels (:func:`.label_agreement.label_agreement`); ``rouge``: ``topic``, ``system`` and
    the baselines."""
    keys = ("topic", "system")
    scus = model.scus(frame, keys, own_topics=False)
    summaries = model.summaries(scus, keys).merge(rouge, on=list(keys), how="left")
    systems = model.systems(summaries, seed, n_resamples)
    got = label_agreement.label_agreement(scus, summaries, systems, frame[[*keys, "scu_id", "y"]],
                                          n_resamples, seed)
    u, i = got.units, got.intervals
    human = frame.groupby(list(keys), sort=True)["y"].mean().groupby("system").mean().rename("truth")
    per_system = systems.set_index("system")[["estimate"]].join(human, how="inner").reset_index(drop=True)
    return {"units_f1": u["f1"], "auc": u["auc"], "ece": u["ece"], "counted": u["counted"], "present": u["present"],
            "summary_coverage": i["coverage"], "summary_width": i["width"], "system_coverage": i["system_coverage"],
            "system_width": i["system_width"], "summaries": got.summaries, "systems": got.systems,
            **_correlation_columns({lv: {s: got.correlations[s][lv] for s in got.correlations}
                                    for lv in ("summary", "system")}, list(got.correlations)),
            SYSTEMS: per_system}


def duc_lite(corpus, cache: bool = True) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(rows, rouge)``: a DUC corpus's lite views (:func:`.scu_sets.lite_frame`), one annotator
    per peer (the first by name), keys ``topic``, ``system``; and each (lite pyramid, peer)'s
    ROUGE recall against the lite pyramid's one model summary (its units), jackknifed as the
    scorer reports it."""
    frame = scu_sets.lite_frame(corpus, cache=cache)
    first = frame.groupby(["topic", "peer"], sort=False)["annotator"].transform("min")
    frame = frame[frame["annotator"] == first].rename(columns={"peer": "system"}).reset_index(drop=True)
    rows = []
    for pyramid, peers in calibrated._by_topic(corpus):
        texts = {p.peer_id: p.summary for p in peers}  # a peer annotated twice is one text
        for j in range(pyramid.n_summaries):
            lite = scu_sets.lite_pyramid(pyramid, j)
            rec = rouge_pyramid(lite, list(texts.values()))
            rows.extend({"topic": lite.topic, "system": s, "rouge_2": float(r[1])} for s, r in zip(texts, rec))
    return frame, pd.DataFrame(rows)


def dataset_lite(dataset, cache: bool = True) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(rows, rouge)`` of a labelled lite dataset, as :func:`duc_lite` gives a DUC corpus's."""
    frame = scu_sets.labelled_frame(dataset, cache=cache).rename(columns={"peer": "system"})
    pyramids = dataset.units.pyramids()
    by_topic: dict[str, list] = {}
    for s in dataset.summaries:
        by_topic.setdefault(s.topic, []).append(s)
    rows = []
    for topic, ss in by_topic.items():
        rec = rouge_pyramid(pyramids[topic], [s.text for s in ss])
        rows.extend({"topic": topic, "system": s.system, "rouge_2": float(r[1])} for s, r in zip(ss, rec))
    return frame, pd.DataFrame(rows)


def direction_rows(domains: Domains, held: str, n_resamples: int = N_RESAMPLES, seed: int = 0,
                   cache: bool = True) -> list[dict]:
    """The rows of the held-out domain ``held``: the model fitted on every other domain, scoring
    ``held`` as pyramids and as lite views (a DUC corpus) or as lite (a lite dataset)."""
    train = domains.without(held)
    model = scu_sets.fit(list(train.corpora), lite=True, lite_data=train.lite, cache=cache)
    base = {"held_out": held, "fitted_on": " + ".join(train.names)}
    rows = []
    for corpus in domains.corpora:
        if corpus.name == held:
            rows.append({**base, "view": "pyramids", **pyramid_row(model, corpus, n_resamples, seed, cache)})
            rows.append({**base, "view": "lite", **lite_row(model, *duc_lite(corpus, cache), n_resamples, seed)})
    for dataset in domains.lite:
        if lite_name(dataset) == held:
            rows.append({**base, "view": "lite", **lite_row(model, *dataset_lite(dataset, cache), n_resamples, seed)})
    return rows


def leave_one_out_table(domains: Domains, n_resamples: int = N_RESAMPLES, seed: int = 0,
                        cache: bool = True) -> pd.DataFrame:
    """One row per held-out domain and view (:func:`direction_rows`), every domain held out in
    turn; a direction that cannot be fitted keeps its reason in ``error``. Cached by content."""
    if len(domains.names) < 2:
        raise PyrabenchError(f"leaving a domain out needs two annotated domains or more, got "
                             f"{', '.join(domains.names) or 'none'}")
    key = fingerprint(VERSION, scu_sets.VERSION, calibrated.VERSION, scu_sets.RECALIBRATION,
                      scu_sets.LITE_RECALIBRATION, transfer.VERSION, [corpus_key(c) for c in domains.corpora],
                      [content_key(d) for d in domains.lite], n_resamples, seed)

    def compute() -> pd.DataFrame:
        rows = []
        for held in domains.names:
            try:
                rows.extend(direction_rows(domains, held, n_resamples, seed, cache))
            except PyrabenchError as exc:
                rows.append({"held_out": held, "fitted_on": " + ".join(domains.without(held).names),
                             "error": str(exc)})
        pooled_system_intervals(rows)
        return pd.DataFrame([{k: v for k, v in r.items() if k != SYSTEMS} for r in rows])

    return cached_frame("domains", key, compute, cache)


def pooled_system_intervals(rows: list[dict], confidence: float = CONFIDENCE) -> None:
    """The lever for a system's interval on a new domain: each system's mean estimate ± the
    split-conformal quantile of the absolute per-system errors of the *other* held-out domains
    seen the same way (pyramids with pyramids, lite with lite), so the interval carries the
    shift between domains, not only the spread of one domain's topics. Adds
    ``system_coverage_pooled`` and ``system_width_pooled`` to each row (NaN with fewer errors than
    the level needs); reads no truth of the row's own domain."""
    for row in rows:
        if SYSTEMS not in row:
            continue
        others = [r[SYSTEMS] for r in rows if SYSTEMS in r and r["view"] == row["view"]
                  and r["held_out"] != row["held_out"]]
        errors = np.sort(np.abs(np.concatenate([np.zeros(0)] + [(o["estimate"] - o["truth"]).to_numpy(np.float64)
                                                                 for o in others])))
        k = int(np.ceil((len(errors) + 1) * confidence))
        if k > len(errors):
            row["system_coverage_pooled"] = row["system_width_pooled"] = float("nan")
            continue
        q = errors[k - 1]
        est, truth = row[SYSTEMS]["estimate"].to_numpy(np.float64), row[SYSTEMS]["truth"].to_numpy(np.float64)
        got = coverage(truth, np.maximum(est - q, 0.0), est + q)
        row["system_coverage_pooled"], row["system_width_pooled"] = got["coverage"], got["width"]
