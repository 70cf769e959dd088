"""The SCU sets Passonneau et al. (2013) retrieved (``target_summaries/scus_identified/<id>.csv``), and
how closely ours agree with them (:func:`set_agreement`, :func:`level_agreement`, :func:`agreement_summary`).

Each file has the header ``variant,retrieved SCUs``, a ``human`` row, then one row per variant
written as a Python tuple ``('aug', 'max', 0.51)`` (similarity, combine, threshold) with the
retrieved SCU ids as a Python list. Similarities: ``uni`` unigram overlap, ``ro``
Ratcliff/Obershelp (difflib), ``cos`` WMF cosine, ``aug`` WMF trained on augmented text.
"""

from __future__ import annotations

import ast
import csv
import io
from pathlib import Path

import pandas as pd

from ...errors import DataFormatError, MissingDataError
from ...files import read_utf8
from ..manual import jaccard

SUBDIR = Path("passonneau2013") / "target_summaries" / "scus_identified"


def _variant(text: str, path: Path, line: int):
    if text == "human":
        return ("human", "", float("nan"))
    try:
        v = ast.literal_eval(text)
    except (ValueError, SyntaxError) as exc:
        raise DataFormatError(path, f"variant {text!r} is not a tuple: {exc}", line) from None
    if not (isinstance(v, tuple) and len(v) == 3 and isinstance(v[2], (int, float))):
        raise DataFormatError(path, f"variant {text!r} is not (similarity, combine, threshold)", line)
    return (str(v[0]), str(v[1]), float(v[2]))


def read_scus_identified(path: str | Path) -> pd.DataFrame:
    """Rows ``summary, similarity, combine, threshold, retrieved`` (sorted tuple of SCU ids)."""
    path = Path(path)
    rows = []
    reader = csv.reader(io.StringIO(read_utf8(path), newline=""))
    header = next(reader, None)
    if header is None or [h.strip() for h in header[:2]] != ["variant", "retrieved SCUs"]:
        raise DataFormatError(path, f"expected header 'variant,retrieved SCUs', got {header}", 1)
    for line, rec in enumerate(reader, start=2):
        if not rec or all(not c.strip() for c in rec):
            continue
        if len(rec) != 2:
            raise DataFormatError(path, f"expected 2 fields, got {len(rec)}", line)
        sim, how, t = _variant(rec[0].strip(), path, line)
        try:
            ids = ast.literal_eval(rec[1])
        except (ValueError, SyntaxError) as exc:
            raise DataFormatError(path, f"SCU list {rec[1]!r} unreadable: {exc}", line) from None
        if not isinstance(ids, list) or not all(isinstance(i, int) for i in ids):
            raise DataFormatError(path, f"SCU list {rec[1]!r} is not a list of integers", line)
        rows.append({"summary": path.stem, "similarity": sim, "combine": how, "threshold": t,
                     "retrieved": tuple(sorted(set(ids)))})
    if not any(r["similarity"] == "human" for r in rows):
        raise DataFormatError(path, "no 'human' row")
    return pd.DataFrame(rows)


def load_scus_identified(root) -> pd.DataFrame:
    """All files under ``<root>/passonneau2013/target_summaries/scus_identified``, by summary id."""
    d = Path(root) / SUBDIR
    files = sorted(d.glob("*.csv"))
    if not files:
        raise MissingDataError(f"no scus_identified/*.csv under {d}")
    return pd.concat([read_scus_identified(p) for p in files], ignore_index=True)


def reference_runs(ref: pd.DataFrame, corpus) -> pd.DataFrame:
    """The 2013 variants as automated runs: per summary and variant, the retrieved set and its
    weight sum in our reading of the same pyramid (ids the pyramid lacks count 0 and are counted
    in ``unknown``), in the shape :func:`pyrabench.scoring.recipe2013.stats.variant_table` takes."""
    weights = corpus.pyramids[0].weights
    topic = corpus.pyramids[0].topic
    annot = {p.peer_id: p.annotator for p in corpus.peers}
    rows = []
    for r in ref[ref["similarity"] != "human"].itertuples():
        rows.append({"topic": topic, "peer": r.summary, "annotator": annot.get(r.summary, ""),
                     "similarity": r.similarity, "combine": r.combine, "threshold": r.threshold,
                     "retrieved": r.retrieved, "weight": int(sum(weights.get(i, 0) for i in r.retrieved)),
                     "unknown": sum(i not in weights for i in r.retrieved)})
    return pd.DataFrame(rows)


def set_agreement(ours: pd.DataFrame, theirs: pd.DataFrame) -> pd.DataFrame:
    """Mean Jaccard, over summaries, between each of our variants' retrieved sets and each 2013
    variant's; one row per pair of variants, best first."""
    key = ["similarity", "combine", "threshold"]
    a = ours[["peer", *key, "retrieved"]]
    b = theirs[["peer", *key, "retrieved"]]
    m = a.merge(b, on="peer", suffixes=("", "_2013"))
    m["jaccard"] = [jaccard(x, y) for x, y in zip(m["retrieved"], m["retrieved_2013"])]
    out = (m.groupby(key + [k + "_2013" for k in key], sort=True)["jaccard"].mean()
           .reset_index().sort_values("jaccard", ascending=False, kind="mergesort"))
    return out.reset_index(drop=True)


def level_agreement(ours: pd.DataFrame, theirs: pd.DataFrame, pairs) -> pd.DataFrame:
    """Mean Jaccard, over summaries, between our similarity and a 2013 one (``pairs`` of names,
    ours then theirs, e.g. ``[("wmf", "cos"), ("wmf-aug", "aug")]``) at the *same* combine function and the same
    threshold level (the k-th smallest threshold of each: both come from the same KDE levels,
    read off each similarity's own distribution). One row per pair, combine and level."""
    key = ["similarity", "combine", "threshold"]

    def with_level(runs):
        runs = runs[["peer", *key, "retrieved"]].copy()
        runs["level"] = runs.groupby(["similarity", "combine"])["threshold"].rank(method="dense").astype(int)
        return runs

    a, b = with_level(ours), with_level(theirs)
    rows = []
    for mine, other in pairs:
        m = a[a["similarity"] == mine].merge(b[b["similarity"] == other], on=["peer", "combine", "level"],
                                              suffixes=("", "_2013"))
        m["jaccard"] = [jaccard(x, y) for x, y in zip(m["retrieved"], m["retrieved_2013"])]
        rows.append(m.groupby(["similarity", "similarity_2013", "combine", "level"], sort=True)
                    .agg(threshold=("threshold", "first"), threshold_2013=("threshold_2013", "first"),
                         jaccard=("jaccard", "mean"), summaries=("peer", "nunique")).reset_index())
    return pd.concat(rows, ignore_index=True) if rows else pd.DataFrame()


def agreement_summary(agreement: pd.DataFrame, table: pd.DataFrame, table_2013: pd.DataFrame) -> pd.DataFrame:
    """Per pair of similarities (:func:`pyrabench.scoring.recipe2013.reference.level_agreement`): the
    mean and best Jaccard of the retrieved sets over the matched variants (same combine, same
    threshold level), and the best Pearson with the manual scores on each side."""
    rows = []
    for (mine, other), g in agreement.groupby(["similarity", "similarity_2013"], sort=False):
        best = g.loc[g["jaccard"].idxmax()]
        rows.append({"ours": mine, "2013": other, "variants": len(g), "mean Jaccard": g["jaccard"].mean(),
                     "best Jaccard": best["jaccard"], "at": f"{best['combine']}, level {best['level']}",
                     "best Pearson, ours": table.loc[table["similarity"] == mine, "pearson"].max(),
                     "best Pearson, 2013": table_2013.loc[table_2013["similarity"] == other, "pearson"].max()})
    return pd.DataFrame(rows).set_index(["ours", "2013"])
