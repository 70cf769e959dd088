"""Cached result tables of the scoring task (ROUGE, automated variants) under ``$PYRABENCH_CACHE``.

A table is recomputed only when its key changes; the key is a fingerprint of everything the
result depends on (texts, annotations, parameters, code version), so a stale entry is never
read. Entries are pandas pickles written atomically: every dtype and list column comes back
exactly as computed, and no parquet library is needed. Like any pickle, an entry is trusted: the
cache holds only what this package wrote.
"""

from __future__ import annotations

import os
from typing import Callable

import pandas as pd

from ..embeddings.cache import cache_dir, fingerprint
from ..files import atomic_write
from .manual import matched_set

ENV_NO_CACHE = "PYRABENCH_NO_CACHE"  # set to 1 to compute without reading or writing the cache


def cached_frame(kind: str, key: str, compute: Callable[[], pd.DataFrame], cache: bool = True) -> pd.DataFrame:
    """``compute()``, or the table stored under ``$PYRABENCH_CACHE/scoring/<kind>/<key>.pkl``."""
    if not cache or os.environ.get(ENV_NO_CACHE) == "1":
        return compute()
    path = cache_dir("scoring", kind) / f"{key}.pkl"
    if path.exists():
        return pd.read_pickle(path)
    df = compute()
    atomic_write(path, lambda tmp: df.to_pickle(tmp, compression=None))
    return df



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
