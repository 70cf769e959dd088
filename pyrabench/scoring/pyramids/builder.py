"""A pyramid built from a topic's model summaries, by EDUA's recipe (Gao et al. 2019).

EDUA, the builder of PyrEval, in five steps, each here with the setting it published
(:data:`EDUA`) and the levers the chapter measures against it (:class:`Recipe`):

1. **Units.** Each model summary is cut into clauses (:mod:`.units`; ``unit="sentence"`` keeps
   sentences whole).
2. **Vectors.** Every unit gets a vector: WMF (the package's WTMF, :mod:`pyrabench.embeddings.wmf`,
   EDUA's), or ``uni`` (content-word Dice), ``minilm``, … (anything
   :class:`~pyrabench.scoring.scu_model.calibrated.UnitSimilarity` knows). All pairs at once, one
   matrix product.
3. **Edges.** Two units of *different* models are joined when their similarity is above the
   ``percentile`` (EDUA: 83) of all such pairs' similarities in the topic.
4. **Layers.** From the top weight ``N`` (the number of models) down to 2, the cliques of ``n``
   units (one from each of ``n`` different models, every pair an edge) among the units not yet
   used are ranked by their mean edge similarity, and taken greedily when none of their units is
   used yet, up to the layer's capacity: EDUA's power law ``floor(a · n^-b)`` with
   ``a`` = units + 10 and ``b`` = 2.5 (``capacity=False``: no cap). The clique search is bounded:
   cliques grow one model at a time, and at most ``max_cliques`` partial cliques (the highest
   mean similarity) are kept per size. EDUA's backtracking over layers is left out.
5. **Weights.** An SCU's weight is the number of models it draws on (one contributor per model);
   every unit left over is an SCU of weight 1.

**Label.** An SCU's label is its *central* contributor: the one with the highest summed
similarity to the other contributors (the first in model order on a tie; a weight-1 SCU's only one).

**Size.** Every pair of units is compared, so a topic's models may give at most
:data:`MAX_UNITS` units; more is an error naming the model summary that gives most (its file and
line), before any similarity is computed.

**Order and names do not matter.** The models are put in a canonical order, by their text (then
their id, which matters only between identical texts), before anything else; units are numbered
in that order and every tie is broken by those numbers. The built pyramid lists its summaries in
that order, so permuting or renaming the models gives the same SCUs, weights and labels.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import numpy as np

from ...data import ducview, sacrerouge
from ...data.model import SCU, Contributor, Part, Pyramid
from ...errors import DataFormatError, OutputError, PyrabenchError
from ...files import atomic_directory
from .units import MIN_WORDS, UNITS, Unit, split_units

UNITS_CHOICES = UNITS
#: The most units one topic's models may give. The builder compares every pair of units (a few
#: ``units × units`` matrices, most of them of 8-byte floats): 4,000 units take up to 1.6 GB
#: (measured with the ``uni`` similarity; WMF takes less). A NIST topic's four models give about 100.
MAX_UNITS = 4_000


@dataclass(frozen=True)
class Recipe:
    """The builder's settings (module docstring); :data:`EDUA` holds EDUA's published ones."""

    unit: str = "clause"
    similarity: str = "wmf"
    percentile: float = 83.0
    capacity: bool = True
    power_a_extra: int = 10
    power_b: float = 2.5
    max_cliques: int = 20000
    min_words: int = MIN_WORDS

    def with_(self, **changes) -> "Recipe":
        return replace(self, **changes)


EDUA = Recipe()


@lru_cache(maxsize=4)
def _unit_similarity(name: str):
    from ..scu_model.calibrated import UnitSimilarity

    return UnitSimilarity(name)


def similarity_matrix(texts: Sequence[str], name: str) -> np.ndarray:
    """``(n, n)`` symmetric similarities of ``texts`` (the mean of both directions, for a
    similarity such as Dice whose two directions differ slightly)."""
    texts = list(texts)
    if not texts:
        return np.zeros((0, 0))
    m = np.asarray(_unit_similarity(name).matrix(texts, texts), dtype=np.float64)
    return (m + m.T) / 2


def capacity(n: int, n_units: int, recipe: Recipe) -> int | None:
    """EDUA's layer capacity ``floor(a · n^-b)``, ``a`` = units + ``power_a_extra`` (None: no cap)."""
    if not recipe.capacity:
        return None
    return int(math.floor((n_units + recipe.power_a_extra) * n ** -recipe.power_b))


def cliques(adjacency: np.ndarray, sim: np.ndarray, model: np.ndarray, free: np.ndarray, size: int,
            bound: int) -> tuple[np.ndarray, np.ndarray]:
    """``(members, mean similarity)`` of the cliques of ``size`` free units from ``size`` different
    models (members in increasing model order), best first; ties by member numbers.

    Grown one model at a time, vectorized over all partial cliques: a clique ``C`` extends by a
    unit ``v`` of a later model adjacent to every member. At most ``bound`` partial cliques (the
    highest mean similarity) are kept at each size, so the search is bounded whatever the graph."""
    idx = np.flatnonzero(free)
    members = idx[:, None]
    total = np.zeros(len(idx))
    for k in range(1, size):
        if not len(members):
            break
        ok = np.ones((len(members), len(model)), dtype=bool)
        for j in range(k):
            ok &= adjacency[members[:, j]]
        ok &= free[None, :] & (model[None, :] > model[members[:, -1]][:, None])
        rows, cols = np.nonzero(ok)
        add = sim[members[rows], cols[:, None]].sum(axis=1)
        members = np.hstack([members[rows], cols[:, None]])
        total = total[rows] + add
        if len(members) > bound:
            keep = _ranked(members, total)[:bound]
            members, total = members[keep], total[keep]
    if members.shape[1] != size or not len(members):
        return np.zeros((0, size), dtype=np.int64), np.zeros(0)
    mean = total / (size * (size - 1) / 2)
    order = _ranked(members, mean)
    return members[order], mean[order]


def _ranked(members: np.ndarray, score: np.ndarray) -> np.ndarray:
    """Indices by score descending, then by member numbers (deterministic)."""
    keys = [members[:, j] for j in range(members.shape[1] - 1, -1, -1)] + [-np.round(score, 12)]
    return np.lexsort(keys)


def _central(block: np.ndarray) -> int:
    """The contributor with the highest summed similarity to the *other* contributors of its SCU
    (the first on a tie). A unit's similarity to itself is left out: it is 1 up to the last bit,
    which differs from one BLAS kernel to another, and between two contributors, whose sums to the
    other are equal, it would decide the label by rounding."""
    others = block.copy()
    np.fill_diagonal(others, 0.0)
    return int(np.argmax(others.sum(axis=1)))


class TooManyUnits(PyrabenchError):
    """A topic's models give more than :data:`MAX_UNITS` units; ``model`` is the id of the one
    that gives most (the file to shorten)."""

    def __init__(self, message: str, model: str):
        super().__init__(message)
        self.model = model


@dataclass(frozen=True)
class Built:
    """A built pyramid and how it was built: each SCU's mean edge similarity (``nan`` for weight 1)."""

    pyramid: Pyramid
    cohesion: tuple[float, ...]
    threshold: float
    units: int


def canonical_order(ids: Sequence[str], texts: Sequence[str]) -> list[int]:
    """The models' canonical order: by text, then id (module docstring)."""
    return sorted(range(len(texts)), key=lambda i: (texts[i], ids[i]))


def build(ids: Sequence[str], texts: Sequence[str], topic: str = "", recipe: Recipe = EDUA,
          corpus: str = "built", source: str = "") -> Built:
    """The pyramid of one topic's models (``ids``, ``texts``), by ``recipe``."""
    if len(texts) != len(ids):
        raise PyrabenchError(f"topic {topic!r}: {len(ids)} model ids for {len(texts)} summaries")
    if len(texts) < 2:
        raise PyrabenchError(f"topic {topic!r}: a pyramid needs at least two models, got {len(texts)}")
    if len(set(ids)) < len(ids):
        raise PyrabenchError(f"topic {topic!r}: a model id given twice")
    if not 0 <= recipe.percentile <= 100 or recipe.max_cliques < 1:
        raise PyrabenchError(f"the edge percentile must lie in 0..100 and max_cliques be 1 or more, got "
                             f"{recipe.percentile!r} and {recipe.max_cliques!r}")
    order = canonical_order(ids, texts)
    texts = [texts[i] for i in order]
    ids = [str(ids[i]) for i in order]
    per_model = split_units(texts, recipe.unit, recipe.min_words)
    units: list[Unit] = [u for us in per_model for u in us]
    if len(units) > MAX_UNITS:
        longest = max(range(len(texts)), key=lambda m: len(per_model[m]))
        raise TooManyUnits(f"model {ids[longest]!r} of topic {topic!r} gives {len(per_model[longest]):,} "
                           f"{recipe.unit}s and the topic's models {len(units):,}; the builder compares every pair "
                           f"and takes at most {MAX_UNITS:,} units a topic (about 1.6 GB): shorten the model "
                           "summaries", ids[longest])
    n_models = len(texts)
    model = np.array([u.model for u in units], dtype=np.int64)
    sim = similarity_matrix([u.text for u in units], recipe.similarity)
    cross = model[:, None] != model[None, :]
    upper = np.triu(cross, 1)
    threshold = float(np.percentile(sim[upper], recipe.percentile)) if upper.any() else float("inf")
    adjacency = cross & (sim > threshold)
    free = np.ones(len(units), dtype=bool)
    groups: list[tuple[tuple[int, ...], float]] = []
    for n in range(n_models, 1, -1):
        cap = capacity(n, len(units), recipe)
        if cap is not None and cap <= 0:
            continue
        members, mean = cliques(adjacency, sim, model, free, n, recipe.max_cliques)
        taken = 0
        for row, score in zip(members, mean):
            if cap is not None and taken >= cap:
                break
            if free[row].all():
                free[row] = False
                groups.append((tuple(int(u) for u in row), float(score)))
                taken += 1
    groups.extend(((int(u),), float("nan")) for u in np.flatnonzero(free))
    groups.sort(key=lambda g: (-len(g[0]), -(g[1] if len(g[0]) > 1 else 0.0), g[0]))
    scus, cohesion = [], []
    for scu_id, (members, score) in enumerate(groups, start=1):
        contributors = tuple(Contributor(units[u].text, (Part(units[u].text, units[u].start, units[u].end),),
                                         units[u].model) for u in members)
        central = members[_central(sim[np.ix_(members, members)])] if len(members) > 1 else members[0]
        scus.append(SCU(scu_id, units[central].text, contributors))
        cohesion.append(score)
    pyramid = Pyramid(corpus, topic, tuple(texts), tuple(ids), tuple(scus), source)
    return Built(pyramid, tuple(cohesion), threshold, len(units))


def build_all(model_sets, recipe: Recipe = EDUA, corpus: str = "built") -> list[Built]:
    """:func:`build` for every topic of :func:`pyrabench.data.model_summaries.read_models`, with
    a sentence encoder's vectors computed in one call."""
    model_sets = list(model_sets)
    if recipe.similarity == "minilm":  # a sentence encoder: every text in one sorted batch
        texts = [t for ms in model_sets for t in ms.texts]
        _unit_similarity(recipe.similarity).prefetch(
            [u.text for us in split_units(texts, recipe.unit, recipe.min_words) for u in us])
    out = []
    for ms in model_sets:
        try:
            out.append(build(ms.ids, ms.texts, ms.topic, recipe, corpus, ms.sources[0] if ms.sources else ""))
        except TooManyUnits as exc:  # name the file (and line) of the model to shorten
            source = ms.sources[list(ms.ids).index(exc.model)] if ms.sources else ms.topic
            raise DataFormatError(source, str(exc)) from None
    return out



# --------------------------------------------------------------------------- files

JSONL_NAME = "pyramids.jsonl"
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def pyr_name(topic: str) -> str:
    """``<topic>.pyr``, characters other than letters, digits, ``_``, ``.`` and ``-`` as ``_``."""
    return f"{_UNSAFE.sub('_', topic).lstrip('.') or 'topic'}.pyr"


def _ours(folder: Path) -> bool:
    return all(p.is_file() and (p.suffix == ".pyr" or p.name == JSONL_NAME) for p in folder.iterdir())


def write_pyramids(pyramids: Sequence[Pyramid], folder) -> list[Path]:
    """One DUCView ``.pyr`` per topic (:func:`pyrabench.data.ducview.write_pyramid`; DUC's summary
    headers when the topic and model ids fit them, else ``---`` lines) and SacreROUGE's
    ``pyramids.jsonl`` (offsets into each model summary as given), written as one directory at
    once; an existing ``folder`` is replaced only if it holds nothing but such files."""
    names = [pyr_name(p.topic) for p in pyramids]
    if len(set(names)) < len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise OutputError(f"{folder}: two topics would share the file name {twice!r}")
    with atomic_directory(folder, _ours) as tmp:
        for p, name in zip(pyramids, names):
            ducview.write_pyramid(p, tmp / name, ducview.header_for(p, p.topic))
        sacrerouge.write_pyramids(pyramids, tmp / JSONL_NAME)
    return [Path(folder) / n for n in names] + [Path(folder) / JSONL_NAME]
