"""The annotated domains of a data root, and the SCU model fitted on any set of them."""

from __future__ import annotations

import pytest

from pyrabench.errors import PyrabenchError
from pyrabench.scoring.scu_model import scu_sets
from pyrabench.scoring.scu_model.domains import DUC, annotated, content_key, lite_name


def test_the_sample_holds_every_kind_of_domain(sample_root, tmp_path):
    domains = annotated(sample_root)
    assert domains.names == (*DUC, "lite")
    assert domains.without("duc2007").names == ("duc2006", "duc2007-update", "lite")
    assert domains.without("lite").names == DUC and domains.only("lite").names == ("lite",)
    assert domains.only("duc2006").names == ("duc2006",)
    with pytest.raises(PyrabenchError, match="no annotated domain 'pyrxsum'.*duc2006, duc2007"):
        domains.without("pyrxsum")
    assert annotated(tmp_path).names == ()


def test_a_lite_dataset_trains_the_lite_model_only(sample_root):
    domains = annotated(sample_root)
    model = scu_sets.fit(list(domains.without("lite").corpora), lite=True, lite_data=domains.lite)
    assert model.fitted_on == ("duc2006", "duc2007", "duc2007-update")
    assert model.lite_model.fitted_on == (*DUC, "lite")
    rows = model.lite_model.training["lite"]
    assert set(rows["topic"]) == {s.topic for s in domains.lite[0].summaries} and rows["y"].any()
    alone = scu_sets.fit([], lite=True, lite_data=domains.lite)  # no pyramid: the lite model is the model
    assert alone.fitted_on == ("lite",) and alone.lite_model is None
    with pytest.raises(PyrabenchError, match="lite=True"):
        scu_sets.fit(list(domains.corpora), lite_data=domains.lite)


def test_content_key_follows_the_labels(sample_root):
    dataset = annotated(sample_root).lite[0]
    labels = dataset.labels.copy()
    labels.loc[0, "y"] = 1 - labels.loc[0, "y"]
    moved = type(dataset)(dataset.folder, dataset.units, dataset.summaries, labels)
    assert lite_name(dataset) == "lite" and content_key(moved) != content_key(dataset)


def test_two_lite_datasets_of_the_same_content_under_different_names_have_different_keys(sample_root, tmp_path):
    import shutil

    from pyrabench.data.lite_pyramids import read_dataset

    a = read_dataset(shutil.copytree(sample_root / "lite", tmp_path / "pyrxsum"))
    b = read_dataset(shutil.copytree(sample_root / "lite", tmp_path / "other"))
    assert scu_sets.dataset_key(a) == scu_sets.dataset_key(b)  # the same units, summaries and labels
    assert (lite_name(a), lite_name(b)) == ("pyrxsum", "other")
    assert content_key(a) != content_key(b)  # the name labels the cached rows: one entry each
    assert content_key(a) == content_key(read_dataset(tmp_path / "pyrxsum"))


def test_the_corpora_are_read_from_the_root_given(sample_root, tmp_path):
    import shutil

    root = shutil.copytree(sample_root, tmp_path / "root")
    domains = annotated(root)
    assert [c.name for c in domains.corpora] == list(DUC)
    for corpus in domains.corpora:
        assert corpus.path.is_relative_to(root) and all(p.source.startswith(str(root)) for p in corpus.pyramids)
