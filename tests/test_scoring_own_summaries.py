"""Scoring summaries nobody annotated, on the bundled sample: one model's probabilities give the
estimate, the listed SCUs, the counted set and the ``.pan`` contents; the text path scores exactly as
the ``.pan`` path, nothing depends on names or order, limits, empties, user pyramids. (Writing the
``.pan`` files: ``test_scoring_own_pan_export.py``; lite datasets: ``test_scoring_own_lite.py``; words and limits: ``test_text.py``,
``test_scoring_limits.py``; reading user pyramids: ``test_data_user_pyramids.py``.)"""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from pyrabench.data import ducview
from pyrabench.data.corpora import load_corpus
from pyrabench.data.model import SCU, Pyramid
from pyrabench.data.summaries import Summary
from pyrabench.errors import PyrabenchError, PyrabenchWarning, UnknownNameError
from pyrabench.scoring.manual import get_convention, modified_ideal
from pyrabench.scoring.own import recipe, summaries as own
from pyrabench.scoring.own.calibration import calibration
from pyrabench.scoring.own.pan_export import write_pan
from pyrabench.scoring.own.summaries import score_summaries
from pyrabench.scoring.recipe2013.pipeline import auto_score, build_similarity, item_tokens, items_from_peers, Item
from pyrabench.scoring.recipe2013.segments import tokenize_given
from pyrabench.scoring.scu_model import scu_sets
from pyrabench.text import count_words


def _as_text(peers):
    """Each (topic, peer) once, as a Summary given by its text."""
    return own.peer_summaries(SimpleNamespace(peers=peers))


@pytest.mark.parametrize("name", ["duc2006", "duc2007", "duc2007-update"])
@pytest.mark.parametrize("threshold", [None, 0.3, 0.6])
def test_text_scores_as_the_pan_file(sample_root, name, threshold):
    corpus = load_corpus(name, sample_root)
    # the sample's update peers run past 100 words (the real ones never do: tests/data/)
    got = score_summaries(_as_text(corpus.peers), corpus=name, similarity="uni", threshold=threshold,
                          rouge=False, data=sample_root, truncate=False, recipe_2013=True)
    recipe = got.recipe_2013
    items = items_from_peers(corpus.peers)
    ref = auto_score(items, build_similarity("uni", items), "max", (recipe.threshold,))
    ref = ref.rename(columns={"peer": "system"}).drop_duplicates(["topic", "system"])
    both = got.summaries.merge(ref, on=["topic", "system"], suffixes=("", "_pan"), validate="1:1")
    assert len(both) == len(got.summaries) == len(ref)
    assert (both["recipe_2013"] == both["modified"]).all() and (both["recipe_2013_scus"] == both["scus_pan"]).all()
    assert (both["recipe_2013_weight"] == both["weight_pan"]).all()
    assert sorted((k, tuple(sorted(v))) for k, v in recipe.matches.groupby(["topic", "system"])["scu_id"]) == sorted(
        (k, tuple(sorted(r))) for k, r in zip(zip(ref["topic"], ref["system"]), ref["retrieved"]) if r)
    # the estimate: the SCU model's, as it scores the annotated peers (each topic by its fold model)
    model = calibration(corpus)[0].model
    keys = ("topic", "peer", "annotator")
    held = model.summaries(model.scus(scu_sets.corpus_frame(corpus, cache=False), keys), keys)
    est = got.summaries.merge(held.rename(columns={"peer": "system"}).drop_duplicates(["topic", "system"]),
                              on=["topic", "system"], suffixes=("", "_held"))
    assert len(est) == len(got.summaries)
    np.testing.assert_allclose(est["estimate"], est["estimate_held"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(est["estimate_low"], est["estimate_low_held"], rtol=0, atol=1e-12)
    assert recipe.threshold_from.startswith(f"threshold {recipe.threshold:.4f}: "
                                            + ("given" if threshold is not None else "KDE level 0.15"))


def test_one_model_gives_the_score_the_scus_and_the_pan(tmp_path, sample_root):
    """The estimate, the counted set and its score, the listed SCUs and the .pan contents all come
    from the same probabilities."""
    corpus = load_corpus("duc2007", sample_root)
    got = score_summaries(_as_text(corpus.peers), corpus="duc2007", data=sample_root, rouge=False)
    scus = got.scus
    pyramids = {p.topic: p for p in corpus.pyramids}
    assert len(scus) == sum(len(pyramids[t].scus) for t in got.summaries["topic"])
    assert ((scus["p"] > 0) & (scus["p"] < 1)).all()
    for (topic, system), g in scus.groupby(["topic", "system"]):
        row = got.summaries.set_index(["topic", "system"]).loc[(topic, system)]
        ideal = modified_ideal(pyramids[topic], get_convention("nist"))
        assert row["estimate"] == pytest.approx((g["weight"] * g["p"]).sum() / ideal, abs=1e-12)
        assert row["counted"] == pytest.approx(g.loc[g["counted"], "weight"].sum() / ideal, abs=1e-12)
        assert row["scus"] == g["counted"].sum() == round(g["p"].sum())
        assert row["weight"] == g.loc[g["counted"], "weight"].sum()
        # the counted set: the most probable ones
        assert g.loc[g["counted"], "p"].min() >= g.loc[~g["counted"], "p"].max()
        # the evidence is a sentence of the summary, where it says
        text = next(a.summary for a in got.annotations if (a.topic, a.peer_id) == (topic, system))
        assert all(text[r.start:r.end] == r.evidence and r.evidence for r in g.itertuples())
    listed = got.explained()
    assert set(map(tuple, scus.loc[scus["counted"], ["topic", "system", "scu_id"]].to_numpy())) <= set(
        map(tuple, listed[["topic", "system", "scu_id"]].to_numpy()))
    assert (listed["counted"] | (listed["p"] >= own.EXPLAIN_P)).all()
    paths = write_pan(got, tmp_path / "pans")
    for a, path in zip(got.annotations, paths):
        back = ducview.read_peer(path, "duc2007", a.topic, a.peer_id)
        mine = scus[(scus["topic"] == a.topic) & (scus["system"] == a.peer_id) & scus["counted"]]
        assert len(mine) and sorted(back.matched_ids) == sorted(mine["scu_id"])
        parts = sorted((s.scu_id, p.start, p.end, p.text) for s in back.scus for c in s.contributors for p in c.parts)
        assert parts == sorted(zip(mine["scu_id"], mine["start"], mine["end"], mine["evidence"]))
    assert got.recipe_2013 is None and not any(c.startswith("recipe") or c == "modified" for c in got.summaries)
    assert got.fitted_on == "duc2007" and "duc2007" in got.estimate_from and "F1" in got.trust


def test_without_the_recipe_no_similarity_is_built(sample_root, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the 2013 recipe ran without being asked for")

    monkeypatch.setattr(recipe, "build_similarity", refuse)
    monkeypatch.setattr(recipe, "auto_score", refuse)
    got = score_summaries(_as_text(load_corpus("duc2007", sample_root).peers), corpus="duc2007", similarity="wmf",
                          data=sample_root)
    assert got.summaries["estimate"].notna().all()
    with pytest.raises(PyrabenchError, match="recipe_2013=True"):
        score_summaries(_as_text(load_corpus("duc2007", sample_root).peers), corpus="duc2007", threshold=0.5,
                        data=sample_root)


def test_names_and_order_do_not_matter(sample_root):
    summaries = _as_text(load_corpus("duc2007", sample_root).peers)
    first = score_summaries(summaries, corpus="duc2007", similarity="uni", data=sample_root)
    rename = {s.system: f"renamed-{k}" for k, s in enumerate(reversed(summaries))}
    shuffled = [Summary(s.topic, rename[s.system], s.text, s.sentences, s.source) for s in summaries]
    random.Random(1).shuffle(shuffled)
    second = score_summaries(shuffled, corpus="duc2007", similarity="uni", data=sample_root)
    back = {v: k for k, v in rename.items()}
    for attr, key in (("summaries", ["topic", "system"]), ("systems", ["system"]), ("scus", ["topic", "system", "scu_id"])):
        a = getattr(first, attr)
        b = getattr(second, attr).assign(system=lambda d: d["system"].map(back))
        pd.testing.assert_frame_equal(a.sort_values(key).reset_index(drop=True), b.sort_values(key).reset_index(drop=True))


def test_given_sentences_are_kept():
    tok = tokenize_given(("Mr. Smith left. He came back", "Then it rained."))
    assert tok.text == "Mr. Smith left. He came back\nThen it rained."
    assert [tok.span_text(a, b) for a, b in tok.sentences] == ["Mr. Smith left. He came back", "Then it rained"]
    items = [Item(None, tok.text, {}), Item(None, tok.text, {}, ("Mr. Smith left. He came back", "Then it rained."))]
    split, given = item_tokens(items)
    assert split.words == given.words and list(split.starts) == list(given.starts)
    assert len(split.sentences) > len(given.sentences) == 2


def test_word_limit(sample_root):
    words = " ".join(f"word{k}" for k in range(300))
    summaries = [Summary("D0701", "long", words), Summary("D0702", "long", "Short text here.")]
    got = score_summaries(summaries, corpus="duc2007", similarity="uni", data=sample_root)
    assert got.truncated == 1 and got.summaries["truncated"].tolist() == [True, False]
    assert got.summaries["words"].tolist() == [300, 3]
    free = score_summaries(summaries, corpus="duc2007", similarity="uni", data=sample_root, truncate=False)
    assert free.truncated == 0
    update = score_summaries([Summary("D0703-A", "x", words)], corpus="duc2007-update", similarity="uni",
                             data=sample_root)
    assert update.truncated == 1 and count_words(update.annotations[0].summary) == 100


def test_empty_summary_scores_zero_with_a_counted_warning(sample_root):
    peer = load_corpus("duc2007", sample_root).peers[0]
    summaries = [Summary(peer.topic, "empty", " \n "), Summary(peer.topic, "real", peer.summary)]
    with pytest.warns(PyrabenchWarning, match="1 empty summary"):
        got = score_summaries(summaries, corpus="duc2007", similarity="uni", data=sample_root)
    row = got.summaries.set_index("system").loc["empty"]
    assert got.empty == 1
    assert row[["scus", "weight", "counted", "estimate", "estimate_low", "estimate_high", "rouge_1", "rouge_2",
                "rouge_l"]].tolist() == [0] * 9
    assert got.summaries.set_index("system").loc["real", "estimate"] > 0
    assert not (got.scus["system"] == "empty").any() and not got.annotations[0].scus


def test_systems_means_interval_and_partial(sample_root):
    corpus = load_corpus("duc2007", sample_root)
    summaries = _as_text(corpus.peers) + [Summary("D0701", "only-one", corpus.peers[0].summary)]
    got = score_summaries(summaries, corpus="duc2007", similarity="uni", data=sample_root, seed=3)
    sys = got.systems.set_index("system")
    per = got.summaries.groupby("system")[["counted", "estimate", "rouge_2"]].mean()
    np.testing.assert_allclose(sys.loc[per.index, ["counted", "estimate", "rouge_2"]], per)
    assert sys.loc["only-one", "partial"] and not sys.drop("only-one")["partial"].any()
    assert sys.loc["only-one", "topics"] == 1 and np.isnan(sys.loc["only-one", "estimate_low"])
    full = sys.drop("only-one")
    assert (full["estimate_low"] <= full["estimate"]).all() and (full["estimate"] <= full["estimate_high"]).all()
    again = score_summaries(summaries, corpus="duc2007", similarity="uni", data=sample_root, seed=3)
    pd.testing.assert_frame_equal(got.systems, again.systems)
    row = got.summaries.iloc[0]
    assert row["estimate_low"] <= row["estimate"] <= row["estimate_high"]


def test_unknown_topic_suggests_the_nearest(sample_root):
    with pytest.raises(UnknownNameError, match=r"here\.txt: unknown topic 'D0710' for duc2007; did you mean 'D070[12]'"):
        score_summaries([Summary("D0710", "x", "Text.", None, "here.txt")], corpus="duc2007", similarity="uni",
                        data=sample_root)
    with pytest.raises(UnknownNameError, match="did you mean 'duc2007'"):
        score_summaries([Summary("D0701", "x", "Text.")], corpus="duc207", similarity="uni", data=sample_root)


def test_passonneau_texts_score_as_through_the_corpus(sample_root):
    base = sample_root / "passonneau2013"
    corpus = load_corpus("passonneau2013", sample_root)
    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted((base / "target_summaries").glob("*.txt"))}
    summaries = [Summary("", k, v) for k, v in texts.items()]
    mine = score_summaries(summaries, pyramid=base / "pyramid_HOW_VOLCANOES_FORM.pyr", calibrate_on="passonneau2013",
                           similarity="uni", data=sample_root, recipe_2013=True)
    theirs = score_summaries(_as_text(corpus.peers), corpus="passonneau2013", similarity="uni", data=sample_root,
                             recipe_2013=True)
    assert [texts[p.peer_id].rstrip("\n") == p.summary for p in corpus.peers] == [True] * len(corpus.peers)
    cols = ["system", "recipe_2013_scus", "recipe_2013_weight", "recipe_2013", "rouge_1", "rouge_2", "rouge_l"]
    pd.testing.assert_frame_equal(mine.summaries[cols], theirs.summaries[cols])
    assert mine.recipe_2013.threshold == theirs.recipe_2013.threshold and "no estimate" in mine.estimate_from
    assert mine.summaries["estimate"].isna().all() and mine.scus.empty and mine.fitted_on is None


def _pyramid_file(tmp_path, n_summaries: int, name="mine.pyr"):
    pyr = load_corpus("passonneau2013").pyramids[0]
    scus = [SCU(s.scu_id, s.label, tuple(c for c in s.contributors if c.summary_index < n_summaries))
            for s in pyr.scus]
    small = Pyramid("x", "mine", pyr.summaries[:n_summaries], pyr.summarizer_ids[:n_summaries],
                    tuple(s for s in scus if s.contributors))
    path = tmp_path / name
    ducview.write_pyramid(small, path, ducview.Header(None, None))
    return path


def test_user_pyramid_rules(tmp_path, sample_root):
    summaries = [Summary("any", "a", load_corpus("passonneau2013").pyramids[0].summaries[0])]
    with pytest.raises(PyrabenchError, match="give threshold="):
        score_summaries(summaries, pyramid=_pyramid_file(tmp_path, 3), similarity="uni", data=sample_root,
                        recipe_2013=True)
    default = score_summaries(summaries, pyramid=_pyramid_file(tmp_path, 3), data=sample_root)
    assert default.fitted_on == "duc2006 + duc2007 + duc2007-update + lite"
    assert default.estimate_from.startswith("model: the default") and "note:" not in default.estimate_from
    assert np.isfinite(default.summaries["estimate"].iloc[0])
    (tmp_path / "bare").mkdir()
    bare = score_summaries(summaries, pyramid=_pyramid_file(tmp_path, 3), data=tmp_path / "bare")
    assert np.isnan(bare.summaries["estimate"].iloc[0]) and "no estimate" in bare.estimate_from
    got = score_summaries(summaries, pyramid=_pyramid_file(tmp_path, 3), similarity="uni", threshold=0.5,
                          data=sample_root, recipe_2013=True)
    assert got.recipe_2013.threshold_from.startswith("threshold 0.5000: given")
    assert got.summaries["recipe_2013_scus"].iloc[0] > 0
    assert np.isfinite(got.summaries["estimate"].iloc[0]) and got.summaries["topic"].iloc[0] == "any"
    one = _pyramid_file(tmp_path, 1, "one.pyr")  # a lite pyramid: every SCU weighs 1
    lite = score_summaries(summaries, pyramid=one, data=sample_root)
    assert lite.summaries["topic"].tolist() == ["any"] and np.isfinite(lite.summaries["estimate"].iloc[0])
    with pytest.raises(PyrabenchError, match="exactly one of"):
        score_summaries(summaries, corpus="duc2007", pyramid=one, data=sample_root)


def test_folder_and_jsonl_pyramids(tmp_path, sample_root):
    folder = tmp_path / "pyrs"
    folder.mkdir()
    _pyramid_file(folder, 3, "T1.pyr")
    _pyramid_file(folder, 4, "T2.pyr")
    text = "Volcanoes form where magma reaches the surface."
    got = score_summaries([Summary("T2", "a", text), Summary("T1", "a", text)], pyramid=folder, similarity="uni",
                          threshold=0.5, data=sample_root, recipe_2013=True)
    assert got.summaries["topic"].tolist() == ["T1", "T2"]
    with pytest.raises(UnknownNameError, match="unknown topic 'T3'.*did you mean"):
        score_summaries([Summary("T3", "a", text)], pyramid=folder, data=sample_root)
    tac = load_corpus("tac2008", sample_root).pyramids
    jsonl = sample_root / "tac2008" / "pyramids.jsonl"
    got = score_summaries([Summary(p.topic, "s", p.summaries[0]) for p in tac], pyramid=jsonl, similarity="uni",
                          threshold=0.5, data=sample_root, recipe_2013=True)
    assert got.summaries["topic"].tolist() == sorted(p.topic for p in tac) and (got.summaries["recipe_2013"] > 0).all()


def test_calibrate_on_another_corpus(sample_root):
    pyr = sample_root / "duc2007" / "mainPyramidEval" / "allpyramids"
    peer = load_corpus("duc2007", sample_root).peers[0]
    on_corpus = score_summaries([Summary(peer.topic, "x", peer.summary)], corpus="duc2007", similarity="uni",
                                data=sample_root)
    on_file = score_summaries([Summary(peer.topic, "x", peer.summary)], pyramid=pyr, calibrate_on="duc2007",
                              similarity="uni", data=sample_root)
    cols = ["scus", "weight", "counted", "estimate", "estimate_low", "estimate_high"]
    pd.testing.assert_frame_equal(on_corpus.summaries[cols], on_file.summaries[cols])
    pd.testing.assert_frame_equal(on_corpus.scus, on_file.scus)
    assert on_file.truncated == 0 and on_file.corpus is None and on_file.fitted_on == "duc2007"


def test_first_call_training_wmf_shows_a_progress_bar(tmp_path, monkeypatch):
    """The first call with ``wmf`` trains the model (a minute on the real corpus): a bar on stderr
    counts the iterations, on a terminal only; a cached model shows none."""
    import io
    import sys

    from pyrabench.embeddings import wmf

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    params = wmf.WMFParams(dim=4, lam=0.5, w_m=0.05, iterations=5, seed=3, init_scale=0.1)
    texts = ["the cat sat on the mat", "a dog sat on a log", "cats and dogs", "the mat and the log"] * 3
    # (stderr a terminal, cache, a bar): trains unseen; trains and caches, seen; reads the cache, no bar
    for terminal, cache, bar in ((False, False, False), (True, True, True), (True, True, False)):
        err = Terminal() if terminal else io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        wmf.fit(texts, params, cache=cache)
        assert (f"training WMF on {len(texts)} texts" in err.getvalue()) == bar, err.getvalue()


def test_lite_pyramids_estimate_the_expected_share_of_units_present(sample_root):
    from pyrabench.data.lite_pyramids import read_line_summaries, read_units

    root = sample_root / "lite"
    units = read_units(root / "SCUs.txt", root / "ids.txt")
    scores = score_summaries(read_line_summaries(root / "summaries", units), pyramid=units.pyramids(),
                             calibrate_on="duc2007", data=sample_root, n_resamples=50)
    assert len(scores.summaries) == 16 and set(scores.scus["weight"]) == {1}
    share = scores.scus.groupby(["topic", "system"])["p"].mean()
    est = scores.summaries.set_index(["topic", "system"])["estimate"]
    assert np.allclose(est.loc[share.index].to_numpy(), share.to_numpy())
    counted = scores.scus.groupby(["topic", "system"])["counted"].sum()
    assert (scores.summaries.set_index(["topic", "system"])["scus"].loc[counted.index] == counted).all()
    with pytest.raises(PyrabenchError, match="no pyramid"):
        score_summaries(read_line_summaries(root / "summaries", units), pyramid={}, data=sample_root)


def _lite_sample(sample_root):
    from pyrabench.data.lite_pyramids import read_line_summaries, read_units

    root = sample_root / "lite"
    units = read_units(root / "SCUs.txt", root / "ids.txt")
    return units, read_line_summaries(root / "summaries", units)


def test_minilm_token_recall_is_a_column_beside_rouge(sample_root, monkeypatch, fake_token_encoder):
    import re

    import pyrabench.embeddings as E
    from pyrabench.embeddings import token_vectors
    from pyrabench.scoring import token_recall

    units, summaries = _lite_sample(sample_root)
    texts = [u for us in units.units for u in us] + [s.text for s in summaries]
    words = re.findall(r"\w+", " ".join(texts).lower())
    enc = fake_token_encoder(words, dim=8)
    monkeypatch.setattr(E, "available", lambda spec: True)
    monkeypatch.setattr(token_vectors, "token_encoder", lambda spec="minilm": enc)
    scores = score_summaries(summaries, pyramid=units.pyramids(), calibrate_on="duc2007", data=sample_root,
                             n_resamples=20, token_recall=True)
    table = scores.summaries.set_index(["topic", "system"])
    assert "token_recall" in scores.legend() and table["token_recall"].between(0, 1).all()
    # each summary's figure: its units' mean recall, pair by pair, IDF over every example's reference
    pyramids = units.pyramids()
    idf = token_recall.IDF.of(enc.token_ids(list(dict.fromkeys(p.summaries[0] for p in pyramids.values()))))
    s = summaries[0]
    pyr = pyramids[s.topic]
    vecs = enc.encode([s.text]).vectors
    expected = []
    for scu in pyr.scus:
        u = enc.encode([scu.label])
        w = idf(u.ids)
        expected.append(float(np.dot(w, (u.vectors @ vecs.T).max(axis=1)) / w.sum()))
    assert table.loc[(s.topic, s.system), "token_recall"] == pytest.approx(np.mean(expected), abs=1e-5)
    per = scores.summaries.groupby("system")["token_recall"].mean()
    assert np.allclose(scores.systems.set_index("system").loc[per.index, "token_recall"], per)


def test_without_minilm_the_token_recall_column_is_left_out_and_said(sample_root, monkeypatch):
    import pyrabench.embeddings as E

    units, summaries = _lite_sample(sample_root)
    monkeypatch.setattr(E, "available", lambda spec: False)
    scores = score_summaries(summaries, pyramid=units.pyramids(), calibrate_on="duc2007", data=sample_root,
                             n_resamples=20, token_recall=True)
    assert "token_recall" not in scores.summaries and "token_recall" not in scores.systems
    assert "minilm" in scores.legend()["token_recall"] and "rouge_2" in scores.summaries


def test_the_scores_say_how_the_units_were_seen_and_of_which_fitted_domain(sample_root):
    """The sample's lite units are the lite dataset's (a fitted domain); its DUC 2007 pyramids are
    duc2007's; the Passonneau pyramid (five model summaries) and a reworded lite unit are of none."""
    from pyrabench.data.lite_pyramids import read_dataset

    lite = read_dataset(sample_root / "lite")
    got = score_summaries(lite.summaries[:4], pyramid=lite.units.pyramids(), data=sample_root, n_resamples=20)
    assert (got.units, got.domain) == ("lite", "lite")
    duc = load_corpus("duc2007", sample_root)
    peers = own.peer_summaries(duc)[:3]
    got = score_summaries(peers, corpus="duc2007", data=sample_root, n_resamples=20, rouge=False)
    assert (got.units, got.domain) == ("pyramids", "duc2007")
    pyr = sample_root / "passonneau2013"
    got = score_summaries(pyr / "target_summaries", pyramid=pyr / "pyramid_HOW_VOLCANOES_FORM.pyr", data=sample_root,
                          n_resamples=20, rouge=False)
    assert (got.units, got.domain) == ("pyramids", None)
    units = lite.units.pyramids()
    first = next(iter(units))
    p = units[first]
    reworded = {first: Pyramid(p.topic, p.source, p.summaries, p.summarizer_ids,
                               tuple(SCU(s.scu_id, "Reportedly " + s.label, s.contributors) for s in p.scus))}
    got = score_summaries([s for s in lite.summaries if s.topic == first], pyramid=reworded, data=sample_root,
                          n_resamples=20, rouge=False)
    assert (got.units, got.domain) == ("lite", None)
