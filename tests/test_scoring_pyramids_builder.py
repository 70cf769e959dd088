"""The pyramid builder: EDUA's steps, determinism, independence of the models' order and names,
and the files it writes, read back by the package's readers, scoring as the pyramid in memory."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from pyrabench.data import sacrerouge
from pyrabench.data.user_pyramids import read_user_pyramids
from pyrabench.errors import OutputError, PyrabenchError
from pyrabench.scoring.manual import modified_ideal
from pyrabench.scoring.pyramids import builder
from pyrabench.scoring.pyramids.builder import EDUA, build, capacity, cliques, write_pyramids
from pyrabench.scoring.recipe2013.pipeline import Item, auto_score

UNI = EDUA.with_(similarity="uni")
MODELS = {
    "A": "A wildfire burned 8,000 acres of forest near Cedar Ridge. Dry east winds spread the fire quickly, "
         "and schools near the town were closed by smoke.",
    "B": "The Cedar Ridge wildfire burned about 8,000 acres of forest. Firefighters from three states fought "
         "the blaze through the night.",
    "C": "Smoke closed schools in Cedar Ridge while the wildfire burned 8,000 acres of forest. A fallen power "
         "line may have started the fire.",
    "D": "Investigators think a fallen power line started the wildfire. Crews from three states fought the "
         "fire, which burned 8,000 acres of forest near Cedar Ridge.",
}


def _signature(pyramid):
    """SCUs as content: (weight, label, sorted contributor texts) in id order."""
    return [(s.weight, s.label, tuple(sorted(c.text for c in s.contributors))) for s in pyramid.scus]


def test_scus_follow_the_recipe():
    b = build(list(MODELS), list(MODELS.values()), "T1", UNI)
    p = b.pyramid
    assert p.n_summaries == 4 and sorted(p.summarizer_ids) == sorted(MODELS)
    used = [(c.summary_index, c.parts[0].start) for s in p.scus for c in s.contributors]
    assert len(used) == len(set(used)) == b.units  # every unit in exactly one SCU
    for s in p.scus:
        assert len({c.summary_index for c in s.contributors}) == len(s.contributors) == s.weight
        assert s.label in {c.text for c in s.contributors}
        for c in s.contributors:
            part = c.parts[0]
            assert p.summaries[c.summary_index][part.start:part.end] == part.text == c.text
    weights = [s.weight for s in p.scus]
    assert weights == sorted(weights, reverse=True) and max(weights) >= 3
    assert [s.scu_id for s in p.scus] == list(range(1, len(p.scus) + 1))


def test_same_pyramid_whatever_the_order_and_names_of_the_models():
    first = build(list(MODELS), list(MODELS.values()), "T1", UNI).pyramid
    for k, order in enumerate(itertools.permutations(MODELS)):
        if k % 5:
            continue
        names = [f"m{9 - i}" for i in range(len(order))]  # new names, in another order
        again = build(names, [MODELS[m] for m in order], "T1", UNI).pyramid
        assert _signature(again) == _signature(first)
        assert again.summaries == first.summaries
        assert [c.summary_index for s in again.scus for c in s.contributors] == \
               [c.summary_index for s in first.scus for c in s.contributors]
    assert _signature(build(list(MODELS), list(MODELS.values()), "T1", UNI).pyramid) == _signature(first)


def test_capacity_is_edua_power_law_and_can_be_lifted():
    assert capacity(4, 60, EDUA) == int(70 * 4 ** -2.5) == 2
    assert capacity(2, 60, EDUA) == 12
    assert capacity(3, 60, EDUA.with_(capacity=False)) is None
    capped = build(list(MODELS), list(MODELS.values()), "T1", UNI.with_(percentile=10.0)).pyramid
    free = build(list(MODELS), list(MODELS.values()), "T1", UNI.with_(percentile=10.0, capacity=False)).pyramid
    assert sum(s.weight == 4 for s in capped.scus) <= capacity(4, 12, EDUA)
    assert sum(s.weight == 4 for s in free.scus) >= sum(s.weight == 4 for s in capped.scus)


def test_clique_search_is_exact_then_bounded():
    rng = np.random.default_rng(0)
    model = np.repeat(np.arange(4), 5)
    sim = rng.random((20, 20))
    sim = (sim + sim.T) / 2
    adjacency = (model[:, None] != model[None, :]) & (sim > 0.3)
    free = np.ones(20, dtype=bool)
    members, mean = cliques(adjacency, sim, model, free, 3, 10 ** 6)
    brute = []
    for trio in itertools.combinations(range(20), 3):
        if len({model[u] for u in trio}) == 3 and all(adjacency[a, b] for a, b in itertools.combinations(trio, 2)):
            brute.append((np.mean([sim[a, b] for a, b in itertools.combinations(trio, 2)]), trio))
    assert len(members) == len(brute)
    assert np.isclose(mean[0], max(b[0] for b in brute))
    assert np.all(np.diff(mean) <= 1e-12)
    small, _ = cliques(adjacency, sim, model, free, 3, 7)
    assert len(small) <= 7 * 20


def test_bad_calls():
    with pytest.raises(PyrabenchError, match="at least two models"):
        build(["A"], ["One model only."], "T1", UNI)
    with pytest.raises(PyrabenchError, match="given twice"):
        build(["A", "A"], ["One.", "Two."], "T1", UNI)
    with pytest.raises(PyrabenchError, match="percentile must lie in 0..100"):
        build(["A", "B"], ["One.", "Two."], "T1", UNI.with_(percentile=101.0))


def test_written_pyramid_reads_back_and_scores_as_in_memory(tmp_path):
    built = [build(list(MODELS), list(MODELS.values()), "D0701", UNI).pyramid,
             build(["x", "y"], [MODELS["A"], MODELS["B"]], "my topic", UNI).pyramid]
    files = write_pyramids(built, tmp_path / "out")
    assert sorted(f.name for f in files) == ["D0701.pyr", "my_topic.pyr", "pyramids.jsonl"]
    from_pyr, _ = read_user_pyramids(tmp_path / "out")
    from_jsonl = {p.topic: p for p in sacrerouge.read_pyramids(tmp_path / "out" / "pyramids.jsonl", "built")}
    peer = ("Schools closed as smoke from the Cedar Ridge wildfire spread. The fire burned 8,000 acres "
            "and crews from three states fought it.")
    for mine in built:
        topic = "my_topic" if mine.topic == "my topic" else mine.topic
        for read in (from_pyr[topic], from_jsonl[mine.topic]):
            assert read.summaries == mine.summaries
            assert _signature(read) == _signature(mine)
            assert modified_ideal(read) == modified_ideal(mine)
            got = auto_score([Item(read, peer, {"topic": topic})], "uni", "max", (0.2, 0.4))
            want = auto_score([Item(mine, peer, {"topic": topic})], "uni", "max", (0.2, 0.4))
            assert got[["threshold", "scus", "weight", "modified"]].equals(want[["threshold", "scus", "weight",
                                                                                 "modified"]])
    line = json.loads((tmp_path / "out" / "pyramids.jsonl").read_text().splitlines()[1])
    assert line["summarizer_ids"] == list(built[1].summarizer_ids)
    for scu in line["scus"]:
        for c in scu["contributors"]:
            for part in c["parts"]:
                assert line["summaries"][c["summary_index"]][part["start"]:part["end"]] == part["text"]


def test_output_folder_is_replaced_only_when_ours(tmp_path):
    pyramid = build(list(MODELS), list(MODELS.values()), "D0701", UNI).pyramid
    write_pyramids([pyramid], tmp_path / "out")
    write_pyramids([pyramid], tmp_path / "out")  # ours: replaced
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    with pytest.raises(OutputError):
        write_pyramids([pyramid], tmp_path / "mine")
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep me"


def test_cliques_by_hand_best_first_ties_by_member_numbers():
    model = np.array([0, 0, 1, 1, 2])
    sim = np.array([[1, 0, .9, .2, .5], [0, 1, .3, .8, .6], [.9, .3, 1, 0, .7], [.2, .8, 0, 1, .4],
                    [.5, .6, .7, .4, 1.]])
    adjacency = (model[:, None] != model[None, :]) & (sim > 0.35)  # 0-3 and 1-2 are no edges
    free = np.ones(5, dtype=bool)
    members, mean = cliques(adjacency, sim, model, free, 3, 100)
    assert members.tolist() == [[0, 2, 4], [1, 3, 4]] and mean == pytest.approx([2.1 / 3, 1.8 / 3])
    members, mean = cliques(adjacency, sim, model, free, 2, 100)
    assert members.tolist() == [[0, 2], [1, 3], [2, 4], [1, 4], [0, 4], [3, 4]]
    assert mean == pytest.approx([.9, .8, .7, .6, .5, .4])
    members, mean = cliques(adjacency, sim, model, free, 2, 2)  # the two best partial cliques kept
    assert members.tolist() == [[0, 2], [1, 3]] and mean == pytest.approx([.9, .8])
    used = free.copy()
    used[2] = False
    members, mean = cliques(adjacency, sim, model, used, 3, 100)
    assert members.tolist() == [[1, 3, 4]] and mean == pytest.approx([0.6])
    members, mean = cliques(adjacency, sim, model, ~free, 2, 100)
    assert members.shape == (0, 2) and members.dtype == np.int64 and mean.shape == (0,)
    members, _ = cliques(adjacency, sim, model, free, 4, 100)  # three models: no clique of four
    assert members.shape == (0, 4)
    flat = np.full((5, 5), 0.5)
    members, mean = cliques(model[:, None] != model[None, :], flat, model, free, 2, 100)
    assert members.tolist() == [[0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 4], [3, 4]]
    assert mean.tolist() == [0.5] * 8


def test_similarity_is_the_mean_of_both_directions(monkeypatch):
    class Skewed:
        def matrix(self, rows, cols):
            return np.array([[1.0, 0.2], [0.6, 1.0]])

    monkeypatch.setattr(builder, "_unit_similarity", lambda name: Skewed())
    got = builder.similarity_matrix(["a", "b"], "skewed")
    assert got.tolist() == [[1.0, 0.4], [0.4, 1.0]] and got.dtype == np.float64
    assert builder.similarity_matrix([], "skewed").shape == (0, 0)
    assert builder.similarity_matrix(iter(["a", "b"]), "skewed").shape == (2, 2)


def test_lexical_similarity_of_units_is_content_word_dice():
    got = builder.similarity_matrix(["fire burned forest", "forest fire", "schools closed"], "uni")
    assert got == pytest.approx(np.array([[1.0, 0.8, 0.0], [0.8, 1.0, 0.0], [0.0, 0.0, 1.0]]), abs=1e-6)


def test_canonical_order_is_by_text_then_id():
    assert builder.canonical_order(["b", "a", "c"], ["same", "same", "abc"]) == [2, 1, 0]
    assert builder.canonical_order(["x", "y"], ["b", "a"]) == [1, 0]


def test_recipe_levers_and_their_bounds():
    assert EDUA == builder.Recipe("clause", "wmf", 83.0, True, 10, 2.5, 20000, 4)
    assert EDUA.with_(percentile=70.0).percentile == 70.0 and EDUA.percentile == 83.0
    assert capacity(3, 90, EDUA) == 6  # floor(100 / 3 ** 2.5) = floor(6.415)
    assert capacity(3, 90, EDUA.with_(power_a_extra=0, power_b=2.0)) == 10
    message = r"^the edge percentile must lie in 0\.\.100 and max_cliques be 1 or more, got {} and {}$"
    for bad in (EDUA.with_(percentile=-0.5), EDUA.with_(max_cliques=0)):
        with pytest.raises(PyrabenchError, match=message.format(bad.percentile, bad.max_cliques)):
            build(["A", "B"], ["One.", "Two."], "T1", bad)
    for fine in (0.0, 100.0):
        assert build(["A", "B"], ["One two three.", "Four five six."], "T1", UNI.with_(percentile=fine)).units == 2
    assert build(["A", "B"], ["One two three.", "Four five six."], "T1", UNI.with_(max_cliques=1)).units == 2
    with pytest.raises(PyrabenchError, match=r"^topic 'T1': 2 model ids for 1 summaries$"):
        build(["A", "B"], ["One."], "T1", UNI)
    with pytest.raises(PyrabenchError, match=r"^topic 'T1': a pyramid needs at least two models, got 1$"):
        build(["A"], ["One."], "T1", UNI)
    with pytest.raises(PyrabenchError, match=r"^topic 'T1': a model id given twice$"):
        build(["A", "A"], ["One.", "Two."], "T1", UNI)


def test_built_pyramid_carries_its_names_and_an_unconnected_topic_has_weight_one_scus():
    b = build([3, "b"], ["Crews fought the fire all night.", "Schools closed for a week."], "T9", UNI,
              corpus="mine", source="models.jsonl:4")
    p = b.pyramid
    assert (p.corpus, p.topic, p.source, p.summarizer_ids) == ("mine", "T9", "models.jsonl:4", ("3", "b"))
    assert [(s.scu_id, s.weight, s.label) for s in p.scus] == [(1, 1, "Crews fought the fire all night"),
                                                               (2, 1, "Schools closed for a week")]
    assert b.units == 2 and b.threshold == 0.0 and all(np.isnan(c) for c in b.cohesion)


def test_build_all_builds_each_topic_with_its_first_source():
    from pyrabench.data.model_summaries import ModelSet

    sets = [ModelSet("t2", ("x", "y"), ("Fire burned the forest.", "The forest burned."), ("m.jsonl:2", "m.jsonl:2")),
            ModelSet("t1", ("x", "y"), ("Schools closed.", "Roads closed."), ())]
    got = builder.build_all(sets, UNI, corpus="mine")
    assert [(b.pyramid.topic, b.pyramid.corpus, b.pyramid.source) for b in got] == [
        ("t2", "mine", "m.jsonl:2"), ("t1", "mine", "")]
    assert got[0].pyramid == build(["x", "y"], list(sets[0].texts), "t2", UNI, "mine", "m.jsonl:2").pyramid


def test_pyr_names_are_safe_and_two_topics_never_share_a_file(tmp_path):
    assert [builder.pyr_name(t) for t in ("D07/01 x", "..hidden", "...", "", "a.b-c_d")] == [
        "D07_01_x.pyr", "hidden.pyr", "topic.pyr", "topic.pyr", "a.b-c_d.pyr"]
    one = build(["x", "y"], [MODELS["A"], MODELS["B"]], "my topic", UNI).pyramid
    other = build(["x", "y"], [MODELS["A"], MODELS["B"]], "my_topic", UNI).pyramid
    with pytest.raises(OutputError, match=r"out: two topics would share the file name 'my_topic\.pyr'$"):
        write_pyramids([one, other], tmp_path / "out")
    assert not (tmp_path / "out").exists()
    write_pyramids([one], tmp_path / "out")
    (tmp_path / "out" / "sub").mkdir()  # a folder inside: not ours
    with pytest.raises(OutputError):
        write_pyramids([one], tmp_path / "out")
    (tmp_path / "out" / "sub").rmdir()
    (tmp_path / "out" / "notes.txt").write_text("mine")
    with pytest.raises(OutputError):
        write_pyramids([one], tmp_path / "out")
    (tmp_path / "out" / "notes.txt").unlink()
    (tmp_path / "out" / "old.pyr").write_text("x")
    assert write_pyramids([one], tmp_path / "out") == [tmp_path / "out" / "my_topic.pyr",
                                                       tmp_path / "out" / "pyramids.jsonl"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["my_topic.pyr", "pyramids.jsonl"]


def test_too_many_units_names_the_model_that_gives_most(monkeypatch):
    from pyrabench.data.model_summaries import ModelSet
    from pyrabench.errors import DataFormatError

    monkeypatch.setattr(builder, "MAX_UNITS", 3)
    texts = ["One two three four. Five six seven eight.", "Nine ten eleven twelve.",
             "Alpha beta gamma delta. Epsilon zeta eta theta. Iota kappa lambda mu."]
    with pytest.raises(builder.TooManyUnits) as caught:
        build(["a", "b", "c"], texts, "T1", UNI)
    assert caught.value.model == "c"
    assert str(caught.value) == ("model 'c' of topic 'T1' gives 3 clauses and the topic's models 6; the builder "
                                 "compares every pair and takes at most 3 units a topic (about 1.6 GB): shorten the "
                                 "model summaries")
    assert build(["a", "b"], texts[:2], "T1", UNI).units == 3  # at the limit: built
    sets = [ModelSet("T1", ("a", "b", "c"), tuple(texts), ("m.jsonl:1", "m.jsonl:2", "m.jsonl:3"))]
    with pytest.raises(DataFormatError) as caught:
        builder.build_all(sets, UNI)
    assert caught.value.path == "m.jsonl:3" and caught.value.reason.startswith("model 'c' of topic 'T1' gives 3")
    with pytest.raises(DataFormatError) as caught:
        builder.build_all([ModelSet("T1", ("a", "b", "c"), tuple(texts), ())], UNI)
    assert caught.value.path == "T1"


def test_defaults_names_and_the_source_of_each_topic(tmp_path):
    from pyrabench.data.model_summaries import ModelSet

    p = build(["x", "y"], ["Fire burned the forest.", "Schools closed."], recipe=UNI).pyramid
    assert (p.corpus, p.topic, p.source) == ("built", "", "")
    sets = [ModelSet("t1", ("x", "y"), ("Fire burned the forest.", "Schools closed."), ("a.txt", "b.txt"))]
    (got,) = builder.build_all(sets, UNI)
    assert (got.pyramid.corpus, got.pyramid.source) == ("built", "a.txt")
    assert builder.pyr_name("X1") == "X1.pyr"
    one = build(["x", "y"], [MODELS["A"], MODELS["B"]], "my topic", UNI).pyramid
    first = build(["x", "y"], [MODELS["A"], MODELS["B"]], "first", UNI).pyramid
    with pytest.raises(OutputError, match=r"two topics would share the file name 'my_topic\.pyr'$"):
        write_pyramids([first, one, one], tmp_path / "out")


def test_the_label_is_the_contributor_closest_to_the_others_never_to_itself():
    # Two contributors: each one's similarity to the other is 0.5, so it is a tie and the first
    # (model order) is the label, whatever the self-similarities' last bits (here 1 − 6e-8 and
    # 1 + 1.2e-7, as float32 cosines of a vector with itself come out under two BLAS kernels).
    two = np.array([[0.99999994, 0.5], [0.5, 1.00000012]])
    assert builder._central(two) == 0
    assert builder._central(two[::-1, ::-1]) == 0
    # Three: sums to the others 0.9 + 0.2 = 1.1, 0.9 + 0.4 = 1.3, 0.2 + 0.4 = 0.6 → the second,
    # though the third's similarity to itself is the largest.
    three = np.array([[1.0, 0.9, 0.2], [0.9, 1.0, 0.4], [0.2, 0.4, 5.0]])
    assert builder._central(three) == 1


def test_a_built_label_does_not_follow_the_self_similarity(monkeypatch):
    # Three models, one unit each; the first two are joined (0.8 > the median 0, the third is like
    # neither): the label is model 0's unit's text even when model 1's unit is closer to itself.
    def sim(texts, name):
        m = np.zeros((len(texts), len(texts)))
        m[0, 1] = m[1, 0] = 0.8
        np.fill_diagonal(m, 1.0)
        m[1, 1] = 1.0 + 1e-7
        return m

    monkeypatch.setattr(builder, "similarity_matrix", sim)
    built = build(["a", "b", "c"], ["Cats chase the mice in the barn.", "Dogs chase the mice in the barn.",
                                    "Zebras graze on the open plains."], "T1", EDUA.with_(percentile=50))
    top = built.pyramid.scus[0]
    assert len(top.contributors) == 2 and top.label == "Cats chase the mice in the barn"
