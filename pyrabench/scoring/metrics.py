"""Named per-summary metrics of a corpus, side by side: manual scores, ROUGE, automated scores.

Names (what ``pyrabench correlate --reference/--metric`` accepts):

* ``modified``, ``original``, ``coverage``: the manual pyramid scores, NIST convention;
  ``modified:sacrerouge`` (etc.) under SacreROUGE's (:mod:`.manual`);
* ``rouge_1``, ``rouge_2``, ``rouge_l``: ROUGE recall against the pyramid's models
  (:mod:`.rouge`, needs the ``scoring`` extra);
* ``auto``: the automated pyramid score's default variant, ``auto:NAME`` another variant or
  similarity (:mod:`.auto.variants`).

A metric that cannot be computed here (an optional package missing, an encoder not
installed, a single topic where the automated score needs held-out topics) is reported with its
reason instead of a column; a name nobody knows is an error.
"""

from __future__ import annotations

from typing import Sequence

import pandas as pd

from ..errors import MissingDataError, PyrabenchError, UnknownNameError
from .auto import variants
from .correlate import LEVELS, N_RESAMPLES, correlations
from .manual import CONVENTIONS, DEFAULT_CONVENTION, score_corpus
from .rouge import ROUGE_TYPES, rouge_frame

KEYS = ("topic", "peer", "annotator")
MANUAL = ("modified", "original", "coverage")


def check_name(name: str) -> str:
    """``name`` if it is a metric name this module knows (module docstring), else an error."""
    base, _, option = name.partition(":")
    if base in MANUAL and (not option or option in CONVENTIONS):
        return name
    if name in ROUGE_TYPES:
        return name
    if base == "auto":
        variants.variant(option or None)
        return name
    raise UnknownNameError(f"unknown metric {name!r}; use {', '.join(MANUAL)} (optionally ':sacrerouge'), "
                           f"{', '.join(ROUGE_TYPES)}, auto or auto:<variant|similarity>")


def _manual(corpus, name: str) -> pd.DataFrame:
    base, _, option = name.partition(":")
    df = score_corpus(corpus, option or DEFAULT_CONVENTION)
    return df[[*KEYS, base]].rename(columns={base: name})


def _column(corpus, name: str, cache: bool) -> pd.DataFrame:
    if name.partition(":")[0] in MANUAL:
        return _manual(corpus, name)
    if name in ROUGE_TYPES:
        return rouge_frame(corpus, cache=cache)[[*KEYS, name]]
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
            frame = frame.merge(_column(corpus, name, cache), on=list(KEYS), how="left")
        except PyrabenchError as exc:  # an extra or a model missing, too few topics to cross-fit…
            errors[name] = str(exc)
    return frame, errors


def correlate_corpus(corpus, metrics: Sequence[str], reference: str = "modified", n_resamples: int = N_RESAMPLES,
                     seed: int = 0, cache: bool = True, levels: Sequence[str] = LEVELS) -> dict:
    """:func:`pyrabench.scoring.correlate.correlations` of ``metrics`` against ``reference`` on a corpus."""
    frame, errors = metric_frame(corpus, [reference, *metrics], cache)
    if reference in errors:
        raise PyrabenchError(f"reference {reference} cannot be computed: {errors[reference]}")
    return correlations(frame, list(dict.fromkeys(metrics)), reference, errors, n_resamples=n_resamples, seed=seed,
                        levels=levels)
