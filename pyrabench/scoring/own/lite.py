"""A lite dataset (one reference's units, each of weight 1; :mod:`pyrabench.data.lite_pyramids`) scored
end to end, and measured against its labels when it ships them."""

from __future__ import annotations

from ...resampling import N_RESAMPLES
from ..scu_model.label_agreement import LabelAgreement, label_agreement
from .summaries import OwnScores, score_summaries


def score_lite(dataset, calibrate_on: str | None = None, *, data=None, seed: int = 0,
               n_resamples: int = N_RESAMPLES, token_recall: bool = True) -> tuple[OwnScores, LabelAgreement | None]:
    """A lite dataset (:func:`pyrabench.data.lite_pyramids.read_dataset`) scored end to end by
    the model fitted on ``calibrate_on`` (None: the default model, fitted on every annotated
    domain of the data root, :func:`.calibration.default_calibration`), and how it agrees with the dataset's labels
    (:func:`.label_agreement.label_agreement`; None without labels), MiniLM token recall beside
    ROUGE-2 as a baseline (``token_recall``)."""
    scores = score_summaries(dataset.summaries, pyramid=dataset.units.pyramids(), calibrate_on=calibrate_on,
                             data=data, seed=seed, n_resamples=n_resamples, token_recall=token_recall)
    if dataset.labels is None:
        return scores, None
    return scores, label_agreement(scores.scus, scores.summaries, scores.systems, dataset.labels, seed=seed)
