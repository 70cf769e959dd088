"""The two tests as MTEB tasks, built from a local benchmark directory (extra ``mteb``).

Beyond the paper. An MTEB user runs the pyramid tests beside MTEB's own STS tasks on any model
MTEB can load::

    import mteb
    from pyrabench.paraphrase.mteb_tasks import tasks
    results = mteb.evaluate(model, tasks("out/"), cache=None)

* :class:`PyramidPairClassification` — the binary test as *pair classification*
  (``sentence1``, ``sentence2``, ``labels``); MTEB reports accuracy, F1, precision, recall and
  average precision at the best threshold over **all** pairs.
* :class:`PyramidReranking` — the ranking test as *reranking*: each question a query, its answer
  (relevant) and three distractors its candidate documents; MTEB reports MAP, MRR, nDCG,
  recall and precision at k.

:class:`EmbeddingEncoder` runs any pyrabench embedding (``onehot``, ``glove-6b-50d``,
``st:MODEL_DIR``, ...) as an MTEB model, through the same encode path and caches as
``pyrabench evaluate``. How MTEB's numbers relate to ours (its threshold search, its average
precision, our 10 %/90 % split) is in :func:`pyrabench.reports.paraphrase.mteb.mteb_view` and the
book's chapter 3.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from ..embeddings.base import Embedding
from ..embeddings.encode import encode_dense
from ..extras import require
from . import store

try:  # optional extra: the module imports without it, the classes need it
    from datasets import Dataset
    from mteb import TaskMetadata
    from mteb.abstasks.pair_classification import AbsTaskPairClassification
    from mteb.abstasks.retrieval import AbsTaskRetrieval
    from mteb.models.abs_encoder import AbsEncoder
    from mteb.models.model_meta import ModelMeta, ScoringFunction
except ImportError:  # pragma: no cover - exercised only without the extra
    HAVE_MTEB = False
    AbsTaskPairClassification = AbsTaskRetrieval = AbsEncoder = object
else:
    HAVE_MTEB = True

SPLIT = store.SPLIT
CITATION = r"""
@inproceedings{baumel-etal-2016-sentence,
  author = {Baumel, Tal and Cohen, Raphael and Elhadad, Michael},
  booktitle = {Proceedings of the 1st Workshop on Evaluating Vector-Space Representations for NLP},
  pages = {145--149},
  publisher = {Association for Computational Linguistics},
  title = {Sentence Embedding Evaluation Using Pyramid Annotation},
  year = {2016},
}
"""


def _require_mteb() -> None:
    if not HAVE_MTEB:
        require("mteb", "mteb", "the MTEB tasks")


def _metadata(name: str, kind: str, main_score: str, description: str, bench: store.Benchmark, directory: Path):
    return TaskMetadata(
        name=name,
        description=description,
        reference="https://aclanthology.org/W16-2526/",
        dataset={"path": str(directory), "revision": bench.stats.get("policy_fingerprint", "local")},
        type=kind,
        category="t2t",
        modalities=["text"],
        eval_splits=[SPLIT],
        eval_langs=["eng-Latn"],
        main_score=main_score,
        date=("2005-01-01", "2008-12-31"),
        domains=["News", "Written"],
        task_subtypes=[],
        license="not specified",  # NIST data agreement: see the dataset card's licence section
        annotations_creators="expert-annotated",
        dialect=[],
        sample_creation="found",
        bibtex_citation=CITATION,
    )


class _FromBuild:
    """A task reading a directory written by ``pyrabench build`` (any format).

    MTEB keeps a task's metadata on its class (it drops instance copies when it unloads data),
    so :meth:`for_build` makes a subclass per directory carrying its metadata and benchmark.
    """

    bench: store.Benchmark

    @classmethod
    def for_build(cls, directory, **kwargs: Any):
        _require_mteb()
        directory = Path(directory)
        bench = store.load_benchmark(directory)
        made = type(cls.__name__, (cls,), {"metadata": cls._make_metadata(bench, directory), "bench": bench})
        return made(**kwargs)


class PyramidPairClassification(_FromBuild, AbsTaskPairClassification):
    """The binary test: is (text_a, text_b) a pair of appearances of the same SCU?"""

    @staticmethod
    def _make_metadata(bench, directory):
        return _metadata(
            "PyramidParaphrasePairClassification", "PairClassification", "max_ap",
            "Binary test of Baumel et al. (2016): two contributors (or SCU labels) of one pyramid, "
            "label 1 when they express the same Summary Content Unit.", bench, directory,
        )  # fmt: skip

    def load_data(self, num_proc: int | None = None, **kwargs: Any) -> None:
        if self.data_loaded:
            return
        b = self.bench.binary
        rows = {"sentence1": b["text_a"].astype(str).tolist(), "sentence2": b["text_b"].astype(str).tolist(),
                "labels": b["label"].astype(int).tolist()}  # fmt: skip
        self.dataset = {"default": {SPLIT: Dataset.from_dict(rows)}}
        self.data_loaded = True


#: Corpus-id suffixes of a question's candidates, the answer first.
CANDIDATES = ("answer", "distractor_1", "distractor_2", "distractor_3")


class PyramidReranking(_FromBuild, AbsTaskRetrieval):
    """The ranking test: rank a question's answer above its three distractors."""

    @staticmethod
    def _make_metadata(bench, directory):
        return _metadata(
            "PyramidParaphraseReranking", "Reranking", "mrr_at_10",
            "Ranking test of Baumel et al. (2016): a contributor of an SCU as the query, another "
            "contributor of the same SCU (relevant) among the three most lexically similar items "
            "of other SCUs of the pyramid.", bench, directory,
        )  # fmt: skip

    def load_data(self, num_proc: int | None = None, **kwargs: Any) -> None:
        if self.data_loaded:
            return
        r = self.bench.ranking
        qids = [f"q{i}" for i in range(len(r))]
        queries = Dataset.from_dict({"id": qids, "text": r["question"].astype(str).tolist()})
        doc_ids = [f"{q}/{c}" for q in qids for c in CANDIDATES]
        texts = np.column_stack([r[c].astype(str).to_numpy() for c in CANDIDATES]).ravel().tolist()
        corpus = Dataset.from_dict({"id": doc_ids, "text": texts})
        relevant = {q: {f"{q}/answer": 1} for q in qids}
        top_ranked = {q: [f"{q}/{c}" for c in CANDIDATES] for q in qids}
        self.dataset = {"default": {SPLIT: {"queries": queries, "corpus": corpus, "relevant_docs": relevant,
                                            "top_ranked": top_ranked}}}  # fmt: skip
        self.data_loaded = True


def tasks(directory) -> list:
    """Both tests of a built benchmark as MTEB tasks: ``[pair classification, reranking]``."""
    return [PyramidPairClassification.for_build(directory), PyramidReranking.for_build(directory)]


class EmbeddingEncoder(AbsEncoder):
    """Any pyrabench :class:`~pyrabench.embeddings.base.Embedding` as an MTEB encoder (cosine
    similarity of its unit rows), through :func:`pyrabench.embeddings.encode.encode_dense`."""

    def __init__(self, embedding: Embedding, name: str | None = None):
        _require_mteb()
        self.model = embedding
        label = (name or embedding.name).replace("/", "_")
        self.mteb_model_meta = ModelMeta.create_empty(
            {"name": f"pyrabench/{label}", "revision": "local", "similarity_fn_name": ScoringFunction.COSINE}
        )

    def encode(self, inputs, *, task_metadata, hf_split: str, hf_subset: str, prompt_type=None, **kwargs) -> np.ndarray:
        texts = [str(t) for batch in inputs for t in batch["text"]]
        return encode_dense(self.model, texts)
