"""Both tests built from pyramids in memory, with their statistics beside the paper's.

``build(corpora, policy)`` → :class:`~pyrabench.paraphrase.store.Benchmark` (``binary``,
``ranking`` DataFrames, ``stats`` dict, dataset ``card`` text). Items are tokenized once
(:mod:`.items`); each pyramid's pair matrices feed both tests in one pass. Rows keep corpus →
topic → pyramid order and the only randomness is seeded (answer and tie draws), so the same inputs and
policy give the same tests.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Mapping

import numpy as np
import pandas as pd

from .. import published
from ..data import corpora as corpora_mod
from ..data.model import Pyramid
from ..dataroot import DATA_PAGE, resolve
from ..errors import MissingDataError, UnknownNameError
from ..progress import progress_bar
from .items import ItemTable, build_items, iter_matrices
from .pairs import binary_pairs, pairs_frame
from .policy import RULES, Policy, preset_of
from .questions import ranking_questions
from .store import Benchmark, dataset_card

#: Aggregates shown beside the per-corpus figures: what the paper's years available here give.
GROUPS = {
    "duc2005+duc2006+duc2007": published.BAUMEL2016_CORPORA,
    "duc2006+duc2007": ("duc2006", "duc2007"),
    "duc2006+duc2007+update": ("duc2006", "duc2007", "duc2007-update"),
}


# --------------------------------------------------------------------------- inputs


def _named_pyramids(corpora) -> list[tuple[str, list[Pyramid], dict]]:
    """``(corpus name, pyramids sorted by topic, reader repair counts)`` from what callers have.

    Accepts a mapping name → Corpus / pyramids, an iterable of Corpus objects (``.name``,
    ``.pyramids``, ``.log``), or an iterable of :class:`Pyramid` (grouped by ``.corpus``).
    """
    groups: dict[str, list[Pyramid]] = {}
    repairs: dict[str, dict] = {}
    items = corpora.items() if isinstance(corpora, Mapping) else [(None, c) for c in corpora]
    for name, obj in items:
        if isinstance(obj, Pyramid):
            groups.setdefault(obj.corpus, []).append(obj)
            continue
        pyramids = list(getattr(obj, "pyramids", obj))
        key = name or getattr(obj, "name", None) or (pyramids[0].corpus if pyramids else "unknown")
        groups.setdefault(key, []).extend(pyramids)
        log = getattr(obj, "log", None)
        if log is not None:
            repairs[key] = log.counts()
    out = []
    for name, pyrs in groups.items():
        wrong = [p for p in pyrs if p.corpus != name]
        if wrong:
            pyrs = [p if p.corpus == name else _renamed(p, name) for p in pyrs]
        out.append((name, sorted(pyrs, key=lambda p: p.topic), repairs.get(name, {})))
    return out


def _renamed(p: Pyramid, name: str) -> Pyramid:
    return replace(p, corpus=name)


def corpus_names(root=None, names: Iterable[str] | None = None) -> list[str]:
    """The corpora :func:`corpora_from_root` would load (``names``, else every one found), checked
    before anything is loaded or printed: an unknown or absent name, or a root holding no
    corpus, is an error."""
    root = resolve(root)
    found = corpora_mod.discover(root.path)
    if not names:
        if not found:
            raise MissingDataError(f"no pyramid corpus found under {root.path}; how to obtain one and lay it out: {DATA_PAGE}")
        return list(found)
    names = list(dict.fromkeys(names))
    unknown = [n for n in names if n not in corpora_mod.CORPUS_NAMES]
    if unknown:
        raise UnknownNameError(f"unknown corpus {', '.join(unknown)}; known: {', '.join(corpora_mod.CORPUS_NAMES)}")
    missing = [n for n in names if n not in found]
    if missing:
        raise MissingDataError(
            f"corpus {', '.join(missing)} not found under {root.path} (corpora there: {', '.join(found) or 'none'}); "
            f"how to obtain it and lay it out: {DATA_PAGE}"
        )
    return names


def corpora_from_root(root=None, names: Iterable[str] | None = None, progress: bool = False) -> dict[str, Any]:
    """Load the named corpora (default: every pyramid corpus found) from a data root;
    ``progress`` shows a bar on stderr advancing corpus by corpus, naming the one loading."""
    root = resolve(root)
    wanted = corpus_names(root, names)
    if names:
        return corpora_mod.load_all(root.path, wanted, progress=progress)
    loaded = corpora_mod.load_all(root.path, progress=progress)  # an empty corpus found here is left out with a warning
    if not loaded:
        raise MissingDataError(f"no pyramid corpus found under {root.path}; how to obtain one and lay it out: {DATA_PAGE}")
    return loaded


# --------------------------------------------------------------------------- build


def build(corpora, policy: Policy | None = None, progress: bool = False) -> Benchmark:
    """Both tests from the pyramids of ``corpora`` (see :func:`_named_pyramids` for accepted forms).

    ``policy`` defaults to the ``paper`` preset; ``policy.preset("literal")`` gives the other one.
    """
    policy = policy or Policy()
    named = _named_pyramids(corpora)
    pyramids = [p for _, pyrs, _ in named for p in pyrs]
    items = build_items(pyramids, policy)
    matrices = iter_matrices(items)  # computed once, read by both tests
    if progress:
        matrices = progress_bar(matrices, wanted=True, total=len(items.slices), desc="pair matrices", unit="pyramid")
    matrices = list(matrices)
    pairs = binary_pairs(items, policy, matrices)
    binary = pairs_frame(items, pairs)
    ranking, q_counts = ranking_questions(items, policy, matrices)
    stats = compute_stats(named, items, binary, ranking, pairs.constraints, q_counts, policy)
    bench = Benchmark(binary, ranking, stats, "", items)
    bench.card = dataset_card(bench)
    return bench


def build_from_root(root=None, names=None, policy: Policy | None = None, progress: bool = False) -> Benchmark:
    return build(corpora_from_root(root, names), policy, progress=progress)


# --------------------------------------------------------------------------- stats


def _counts(items: ItemTable, binary: pd.DataFrame, ranking: pd.DataFrame, names) -> dict:
    f = items.frame
    sel = f["corpus"].isin(names).to_numpy()
    props = sel & f["eligible"].to_numpy()
    vocab = np.unique(items.incidence[np.nonzero(props)[0]].indices)
    n_props = int(props.sum())
    words = int(f["n_words"].to_numpy()[props].sum())
    in_names = binary["corpus"].isin(names).to_numpy()  # masks, not sub-frames: 200k rows, 7 calls
    label = binary["label"].to_numpy()
    pos = int((in_names & (label == 1)).sum())
    neg = int((in_names & (label == 0)).sum())
    return {
        "pyramids": sum(1 for s in items.slices if s.corpus in names),
        "scus": int(f.loc[sel, ["topic", "scu_id"]].drop_duplicates().shape[0]),
        "items": int(sel.sum()),
        "propositions": n_props,
        "ranking_questions": int(ranking["corpus"].isin(names).sum()),
        "positive_pairs": pos,
        "negative_pairs": neg,
        "total_pairs": pos + neg,
        "words": words,
        "unique_words": len(vocab),
        "mean_proposition_length": round(words / n_props, 2) if n_props else 0.0,
    }


def compute_stats(named, items, binary, ranking, constraints, q_counts, policy: Policy) -> dict:
    """``stats.json``: the preset and full policy, counts per corpus, per group and overall,
    beside the paper's."""
    names = [n for n, _, _ in named]
    per_corpus = {}
    for name, pyrs, repairs in named:
        entry = _counts(items, binary, ranking, [name])
        bad = dict(sorted(items.counts.get(name, {}).items()))
        entry["bad_input"] = {k: int(v) for k, v in bad.items() if k not in entry}
        entry["constraints"] = constraints.get(name, {})
        entry["questions_not_generated"] = dict(sorted(q_counts.get(name, {}).items()))
        entry["reader_repairs"] = repairs
        per_corpus[name] = entry
    groups = {g: _counts(items, binary, ranking, members) for g, members in GROUPS.items() if all(m in names for m in members)}
    preset = preset_of(policy)
    return {
        "preset": preset["name"],
        "preset_changes": preset["changes"],
        "policy": policy.to_dict(),
        "policy_fingerprint": policy.fingerprint(),
        "rules": list(RULES),
        "corpora": per_corpus,
        "groups": groups,
        "overall": _counts(items, binary, ranking, names),
        "paper": dict(published.BAUMEL2016_COUNTS),
        "missing": [c for c in published.BAUMEL2016_CORPORA if c not in names],
    }
