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
coverage and mean width of the 95 % intervals of summaries and systems; the **system
comparisons** (:mod:`pyrabench.scoring.system_pairs`, :func:`pair_columns`): per score, the share
of the pairs of systems it decides at 95 % by a paired bootstrap over the topics (pyramids) or
the examples (lite; a DUC corpus's lite views drawn by topic) and the share of those decided in
the wrong direction against the truth's own system means (the manual modified scores, the labels'
shares), and against a truth whose own bootstrap decides the pair, beside the truth's own decided
share; the same at the stricter level :data:`STRICT` (``strict_`` columns); beside the system
intervals, the lever :func:`pooled_system_intervals` (conformal quantiles of the per-system errors
of the other held-out domains, so the interval carries a domain's bias). Each row also has the
level's error (``level_error``: mean estimate − mean truth over its summaries; per system, its
range ``system_error_low`` … ``system_error_high``) and the coverage of both levels' intervals
widened by a **domain term** read off the other held-out domains (:func:`domain_term_intervals`);
:func:`foreign_evidence` says what the table backs for units of a domain the model never saw
(:data:`FOREIGN_RULE`). :func:`leave_one_out_table` caches the table by every domain's content
and the method's versions.
"""

from __future__ import annotations

from dataclasses import dataclass

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
from ..scu_model.intervals import CONFIDENCE, bounded, coverage
from ..system_pairs import SystemPairs, system_pairs
from . import transfer

VERSION = "leave-one-domain-out-v5"  # v5: intervals within [0, 1]; the level's error and the domain term; the system comparisons
#: Parameters of the cached table left out of its key: ``cache`` never changes what it holds.
NOT_IN_KEY = {"leave_one_out_table": ("cache",)}
N_RESAMPLES = 200
#: A row's per-system and per-summary estimates, intervals and truths, kept while the table is
#: computed (not cached).
SYSTEMS = "_systems"
SUMMARIES = "_summaries"
#: What :data:`SYSTEMS` and :data:`SUMMARIES` keep of each level (a summary also its model ``sd``), beside ``truth``.
LEVEL_COLUMNS = ["estimate", "estimate_low", "estimate_high", "sd"]
#: The scores correlated with the truth beside the estimate, when present.
BASELINES = ("rouge_2", "token_recall")
#: The stricter level the system comparisons are measured at too, beside 95 %.
STRICT = 0.99
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


def pair_columns(pairs: SystemPairs, strict: SystemPairs) -> dict:
    """A row's system comparisons: ``pairs`` (how many pairs of systems), ``decided_truth`` (the
    share the truth's own bootstrap decides) and per score ``decided_{score}``, ``wrong_{score}``
    (the share of the decided pairs the truth's means do not back; NaN when none is decided) and
    ``sure_wrong_{score}`` (the share decided against a truth that decides them itself); the
    same prefixed ``strict_`` from ``strict``, the same comparison at a stricter level."""
    out = {"pairs": int(len(pairs.pairs))}
    for prefix, got in (("", pairs), ("strict_", strict)):
        shares = got.shares()
        out[f"{prefix}decided_truth"] = float(shares.loc[got.truth, "decided_share"])
        for score in (s for s in shares.index if s != got.truth):
            out[f"{prefix}decided_{score}"] = float(shares.loc[score, "decided_share"])
            out[f"{prefix}wrong_{score}"] = float(shares.loc[score, "wrong_share"])
            out[f"{prefix}sure_wrong_{score}"] = float(shares.loc[score, "sure_wrong_share"])
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
    pairs, strict = (system_pairs(summaries, scores, truth="modified", confidence=level, seed=seed)
                     for level in (CONFIDENCE, STRICT))
    return {"units_f1": sets["f1"], "auc": label_agreement.roc_auc(p, y),
            "ece": label_agreement.expected_calibration_error(p, y), "counted": sets["counted"],
            "present": sets["marked"], "summary_coverage": s["coverage"], "summary_width": s["width"],
            "system_coverage": t["coverage"], "system_width": t["width"], "summaries": s["n"], "systems": t["n"],
            **_correlation_columns(res["levels"], scores), **pair_columns(pairs, strict),
            SYSTEMS: systems[[*LEVEL_COLUMNS[:3], "manual"]].rename(columns={"manual": "truth"}),
            SUMMARIES: summaries[[*LEVEL_COLUMNS, "modified"]].rename(columns={"modified": "truth"})}


def lite_row(model: scu_sets.SCUModel, frame: pd.DataFrame, rouge: pd.DataFrame, n_resamples: int = N_RESAMPLES,
             seed: int = 0) -> dict:
    """Lite rows (a :func:`.scu_sets.lite_frame` or :func:`.scu_sets.labelled_frame`, keys ``topic``,
    ``system``, with ``y``) scored by ``model``'s lite model as new text and measured against
    their labels (:func:`.label_agreement.label_agreement`); ``rouge``: ``topic``, ``system`` and
    the baselines, and with a ``pyramid`` column the topic each lite pyramid comes from, which
    the system comparisons resample (:func:`duc_lite`)."""
    keys = ("topic", "system")
    scus = model.scus(frame, keys, own_topics=False)
    summaries = model.summaries(scus, keys).merge(rouge, on=list(keys), how="left")
    systems = model.systems(summaries, seed, n_resamples)
    units = dict(zip(rouge["topic"], rouge["pyramid"])) if "pyramid" in rouge else None
    got = label_agreement.label_agreement(scus, summaries.drop(columns="pyramid", errors="ignore"), systems,
                                          frame[[*keys, "scu_id", "y"]], n_resamples, seed, pair_units=units)
    u, i = got.units, got.intervals
    share = frame.groupby(list(keys), sort=True)["y"].mean().rename("truth")
    per_summary = summaries.set_index(list(keys))[LEVEL_COLUMNS].join(share, how="inner").reset_index(drop=True)
    human = share.groupby("system").mean()
    per_system = systems.set_index("system")[LEVEL_COLUMNS[:3]].join(human, how="inner").reset_index(drop=True)
    pair_frame = share.rename("human").reset_index().merge(summaries[[*keys, *got.correlations]], on=list(keys))
    strict = system_pairs(pair_frame, list(got.correlations), truth="human", confidence=STRICT, seed=seed,
                          units=units)
    return {"units_f1": u["f1"], "auc": u["auc"], "ece": u["ece"], "counted": u["counted"], "present": u["present"],
            "summary_coverage": i["coverage"], "summary_width": i["width"], "system_coverage": i["system_coverage"],
            "system_width": i["system_width"], "summaries": got.summaries, "systems": got.systems,
            **_correlation_columns({lv: {s: got.correlations[s][lv] for s in got.correlations}
                                    for lv in ("summary", "system")}, list(got.correlations)),
            **pair_columns(got.pairs, strict), SYSTEMS: per_system, SUMMARIES: per_summary}


def duc_lite(corpus, cache: bool = True) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(rows, rouge)``: a DUC corpus's lite views (:func:`.scu_sets.lite_frame`), one annotator
    per peer (the first by name), keys ``topic``, ``system``; and each (lite pyramid, peer)'s
    ROUGE recall against the lite pyramid's one model summary (its units), jackknifed as the
    scorer reports it, with the DUC topic of the lite pyramid (``pyramid``: the views of one
    topic are resampled together)."""
    frame = scu_sets.lite_frame(corpus, cache=cache)
    first = frame.groupby(["topic", "peer"], sort=False)["annotator"].transform("min")
    frame = frame[frame["annotator"] == first].rename(columns={"peer": "system"}).reset_index(drop=True)
    rows = []
    for pyramid, peers in calibrated._by_topic(corpus):
        texts = {p.peer_id: p.summary for p in peers}  # a peer annotated twice is one text
        for j in range(pyramid.n_summaries):
            lite = scu_sets.lite_pyramid(pyramid, j)
            rec = rouge_pyramid(lite, list(texts.values()))
            rows.extend({"topic": lite.topic, "system": s, "rouge_2": float(r[1]), "pyramid": pyramid.topic}
                        for s, r in zip(texts, rec))
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
        domain_term_intervals(rows)
        return pd.DataFrame([{k: v for k, v in r.items() if k not in (SYSTEMS, SUMMARIES)} for r in rows])

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


#: The columns :func:`domain_term_intervals` adds to a row.
DOMAIN_COLUMNS = ("level_error", "system_error_low", "system_error_high", "domain_term", "summary_coverage_domain",
                  "summary_width_domain", "system_coverage_domain", "system_width_domain")


def level_error(frame: pd.DataFrame) -> float:
    """The level's error of held-out rows (``estimate``, ``truth``): mean estimate − mean truth."""
    return float((frame["estimate"] - frame["truth"]).mean()) if len(frame) else float("nan")


def domain_term(errors) -> float:
    """The domain term for a domain none of ``errors`` (held-out domains' level errors) is from:
    the largest of them in size, NaN without one."""
    e = np.abs(np.asarray(errors, dtype=np.float64))
    return float(e.max()) if len(e) else float("nan")


def widened(frame: pd.DataFrame, term: float) -> tuple[np.ndarray, np.ndarray]:
    """``frame``'s intervals (``estimate_low``, ``estimate_high``) widened by ``term`` on each side,
    within [0, 1] (:func:`.intervals.bounded`)."""
    return bounded(frame["estimate_low"].to_numpy(np.float64) - term,
                   frame["estimate_high"].to_numpy(np.float64) + term)


def domain_term_intervals(rows: list[dict]) -> None:
    """Option (a) for units of a domain the model never saw: each row's summary and system
    intervals widened on each side by the domain term (:func:`domain_term`) of the *other*
    held-out domains seen the same way (pyramids with pyramids, lite with lite), so the interval
    carries the shift between domains; reads no truth of the row's own domain for its term. Adds
    :data:`DOMAIN_COLUMNS` to each row with its levels (``summary_coverage_domain`` NaN where no
    other domain of the view gives a term)."""
    levels = [(r, level_error(r[SUMMARIES])) for r in rows if SUMMARIES in r]
    for row, error in levels:
        systems = row[SYSTEMS]
        per_system = (systems["estimate"] - systems["truth"]).to_numpy(np.float64)
        term = domain_term([e for r, e in levels if r["view"] == row["view"] and r["held_out"] != row["held_out"]])
        row.update(level_error=error, system_error_low=float(per_system.min()) if len(per_system) else np.nan,
                   system_error_high=float(per_system.max()) if len(per_system) else np.nan, domain_term=term)
        for level, frame in (("summary", row[SUMMARIES]), ("system", systems)):
            got = coverage(frame["truth"], *widened(frame, term)) if term == term else {"coverage": np.nan,
                                                                                        "width": np.nan}
            row[f"{level}_coverage_domain"], row[f"{level}_width_domain"] = got["coverage"], got["width"]


#: When the table backs an interval for units of a domain the model never saw, seen one way
#: (``view``): at least ``directions`` held-out domains of that view, and in every one at least
#: ``coverage`` of the summaries and of the systems inside, both the model's own intervals and
#: the intervals widened by the domain term. The term is read off three domains at most, too few
#: for a distribution-free bound (a 95 % conformal quantile needs 39 values,
#: :func:`.intervals.min_held_out`): it may add a margin, never carry the whole coverage; where
#: the model's own intervals miss on a domain it never saw, no level interval is printed.
FOREIGN_RULE = {"directions": 2, "coverage": 0.90}
#: The coverage columns the rule reads: the model's own intervals, and widened by the domain term.
RULE_COLUMNS = ("summary_coverage", "system_coverage", "summary_coverage_domain", "system_coverage_domain")
RULE_WORDS = dict(zip(RULE_COLUMNS, ("summaries' intervals", "systems' intervals", "summaries' widened intervals",
                                     "systems' widened intervals")))


@dataclass(frozen=True)
class Evidence:
    """What leave-one-domain-out measured for units seen as ``view`` ("pyramids" or "lite") on
    domains the model never saw: per held-out domain (``directions``: :data:`DOMAIN_COLUMNS` and
    the coverages), the domain term a new domain's intervals are widened by (the largest level
    error of them all), and whether the figures back an interval (:data:`FOREIGN_RULE`) and why."""

    view: str
    directions: pd.DataFrame
    term: float
    backed: bool
    why: str


def foreign_evidence(table: pd.DataFrame, view: str) -> Evidence:
    """:class:`Evidence` of the :func:`leave_one_out_table` rows seen as ``view``."""
    if view not in ("pyramids", "lite"):
        raise PyrabenchError(f"view must be 'pyramids' or 'lite', got {view!r}")
    rows = table[table["view"] == view] if "view" in table else table.iloc[:0]
    if "level_error" in rows:
        rows = rows.dropna(subset=["level_error"])
    else:
        rows = rows.iloc[:0]
    columns = ["held_out", *DOMAIN_COLUMNS, "summary_coverage", "summary_width", "system_coverage", "system_width",
               "summaries", "systems"]
    directions = rows.reindex(columns=columns).reset_index(drop=True)
    term = domain_term(directions["level_error"])
    floor = FOREIGN_RULE["coverage"]
    if len(directions) < FOREIGN_RULE["directions"]:
        why = (f"{len(directions)} held-out domain{'' if len(directions) == 1 else 's'} seen as {view} "
               f"(it needs {FOREIGN_RULE['directions']})")
        return Evidence(view, directions, term, False, why)
    low = {c: float(directions[c].min()) for c in RULE_COLUMNS}
    missed = [c for c in RULE_COLUMNS if not low[c] >= floor]
    if missed:
        worst = min(missed, key=lambda c: low[c])
        where = directions.loc[directions[worst].idxmin(), "held_out"]
        return Evidence(view, directions, term, False, f"on {where} held out, {low[worst] * 100:.1f} % of the "
                        f"{RULE_WORDS[worst]} held their truth, below {floor * 100:g} %")
    return Evidence(view, directions, term, True,
                    f"in each of the {len(directions)} held-out domains, at least {floor * 100:g} % of the summaries and of the systems "
                    "inside, with the model's own intervals and widened by the domain term")
