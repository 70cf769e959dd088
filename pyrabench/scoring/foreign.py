"""Units of a domain the model was never fitted on: say so, give what leave-one-domain-out measured
on such domains, and keep an interval only where those figures back it.

The SCU model is fitted on the annotated domains of the data root (:mod:`.scu_model.domains`).
Scored units that belong to none of them (:attr:`.own.summaries.OwnScores.domain` is None) are
**foreign**, in one of two ways (:func:`.own.calibration.units_view`):

* ``pyramids``: a full pyramid in DUC's style (several model summaries, weights above 1), scored by
  the model of full pyramids; the held-out DUC corpora *as pyramids* are the figures for it;
* ``lite``: one reference's units, each of weight 1, often of another annotation protocol, scored
  by the lite model; the held-out domains *as lite* (DUC's lite views and a labelled lite dataset
  such as PyrXSum) are the figures for it.

:func:`foreign_units` reads those figures from the leave-one-domain-out table
(:func:`.studies.leave_one_out.leave_one_out_table`, cached by the domains' content: the first
call on a data root computes it, later ones read it) and applies the decision below.

**Intervals that hold, or none: the decision.** Two options were measured in every held-out
direction (:func:`.studies.leave_one_out.domain_term_intervals`): (a) the summary and system
intervals widened on each side by a *domain term*, the largest level error (mean estimate − mean
truth) of the other held-out domains seen the same way; (b) no level interval for foreign units:
the estimates still rank the summaries and systems, and levels need ``--adapt``. The rule
(:data:`.studies.leave_one_out.FOREIGN_RULE`) keeps (a) for a view only where, in every held-out
domain of that view, at least 90 % of the summaries and of the systems are inside both the
model's own intervals and the widened ones: the term is read off three domains at most, far too
few for a distribution-free bound (a 95 % conformal quantile needs 39), so it may add a margin but
must not carry the whole coverage. On the real data root (DUC 2006, DUC 2007, its update task and
PyrXSum) the figures decide: *as pyramids*, every DUC corpus held out keeps 90.6–97.0 % of its
summaries and 95.8–100 % of its systems inside the model's own intervals, and 94.0–98.5 % and
95.8–100 % widened by a term of 0.020 — (a), printed with those figures; *as lite*, PyrXSum held
out keeps 70.0 % of its systems inside (the update task's lite views 70.8 %), and the widened
intervals reach 90.0 % there only by the term (9 of 10 systems) — (b). A new annotation protocol
shifts the level by more than DUC's corpora shift among themselves (the model counts fewer units
than a CNN/DM crowd marks), and no figure here bounds by how much: a lite user labels a few
examples (``--labels DIR --adapt`` :data:`ADAPT_N`), which does.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

import numpy as np
import pandas as pd

from ..dataroot import resolve
from ..errors import PyrabenchError
from .own.summaries import OwnScores
from .scu_model.domains import annotated
from .studies.adaptation import RECOMMENDED_N
from .studies.leave_one_out import Evidence, foreign_evidence, leave_one_out_table, widened

#: The labelled examples to adapt on: the size the adaptation study recommends.
ADAPT_N = RECOMMENDED_N
#: The remedy, as the user types it.
REMEDY = f"--labels DIR --adapt {ADAPT_N}"


@dataclass(frozen=True)
class Foreign:
    """Foreign units (module docstring): how the scorer saw them (``view``), the domains the model
    was fitted on, what leave-one-domain-out measured for that view (``evidence``; None and
    ``no_evidence`` when the table cannot be computed), and what the output does with the levels'
    intervals (``intervals``: "widened", "withheld", or "adapted" with ``--adapt``)."""

    view: str
    fitted_on: str
    evidence: Evidence | None
    no_evidence: str
    intervals: str
    sample: bool = False  # the figures are the bundled sample's (a few topics per domain)

    @property
    def term(self) -> float:
        return self.evidence.term if self.evidence is not None else float("nan")

    def to_json(self) -> dict:
        ev = self.evidence
        directions = [] if ev is None else [
            {k: (None if isinstance(v, float) and not np.isfinite(v) else v.item() if hasattr(v, "item") else v)
             for k, v in row.items()} for row in ev.directions.to_dict("records")]
        return {"units": self.view, "fitted_on": self.fitted_on, "intervals": self.intervals, "sample": self.sample,
                "domain_term": None if ev is None or not np.isfinite(ev.term) else ev.term,
                "backed": None if ev is None else ev.backed, "why": ev.why if ev is not None else self.no_evidence,
                "leave_one_domain_out": directions, "remedy": self.remedy, "adapt_n": ADAPT_N if self.remedy else None}

    @property
    def remedy(self) -> str | None:
        """What a user types to get levels fitted to their domain: labels and ``--adapt``, which
        take lite units (``--units``); None for a full pyramid."""
        return REMEDY if self.view == "lite" else None


def foreign_units(scores: OwnScores, data=None, adapted: bool = False) -> tuple[OwnScores, Foreign | None]:
    """``(scores, foreign)``: unchanged and None when the units are of a domain the model was
    fitted on (or there is no model); otherwise the scores with their levels' intervals widened
    by the domain term where the leave-one-domain-out figures back it, withheld (NaN, the reason
    in :attr:`OwnScores.withheld`) where they do not, and untouched when ``adapted`` (the
    intervals are refitted on the user's labels), with the :class:`Foreign` that says so."""
    if scores.domain is not None or scores.summary_errors is None:
        return scores, None
    evidence, no_evidence, root = None, "", resolve(data)
    try:
        evidence = foreign_evidence(leave_one_out_table(annotated(root.path)), scores.units)
    except PyrabenchError as exc:
        no_evidence = f"no leave-one-domain-out figures on this data root: {exc}"
    said = partial(Foreign, scores.units, scores.fitted_on or "", evidence, no_evidence, sample=root.is_sample)
    if adapted:
        return scores, said("adapted")
    if evidence is not None and evidence.backed:
        wide = replace(scores, summaries=_widened(scores.summaries, evidence.term),
                       systems=_widened(scores.systems, evidence.term),
                       system_interval=f"{scores.system_interval}, widened by the domain term ±{evidence.term:.3f}")
        return wide, said("widened")
    why = f"{scores.units} units of a domain the model never saw: leave one domain out backs no level interval"
    why += f"; levels need {REMEDY}" if scores.units == "lite" else ""
    withheld = replace(scores, summaries=_withheld(scores.summaries), systems=_withheld(scores.systems), withheld=why,
                       system_interval="no level interval: foreign units (the first lines)")
    return withheld, said("withheld")


def _widened(frame: pd.DataFrame, term: float) -> pd.DataFrame:
    low, high = widened(frame, term)
    return frame.assign(estimate_low=low, estimate_high=high)


def _withheld(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.assign(estimate_low=np.nan, estimate_high=np.nan)
