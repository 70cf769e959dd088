"""Every pair of DUC 2007's systems compared on NIST's manual scores, against an independent
route: scipy's paired bootstrap of one pair at a time, on the same seed (the same draws)."""

import numpy as np
import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.resampling import paired_bootstrap_interval
from pyrabench.scoring.manual import score_corpus
from pyrabench.scoring.system_pairs import system_pairs


def test_every_pair_is_scipys_paired_bootstrap_of_that_pair(real_data):
    scores = score_corpus(load_corpus("duc2007", real_data)).groupby(["topic", "peer"], as_index=False)[
        "modified"].mean().rename(columns={"peer": "system"})
    got = system_pairs(scores, ["modified"], n_resamples=500, seed=11)
    wide = scores.pivot(index="topic", columns="system", values="modified")
    assert got.systems == wide.shape[1] and len(got.pairs) == got.systems * (got.systems - 1) // 2
    full = [s for s in wide if wide[s].notna().all()]
    checked = 0
    for row in got.pairs.itertuples():
        if row.a not in full or row.b not in full:
            continue
        low, high = paired_bootstrap_interval((wide[row.a].to_numpy(), wide[row.b].to_numpy()),
                                              lambda x, y, axis=-1: (x - y).mean(axis=axis), 500, 0.95,
                                              np.random.default_rng(11))
        assert [row.modified_low, row.modified_high] == pytest.approx([low, high], abs=1e-12)
        assert row.modified_decided == (1 if low > 0 else -1 if high < 0 else 0)
        checked += 1
    assert checked >= 45 and 0 < got.shares().loc["modified", "decided_share"] < 1
