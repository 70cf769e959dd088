"""The calibrated scorer's SCU sets and intervals on the real DUC data: the agreement figures are
computed from the annotations as stated (not that they reach a target).

Time: about 10 minutes with cold caches on 2 loaded cores (load average 20); seconds warm."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from pyrabench.data.corpora import load_corpus
from pyrabench.scoring.manual import agreement as annotator_agreement
from pyrabench.scoring.manual import score_corpus
from pyrabench.scoring.scu_model import calibrated, scu_sets
from pyrabench.scoring.studies import transfer

pytestmark = pytest.mark.data

DUC = ("duc2006", "duc2007", "duc2007-update")


@pytest.fixture(scope="module")
def duc(real_data):
    return {n: load_corpus(n, real_data) for n in DUC}


def test_ceiling_is_d0631s_two_annotators(duc):
    out = scu_sets.ceiling(duc["duc2006"].peers)
    per_peer, summary = annotator_agreement(duc["duc2006"].peers)
    assert out["summaries"] == len(per_peer) == 22
    assert out["jaccard_mean"] == pytest.approx(summary["jaccard_mean"])
    assert 0 < out["f1"] < 1


def test_corpus_frame_labels_give_the_manual_scores(duc):
    """``Σ w·y / Max(A)`` of the frame is NIST's modified score of every annotation whose peer
    file embeds the corpus's pyramid (DUC 2007 update D0726-B's peers carry one SCU more: their
    ``Max(A)`` is 33, the pyramid's 32)."""
    for corpus in duc.values():
        frame = scu_sets.corpus_frame(corpus)
        keys = list(calibrated.KEYS)
        mine = (frame.assign(s=frame["weight"] * frame["y"] / frame["ideal"])
                .groupby(keys).agg(mine=("s", "sum"), frame_ideal=("ideal", "first")).reset_index())
        manual = score_corpus(corpus)[[*keys, "modified", "ideal"]].astype({k: str for k in keys})
        both = manual.merge(mine, on=keys)
        assert len(both) == len(manual)
        same = both["ideal"].to_numpy(float) == both["frame_ideal"].to_numpy(float)
        assert both.loc[same, "mine"].to_numpy() == pytest.approx(both.loc[same, "modified"].to_numpy())
        assert set(both.loc[~same, "topic"]) <= {"D0726-B"}


def test_transfer_rows_are_the_agreement_of_their_model(duc):
    """One direction recomputed by hand from the model: its SCU-set row and interval coverage."""
    model = scu_sets.fit([duc["duc2007"]])
    frame = scu_sets.corpus_frame(duc["duc2007-update"])
    scus = model.scus(frame, calibrated.KEYS, own_topics=False)
    y, c = frame["y"].to_numpy(bool), scus["counted"].to_numpy(bool)
    row = transfer.direction_row(model, duc["duc2007-update"], n_resamples=200)
    assert row["set_precision"] == pytest.approx((y & c).sum() / c.sum())
    assert row["set_recall"] == pytest.approx((y & c).sum() / y.sum())
    assert row["set_jaccard"] == pytest.approx((y & c).sum() / (y | c).sum())
    assert 0 <= row["summary_coverage"] <= 1 and row["summary_width"] > 0
    assert row["systems"] == len(set(frame["peer"]))
    table = transfer.transfer_table(duc)
    assert len(table) == len(transfer.directions(list(DUC))) and "error" not in table.columns
    assert np.isfinite(table["set_f1"]).all()
