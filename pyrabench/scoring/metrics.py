"""Named per-summary metrics of a corpus, side by side: manual scores, ROUGE, automated scores.

Names (what ``pyrabench correlate --reference/--metric`` accepts):

* ``modified``, ``original``, ``coverage``: the manual pyramid scores, NIST convention;
  ``modified:sacrerouge`` (etc.) under SacreROUGE's (:mod:`.manual`);
* ``rouge_1``, ``rouge_2``, ``rouge_l``: ROUGE recall against the pyramid's models
  (:mod:`.rouge`, needs the ``scoring`` extra);
* ``auto``: the automated pyramid score's default variant, ``auto:NAME`` another variant or
  similarity (:mod:`.scu_model.variants`);
* ``responsiveness`` and ``lq:Q1`` … ``lq:Q5``: NIST's content responsiveness and
  linguistic-quality judgments of the same peers (:mod:`pyrabench.data.judgments`; DUC only).

A metric that cannot be computed here (an optional package missing, an encoder not
installed, a single topic where the automated score needs held-out topics) is reported with its
reason instead of a column; a name nobody knows is an error.
"""

from __future__ import annotations

from typing import Sequence

import pandas as pd

from ..data import judgments
from ..errors import MissingDataError, PyrabenchError, UnknownNameError
from ..resampling import N_RESAMPLES
from .correlate import LEVELS, comparisons, correlations
from .manual import CONVENTIONS, DEFAULT_CONVENTION, score_corpus
from .rouge import ROUGE_TYPES, rouge_frame
from .scu_model import variants

KEYS = ("topic", "peer", "annotator")
MANUAL = ("modified", "original", "coverage")
#: NIST's judgments of the peers (one value per topic × peer, whoever annotated the pyramid).
JUDGMENTS = (judgments.RESPONSIVENESS, *judgments.QUALITY)


def check_name(name: str) -> str:
    """``name`` if it is a metric name this module knows (module docstring), else an error."""
    base, _, option = name.partition(":")
    if base in MANUAL and (not option or option in CONVENTIONS):
        return name
    if name in ROUGE_TYPES or name in JUDGMENTS:
        return name
    if base == "auto":
        variants.variant(option or None)
        return name
    raise UnknownNameError(f"unknown metric {name!r}; use {', '.join(MANUAL)} (optionally ':sacrerouge'), "
                           f"{', '.join(ROUGE_TYPES)}, auto or auto:<variant|similarity>, {', '.join(JUDGMENTS)}")


def _manual(corpus, name: str) -> pd.DataFrame:
    base, _, option = name.partition(":")
    df = score_corpus(corpus, option or DEFAULT_CONVENTION)
    return df[[*KEYS, base]].rename(columns={base: name})


def _column(corpus, name: str, cache: bool) -> pd.DataFrame:
    if name.partition(":")[0] in MANUAL:
        return _manual(corpus, name)
    if name in ROUGE_TYPES:
        return rouge_frame(corpus, cache=cache)[[*KEYS, name]]
    if name in JUDGMENTS:
        refs = judgments.for_corpus(corpus).references()
        if name not in refs:
            raise MissingDataError(f"NIST judged no {name} for {corpus.name}")
        return refs[["topic", "peer", name]]
    option = name.partition(":")[2] or None
    return variants.auto_frame(corpus, option, cache=cache)[[*KEYS, "auto"]].rename(columns={"auto": name})


def metric_frame(corpus, names: Sequence[str], cache: bool = True) -> tuple[pd.DataFrame, dict[str, str]]:
    """``(frame, errors)``: one row per peer annotation with a column per computable metric,
    and ``{name: reason}`` for the metrics that could not be computed."""
    if not corpus.peers:
        raise MissingDataError(f"corpus {corpus.name} has no peer annotations to score")
    frame = pd.DataFrame([(p.topic, p.peer_id, p.annotator) for p in corpus.peers], columns=list(KEYS))
    errors: dict[str, str] = {}
    for name in dict.fromkeys(check_name(n) for n in names):
        try:
            column = _column(corpus, name, cache)
            frame = frame.merge(column, on=[k for k in KEYS if k in column], how="left")
        except PyrabenchError as exc:  # an extra or a model missing, too few topics to cross-fit…
            errors[name] = str(exc)
    return frame, errors


def correlate_corpus(corpus, metrics: Sequence[str], reference: str = "modified", n_resamples: int = N_RESAMPLES,
                     seed: int = 0, cache: bool = True, levels: Sequence[str] = LEVELS,
                     compare: Sequence[tuple[str, str]] = (), scheme: str | None = None,
                     measured: tuple[pd.DataFrame, dict[str, str]] | None = None) -> dict:
    """:func:`pyrabench.scoring.correlate.correlations` of ``metrics`` against ``reference`` on a
    corpus, with the paired tests of :func:`~pyrabench.scoring.correlate.comparisons` for each
    ``(a, b)`` in ``compare`` (both must be among ``metrics``, or are added). Only summaries with
    a pyramid annotation take part, so NIST's human summarizers (judged, never annotated) are
    left out at every level; ``excluded`` counts the judged summaries left out, by reason.
    ``scheme`` resamples (and permutes) other units than each level's own. ``measured``: the
    :func:`metric_frame` of the reference and metrics, when the caller has it already."""
    wanted = list(dict.fromkeys([*metrics, *(m for pair in compare for m in pair)]))
    frame, errors = measured if measured is not None else metric_frame(corpus, [reference, *wanted], cache)
    if reference in errors:
        raise PyrabenchError(f"reference {reference} cannot be computed: {errors[reference]}")
    result = correlations(frame, wanted, reference, errors, n_resamples=n_resamples, seed=seed, levels=levels,
                          scheme=scheme)
    if compare:
        result["comparisons"] = comparisons(frame, list(compare), reference, errors, n_resamples=n_resamples,
                                            seed=seed, levels=levels, scheme=scheme)
    if any(m in JUDGMENTS and m not in errors for m in [reference, *wanted]):
        result["excluded"] = judged_without_annotation(corpus)
    return result


def judged_without_annotation(corpus) -> dict[str, int]:
    """The summaries NIST judged that no correlation here can use (no pyramid annotation), by
    reason: human summarizers, topics without a pyramid, systems NIST did not annotate."""
    c = judgments.coverage(judgments.for_corpus(corpus), corpus)
    return {"human": c["unmatched_human"], "topic_without_pyramid": c["unmatched_topic_without_pyramid"],
            "system_not_annotated": c["unmatched_system_not_annotated"], "not_judged": c["not_judged"]}
