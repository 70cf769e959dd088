import numpy as np
import pytest
from scipy import stats as ss

from pyrabench.errors import DataFormatError
from pyrabench.scoring.recipe2013.reference import load_scus_identified, read_scus_identified
from pyrabench.scoring.recipe2013.stats import jaccard, score_stats, score_stats_ci


def test_stats_equal_scipy_and_hand_jaccard():
    h = np.array([3.0, 5, 1, 4, 2])
    a = np.array([2.0, 6, 1, 3, 3])
    hs = [{1, 2}, {3}, set(), {4, 5, 6}, {7}]
    as_ = [{1}, {3}, set(), {4, 5}, {8}]
    out = score_stats(h, a, hs, as_)
    assert out["pearson"] == pytest.approx(ss.pearsonr(h, a)[0])
    assert out["spearman"] == pytest.approx(ss.spearmanr(h, a)[0])
    assert out["kendall"] == pytest.approx(ss.kendalltau(h, a)[0])
    assert out["jaccard"] == pytest.approx(np.mean([0.5, 1, 1, 2 / 3, 0]))
    assert out["scu_ratio"] == pytest.approx(np.mean([0.5, 1, 2 / 3, 1]))  # empty human set skipped
    assert jaccard([], []) == 1.0


def test_loo_interval_is_the_papers_and_bootstrap_is_seeded():
    rng = np.random.default_rng(0)
    h = rng.random(12)
    a = h + rng.normal(0, 0.1, 12)
    sets = [{i} for i in range(12)]
    out = score_stats_ci(h, a, sets, sets, ci="loo")
    folds = [ss.pearsonr(np.delete(h, i), np.delete(a, i))[0] for i in range(12)]
    lo, hi = ss.norm.interval(0.95, loc=np.mean(folds), scale=np.std(folds))
    assert (out["pearson_lo"], out["pearson_hi"]) == pytest.approx((lo, hi))
    b1 = score_stats_ci(h, a, sets, sets, ci="bootstrap", n_resamples=200, seed=1)
    b2 = score_stats_ci(h, a, sets, sets, ci="bootstrap", n_resamples=200, seed=1)
    assert b1 == b2 and b1["pearson_lo"] < b1["pearson"] < b1["pearson_hi"]
    # pinned: a seeded interval that moves silently would move every reported interval
    assert (b1["pearson_lo"], b1["pearson_hi"]) == pytest.approx((0.917291, 0.993460), abs=1e-6)
    assert b1 != score_stats_ci(h, a, sets, sets, ci="bootstrap", n_resamples=200, seed=2)
    with pytest.raises(ValueError):
        score_stats_ci(h, a, sets, sets, ci="jackknife")


def test_constant_scores_give_nan_correlation_not_crash():
    out = score_stats([1, 1, 1], [1, 2, 3], [{1}] * 3, [{1}] * 3)
    assert np.isnan(out["pearson"]) and out["jaccard"] == 1.0


def test_reference_reader_on_sample(sample_root):
    df = load_scus_identified(sample_root)
    assert set(df["summary"]) == {f"90000010{i}" for i in range(1, 6)}
    human = df[df["similarity"] == "human"]
    assert len(human) == 5
    v = df[df["similarity"] != "human"].iloc[0]
    assert v["combine"] in {"max", "mean", "min"} and isinstance(v["retrieved"], tuple)


@pytest.mark.parametrize("content, line", [
    ("variant,retrieved SCUs\nhuman,\"[1, 2]\"\n\"('uni', 'max')\",\"[1]\"\n", 3),
    ("variant,retrieved SCUs\nhuman,\"[1, x]\"\n", 2),
    ("variant,retrieved SCUs\nhuman,\"[1]\",extra\n", 2),
    ("oops\n", 1),
])
def test_reference_reader_errors_name_file_and_line(tmp_path, content, line):
    p = tmp_path / "1.csv"
    p.write_text(content)
    with pytest.raises(DataFormatError) as err:
        read_scus_identified(p)
    assert err.value.line == line and str(p) in str(err.value)
