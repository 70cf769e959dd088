"""An interval that cannot be computed says so: ``score --peers`` on the bundled sample (8
held-out summaries, too few for a summary's 95 % interval; a system with one topic) prints "—"
and the reason, never ``inf`` or ``NaN``; the JSON keeps ``null`` and gives the reason."""

from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd

from pyrabench.cli import main
from pyrabench.data.corpora import load_corpus
from pyrabench.reports.own import interval_legend, interval_notes, interval_text, known_intervals
from pyrabench.scoring.scu_model.intervals import SummaryErrors

TOO_FEW = "too few held-out summaries for a 95 % interval: 8 (it needs 39)"
ONE_TOPIC = "1 topic: an interval over topics needs two or more"


def _peers(tmp_path, sample_root):
    """The sample's DUC 2007 peers as summaries nobody annotated; system ``mine4`` on one topic only."""
    folder = tmp_path / "peers"
    folder.mkdir()
    for p in load_corpus("duc2007", sample_root).peers:
        if (p.topic, p.peer_id) != ("D0702", "4"):
            (folder / f"{p.topic}.M.250.A.mine{p.peer_id}").write_text(p.summary, encoding="utf-8")
    return folder


def test_the_table_prints_what_a_missing_interval_means(tmp_path, sample_root, capsys):
    assert main(["score", "--corpus", "duc2007", "--peers", str(_peers(tmp_path, sample_root))]) == 0
    out = capsys.readouterr().out
    assert not re.search(r"\binf\b|\bNaN\b|\bnan\b", out), out
    summaries, systems = out.split("per system")
    assert f"—: no interval, {TOO_FEW}" in " ".join(summaries.split())  # the legend, wrapped
    rows = [line.split() for line in summaries.splitlines() if re.match(r"\s*D070\S*\s+mine", line)]
    assert len(rows) == 7 and all(r[4] == "—" for r in rows)  # topic, system, words, estimate, interval
    assert f"—: no interval, {ONE_TOPIC}" in " ".join(systems.split())
    one = next(line.split() for line in systems.splitlines() if " mine4 " in line)
    assert one[1:3] == ["mine4", "1"] and one[4] == "—"  # rank, system, topics, estimate, interval
    two = next(line.split() for line in systems.splitlines() if " mine1 " in line)
    assert re.fullmatch(r"0\.\d{3}–0\.\d{3}", two[4])


def test_the_json_keeps_null_and_gives_the_reason(tmp_path, sample_root, capsys):
    assert main(["score", "--corpus", "duc2007", "--peers", str(_peers(tmp_path, sample_root)), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for row in out["summaries"]:
        assert (row["estimate_low"], row["estimate_high"], row["interval_note"]) == (None, None, TOO_FEW)
        assert 0.0 <= row["estimate"] <= 1.0
    systems = {row["system"]: row for row in out["systems"]}
    assert (systems["mine4"]["estimate_low"], systems["mine4"]["estimate_high"]) == (None, None)
    assert systems["mine4"]["interval_note"] == ONE_TOPIC
    assert systems["mine1"]["interval_note"] is None
    assert 0.0 <= systems["mine1"]["estimate_low"] <= systems["mine1"]["estimate"] <= systems["mine1"]["estimate_high"]


def test_notes_view_and_legend():
    frame = pd.DataFrame({"system": ["a", "b", "c", "d"], "topics": [3, 1, 2, 2],
                          "estimate": [0.5, 0.4, np.nan, 0.3], "estimate_low": [0.1, np.nan, np.nan, 0.0],
                          "estimate_high": [0.9, np.nan, np.nan, np.inf]})
    errors = SummaryErrors(-np.inf, np.inf, 0.9, 5)
    notes = interval_notes(frame, errors)
    assert notes == [None, ONE_TOPIC, "no estimate: no model fitted on an annotated corpus",
                     "too few held-out summaries for a 90 % interval: 5 (it needs 19)"]
    assert interval_text(frame, notes)[["estimate_low", "estimate_high"]].values.tolist() == [
        ["0.1000", "0.9000"], ["—", "—"], ["—", "—"], ["—", "—"]]
    known = known_intervals(frame, notes, with_notes=True)
    assert known["estimate_low"].isna().tolist() == [False, True, True, True]
    assert known["interval_note"].tolist() == notes
    assert interval_legend(notes) == f"—: no interval, {'; '.join(notes[1:])}"
    assert interval_legend([None, None]) == ""


def test_an_interval_in_prose():
    from pyrabench.reports.own import interval_phrase

    assert interval_phrase(0.1364, 0.7841, None) == "from 0.136 to 0.784"
    assert interval_phrase(np.nan, np.nan, ONE_TOPIC) == f"that cannot be computed here ({ONE_TOPIC})"
    assert interval_phrase(0.0, np.inf, None) == "that cannot be computed here (no interval could be computed)"
