"""The sentences of the chapter "Scoring your own summaries" and of the fourth assignment, each
computed from its figures.

The figures themselves (the placement among the DUC systems, the trust figures, the SCUs the
calibrated model finds beside NIST's lead, the overlap of a lead with NIST's) are computed by
:mod:`pyrabench.scoring.own.placement`; here they are only put into words, every verdict decided
by the figures it is given, and drawn: :func:`plot_estimates` sets the DUC systems' manual means
against their estimates with intervals, and yours. :func:`explain_blocks` lays the SCUs the model
finds out for a terminal; :func:`plot_reliability` draws the reliability curve of the model's
probabilities against crowd labels (:mod:`pyrabench.scoring.scu_model.label_agreement`).
"""

from __future__ import annotations

import textwrap

import numpy as np
import pandas as pd

from ..extras import plotting
from ..scoring.scu_model.intervals import SummaryErrors, min_held_out
from .tables import MISSING

#: A lead whose words are at least this share of NIST's lead's is "nearly the same text".
NEARLY_SAME = 0.9
#: The width every line of ``score --peers``'s text output fits in (a terminal's), ``--explain`` too.
TEXT_WIDTH = 100
EXPLAIN_WIDTH = TEXT_WIDTH
#: The longest topic or system name a text table shows whole (longer ones end in "…"; JSON has them whole).
NAME_WIDTH = 14


def interval_notes(frame: pd.DataFrame, errors: SummaryErrors | None = None, withheld: str = "") -> list[str | None]:
    """Per row of a table of estimates (:attr:`~pyrabench.scoring.own.summaries.OwnScores.summaries` or
    ``.systems``): why its interval cannot be computed, None where it can. A summary's interval
    reads conformal quantiles off ``errors``' held-out summaries, which need
    :func:`~pyrabench.scoring.scu_model.intervals.min_held_out` of them; a system's is a bootstrap
    over its topics, which needs two. ``withheld``: why no level interval is given at all
    (foreign units, :mod:`pyrabench.scoring.foreign`)."""
    notes: list[str | None] = []
    for row in frame.itertuples(index=False):
        if withheld and np.isfinite(row.estimate):
            notes.append(withheld)
        elif np.isfinite(row.estimate_low) and np.isfinite(row.estimate_high):
            notes.append(None)
        elif not np.isfinite(row.estimate):
            notes.append("no estimate: no model fitted on an annotated corpus")
        elif "topics" in frame and row.topics < 2:
            notes.append(f"{row.topics} topic: an interval over topics needs two or more")
        elif errors is not None and not errors.bounded:
            level = errors.confidence * 100
            notes.append(f"too few held-out summaries for a {level:g} % interval: {errors.n:,} (it needs "
                         f"{min_held_out(errors.confidence):,})")
        else:
            notes.append("no interval could be computed")
    return notes


def known_intervals(frame: pd.DataFrame, notes: list[str | None], with_notes: bool = False) -> pd.DataFrame:
    """``frame`` with both bounds of each interval that cannot be computed (a note) missing: a
    book table shows it as "—", never as ``[0.000, inf]``, and JSON as ``null``, beside its
    reason in ``interval_note`` (``with_notes``)."""
    unknown = np.array([n is not None for n in notes], dtype=bool)
    out = frame.assign(estimate_low=frame["estimate_low"].mask(unknown),
                       estimate_high=frame["estimate_high"].mask(unknown))
    return out.assign(interval_note=pd.Series(notes, index=frame.index, dtype=object)) if with_notes else out


def interval_text(frame: pd.DataFrame, notes: list[str | None], decimals: int = 4) -> pd.DataFrame:
    """``frame`` for a text table: the bounds as text at ``decimals``, "—" where the interval
    cannot be computed (never ``inf`` or ``NaN``)."""
    known = known_intervals(frame, notes)
    shown = {c: [MISSING if not np.isfinite(v) else f"{v:.{decimals}f}" for v in known[c]]
             for c in ("estimate_low", "estimate_high")}
    return known.assign(**shown)


def wrapped(text: str, width: int = TEXT_WIDTH, indent: str = "  ") -> str:
    """``text`` with each of its lines wrapped to ``width`` columns (continuations indented by
    ``indent``; a long path or word broken), for the header of a terminal's output."""
    out: list[str] = []
    for line in str(text).splitlines() or [""]:
        out.extend(textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=True,
                                 break_on_hyphens=False) or [""])
    return "\n".join(out)


def _name(value, width: int = NAME_WIDTH) -> str:
    text = str(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def _interval_cell(low: float, high: float, decimals: int = 3) -> str:
    return f"{low:.{decimals}f}–{high:.{decimals}f}" if np.isfinite(low) and np.isfinite(high) else MISSING


#: The columns of the text tables beside the estimate and its interval, when present (the rest is in --json).
TEXT_SCORES = ("rouge_2", "token_recall", "recipe_2013")


def summaries_text(frame: pd.DataFrame, notes: list[str | None], decimals: int = 3) -> pd.DataFrame:
    """The per-summary table of ``score --peers`` as text, narrow enough for :data:`TEXT_WIDTH`:
    topic and system (cut at :data:`NAME_WIDTH`), words, the estimate and its interval
    (``low–high``, "—" where none, :func:`interval_notes`), the SCUs counted, their modified score
    and ROUGE-2 (MiniLM token recall and the 2013 recipe's score when scored); the other columns
    are in ``--json``."""
    known = known_intervals(frame, notes)
    out = pd.DataFrame({"topic": frame["topic"].map(_name), "system": frame["system"].map(_name),
                        "words": frame["words"].astype(int),
                        "estimate": [f"{v:.{decimals}f}" for v in frame["estimate"]],
                        "interval": [_interval_cell(a, b, decimals) for a, b in
                                     zip(known["estimate_low"], known["estimate_high"])],
                        "scus": frame["scus"].astype(int)})
    for column in ("counted", *TEXT_SCORES):
        if column in frame:
            out[column] = [figure_text(float(v), decimals) for v in frame[column]]
    return out


def systems_text(frame: pd.DataFrame, notes: list[str | None], decimals: int = 3) -> pd.DataFrame:
    """The per-system table of ``score --peers`` as text: the rank by the estimate (1 the highest,
    ties share the best rank), system, topics, the mean estimate and its interval, the mean
    counted score and baselines as :func:`summaries_text`, and "partial" where a system covers
    other topics than the union's."""
    known = known_intervals(frame, notes)
    rank = frame["estimate"].rank(ascending=False, method="min")
    out = pd.DataFrame({"rank": [figure_text(int(r)) if np.isfinite(r) else MISSING for r in rank],
                        "system": frame["system"].map(_name), "topics": frame["topics"].astype(int),
                        "estimate": [figure_text(float(v), decimals) for v in frame["estimate"]],
                        "interval": [_interval_cell(a, b, decimals) for a, b in
                                     zip(known["estimate_low"], known["estimate_high"])]})
    for column in ("counted", *TEXT_SCORES):
        if column in frame:
            out[column] = [figure_text(float(v), decimals) for v in frame[column]]
    out["partial"] = np.where(frame["partial"].astype(bool), "partial", "")
    return out


#: How a column of the JSON legend (:meth:`~pyrabench.scoring.own.summaries.OwnScores.legend`) is named in
#: the text tables (:func:`summaries_text`).
TEXT_NAMES = {"estimate_low, estimate_high": "interval", "scus, weight, counted": "scus, counted",
              "rouge_1, rouge_2, rouge_l": "rouge_2",
              "recipe_2013_scus, recipe_2013_weight, recipe_2013": "recipe_2013"}
#: What a text column shows where the JSON legend's words name columns the text leaves out.
TEXT_MEANINGS = {"scus, counted": "the SCUs the model counts (the round(Σp) most probable) and their modified score",
                 "recipe_2013": "NIST's modified score of the SCUs the 2013 recipe matches (not an estimate)"}


def text_legend(legend: dict[str, str]) -> str:
    """The legend of the text tables: each column's meaning on a line of its own, wrapped."""
    head = ("columns (--json gives every one, with estimate_low, estimate_high, weight, rouge_1, rouge_l, "
            "truncated):")
    names = {k: TEXT_NAMES.get(k, k) for k in legend}
    return "\n".join([wrapped(head), *(wrapped(f"  {n}: {TEXT_MEANINGS.get(n, legend[k])}", indent="    ")
                                        for k, n in names.items())])


def _range(values, percent: bool = False) -> str:
    v = np.asarray(values, dtype=np.float64)
    v = v[np.isfinite(v)]
    if not len(v):
        return MISSING
    fmt = (lambda x: f"{x * 100:.1f}") if percent else (lambda x: f"{x:+.3f}")
    low, high = fmt(v.min()), fmt(v.max())
    text = low if low == high else f"{low} to {high}" if not percent else f"{low}–{high}"
    return f"{text}\u00a0%" if percent else text  # a no-break space: the wrap never leaves "%" alone


def foreign_lines(foreign) -> list[str]:
    """What the output says first about units of a domain the model was never fitted on
    (:class:`pyrabench.scoring.foreign.Foreign`): that they are, what leave-one-domain-out measured
    on such units (the level's error per held-out domain and per system, the coverage of the
    model's intervals and of the widened ones), what the output does with the levels' intervals,
    and the remedy; each line wrapped to :data:`TEXT_WIDTH`."""
    kind = ("lite units (one reference, every unit weight 1)" if foreign.view == "lite" else
            "a full pyramid (several model summaries, weights above 1)")
    lines = [f"FOREIGN UNITS: these are {kind} of no domain the model was fitted on ({foreign.fitted_on}); "
             "its figures there do not carry over as they are."]
    ev = foreign.evidence
    if ev is None or not len(ev.directions):
        lines.append(foreign.no_evidence or f"No domain held out as {foreign.view} on this data root: no figure "
                     "says how the model does on a domain it never saw.")
    else:
        d = ev.directions
        errors = ", ".join(f"{h} {e:+.3f}" for h, e in zip(d["held_out"], d["level_error"]))
        where = (f"on the bundled sample's {len(d)} small domains (a few topics each: indicative only)" if foreign.sample
                 else f"on this data root's {len(d)} domains")
        lines.append(
            f"Leave one domain out {where}, as {foreign.view} (each unseen by the model): the level's error, mean "
            f"estimate − mean truth, was {errors} (per system {_range(d['system_error_low'].tolist() + d['system_error_high'].tolist())}); "
            f"inside the model's 95 % intervals: summaries {_range(d['summary_coverage'], True)}, systems "
            f"{_range(d['system_coverage'], True)}; widened by the domain term ±{ev.term:.3f}: summaries "
            f"{_range(d['summary_coverage_domain'], True)}, systems {_range(d['system_coverage_domain'], True)}.")
    if foreign.intervals == "widened":
        lines.append(f"So every interval below is widened by the domain term ±{ev.term:.3f}: {ev.why}.")
    elif foreign.intervals == "withheld":
        why = ev.why if ev is not None else "no figure backs one"
        lines.append(f"So no level interval is given: {why}. The estimates rank the summaries and the systems; "
                     "their level may be off by more than any figure here bounds.")
    else:
        lines.append("Adapted on your labels (below): the levels and their intervals are refitted on them.")
    if foreign.remedy and foreign.intervals != "adapted":
        lines.append(f"Levels need your labels: label {foreign.remedy.split()[-1]} examples (every system's summary "
                     f"of each) and add {foreign.remedy}.")
    return [wrapped(line) for line in lines]


def figure_text(value, decimals: int = 3) -> str:
    """One figure of a text table: a count with thousands separators, a number at ``decimals``,
    "—" where it is not defined (never ``nan`` or ``inf``)."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return f"{int(value):,}"
    return f"{value:.{decimals}f}" if np.isfinite(value) else MISSING


def lite_interval_claims(agreement) -> str:
    """How the intervals of a lite dataset's summaries and systems hold the human shares
    (:class:`~pyrabench.scoring.scu_model.label_agreement.LabelAgreement`), over those that can be
    computed; a level with none says so."""
    iv = agreement.intervals

    def level(prefix: str, what: str, whats: str) -> str:
        computed, total = iv[f"{prefix}computed"], iv[f"{prefix}total"]
        if not computed:
            return f"no {what} interval could be computed (too few held-out summaries behind the model)"
        share = "" if computed == total else f" (the {computed:,} of {total:,} with an interval)"
        return (f"a {what}'s 95 % interval holds its human share for {iv[f'{prefix}coverage']:.1%} of the "
                f"{whats}{share}, at a mean width of {iv[f'{prefix}width']:.2f} on the 0–1 scale")

    text = f"{level('', 'summary', 'summaries')}; {level('system_', 'system', 'systems')}."
    return text[0].upper() + text[1:]


def lite_baseline_claims(agreement) -> str:
    """The estimate's summary and system r beside its two baselines', ROUGE-2 and MiniLM token
    recall (:class:`~pyrabench.scoring.scu_model.label_agreement.LabelAgreement`), in words; a
    baseline not scored (MiniLM not installed) is said to be missing."""
    def r(score: str, level: str) -> float:
        return float(agreement.correlations.get(score, {}).get(level, {}).get("pearson", float("nan")))

    def pair(score: str) -> str:
        return f"{figure_text(r(score, 'summary'))} per summary and {figure_text(r(score, 'system'))} per system"

    text = (f"The estimate's Pearson r with the crowd's shares is {pair('estimate')}; ROUGE-2's is "
            f"{pair('rouge_2')}. ")
    if "token_recall" not in agreement.correlations:
        return text + ("MiniLM token recall, the semantic baseline, is not computed here: the minilm extra is not "
                       "installed.")
    return text + (f"MiniLM token recall (BERTScore's recall: each unit token's best cosine with the summary's "
                   f"tokens, IDF-weighted, the units averaged), a semantic baseline, gets {pair('token_recall')}.")


def interval_legend(notes: list[str | None]) -> str:
    """What "—" in a table's interval means: each distinct reason once ("" when every interval is known)."""
    reasons = list(dict.fromkeys(n for n in notes if n is not None))
    return f"{MISSING}: no interval, " + "; ".join(reasons) if reasons else ""


def interval_phrase(low: float, high: float, note: str | None, decimals: int = 3) -> str:
    """An interval in prose, after "with a 95 % interval": its bounds, or why it has none."""
    if note is not None or not (np.isfinite(low) and np.isfinite(high)):
        return f"that cannot be computed here ({note or 'no interval could be computed'})"
    return f"from {low:.{decimals}f} to {high:.{decimals}f}"


def lead_reading(overlap: float) -> str:
    """Whether our leads are NIST's baseline, from the share of their words in NIST's lead
    (:func:`pyrabench.scoring.own.placement.lead_overlap`)."""
    if not np.isfinite(overlap):
        return "The corpus has no NIST lead to set our leads beside."
    if overlap >= NEARLY_SAME:
        return (f"This is NIST's baseline: {overlap:.1%} of the words of our leads are in NIST's peer 1 of the same "
                "topic. The rest are the datelines the SCU-marked corpus dropped (`NICOSIA, March 24 (Xinhua) --`), "
                "which used up some of NIST's 250 words, so that our lead sometimes holds one sentence more.")
    if overlap >= 0.5:
        return (f"This is close to NIST's baseline, not the same: only {overlap:.1%} of the words of our leads are in "
                "NIST's peer 1 of the same topic, so on some topics the two take other sentences or another document.")
    return (f"This is not NIST's baseline: only {overlap:.1%} of the words of our leads are in NIST's peer 1 of the "
            "same topic.")


def trust_reading(figures: dict, system: str) -> str:
    """The chapter's paragraph on how far ``system``'s estimate can be trusted, every figure from
    :func:`pyrabench.scoring.own.placement.trust`."""
    f = figures
    interval = (f"[{f['system_r_low']:.3f}, {f['system_r_high']:.3f}]" if np.isfinite(f["system_r_low"])
                else "(no interval)")
    text = [f"Over the {f['systems']} DUC systems, their summaries scored as text, the estimate agrees with the "
            f"manual score at r = {f['system_r']:.3f} {interval} per system (Pearson). Its system means miss "
            f"the manual means by {f['mean_error']:.3f} on average and by {f['max_error']:.3f} at most."]
    where = (f"would place it at rank {f['rank_high']} among the DUC systems' manual scores whichever end is read: "
             "the estimate ranks it as finely as the table does." if f["rank_high"] == f["rank_low"] else
             f"would place it anywhere from rank {f['rank_high']} to rank {f['rank_low']} among the DUC systems' "
             "manual scores: a finer rank is more than the estimate can tell.")
    text.append(f"`{system}` is estimated at {f['estimate']:.3f}, rank {f['rank']} of the {f['of']} systems by the "
                f"automated score. Its 95 % interval, {f['low']:.3f} to {f['high']:.3f}, {where}")
    if "nist_lead" in f:
        text.append(f"NIST's own lead baseline was scored {f['nist_lead']:.3f} by hand, and "
                    f"{f['nist_lead_estimate']:.3f} by the automated score.")
    return " ".join(text)


def _scus(n: int) -> str:
    return f"{n} SCU" if n == 1 else f"{n} SCUs"


def matching_reading(counts: dict, counted: float, estimate: float) -> str:
    """How the model's SCU set of one summary compares with the annotator's of NIST's lead
    (:func:`matched_counts`), and how the counted set's score compares with the estimate."""
    auto, human, both = counts["auto"], counts["human"], counts["both"]
    if auto == human == both:
        how = f"The model counts the {_scus(auto)} that the annotator found."
    else:
        more = "more than" if auto > human else "fewer than" if auto < human else "as many as"
        shared = "none is" if both == 0 else f"{both} {'is' if both == 1 else 'are'}"
        how = (f"The model counts {_scus(auto)}, {more} the {human} that the annotator found in NIST's lead; "
               f"{shared} in both.")
    gap = counted - estimate
    side = f"{abs(gap):.3f} above" if gap > 0 else f"{abs(gap):.3f} below" if gap < 0 else "equal to"
    return (f"{how} Over the topics, the counted sets score {counted:.3f}, {side} the estimate ({estimate:.3f}), "
            "which weighs every SCU by its probability instead of counting it or not.")


def plot_estimates(systems: pd.DataFrame):
    """Each DUC system's manual mean (x) against its estimate (y) with the estimate's interval,
    NIST's lead in its own colour, and every system nobody annotated (``kind`` "yours": no manual
    score) as a horizontal line at its estimate over its interval's band; y = x for reference.
    ``systems``: rows of :func:`placement` (columns ``system, kind, manual, estimate,
    estimate_low, estimate_high``)."""
    plt, _ = plotting()
    fig, ax = plt.subplots(figsize=(5.2, 5.4))
    duc = systems[systems["kind"] != "yours"]
    colours = {"DUC": "tab:blue", "NIST lead": "tab:red"}
    for kind, d in duc.groupby("kind", sort=False):
        low = (d["estimate"] - d["estimate_low"]).clip(lower=0).to_numpy(float)
        high = (d["estimate_high"] - d["estimate"]).clip(lower=0).to_numpy(float)
        label = "DUC systems" if kind == "DUC" else f"NIST's lead (peer {d['system'].iloc[0]})"
        ax.errorbar(d["manual"], d["estimate"], yerr=[low, high], fmt="o", ms=4, lw=0.8, capsize=2,
                    color=colours.get(kind, "tab:gray"), label=label, zorder=3 if kind != "DUC" else 2)
    values = systems[["manual", "estimate", "estimate_low", "estimate_high"]].to_numpy(float)
    lo, hi = 0.0, float(np.nanmax(values)) * 1.05 if np.isfinite(values).any() else 1.0
    ax.plot([lo, hi], [lo, hi], color="gray", lw=0.8, ls="--", label="y = x")
    for k, (_, row) in enumerate(systems[systems["kind"] == "yours"].iterrows()):
        colour = plt.get_cmap("Dark2")(k % 8)
        ax.axhspan(row["estimate_low"], row["estimate_high"], color=colour, alpha=0.12, lw=0)
        ax.axhline(row["estimate"], color=colour, lw=1.2, label=f"{row['system']} (estimate, no manual score)")
    ax.set(xlim=(lo, hi), ylim=(lo, hi), xlabel="manual modified score (system mean)",
           ylabel="estimate (system mean, 95 % interval)")
    ax.set_aspect("equal")
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False)  # hides no point
    fig.tight_layout()
    return fig


def _wrapped(text: str, first: str, rest: str, width: int) -> list[str]:
    return textwrap.wrap(" ".join(str(text).split()) or "-", width, initial_indent=first, subsequent_indent=rest,
                         break_long_words=True, break_on_hyphens=False)


def explain_blocks(explained: pd.DataFrame, summaries: pd.DataFrame, title: str = "",
                   width: int = EXPLAIN_WIDTH) -> str:
    """The SCUs ``--explain`` lists (:meth:`pyrabench.scoring.own.summaries.OwnScores.explained`) under
    ``title``, one block per summary, no line wider than ``width``: a heading (topic, system,
    estimate and interval, the SCUs counted), then per SCU its counted flag, probability and
    weight before its label, and the sentence carrying its evidence under it, each wrapped."""
    per = summaries.set_index(["topic", "system"])
    lines: list[str] = [""]
    if title:
        lines.extend(_wrapped(title, "", "", width))
    for (topic, system), rows in explained.groupby(["topic", "system"], sort=False):
        s = per.loc[(topic, system)]
        known = np.isfinite(s["estimate_low"]) and np.isfinite(s["estimate_high"])
        interval = f"[{s['estimate_low']:.3f}, {s['estimate_high']:.3f}]" if known else f"[{MISSING}]"
        head = (f"{topic} / {system}: estimate {s['estimate']:.3f} {interval}, "
                f"{int(s['scus'])} SCU{'s' if int(s['scus']) != 1 else ''} counted")
        lines.extend(["", *_wrapped(head, "", "    ", width)])
        for r in rows.itertuples():
            mark = "counted" if r.counted else "       "
            lead = f"  {mark} p {r.p:.3f} w {int(r.weight)}  "
            lines.extend(_wrapped(r.label, lead, " " * len(lead), width))
            lines.extend(_wrapped(f"evidence: {r.evidence}", " " * len(lead), " " * (len(lead) + 10), width))
    if len(explained) == 0:
        lines.extend(["", "(none)"])
    return "\n".join(lines[1:])


#: The rows of the lite agreement table: (label, where the figure is in a LabelAgreement).
LITE_ROWS = (
    ("units counted: F1 against the crowd", ("units", "f1")),
    ("units counted: precision", ("units", "precision")),
    ("units counted: recall", ("units", "recall")),
    ("AUC of the probabilities", ("units", "auc")),
    ("ECE of the probabilities (ten bins)", ("units", "ece")),
    ("units counted per summary", ("units", "counted")),
    ("units present per summary (crowd)", ("units", "present")),
    ("summary r (per example, averaged)", ("summary", "pearson")),
    ("summary ρ (per example, averaged)", ("summary", "spearman")),
    ("summary r (pooled)", ("pooled", "pearson")),
    ("summary ρ (pooled)", ("pooled", "spearman")),
    ("system r", ("system", "pearson")),
    ("system ρ", ("system", "spearman")),
    ("summaries inside their 95 % interval", ("intervals", "coverage")),
    ("mean width of the interval", ("intervals", "width")),
)


def _figure(agreement, score: str, where: tuple[str, str]) -> float:
    part, key = where
    if part in ("units", "intervals"):
        return float(getattr(agreement, part)[key]) if score == "estimate" else float("nan")
    figures = agreement.correlations.get(score, {}).get(part, {})
    return float(figures.get(key, float("nan")))


def lite_agreement_table(agreements: dict, published=()) -> pd.DataFrame:
    """The lite agreement table: one column per :class:`~pyrabench.scoring.scu_model.label_agreement.LabelAgreement`
    (keyed by its column title; its estimate), ROUGE-2 and, when scored, MiniLM token recall beside the
    first (correlations only), and
    one column per published scorer and dataset (:data:`pyrabench.published.LITE_PYRAMID_FIGURES`,
    the rows it reports); "—" where a column has no figure."""
    from ..published import LITE_SOURCES

    columns = {}
    for title, agreement in agreements.items():
        columns[title] = [_figure(agreement, "estimate", where) for _, where in LITE_ROWS]
    if agreements:
        first = next(iter(agreements.values()))
        columns["ROUGE-2"] = [_figure(first, "rouge_2", w) for _, w in LITE_ROWS]
        if "token_recall" in first.correlations:
            columns["MiniLM token recall"] = [
                _figure(first, "token_recall", w) for _, w in LITE_ROWS]
    for f in published:
        title = f"{f.scorer}, {f.dataset} ({LITE_SOURCES[f.source]}, published)"
        col = columns.setdefault(title, [float("nan")] * len(LITE_ROWS))
        for k, (_, (level, stat)) in enumerate(LITE_ROWS):
            if (level, stat) == (f.level, f.statistic):
                col[k] = f.value
    return pd.DataFrame(columns, index=pd.Index([label for label, _ in LITE_ROWS], name="figure"))


def plot_reliability(curves: dict, title: str = ""):
    """Reliability curves (:func:`pyrabench.scoring.scu_model.label_agreement.reliability`), one per
    entry of ``curves`` (name → curve): per bin of the model's probability, the share of units
    the crowd found present against the bin's mean probability, each point's area its units;
    the diagonal is perfect calibration."""
    plt, _ = plotting()
    fig, ax = plt.subplots(figsize=(5.2, 4.4))
    ax.plot([0, 1], [0, 1], color="0.6", lw=1, ls="--", label="calibrated")
    for k, (name, curve) in enumerate(curves.items()):
        used = curve[curve["n"] > 0]
        ax.plot(used["p"], used["present"], color=f"C{k}", lw=1.5, marker=None)
        ax.scatter(used["p"], used["present"], s=15 + 200 * used["n"] / max(1, used["n"].max()), color=f"C{k}",
                   label=name, zorder=3, alpha=0.8)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("the model's probability (mean of a tenth)")
    ax.set_ylabel("share of units the crowd found present")
    if title:
        ax.set_title(title, fontsize=10)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    return fig


#: How each score is named in the system comparisons.
PAIR_NAMES = {"estimate": "estimate", "rouge_2": "ROUGE-2 recall", "token_recall": "MiniLM token recall",
              "human": "the labels themselves"}
#: The width the system comparisons fit their lines to (a terminal's).
PAIR_WIDTH = 100


def pair_lines(pairs, unit: str = "topics", width: int = PAIR_WIDTH) -> str:
    """The system comparisons (:class:`~pyrabench.scoring.system_pairs.SystemPairs`) for a
    terminal, no line wider than ``width``: what was compared and how, then per score how many
    pairs of systems it decides at the pairs' confidence, and with a truth how many of those it
    decides in the wrong direction."""
    n = len(pairs.pairs)
    if n == 0:
        return "system comparisons: one system, no pair to compare."
    level = f"{pairs.confidence * 100:g} %"
    head = (f"system comparisons: which of the {n:,} pairs of systems differ at {level} (a paired bootstrap "
            f"over the {pairs.topics:,} {unit} of each pair's mean difference, {pairs.n_resamples:,} resamples; "
            f"decided: the interval excludes 0; --json lists the estimate's decided pairs):")
    lines = _wrapped(head, "", "  ", width)
    shares = pairs.shares()
    judged = "wrong" in shares
    label = max(len(PAIR_NAMES.get(m, m)) for m in shares.index)
    lines.append(f"  {'score':<{label}}  {'decided':>8}  {'share':>6}" + (f"  {'wrong':>6}  {'share':>6}"
                                                                          if judged else ""))
    for metric, row in shares.iterrows():
        line = (f"  {PAIR_NAMES.get(metric, metric):<{label}}  {int(row['decided']):>8,}  "
                f"{figure_text(float(row['decided_share'])):>6}")
        if judged and metric != pairs.truth:
            line += f"  {int(row['wrong']):>6,}  {figure_text(float(row['wrong_share'])):>6}"
        lines.append(line)
    if judged:
        lines.extend(_wrapped(f"wrong: decided pairs the system means of {PAIR_NAMES.get(pairs.truth, pairs.truth)} "
                              "order the other way (or tie)", "  ", "  ", width))
    return "\n".join(lines)
