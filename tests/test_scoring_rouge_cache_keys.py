"""ROUGE's cached table is keyed by every text of the corpus it scores and by its parameters."""

from __future__ import annotations

from types import SimpleNamespace as NS

from pyrabench.scoring import rouge


def _corpus(name="c", model="A bridge opened.", peer="the bridge opened .", peer_id="1"):
    return NS(name=name, pyramids=[NS(topic="t", summaries=(model, "It cost a lot."))],
              peers=[NS(topic="t", peer_id=peer_id, annotator="x", summary=peer)])


def test_rouge_frame_key(cache_key_check):
    intercept, check = cache_key_check
    intercept(rouge, "cached_frame", "rouge")
    fn = rouge.rouge_frame
    check(fn, fn, {"corpus": _corpus()},
          {"corpus": [_corpus(name="d"), _corpus(model="A bridge closed."), _corpus(peer="a bridge ."),
                      _corpus(peer_id="2")],
           "jackknife": [False]})
