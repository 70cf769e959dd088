import numpy as np
import pytest
from scipy import stats

from pyrabench.errors import PyrabenchError
from pyrabench.scoring.recipe2013.thresholds import LEVELS, determine_thresholds


def paper_ppf(x, a):
    """The 2013 script's rule, via scipy's own integrate_box_1d: smallest observed s with mass[0,s] >= a."""
    est = stats.gaussian_kde(x)
    return min(s for s in x if est.integrate_box_1d(0, s) >= a)


@pytest.mark.parametrize("n", [80, 1500])  # 1500: more than one block of the vectorized CDF
def test_thresholds_equal_the_papers_rule(n):
    x = np.random.default_rng(0).beta(5, 3, size=n)
    got = determine_thresholds(x)
    assert list(got) == list(LEVELS)
    for a in LEVELS:
        assert got[a] == pytest.approx(paper_ppf(x, a))
    vals = list(got.values())
    assert vals == sorted(vals)
    assert all(v in x for v in vals)


def test_degenerate_samples_are_errors():
    with pytest.raises(PyrabenchError):
        determine_thresholds([0.5])
    with pytest.raises(PyrabenchError):
        determine_thresholds([0.5, 0.5, 0.5])
