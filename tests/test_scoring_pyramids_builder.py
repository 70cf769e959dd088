"""The pyramid builder: EDUA's steps, determinism, independence of the models' order and names,
and the files it writes, read back by the package's readers, scoring as the pyramid in memory."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from pyrabench.data import sacrerouge
from pyrabench.data.user_pyramids import read_user_pyramids
from pyrabench.scoring.auto.pipeline import Item, auto_score
from pyrabench.scoring.manual import modified_ideal
from pyrabench.scoring.pyramids import builder
from pyrabench.scoring.pyramids.builder import EDUA, build, capacity, cliques, write_pyramids
from pyrabench.errors import OutputError, PyrabenchError

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
