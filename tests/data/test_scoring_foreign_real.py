"""Units of a domain the model never saw, on the real data root: the leave-one-domain-out figures
back an interval for a full pyramid (the DUC corpora held out as pyramids) and none for lite units
(PyrXSum held out keeps 70 % of its systems inside); PyrXSum scored as typed (its own domain) and
reworded (foreign) keeps every line within 100 columns and every interval within [0, 1].

Time (caches filled): about 2 min on 2 shared cores (indicative)."""

from __future__ import annotations

import json

import pytest

from pyrabench.cli import main
from pyrabench.scoring.scu_model.domains import annotated
from pyrabench.scoring.studies.leave_one_out import FOREIGN_RULE, foreign_evidence, leave_one_out_table

pytestmark = pytest.mark.data


def test_the_figures_back_a_pyramid_interval_and_no_lite_one(real_data):
    table = leave_one_out_table(annotated(real_data))
    pyramids, lite = foreign_evidence(table, "pyramids"), foreign_evidence(table, "lite")
    assert pyramids.backed and len(pyramids.directions) == 3 and 0 < pyramids.term < 0.05
    floor = FOREIGN_RULE["coverage"]
    assert (pyramids.directions[["summary_coverage_domain", "system_coverage_domain"]] >= floor).all().all()
    assert not lite.backed and lite.why.startswith("on pyrxsum held out")
    pyrxsum = lite.directions.set_index("held_out").loc["pyrxsum"]
    assert pyrxsum["system_coverage"] < floor <= pyrxsum["system_coverage_domain"]  # only the term would hold it


def test_pyrxsum_as_typed_and_reworded(real_path, capsys, tmp_path):
    root = real_path("pyrxsum")
    reworded = tmp_path / "SCUs.txt"
    reworded.write_text("".join(f"Reportedly {line}" for line in (root / "SCUs.txt").read_text(encoding="utf-8")
                                .splitlines(True)), encoding="utf-8")
    for units, foreign in ((root / "SCUs.txt", False), (reworded, True)):
        argv = ["score", "--data", str(root.parent), "--units", str(units), "--ids", str(root / "ids.txt"),
                "--peers", str(root / "summaries")]
        assert main(argv) == 0
        lines = capsys.readouterr().out.splitlines()
        assert max(map(len, lines)) <= 100 and lines[0].startswith("FOREIGN UNITS") == foreign
        assert main(argv + ["--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        for row in out["summaries"] + out["systems"]:
            if foreign:  # lite units of no fitted domain: no level interval on the real data root
                assert row["estimate_low"] is None and row["estimate_high"] is None
            else:
                assert 0 <= row["estimate_low"] <= row["estimate_high"] <= 1
        assert (out["foreign"] or {}).get("intervals") == ("withheld" if foreign else None)
