"""Agreement of our retrieved SCU sets with the 2013 ones at the same combine and level."""

import pandas as pd
import pytest

from pyrabench.scoring.recipe2013.reference import level_agreement


def _runs(similarity, rows):
    return pd.DataFrame([{"peer": p, "similarity": similarity, "combine": c, "threshold": t, "retrieved": r}
                         for p, c, t, r in rows])


def test_level_agreement_pairs_the_kth_threshold_of_each_side():
    ours = _runs("wmf", [("s1", "max", 0.2, [1, 2]), ("s1", "max", 0.3, [1]), ("s2", "max", 0.2, [3]),
                         ("s2", "max", 0.3, []), ("s1", "min", 0.1, [1])])
    theirs = _runs("cos", [("s1", "max", 0.55, [1, 2, 4]), ("s1", "max", 0.6, [1]), ("s2", "max", 0.55, [3]),
                           ("s2", "max", 0.6, [5]), ("s1", "mean", 0.4, [1])])
    out = level_agreement(ours, theirs, [("wmf", "cos")]).set_index(["combine", "level"])
    assert list(out.index) == [("max", 1), ("max", 2)]  # no 2013 'min', no 'mean' of ours
    assert out.loc[("max", 1), "jaccard"] == pytest.approx((2 / 3 + 1) / 2)
    assert out.loc[("max", 2), "jaccard"] == pytest.approx((1 + 0) / 2)
    assert out.loc[("max", 2), ["threshold", "threshold_2013", "summaries"]].tolist() == [0.3, 0.6, 2]
