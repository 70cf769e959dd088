"""Units of a domain the model was never fitted on: said so, with leave-one-domain-out's figures,
and their levels' intervals widened where the figures back it, withheld where they do not."""

from __future__ import annotations

import shutil

import numpy as np
import pandas as pd
import pytest

from pyrabench.data.lite_pyramids import read_dataset, read_units
from pyrabench.scoring import foreign
from pyrabench.scoring.own.summaries import score_summaries
from pyrabench.scoring.scu_model.intervals import bounded
from pyrabench.scoring.studies import adaptation
from pyrabench.scoring.studies.leave_one_out import Evidence


def _foreign_lite(tmp_path, sample_root):
    """The sample's lite summaries against units of no fitted domain: every unit reworded."""
    root = sample_root / "lite"
    units = tmp_path / "SCUs.txt"
    units.write_text("".join(f"Reportedly {line}" for line in (root / "SCUs.txt").read_text().splitlines(True)))
    dataset = read_dataset(root)
    return score_summaries(dataset.summaries, pyramid=read_units(units, root / "ids.txt").pyramids(),
                           data=sample_root, n_resamples=50)


def test_units_of_a_fitted_domain_are_left_as_they_are(sample_root):
    dataset = read_dataset(sample_root / "lite")
    scores = score_summaries(dataset.summaries, pyramid=dataset.units.pyramids(), data=sample_root, n_resamples=50)
    assert (scores.units, scores.domain) == ("lite", "lite")
    same, said = foreign.foreign_units(scores, sample_root)
    assert said is None and same is scores


def test_foreign_lite_units_widened_where_the_sample_backs_it(tmp_path, sample_root):
    scores = _foreign_lite(tmp_path, sample_root)
    assert (scores.units, scores.domain) == ("lite", None)
    got, said = foreign.foreign_units(scores, sample_root)
    assert said.view == "lite" and said.intervals == "widened" and said.evidence.backed  # the sample's figures
    term = said.term
    assert term == pytest.approx(said.evidence.directions["level_error"].abs().max()) and term > 0
    for name in ("summaries", "systems"):
        before, after = getattr(scores, name), getattr(got, name)
        low, high = bounded(before["estimate_low"] - term, before["estimate_high"] + term)
        assert after["estimate_low"].tolist() == low.tolist() and after["estimate_high"].tolist() == high.tolist()
        finite = after[np.isfinite(after["estimate_high"])]
        assert finite["estimate_low"].between(0, 1).all() and finite["estimate_high"].between(0, 1).all()
    assert f"widened by the domain term ±{term:.3f}" in got.system_interval
    js = said.to_json()
    assert js["units"] == "lite" and js["remedy"] == f"--labels DIR --adapt {adaptation.RECOMMENDED_N}" and js["backed"]
    assert [d["held_out"] for d in js["leave_one_domain_out"]] == ["duc2006", "duc2007", "duc2007-update", "lite"]


def test_foreign_units_without_backing_have_no_level_interval(tmp_path, sample_root, monkeypatch):
    scores = _foreign_lite(tmp_path, sample_root)
    weak = Evidence("lite", pd.DataFrame({"held_out": ["x", "y"], "level_error": [0.1, -0.2]}), 0.2, False,
                    "on y held out, 70.0 % of the systems' intervals held their truth, below 90 %")
    monkeypatch.setattr(foreign, "foreign_evidence", lambda table, view: weak)
    got, said = foreign.foreign_units(scores, sample_root)
    assert said.intervals == "withheld" and "--adapt 20" in got.withheld
    for name in ("summaries", "systems"):
        frame = getattr(got, name)
        assert frame["estimate_low"].isna().all() and frame["estimate_high"].isna().all()
        assert frame["estimate"].tolist() == getattr(scores, name)["estimate"].tolist()  # the ranks stay
    kept, adapted = foreign.foreign_units(scores, sample_root, adapted=True)  # --adapt refits them on labels
    assert kept is scores and adapted.intervals == "adapted"


def test_a_data_root_of_one_domain_backs_nothing(tmp_path, sample_root):
    root = tmp_path / "root"
    shutil.copytree(sample_root / "duc2006", root / "duc2006")  # DUC 2006 alone
    units = tmp_path / "SCUs.txt"
    units.write_text("A bridge opened.\tIt cost a lot.\n")
    from pyrabench.data.summaries import Summary

    scores = score_summaries([Summary("1", "me", "A new bridge opened in town.", None, "x")],
                             pyramid=read_units(units).pyramids(), data=root, n_resamples=50)
    got, said = foreign.foreign_units(scores, root)
    assert said.evidence is None and "two annotated domains" in said.no_evidence and said.intervals == "withheld"
    assert got.summaries["estimate_high"].isna().all()
