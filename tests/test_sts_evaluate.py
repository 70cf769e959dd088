"""The year's aggregates (Mean, ALL, ALLnorm, weighted Pearson) on a hand-built release whose
answers are worked out by hand: unscored pairs, unequal dataset sizes and a dataset no system
can score, so that a Mean weighted by all pairs, a wrong normalization or an unscored pair that
leaks into a correlation each give a different number."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from pyrabench.sts import metrics
from pyrabench.sts.evaluate import DatasetResult, YearResult, allnorm_expectation, evaluate, evaluate_scores, score_release
from pyrabench.sts.releases import STSDataset, STSRelease
from pyrabench.sts.systems import System

NAN = float("nan")


def dataset(name, gold, available=True, note=""):
    gold = np.asarray(gold, dtype=float)
    n = len(gold)
    return STSDataset("2099", name, ("a",) * n, ("b",) * n, gold, Path(f"{name}.gs"), Path(f"{name}.in"), available, note)


# A: 5 pairs, 3 scored (gold empty on pairs 2 and 4); B: 4 pairs, all scored; C: not distributed.
RELEASE = STSRelease(
    "2099",
    Path("."),
    (
        dataset("A", [0, 2, NAN, 1, NAN]),
        dataset("B", [1, 0, 3, 2]),
        dataset("C", [1, 2, 3], available=False, note="input not distributed"),
    ),
)
# the system's scores on the unscored pairs of A are wild: if they leak into anything, it shows
SCORES = {"A": np.array([0, 1, 99, 2, -99.0]), "B": np.array([0, 1, 2, 3.0]), "C": None}


def test_per_dataset_correlations_use_only_scored_pairs():
    res = evaluate_scores(RELEASE, SCORES, "hand")
    a, b, c = res.datasets
    # A scored: x = (0, 1, 2), y = (0, 2, 1): sum dxdy = 1, sum dx^2 = sum dy^2 = 2 -> r = 0.5
    assert (a.name, a.n) == ("A", 3)
    assert a.pearson == pytest.approx(0.5) and a.spearman == pytest.approx(0.5)
    # B: dx = (-1.5, -.5, .5, 1.5), dy = (-.5, -1.5, 1.5, .5): sum dxdy = 3, sums of squares 5 -> 0.6
    assert (b.name, b.n) == ("B", 4)
    assert b.pearson == pytest.approx(0.6) and b.spearman == pytest.approx(0.6)
    # C is reported with its scored count and note, and no correlation
    assert c == DatasetResult("C", 3, None, None, note="input not distributed")
    assert res.year == "2099" and res.system == "hand"
    assert evaluate_scores(RELEASE, SCORES).system == "system"  # the default name


def test_mean_is_weighted_by_scored_pairs():
    res = evaluate_scores(RELEASE, SCORES)
    # (0.5 * 3 + 0.6 * 4) / 7; weighting by all pairs would give (0.5 * 5 + 0.6 * 4) / 9 = 0.5444,
    # an unweighted mean 0.55, counting C's pairs (with r = 0) 3.9 / 10
    assert res.mean == pytest.approx(3.9 / 7)
    assert res.mean != pytest.approx(4.9 / 9, abs=1e-3)


def test_all_concatenates_the_scored_pairs():
    res = evaluate_scores(RELEASE, SCORES)
    # x = (0,1,2, 0,1,2,3), y = (0,2,1, 1,0,3,2): sums 9, 9; squares 19, 19; products 16
    # Sxy = 16 - 81/7 = 31/7, Sxx = Syy = 19 - 81/7 = 52/7 -> r = 31/52
    assert res.all == pytest.approx(31 / 52)


def test_allnorm_fits_each_dataset_on_its_own():
    res = evaluate_scores(RELEASE, SCORES)
    # A's line: slope 1/2, intercept 1/2 -> (0.5, 1, 1.5); B's: slope 3/5, intercept 0.6 ->
    # (0.6, 1.2, 1.8, 2.4). A least-squares fit leaves residuals orthogonal to the fitted values,
    # so ALLnorm = sqrt(SS_fit / SS_gold): SS_fit = 0.5 (A) + 1.8 (B) + 3/7 (between the dataset
    # means 1 and 1.5 around 9/7) = 19.1/7, SS_gold = 52/7
    assert res.allnorm == pytest.approx(math.sqrt(19.1 / 52))


def test_weighted_pearson_uses_the_confidences_of_scored_pairs():
    confidences = {"A": np.array([1, 1, 1000, 2, 1000.0]), "B": None, "C": None}
    res = evaluate_scores(RELEASE, SCORES, confidences=confidences)
    a, b, _ = res.datasets
    # x = (0,1,2), y = (0,2,1), w = (1,1,2): weighted means 1.25 and 1; cov 0.25,
    # var_x 0.6875, var_y 0.5 -> 0.25 / sqrt(0.34375) (the shift of x by 1 changes nothing)
    assert a.weighted_pearson == pytest.approx(0.25 / math.sqrt(0.34375))
    assert b.weighted_pearson is None


def test_to_json_rounds_and_marks_the_unavailable():
    confidences = {"A": np.array([1, 1, 0, 2, 0.0]), "B": None, "C": None}
    j = evaluate_scores(RELEASE, SCORES, confidences=confidences).to_json()
    assert j == {
        "datasets": {
            "A": {"pearson": 0.5, "n": 3, "weighted_pearson": round(0.25 / math.sqrt(0.34375), 6)},
            "B": {"pearson": 0.6, "n": 4},
            "C": {"pearson": None, "n": 3, "unavailable": "input not distributed"},
        },
        "mean": round(3.9 / 7, 6),
        "all": round(31 / 52, 6),
        "allnorm": round(math.sqrt(19.1 / 52), 6),
    }
    # an undefined correlation (constant system) is null, not NaN, in the JSON
    flat = YearResult("2099", "s", (DatasetResult("A", 3, NAN, NAN),), NAN, NAN, NAN).to_json()
    assert flat == {"datasets": {"A": {"pearson": None, "n": 3}}, "mean": None, "all": None, "allnorm": None}


def test_an_available_dataset_without_scores_is_noted_and_left_out():
    res = evaluate_scores(RELEASE, {"A": SCORES["A"]})
    a, b, c = res.datasets
    assert b == DatasetResult("B", 4, None, None, note="no system scores")
    assert c.note == "input not distributed"
    assert res.mean == pytest.approx(0.5) and res.all == pytest.approx(0.5) and res.allnorm == pytest.approx(0.5)


def test_wrong_length_is_an_error_naming_year_and_dataset():
    with pytest.raises(ValueError, match=r"^2099 B: 3 scores for 4 pairs$"):
        evaluate_scores(RELEASE, {"A": SCORES["A"], "B": np.zeros(3)})


def test_nothing_scored_gives_nan_aggregates():
    res = evaluate_scores(RELEASE, {})
    assert all(d.pearson is None for d in res.datasets)
    assert math.isnan(res.mean) and math.isnan(res.all) and math.isnan(res.allnorm)


def test_allnorm_expectation_by_hand():
    # golds A (0,2,1), B (1,0,3,2); C is unavailable and left out. Total SS 52/7; between the
    # dataset means 3/7; chance fit SS/(n-1): A 2/2 = 1, B 5/3 -> sqrt((3/7 + 8/3) / (52/7)) = sqrt(5/12)
    assert allnorm_expectation(RELEASE) == pytest.approx(math.sqrt(5 / 12))


def test_allnorm_expectation_matches_random_scores():
    rng = np.random.default_rng(0)
    golds = [rng.uniform(0, 5, 40) + shift for shift in (0, 1, 3)]
    release = STSRelease("2099", Path("."), tuple(dataset(f"D{i}", g) for i, g in enumerate(golds)))
    draws = []
    for _ in range(400):
        systems = [rng.normal(size=g.size) for g in golds]
        draws.append(metrics.pearson_allnorm(systems, golds) ** 2)
    # E[ALLnorm^2] is what the expectation squares; 400 draws pin the mean to about 0.1 %
    assert np.mean(draws) == pytest.approx(allnorm_expectation(release) ** 2, rel=0.01)


def test_score_release_asks_the_system_for_every_dataset():
    class Echo:
        def score(self, d):
            return None if not d.available else np.arange(d.n_pairs, dtype=float)

    out = score_release(Echo(), RELEASE)
    assert list(out) == ["A", "B", "C"] and out["C"] is None
    assert out["B"].tolist() == [0, 1, 2, 3]


def test_evaluate_prepares_once_and_scores_every_year():
    class Fixed(System):
        """Scores (and confidences) looked up from SCORES: the hand-computed case above."""

        name = "fixed"

        def __init__(self):
            self.prepared = []

        def prepare(self, releases):
            self.prepared.append([r.year for r in releases])

        def score_with_confidence(self, d):
            s = SCORES.get(d.name)
            return s, (None if d.name != "A" else np.array([1, 1, 1000, 2, 1000.0]))

    other = STSRelease("2100", Path("."), RELEASE.datasets[:2])
    system = Fixed()
    out = evaluate(system, {"2099": RELEASE, "2100": other})
    assert system.prepared == [["2099", "2100"]]  # once, with every release
    assert list(out) == ["2099", "2100"]
    res = out["2099"]
    assert (res.year, res.system) == ("2099", "fixed")
    assert res.mean == pytest.approx(3.9 / 7) and res.all == pytest.approx(31 / 52)
    assert res.allnorm == pytest.approx(math.sqrt(19.1 / 52))
    assert res.datasets[0].weighted_pearson == pytest.approx(0.25 / math.sqrt(0.34375))
    assert out["2100"].year == "2100" and out["2100"].mean == pytest.approx(3.9 / 7)
