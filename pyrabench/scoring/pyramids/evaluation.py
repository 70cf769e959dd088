"""Built pyramids measured on the annotated corpora: against NIST's SCUs, and as the pyramid peers
are scored against.

For a corpus, every topic's pyramid is rebuilt from NIST's own model summaries (:mod:`.builder`),
compared with NIST's (:mod:`.agreement`), and every annotated peer is scored against it by the
package's best automated scorer, the calibrated ``lex`` scorer (:data:`.variants.DEFAULT`).

**How the scorer transfers.** Its logistic model is fitted on the annotators' matches of peers
to *human* SCUs. Scoring against a built pyramid keeps that model and changes only what it is
applied to: the features of each (peer, built SCU) pair (overlap of the peer's sentences with the
SCU's contributors and label, the SCU's weight share) and the built pyramid's ``Max(A)``. A
topic is scored by the fold model that held the topic out (the same cross-fitting folds as the
scorer on NIST's pyramid, :func:`.variants.auto_frame`), so no topic's annotations inform its own
score, and the two scorers differ only by the pyramid. ``calibrate_on=`` another corpus fits one
model on every topic of that corpus instead (the transfer across corpora).

Built pyramids and scores are cached under ``$PYRABENCH_CACHE/scoring`` (keyed by the corpus
content, the recipe and the builder's source version).
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from ...cache import cached_frame, fingerprint
from ...data.model import SCU, Contributor, Part, Pyramid
from ..correlate import correlations, flat_row
from ..manual import score_corpus
from ..recipe2013.pipeline import corpus_key
from ..rouge import rouge_frame
from ..scu_model import calibrated, variants
from ..scu_model.calibrated import KEYS
from . import agreement, builder
from .builder import EDUA, Recipe

VERSION = "pyramid-builder-v2"  # v2: an SCU's label leaves out its contributors' self-similarity
#: Parameters of the cached results left out of their keys (:mod:`pyrabench.cache`): ``cache`` says
#: whether to read and write the entry, never what it holds.
NOT_IN_KEY = {"built_pyramids": ("cache",), "built_scores": ("cache",)}
METRICS = ("auto_built", "auto_nist", "rouge_2")
#: The annotated corpus each DUC corpus is calibrated on when its own topics are not used (the
#: transfer across corpora, what ``score --pyramid DIR --calibrate-on CORPUS`` does for a user).
PARTNERS = {"duc2006": "duc2007", "duc2007": "duc2006", "duc2007-update": "duc2007"}
_CONTRIBUTOR_COLUMNS = ["topic", "scu_id", "label", "cohesion", "summary_index", "start", "end"]


# --------------------------------------------------------------------------- built pyramids


def built_pyramids(corpus, recipe: Recipe = EDUA, cache: bool = True) -> list[Pyramid]:
    """Every topic's pyramid built from NIST's model summaries, in the corpus's topic order."""
    def compute() -> pd.DataFrame:
        rows = []
        for b in (builder.build(p.summarizer_ids, p.summaries, p.topic, recipe, corpus.name, p.source)
                  for p in corpus.pyramids):
            for scu, coh in zip(b.pyramid.scus, b.cohesion):
                rows.extend({"topic": b.pyramid.topic, "scu_id": scu.scu_id, "label": scu.label, "cohesion": coh,
                             "summary_index": c.summary_index, "start": c.parts[0].start, "end": c.parts[0].end}
                            for c in scu.contributors)
        return pd.DataFrame(rows, columns=_CONTRIBUTOR_COLUMNS)

    frame = cached_frame("pyramids", fingerprint(VERSION, corpus_key(corpus), recipe), compute, cache)
    by_topic = dict(tuple(frame.groupby("topic", sort=False)))
    out = []
    for p in corpus.pyramids:
        order = builder.canonical_order(p.summarizer_ids, p.summaries)
        texts = tuple(p.summaries[i] for i in order)
        scus = []
        for scu_id, g in by_topic[p.topic].groupby("scu_id", sort=True):
            contributors = tuple(Contributor(texts[i][s:e], (Part(texts[i][s:e], s, e),), i)
                                 for i, s, e in zip(g["summary_index"], g["start"], g["end"]))
            scus.append(SCU(int(scu_id), str(g["label"].iloc[0]), contributors))
        out.append(Pyramid(corpus.name, p.topic, texts, tuple(p.summarizer_ids[i] for i in order), tuple(scus),
                           p.source))
    return out


# --------------------------------------------------------------------------- agreement


def topic_agreements(corpus, recipe: Recipe = EDUA, cache: bool = True) -> list[agreement.TopicAgreement]:
    return [agreement.compare(h, a) for h, a in zip(corpus.pyramids, built_pyramids(corpus, recipe, cache))]


def agreement_table(corpora: Mapping[str, object], recipe: Recipe = EDUA, cache: bool = True) -> pd.DataFrame:
    """One row per corpus: the readings of :func:`.agreement.summary`."""
    return pd.DataFrame([{"corpus": name, **agreement.summary(topic_agreements(c, recipe, cache))}
                         for name, c in corpora.items()])


def weight_table(corpora: Mapping[str, object], recipe: Recipe = EDUA, cache: bool = True) -> pd.DataFrame:
    """Share of SCUs at each weight, NIST's beside the built ones, per corpus."""
    return pd.concat([agreement.weight_shares(list(c.pyramids), built_pyramids(c, recipe, cache), name)
                      for name, c in corpora.items()], ignore_index=True)


# --------------------------------------------------------------------------- scoring peers

_UNITS: dict[str, dict[str, list[list[str]]]] = {}


def _peer_units(corpus) -> dict[str, list[list[str]]]:
    """Each topic's peers' sentences (tokenized once per corpus and process)."""
    key = corpus_key(corpus)
    if key not in _UNITS:
        peers = list(corpus.peers)
        units = calibrated.peer_units(peers)
        out: dict[str, list[list[str]]] = {}
        for p, u in zip(peers, units):
            out.setdefault(p.topic, []).append(u)
        _UNITS[key] = out
    return _UNITS[key]


def built_scores(corpus, recipe: Recipe = EDUA, calibrate_on=None, cache: bool = True) -> pd.DataFrame:
    """The ``lex`` scorer's score of every peer annotation against the built pyramids: columns
    ``topic, peer, annotator, auto`` (module docstring; ``calibrate_on``: a corpus whose every
    topic fits the one model)."""
    v = variants.variant(variants.DEFAULT)
    ref_key = corpus_key(calibrate_on) if calibrate_on is not None else None

    def compute() -> pd.DataFrame:
        if calibrate_on is None:
            human = variants.features(corpus, v.similarity)
            fold, models = calibrated.fold_models(human, v.features, calibrated.FOLDS, v.model)
            topic_model = {t: models[int(k)] for t, k in zip(human["topic"], fold)}
        else:
            one = calibrated.fit_model(variants.features(calibrate_on, v.similarity), v.features, v.model)
            topic_model = {p.topic: one for p in corpus.pyramids}
        units = _peer_units(corpus)
        peers_by_topic: dict[str, list] = {}
        for p in corpus.peers:
            peers_by_topic.setdefault(p.topic, []).append(p)
        frames = []
        for pyramid in built_pyramids(corpus, recipe, cache):
            peers = peers_by_topic.get(pyramid.topic)
            if not peers:
                continue
            topic, feats = calibrated.unit_features(pyramid, units[pyramid.topic])
            n_s = len(topic.scu_ids)
            frame = pd.DataFrame({
                "topic": np.repeat([p.topic for p in peers], n_s),
                "peer": np.repeat([p.peer_id for p in peers], n_s),
                "annotator": np.repeat([p.annotator for p in peers], n_s),
                **{c: np.asarray(val, dtype=np.float64).ravel() for c, val in feats.items()},
                "weight": np.tile(topic.weights, len(peers)), "ideal": float(topic.ideal),
            })
            p = topic_model[pyramid.topic].predict_proba(frame[list(v.features)].to_numpy(np.float64))[:, 1]
            frames.append(calibrated.scores(frame, p, v.mode))
        return pd.concat(frames, ignore_index=True)[[*KEYS, "auto"]]

    key = fingerprint(VERSION, "scores", calibrated.VERSION, corpus_key(corpus), recipe, ref_key, v)
    return cached_frame("auto", key, compute, cache).astype({"topic": str, "peer": str, "annotator": str})


def score_frame(corpus, recipe: Recipe = EDUA, calibrate_on=None, cache: bool = True) -> pd.DataFrame:
    """Per peer annotation: the manual ``modified`` score, ``auto_built`` (the scorer on the built
    pyramid), ``auto_nist`` (the same scorer on NIST's) and ``rouge_2``."""
    frame = score_corpus(corpus)[[*KEYS, "modified"]]
    frame = frame.merge(built_scores(corpus, recipe, calibrate_on, cache).rename(columns={"auto": "auto_built"}),
                        on=list(KEYS))
    frame = frame.merge(variants.auto_frame(corpus, variants.DEFAULT, cache=cache)[[*KEYS, "auto"]]
                        .rename(columns={"auto": "auto_nist"}), on=list(KEYS))
    return frame.merge(rouge_frame(corpus, cache=cache)[[*KEYS, "rouge_2"]], on=list(KEYS))


def correlation_table(corpora: Mapping[str, object], recipe: Recipe = EDUA, n_resamples: int = 1000, seed: int = 0,
                      calibrate_on: Mapping[str, object] | None = None, cache: bool = True) -> pd.DataFrame:
    """One row per (corpus, metric): summary- and system-level Pearson and Kendall against the
    manual modified score, with bootstrap 95 % intervals (:func:`pyrabench.scoring.correlate.correlations`)."""
    rows = []
    for name, corpus in corpora.items():
        ref = (calibrate_on or {}).get(name)
        frame = score_frame(corpus, recipe, ref, cache)
        res = correlations(frame, list(METRICS), "modified", n_resamples=n_resamples, seed=seed)
        calibrated_on = {"auto_built": ref.name if ref is not None else "its other topics",
                         "auto_nist": "its other topics", "rouge_2": ""}
        rows.extend({"corpus": name, "metric": m, "calibrated_on": calibrated_on[m], **flat_row(res, m)}
                    for m in METRICS)
    return pd.DataFrame(rows)


def built_beside_nist(table: pd.DataFrame) -> pd.DataFrame:
    """Per corpus of :func:`correlation_table`: the system-level Pearson of the scorer on the
    built pyramids (``built``), on NIST's (``nist``), and ``gap`` = built − nist."""
    wide = table.pivot(index="corpus", columns="metric", values="system_pearson")
    out = pd.DataFrame({"corpus": wide.index, "built": wide["auto_built"].to_numpy(),
                        "nist": wide["auto_nist"].to_numpy()})
    out["gap"] = out["built"] - out["nist"]
    return out.reset_index(drop=True)


# --------------------------------------------------------------------------- levers


def lever_table(corpora: Mapping[str, object], recipes: Mapping[str, Recipe], scored: Sequence[str] = (),
                n_resamples: int = 200, seed: int = 0, cache: bool = True) -> pd.DataFrame:
    """One row per (recipe, corpus): agreement readings and, for the corpora named in ``scored``,
    the scorer's system- and summary-level Pearson on the built pyramids."""
    rows = []
    for label, recipe in recipes.items():
        for name, corpus in corpora.items():
            row = {"recipe": label, "corpus": name, **agreement.summary(topic_agreements(corpus, recipe, cache))}
            if name in scored:
                frame = score_frame(corpus, recipe, None, cache)
                res = correlations(frame, ["auto_built"], "modified", n_resamples=n_resamples, seed=seed)
                row["summary_pearson"] = res["levels"]["summary"]["auto_built"]["pearson"]
                row["system_pearson"] = res["levels"]["system"]["auto_built"]["pearson"]
            rows.append(row)
    return pd.DataFrame(rows)


def levers(base: Recipe = EDUA) -> dict[str, Recipe]:
    """EDUA's settings and one change at a time (the chapter's lever table)."""
    return {
        "EDUA (clauses, WMF, 83rd percentile, power-law capacity)": base,
        "sentences instead of clauses": base.with_(unit="sentence"),
        "lexical (uni) instead of WMF": base.with_(similarity="uni"),
        "edges above the 70th percentile": base.with_(percentile=70.0),
        "edges above the 90th percentile": base.with_(percentile=90.0),
        "no layer capacity": base.with_(capacity=False),
    }


# --------------------------------------------------------------------------- one topic


def side_by_side(human: Pyramid, built: Pyramid, result: agreement.TopicAgreement,
                 min_weight: int = 1) -> pd.DataFrame:
    """NIST's SCUs (heaviest first) beside the built SCU each matched, then the built SCUs that
    matched none, each side from ``min_weight`` up: ``nist_id, nist_weight, nist_label, auto_id,
    auto_weight, auto_label``."""
    auto = {s.scu_id: s for s in built.scus}
    rows = []
    for s in sorted(human.scus, key=lambda s: (-s.weight, s.scu_id)):
        if s.weight < min_weight:
            continue
        j = int(result.human.set_index("scu_id").at[s.scu_id, "match"])
        a = auto.get(j)
        rows.append({"nist_id": s.scu_id, "nist_weight": s.weight, "nist_label": s.label,
                     "auto_id": a.scu_id if a else 0, "auto_weight": a.weight if a else 0,
                     "auto_label": a.label if a else ""})
    matched = set(result.auto.loc[result.auto["match"] > 0, "scu_id"])
    for a in built.scus:
        if a.scu_id not in matched and a.weight >= min_weight:
            rows.append({"nist_id": 0, "nist_weight": 0, "nist_label": "", "auto_id": a.scu_id,
                         "auto_weight": a.weight, "auto_label": a.label})
    return pd.DataFrame(rows)


def split_example(human: Pyramid, built: Pyramid, result: agreement.TopicAgreement) -> pd.DataFrame:
    """The heaviest split NIST SCU of a topic (lowest id on a tie), one row per contributor: its
    model, its text, and the built SCU holding most of its characters (``built_id``, weight, label;
    0 and "" when none overlaps). Empty when no SCU is split."""
    split = result.human[result.human["split"]].sort_values(["weight", "scu_id"], ascending=[False, True])
    if split.empty:
        return pd.DataFrame(columns=["model", "contributor", "built_id", "built_weight", "built_label"])
    scu = human.scu(int(split["scu_id"].iloc[0]))
    position = {sid: i for i, sid in enumerate(built.summarizer_ids)}
    rows = []
    for c in sorted(scu.contributors, key=lambda c: c.summary_index):
        model = human.summarizer_ids[c.summary_index]
        best, best_chars = None, 0
        for a in built.scus:
            for ac in a.contributors:
                if ac.summary_index != position[model]:
                    continue
                chars = sum(max(0, min(p.end, q.end) - max(p.start, q.start)) for p in c.parts for q in ac.parts)
                if chars > best_chars:
                    best, best_chars = a, chars
        rows.append({"model": model, "contributor": c.text, "built_id": best.scu_id if best else 0,
                     "built_weight": best.weight if best else 0, "built_label": best.label if best else ""})
    return pd.DataFrame(rows).assign(nist_id=scu.scu_id, nist_label=scu.label)
