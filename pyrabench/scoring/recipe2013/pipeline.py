"""Automated pyramid scoring end to end: pyramid + summary text → matched SCUs → scores.

For each pyramid the SCU targets (contributors, label) are prepared once; for each summary the
candidate segments are scored against all targets in one vectorized call, combined per SCU,
and matched optimally for every threshold (:mod:`.matching`). Scores use the manual formulas
of :mod:`pyrabench.scoring.manual`: the raw weight sum (what the 2013 scripts correlate) and the
modified score (comparable across topics).
"""

from __future__ import annotations

import os
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from ... import embeddings
from ...cache import cached_frame, fingerprint
from ...data.model import PeerAnnotation, Pyramid
from ...progress import progress_bar
from ...text import words_many
from ..manual import DEFAULT_CONVENTION, get_convention, matched_set, modified_ideal, score_corpus
from .matching import best_matching
from .segments import (
    DEFAULT_MAX_LEN,
    DEFAULT_MIN_LEN,
    candidate_segments,
    tokenize_given,
    tokenize_many,
)
from .similarity import Similarity, make_similarity
from .similarity import combine as combine_columns
from .stats import variant_table
from .thresholds import LEVELS, determine_thresholds


_CORPUS_KEYS: dict[int, tuple[object, str]] = {}


def corpus_key(corpus) -> str:
    """Fingerprint of everything a score of ``corpus`` can depend on: its pyramids (summaries,
    SCU ids, labels, contributors) and its peer annotations (ids, text, matched SCU ids).
    Memoized per loaded corpus object."""
    hit = _CORPUS_KEYS.get(id(corpus))
    if hit is not None and hit[0] is corpus:
        return hit[1]
    strings: list[str] = [corpus.name]
    for p in corpus.pyramids:
        strings += [p.topic, *p.summaries]
        for s in p.scus:
            strings += [str(s.scu_id), s.label, *(f"{c.summary_index}:{c.text}" for c in s.contributors)]
    for a in corpus.peers:
        strings += [a.topic, a.peer_id, a.annotator, a.summary, " ".join(map(str, sorted(matched_set(a))))]
    key = fingerprint("corpus-v1", strings=strings)
    _CORPUS_KEYS[id(corpus)] = (corpus, key)
    return key


@dataclass
class PreparedPyramid:
    pyramid: Pyramid
    scu_ids: np.ndarray
    weights: np.ndarray
    offsets: np.ndarray  # first target column of each SCU
    data: object  # the similarity's representation of the targets
    ideal_modified: int  # Max(A) of the modified score, under the manual scores' convention


def target_texts(pyramid: Pyramid, use_label: bool = True) -> tuple[list[str], np.ndarray]:
    """Texts standing for each SCU (its contributors, then its label) and their SCU index."""
    texts, owner = [], []
    for k, scu in enumerate(pyramid.scus):
        mine = [c.text for c in scu.contributors] + ([scu.label] if use_label and scu.label else [])
        texts.extend(mine)
        owner.extend([k] * len(mine))
    return texts, np.asarray(owner, dtype=np.int64)


def prepare_pyramid(sim: Similarity, pyramid: Pyramid, use_label: bool = True,
                    convention: str = DEFAULT_CONVENTION) -> PreparedPyramid:
    """The pyramid's targets for ``sim``, with SCU weights and ``Max(A)`` of the manual
    ``convention`` (NIST's by default), so automated and manual scores share one scale."""
    conv = get_convention(convention)
    by_id = conv.scu_weights(pyramid)
    texts, owner = target_texts(pyramid, use_label)
    present = np.unique(owner)  # SCUs with at least one target text
    keep = np.isin(np.arange(len(pyramid.scus)), present)
    scus = [s for s, k in zip(pyramid.scus, keep) if k]
    remap = -np.ones(len(pyramid.scus), dtype=np.int64)
    remap[keep] = np.arange(keep.sum())
    owner = remap[owner]
    offsets = np.searchsorted(owner, np.arange(len(scus)))
    data = sim.prepare(words_many(texts))
    weights = np.array([by_id[s.scu_id] for s in scus], dtype=np.int64)
    return PreparedPyramid(
        pyramid,
        np.array([s.scu_id for s in scus], dtype=np.int64),
        weights,
        offsets,
        data,
        modified_ideal(pyramid, conv),
    )


def training_sentences(pyramids: Iterable[Pyramid], summaries: Iterable[str] = ()) -> list[list[str]]:
    """What the latent model is trained on: model-summary sentences, SCU labels and contributors,
    and the (peer) summaries to be scored, split into sentences/lines."""
    texts: list[str] = []
    for p in pyramids:
        for s in p.summaries:
            texts.extend(line for line in s.splitlines() if line.strip())
        for scu in p.scus:
            texts.append(scu.label)
            texts.extend(c.text for c in scu.contributors)
    for s in summaries:
        texts.extend(line for line in s.splitlines() if line.strip())
    return [w for w in words_many(texts) if w]


@dataclass(frozen=True)
class Item:
    """One summary to score: its pyramid, its text and an identifying key (dict of columns);
    ``sentences``: the segmentation it came with (None: the sentence splitter cuts ``text``)."""

    pyramid: Pyramid
    text: str
    key: dict
    sentences: tuple[str, ...] | None = None


def item_tokens(items: Sequence[Item]):
    """Each item's :class:`.segments.Tokens`: split by the sentencizer, or as given."""
    split = iter(tokenize_many([i.text for i in items if i.sentences is None]))
    return [next(split) if i.sentences is None else tokenize_given(i.sentences) for i in items]


def items_from_peers(peers: Sequence[PeerAnnotation]) -> list[Item]:
    return [Item(p.pyramid, p.summary, {"corpus": p.corpus, "topic": p.topic, "peer": p.peer_id,
                                        "annotator": p.annotator}) for p in peers]


def build_similarity(name: str, items: Sequence[Item], seed: int = 0) -> Similarity:
    """Make a similarity and train it on the items' own text (see :mod:`.similarity`)."""
    sim = make_similarity(name, seed=seed) if name == "lsa" else make_similarity(name)
    if sim.needs_training:
        pyramids = {id(i.pyramid): i.pyramid for i in items}.values()
        sim.fit(training_sentences(pyramids, sorted({i.text for i in items})) if sim.trains_on_corpus else [])
    return sim


#: Summaries matched at once. HiGHS releases the GIL, so threads share the cores without the cost
#: of processes. Only the matching runs in the threads (each summary's on its own, so the rows are
#: the same at any count); the similarities, which grow the similarity's vocabulary, stay in order.
MATCH_THREADS = max(1, min(8, os.cpu_count() or 1))
MATCH_WINDOW = 64  # summaries ahead of the oldest unfinished one (a slow one must not idle a thread)


def auto_score(items: Sequence[Item], similarity: str | Similarity, combine: str = "max",
               thresholds: Sequence[float] = (0.5,), max_len: int = DEFAULT_MAX_LEN,
               min_len: int = DEFAULT_MIN_LEN, use_label: bool = True, seed: int = 0, progress: bool = False,
               spans: bool = False) -> pd.DataFrame:
    """One row per item and threshold: retrieved SCU ids, weight sum, modified score, solver
    (and with ``spans``, a ``matched`` column: ``(scu_id, char start, char end, similarity)``
    of each matched segment, in text order)."""
    return auto_score_grid(items, similarity, {combine: thresholds}, max_len, min_len, use_label, seed, progress,
                           spans)


def auto_score_grid(items: Sequence[Item], similarity: str | Similarity, thresholds: Mapping[str, Sequence[float]],
                    max_len: int = DEFAULT_MAX_LEN, min_len: int = DEFAULT_MIN_LEN, use_label: bool = True,
                    seed: int = 0, progress: bool = False, spans: bool = False) -> pd.DataFrame:
    """:func:`auto_score` for several combine functions, each with its thresholds
    (``{combine: thresholds}``): a summary's segment/target similarities are computed once and
    combined each way. Rows come combine by combine, as from one :func:`auto_score` call each."""
    sim = build_similarity(similarity, items, seed) if isinstance(similarity, str) else similarity
    prepared: dict[int, PreparedPyramid] = {}
    tokens = item_tokens(items)

    def match(item: Item, pp: PreparedPyramid, tok, starts, ends, raw) -> dict[str, list[dict]]:
        rows: dict[str, list[dict]] = {}
        for how, levels in thresholds.items():
            agg = combine_columns(raw, pp.offsets, how).T
            rows[how] = []
            for t in levels:
                m = best_matching(starts, ends, agg, pp.weights, t)
                ids = tuple(sorted(int(pp.scu_ids[k]) for k in m.scus))
                rows[how].append({**item.key, "similarity": sim.name, "combine": how, "threshold": float(t),
                                  "scus": len(ids), "weight": m.weight,
                                  "modified": m.weight / pp.ideal_modified if pp.ideal_modified else 0.0,
                                  "retrieved": ids, "solver": m.solver})
                if spans:
                    rows[how][-1]["matched"] = tuple(
                        (int(pp.scu_ids[k]), int(tok.starts[a]), int(tok.ends[b - 1]), float(v))
                        for a, b, k, v in zip(m.starts, m.ends, m.scus, m.similarities))
        return rows

    rows: dict[str, list[dict]] = {how: [] for how in thresholds}
    pending: deque = deque()  # at most MATCH_WINDOW similarity matrices held at once (~1 MB each)

    def collect(future):
        for how, done in future.result().items():
            rows[how].extend(done)

    it = zip(items, tokens)
    if progress:
        it = progress_bar(it, wanted=True, total=len(items), desc=f"autoscore {sim.name}/{'/'.join(thresholds)}")
    with ThreadPoolExecutor(MATCH_THREADS) as pool:
        for item, tok in it:
            pp = prepared.get(id(item.pyramid))
            if pp is None:
                pp = prepared[id(item.pyramid)] = prepare_pyramid(sim, item.pyramid, use_label)
            starts, ends = candidate_segments(tok, max_len, min_len)
            raw = sim.span_similarities(tok.words, starts, ends, pp.data)
            pending.append(pool.submit(match, item, pp, tok, starts, ends, raw))
            if len(pending) >= MATCH_WINDOW:
                collect(pending.popleft())
        while pending:
            collect(pending.popleft())
    return pd.DataFrame([row for how in thresholds for row in rows[how]])


def human_pair_similarities(peers: Sequence[PeerAnnotation], sim: Similarity,
                            combines: Sequence[str] = ("max", "mean", "min"),
                            use_label: bool = True) -> pd.DataFrame:
    """Similarity of every human-matched pair (a peer contributor, its SCU): the sample from
    which :func:`pyrabench.scoring.recipe2013.thresholds.determine_thresholds` picks thresholds."""
    prepared: dict[int, PreparedPyramid] = {}
    rows = []
    for p in peers:
        pp = prepared.get(id(p.pyramid))
        if pp is None:
            pp = prepared[id(p.pyramid)] = prepare_pyramid(sim, p.pyramid, use_label)
        col = {int(s): k for k, s in enumerate(pp.scu_ids)}
        ids = matched_set(p)
        pairs = [(col[s.scu_id], c.text) for s in p.scus if s.scu_id in ids and s.scu_id in col
                 for c in s.contributors]
        if not pairs:
            continue
        words = words_many([t for _, t in pairs])
        raw = np.column_stack(sim.text_similarities(words, pp.data))  # targets × pairs
        for how in combines:
            agg = combine_columns(raw, pp.offsets, how)
            vals = agg[[k for k, _ in pairs], np.arange(len(pairs))]
            rows.extend({"topic": p.topic, "peer": p.peer_id, "annotator": p.annotator,
                         "scu": int(pp.scu_ids[k]), "combine": how, "similarity": float(v)}
                        for (k, _), v in zip(pairs, vals))
    return pd.DataFrame(rows, columns=["topic", "peer", "annotator", "scu", "combine", "similarity"])


@dataclass
class CorpusRun:
    """Automated scores of a corpus for one similarity and combine, with what they rest on."""

    auto: pd.DataFrame  # auto_score rows
    manual: pd.DataFrame  # keys + manual weight/modified + human_set
    thresholds: dict  # level → threshold (empty when thresholds were given)
    pairs: pd.DataFrame  # human-matched pair similarities (for the KDE)
    stats: pd.DataFrame  # variant_table of auto vs manual

    def joined(self) -> pd.DataFrame:
        """Automated scores (every threshold) joined to the manual ones, manual columns
        suffixed ``_manual``."""
        return self.auto.merge(self.manual, on=list(KEYS), suffixes=("", "_manual"))

    def beside_manual(self, threshold: float | None = None) -> tuple[float, pd.DataFrame]:
        """:meth:`joined` at one ``threshold`` (default: the middle one): what a
        manual-vs-automated scatter plot needs."""
        levels = sorted(self.auto["threshold"].unique())
        if threshold is None:
            threshold = levels[len(levels) // 2]
        joined = self.joined()
        return float(threshold), joined[joined["threshold"] == threshold].reset_index(drop=True)


KEYS = ("topic", "peer", "annotator")
#: Parameters of the cached results left out of their keys (:mod:`pyrabench.cache`): ``cache`` says
#: whether to read and write the entry, never what it holds.
NOT_IN_KEY = {"compare_variants": ("cache",)}


def manual_frame(corpus) -> pd.DataFrame:
    """Manual weight, modified score and matched SCU set per peer annotation of a corpus."""
    df = score_corpus(corpus)[list(KEYS) + ["weight", "modified"]]
    sets = {(p.topic, p.peer_id, p.annotator): tuple(sorted(matched_set(p))) for p in corpus.peers}
    df["human_set"] = [sets[k] for k in zip(df["topic"], df["peer"], df["annotator"])]
    return df


def run_corpus(corpus, similarity: str, combine: str = "max", thresholds: Sequence[float] | None = None,
               levels: Sequence[float] | None = None, score: str = "weight", ci: str = "loo",
               seed: int = 0, progress: bool = False, **kw) -> CorpusRun:
    """Score every peer of ``corpus`` automatically and compare with the manual scores.

    Thresholds: given, or (default) :func:`determine_thresholds` at ``levels`` over the human
    matches of the same corpus — as the 2013 study did on its 20 summaries. ``score``: the
    column correlated (``"weight"``, the 2013 raw sum, or ``"modified"`` across topics).
    """

    items = items_from_peers(corpus.peers)
    sim = build_similarity(similarity, items, seed)
    pairs = human_pair_similarities(corpus.peers, sim, (combine,))
    chosen: dict = {}
    if thresholds is None:
        chosen = determine_thresholds(pairs["similarity"].to_numpy(), levels or LEVELS)
        thresholds = list(chosen.values())
    thresholds = sorted(set(float(t) for t in thresholds))  # two levels may share a threshold
    auto = auto_score(items, sim, combine, thresholds, seed=seed, progress=progress, **kw)
    manual = manual_frame(corpus)
    stats = variant_table(auto, manual, on=KEYS, score=score, ci=ci)
    return CorpusRun(auto, manual, chosen, pairs, stats)


def default_similarities() -> list[str]:
    """The similarities the chapter compares: lexical, latent (LSA, and WMF when its training
    corpus is installed), and the best embedding installed (real GloVe 6B 50d when available,
    else the seeded random baseline)."""

    emb = "glove-6b-50d" if embeddings.available("glove-6b-50d") else "random"
    latent = ["wmf", "wmf-aug"] if embeddings.available("wmf") else []  # the 2013 study's own model
    return ["uni", "lsa", *latent, f"emb:{emb}"]


def compare_variants(corpus, similarities: Sequence[str], combines: Sequence[str] = ("max", "mean", "min"),
                     levels: Sequence[float] | None = None, score: str = "weight", ci: str = "loo",
                     seed: int = 0, cache: bool = False, **kw) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Every (similarity, combine) at its KDE thresholds: ``(stats, auto, thresholds, pairs)``,
    the 2013 study's grid of variants on any corpus. ``cache=True`` keeps the four tables under
    ``$PYRABENCH_CACHE/scoring`` keyed by the corpus content and every argument (the grid takes
    minutes: the matcher's branch and bound at low thresholds)."""
    args = (corpus, similarities, combines, levels, score, ci, seed)
    if not cache:
        return _compare_variants(*args, **kw)
    key = fingerprint("compare-v3", corpus_key(corpus), list(similarities), list(combines), levels, score, ci,
                      seed, sorted(kw.items()))
    computed: list = []

    def part(i):
        def compute():
            if not computed:
                computed.append(_compare_variants(*args, **kw))
            return computed[0][i]
        return compute

    names = ("stats", "auto", "thresholds", "pairs")
    return tuple(cached_frame(f"compare-{n}", key, part(i)) for i, n in enumerate(names))


def _compare_variants(corpus, similarities, combines, levels, score, ci, seed, **kw):
    items = items_from_peers(corpus.peers)
    manual = manual_frame(corpus)
    autos, ths, prs = [], [], []
    for name in similarities:
        sim = build_similarity(name, items, seed)
        pairs = human_pair_similarities(corpus.peers, sim, combines)
        prs.append(pairs.assign(similarity_name=sim.name))
        grid = {}
        for how in combines:
            chosen = determine_thresholds(pairs.loc[pairs["combine"] == how, "similarity"].to_numpy(), levels or LEVELS)
            ths.extend({"similarity": sim.name, "combine": how, "level": a, "threshold": t} for a, t in chosen.items())
            grid[how] = sorted(set(chosen.values()))
        autos.append(auto_score_grid(items, sim, grid, seed=seed, **kw))
    auto = pd.concat(autos, ignore_index=True)
    stats = variant_table(auto, manual, on=KEYS, score=score, ci=ci)
    return stats, auto, pd.DataFrame(ths), pd.concat(prs, ignore_index=True)
