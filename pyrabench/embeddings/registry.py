"""Building an embedding from its spec (:func:`load`), and the registry as tables.

What a spec means, where its files are and whether it can run here is :mod:`.specs` (light, no
heavy imports); its names are re-exported here.
"""

from __future__ import annotations

from typing import Iterable

import pandas as pd

from .. import published
from ..errors import PyrabenchError
from .onehot import OneHotEmbedding
from .random import RandomEmbedding, RandomTypeEmbedding
from .sentence_encoder import SentenceTransformerEmbedding
from .specs import (  # noqa: F401  (re-exported)
    ENV_VECTORS,
    PAPER_ROWS,
    REGISTRY,
    SENTENCE_TRANSFORMERS,
    ST_PREFIX,
    EmbeddingSpec,
    Resolved,
    available,
    command,
    label,
    locate,
    parse,
    validate,
)
from .standins import load_standin
from .vectors import load_vectors


def paper_rows():
    """Table 1 of the paper, row by row: our registry name, availability, stand-in, command."""

    rows = []
    for paper in published.TABLE1:
        name = paper.spec
        e = REGISTRY[name]
        ok = available(name)
        standin = e.stand_in if (not ok and e.stand_in and available(e.stand_in)) else None
        rows.append(
            {
                "row": paper.paper_row,
                "embedding": name,
                "file": e.filename or "",
                "available": ok,
                "runs_as": name if ok else (standin or ""),
                "status": "available" if ok else (
                    f"file not available in this build; stand-in: {standin}" if standin
                    else "file not available in this build"),
                "command": command(name),
                "paper_f1": paper.binary_f1,
                "paper_success": 100 * paper.ranking_success,
                "paper_mrr": paper.ranking_mrr,
            }
        )
    return pd.DataFrame(rows)


def catalog():
    """Every registered embedding with its file, source, format and availability here."""

    return pd.DataFrame(
        [
            {
                "embedding": e.name,
                "title": e.title,
                "kind": e.kind,
                "paper_row": e.paper_row or "",
                "file": e.filename or "",
                "format": e.format or "",
                "case": e.case,
                "dim": e.dim,
                "url": e.url or "",
                "available": available(e.name),
            }
            for e in REGISTRY.values()
        ]
    )


# --------------------------------------------------------------------------- loading

#: Kinds whose model this package fits from scratch, then caches: WMF and the word2vec stand-ins.
TRAINED_KINDS = ("standin", "wmf")


def fit_trained_models(specs: Iterable[str], *, data=None, seed: int = 0) -> list[str]:
    """Fit every model among ``specs`` that this package trains itself (:data:`TRAINED_KINDS`),
    or find it in the cache, so that a later :func:`load` only reads it; the names fitted. The
    book runs this in a cell of its own, so its timing tells training from the rest."""
    names = [s for s in specs if parse(s).spec.kind in TRAINED_KINDS]
    for name in names:
        load_embedding(name, data=data, seed=seed)
    return names


def load_embedding(spec: str, vocabulary: Iterable[str] | None = None, *, data=None, seed: int = 0, progress: bool | None = None):
    """Build the embedding named by ``spec`` (a registry name, ``st:PATH[@DEVICE]`` or
    ``name=path[:format]``).

    ``vocabulary`` is the set of words the texts to be encoded contain (see
    :func:`pyrabench.embeddings.vocabulary`): a vector file is then read for those words only,
    and One-Hot uses it as its dimensions. ``data`` is the data root for stand-in training
    corpora. Missing files raise :class:`MissingDataError` with the command that gets them.
    ``progress`` shows (True), hides (False) or leaves to the terminal (None: shown on one) the bars
    of vector reading and sentence encoding.
    """
    r = parse(spec)
    e = r.spec
    if e.kind == "random":

        return RandomEmbedding(dim=e.dim or 300, seed=seed)
    if e.kind == "random-type":

        return RandomTypeEmbedding(dim=e.dim or 300, seed=seed, vocabulary=vocabulary)
    if e.kind == "onehot":

        if vocabulary is None:
            raise PyrabenchError(
                "onehot needs a vocabulary: load_embedding('onehot', vocabulary=vocabulary(texts)) or OneHotEmbedding.fit(texts)"
            )
        return OneHotEmbedding(vocabulary)
    if e.kind == "wmf":
        validate(spec)
        from .wmf import load_wmf  # numpy-heavy training: imported only when asked for

        return load_wmf(data)
    if e.kind == "standin":

        return load_standin(e.name, vocabulary, data=data, seed=seed)
    if e.is_encoder:
        validate(spec)
        path, _ = locate(spec)
        return SentenceTransformerEmbedding(path, name=r.label, device=r.device, progress=progress, dim=e.dim)
    validate(spec)
    path, fmt = locate(spec)
    return load_vectors(e.name, path, fmt, vocabulary, case=e.case, member=e.member, progress=progress)
