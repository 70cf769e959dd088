"""System comparisons on a domain never seen: which pairs of systems each score decides at 95 %
(a paired bootstrap over topics, :mod:`pyrabench.scoring.system_pairs`) and how many of those go
the other way from the truth's own system means, in every leave-one-domain-out direction; the
target (``leave_one_out.TARGETS["pairs_wrong"]``): at most 5 % wrong among the model's decided
pairs in every direction.

Beside the shipped method (95 %, a DUC corpus's lite views drawn by topic), the levers tried:
the views drawn one by one (as if each were a topic of its own), and a stricter level (99 %);
each over ``--seeds`` bootstrap seeds (mean). ``sure`` is the share decided against a truth
whose own bootstrap decides the pair too: what is left once the truth's own noise is set aside.
Then the time of the vectorized comparison of every pair on the largest direction, beside a
per-pair, per-resample Python loop on the same draws (extrapolated).

Needs PYRABENCH_DATA (falls back to the bundled sample, where the figures mean little).
Usage: ``python benchmarks/bench_pairs.py [--seeds 3]``.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np
import pandas as pd

from pyrabench.dataroot import resolve
from pyrabench.resampling import bootstrap_indices
from pyrabench.scoring.scu_model import scu_sets
from pyrabench.scoring.scu_model.domains import annotated, lite_name
from pyrabench.scoring.studies import leave_one_out, transfer
from pyrabench.scoring.system_pairs import system_pairs

SCORES = ("estimate", "rouge_2")


def direction_frames(domains) -> dict:
    """``{(held out, view): (per-summary frame, truth column, topic groups)}`` as
    :func:`leave_one_out.direction_rows` scores them."""
    out = {}
    keys = ("topic", "system")
    for held in domains.names:
        train = domains.without(held)
        model = scu_sets.fit(list(train.corpora), lite=True, lite_data=train.lite)
        lite = [leave_one_out.duc_lite(c) for c in domains.corpora if c.name == held]
        lite += [leave_one_out.dataset_lite(d) for d in domains.lite if lite_name(d) == held]
        for corpus in (c for c in domains.corpora if c.name == held):
            _, summaries, _ = transfer.scored_frame(model, corpus)
            out[(held, "pyramids")] = (summaries[[*keys, *SCORES, "modified"]], "modified", None)
        for frame, rouge in lite:
            scus = model.scus(frame, keys, own_topics=False)
            scored = model.summaries(scus, keys).merge(rouge, on=list(keys), how="left")
            human = frame.groupby(list(keys), sort=True)["y"].mean().rename("human").reset_index()
            groups = dict(zip(rouge["topic"], rouge["pyramid"])) if "pyramid" in rouge else None
            out[(held, "lite")] = (human.merge(scored, on=list(keys)), "human", groups)
    return out


def lever_rows(frames: dict, seeds: int) -> pd.DataFrame:
    rows = []
    for (held, view), (frame, truth, groups) in frames.items():
        levers = {"95 %": (0.95, groups), "99 %": (0.99, groups)}
        if groups is not None:
            levers["95 %, views one by one"] = (0.95, None)
        for name, (confidence, units) in levers.items():
            got = [system_pairs(frame, SCORES, truth, confidence=confidence, seed=s, units=units).shares()
                   for s in range(seeds)]
            row = {"held out": f"{held} as {view}", "lever": name, "pairs": int(got[0].loc[truth, "pairs"]),
                   "truth decides": np.mean([g.loc[truth, "decided_share"] for g in got])}
            for score in SCORES:
                for k in ("decided_share", "wrong_share", "sure_wrong_share"):
                    row[f"{score} {k.replace('_share', '')}"] = np.nanmean([g.loc[score, k] for g in got])
                row[f"{score} wrong (n)"] = np.mean([g.loc[score, "wrong"] for g in got])
            rows.append(row)
    return pd.DataFrame(rows)


def slow_pairs(x: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """The reference: every pair's mean difference over the shared topics, resample by resample."""
    present = np.isfinite(x)
    out = []
    for i in range(x.shape[1]):
        for j in range(i + 1, x.shape[1]):
            both = present[:, i] & present[:, j]
            d = x[:, i] - x[:, j]
            col = []
            for row in idx:
                drawn = row[both[row]]
                col.append(d[drawn].mean() if len(drawn) else np.nan)
            out.append(col)
    return np.array(out).T


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    root = resolve()
    print(root.describe())
    frames = direction_frames(annotated(root.path))
    table = lever_rows(frames, args.seeds)
    with pd.option_context("display.width", 250, "display.max_columns", 30, "display.float_format", "{:.3f}".format):
        print(table.to_string(index=False))
    shipped = table[table["lever"] == "95 %"]
    target = leave_one_out.TARGETS["pairs_wrong"]
    print(f"\ntarget: the model at most {target:.0%} wrong among decided, every direction: "
          f"{'met' if (shipped['estimate wrong'].fillna(0) <= target).all() else 'missed'} "
          f"(worst {shipped['estimate wrong'].max():.3f})")

    (frame, truth, groups) = max(frames.values(), key=lambda f: f[0]["system"].nunique())
    t0 = time.perf_counter()
    got = system_pairs(frame, SCORES, truth, units=groups)
    fast = time.perf_counter() - t0
    x = frame.pivot_table(index="topic", columns="system", values="estimate").to_numpy()
    few = 20
    idx = bootstrap_indices(len(x), few, np.random.default_rng(0))
    t0 = time.perf_counter()
    slow_pairs(x, idx)
    slow = (time.perf_counter() - t0) * got.n_resamples / few * (len(SCORES) + 1)
    print(f"\n{got.systems} systems, {len(got.pairs):,} pairs, {got.n_resamples:,} resamples, {len(SCORES) + 1} "
          f"columns: vectorized {fast:.3f} s; a per-pair loop {slow:.1f} s (extrapolated from {few} resamples): "
          f"{slow / fast:.0f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
