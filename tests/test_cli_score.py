"""``pyrabench score`` on the bundled sample: the per-topic summary and where a missing corpus points."""

from __future__ import annotations

import json
import shutil

import pytest

from pyrabench.cli import main
from pyrabench.data.corpora import load_corpus
from pyrabench.scoring.manual import score_corpus, topic_summary


def test_per_topic_summary(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006"]) == 0
    text = capsys.readouterr().out
    df = score_corpus(load_corpus("duc2006", sample_root))
    topics = sorted(df["topic"].unique())
    assert f"per topic ({len(df)} peer annotations, {len(topics)} topics" in text
    summary = text.split("per topic (", 1)[1]
    for topic in topics:
        assert topic in summary
    assert f"mean modified {df['modified'].mean():.4f}" in text
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006", "--summary"]) == 0
    short = capsys.readouterr().out
    assert "weights" not in short and "per topic (" in short  # no row per peer annotation
    assert len(short.splitlines()) < len(text.splitlines()) - len(df) + 1


def test_json_topics(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    expected = topic_summary(score_corpus(load_corpus("duc2006", sample_root)))
    assert [t["topic"] for t in out["topics"]] == list(expected.index)
    assert out["topics"][0]["mean_modified"] == expected["mean modified"].iloc[0]
    assert out["topics"][0]["annotations"] == expected["annotations"].iloc[0]


def test_auto_summary(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "passonneau2013", "--auto", "uni",
                 "--threshold", "0.4", "--summary"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "per topic and threshold" in out and "mean modified_manual" in out and "900000101" not in out


def test_a_corpus_not_there_points_to_the_data_page(capsys, sample_root):
    assert main(["score", "--data", str(sample_root), "--corpus", "tac2009"]) == 2
    err = capsys.readouterr().err
    assert "book/data.md" in err and "corpora there: duc2005" in err and "pyrabench.data.corpora" not in err


def test_score_json_carries_the_convention(sample_root, capsys):
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006", "--json"]) == 0
    nist = json.loads(capsys.readouterr().out)
    assert main(["score", "--data", str(sample_root), "--corpus", "duc2006", "--convention", "sacrerouge",
                     "--json"]) == 0
    sr = json.loads(capsys.readouterr().out)
    assert (nist["convention"], sr["convention"]) == ("nist", "sacrerouge")
    for a, b in zip(nist["peers"], sr["peers"]):
        assert a["weight"] / a["ideal"] == pytest.approx(a["modified"]) if a["ideal"] else a["modified"] == 0
        assert (a["topic"], a["peer"]) == (b["topic"], b["peer"])


# --------------------------------------------------------------------------- --peers: summaries nobody annotated


def _peers(tmp_path, texts: dict[str, str], name: str = "peers"):
    folder = tmp_path / name
    folder.mkdir(exist_ok=True)
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _header(text: str) -> list[str]:
    """The header of ``score --peers``'s text output, each wrapped line joined again (a continuation
    is indented by two spaces), up to the line counting the summaries."""
    out: list[str] = []
    for line in text.splitlines():
        if line[0].isdigit() and " summaries, " in line:
            break
        if line.startswith("  ") and out:
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out


def _duc_peers(tmp_path, sample_root):
    corpus = load_corpus("duc2007", sample_root)
    return _peers(tmp_path, {f"{p.topic}.M.250.A.mine{p.peer_id}": p.summary for p in corpus.peers})


def test_peers_table_json_and_explain(capsys, sample_root, tmp_path):
    folder = _duc_peers(tmp_path, sample_root)
    base = ["score", "--data", str(sample_root), "--peers", str(folder), "--corpus", "duc2007"]
    assert main(base + ["--explain"]) == 0
    text = capsys.readouterr().out
    head = _header(text)
    assert head[1].startswith("model: the SCU model fitted on") and "of duc2007" in head[1]
    assert head[2].startswith("how far to trust it: on duc2007's held-out topics and systems") and "F1" in head[2]
    assert "  estimate: the expected manual modified score" in text and "per system" in text
    assert max(map(len, text.splitlines())) <= 100
    assert "SCUs the model finds" in text and "evidence" in text and "mine13" in text
    columns = next(line.split() for line in text.splitlines() if line.split()[:2] == ["topic", "system"])
    assert "modified" not in columns and not any("recipe" in c for c in columns) and "KDE" not in text
    assert "recipe" not in text
    assert main(base + ["--json", "--explain"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"summaries", "systems", "scus", "fitted_on", "estimate_from", "trust", "columns"} <= set(out)
    assert out["fitted_on"] == "duc2007" and "recipe_2013" not in out
    assert len(out["summaries"]) == 8 and {r["system"] for r in out["systems"]} == {"mine1", "mine13", "mine29", "mine4"}
    assert {"topic", "system", "words", "estimate", "estimate_low", "scus", "weight", "counted", "rouge_2"} == (
        {"topic", "system", "words", "estimate", "estimate_low", "scus", "weight", "counted", "rouge_2"}
        & set(out["summaries"][0])) and "modified" not in out["summaries"][0]
    assert {"scu_id", "label", "weight", "p", "counted", "evidence", "start", "end"} <= set(out["scus"][0])
    for row in out["summaries"]:  # the listed SCUs hold the counted set, whose weight the row gives
        mine = [s for s in out["scus"] if (s["topic"], s["system"]) == (row["topic"], row["system"]) and s["counted"]]
        assert len(mine) == row["scus"] and sum(s["weight"] for s in mine) == row["weight"]
    assert main(base + ["--json"]) == 0
    assert "scus" not in json.loads(capsys.readouterr().out)


def test_peers_recipe_2013_only_with_its_flag(capsys, sample_root, tmp_path):
    folder = _duc_peers(tmp_path, sample_root)
    base = ["score", "--data", str(sample_root), "--peers", str(folder), "--corpus", "duc2007", "--auto", "uni"]
    assert main(base + ["--recipe-2013", "--explain"]) == 0
    text = capsys.readouterr().out
    head = " ".join(_header(text))
    assert "2013 recipe: threshold" in head and "KDE level 0.15" in head
    assert "recipe_2013" in next(line.split() for line in text.splitlines() if line.split()[:2] == ["topic", "system"])
    assert "the 2013 recipe's matches" in text
    assert main(base + ["--recipe-2013", "--threshold", "0.5", "--json", "--explain"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["recipe_2013"]["threshold"] == 0.5 and out["recipe_2013"]["similarity"] == "uni"
    assert {"span", "similarity"} <= set(out["recipe_2013"]["matches"][0])
    assert {"recipe_2013", "recipe_2013_scus", "recipe_2013_weight"} <= set(out["summaries"][0])
    assert "recipe_2013" in out["systems"][0]
    _fails(capsys, base + ["--threshold", "0.5"], "--threshold", "--recipe-2013")


def test_peers_write_pan(capsys, sample_root, tmp_path):
    folder = _duc_peers(tmp_path, sample_root)
    pans = tmp_path / "pans"
    assert main(["score", "--data", str(sample_root), "--peers", str(folder), "--corpus", "duc2007",
                 "--write-pan", str(pans), "--json", "--explain"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["pan_files"]) == 8 and len(list(pans.glob("*.pan"))) == 8
    from pyrabench.data import ducview

    for row in out["summaries"]:
        back = ducview.read_peer(pans / f"{row['topic']}.{row['system']}.pan", "duc2007", row["topic"], row["system"])
        counted = {(s["scu_id"], s["evidence"]) for s in out["scus"]
                   if (s["topic"], s["system"]) == (row["topic"], row["system"]) and s["counted"]}
        assert {(s.scu_id, c.text) for s in back.scus for c in s.contributors} == counted


@pytest.mark.parametrize("bad", ["\x00", "\x1b", "\ufffe"])
def test_write_pan_refuses_a_summary_xml_cannot_hold(capsys, sample_root, tmp_path, bad):
    """A summary holding NUL (or another character XML 1.0 cannot hold, even escaped) ends in a
    one-line error naming the .pan file and the character, not a traceback; nothing is written,
    and a folder of earlier .pan files is kept as it was."""
    corpus = load_corpus("duc2007", sample_root)
    texts = {f"{p.topic}.M.250.A.mine{p.peer_id}": p.summary for p in corpus.peers}
    name = sorted(texts)[0]
    texts[name] = texts[name][:20] + bad + texts[name][20:]
    folder = _peers(tmp_path, texts)
    pans = tmp_path / "pans"
    pans.mkdir()
    (pans / "earlier.pan").write_text("<peerAnnotation/>", encoding="utf-8")
    _fails(capsys, ["score", "--data", str(sample_root), "--auto", "uni", "--peers", str(folder), "--corpus",
                    "duc2007", "--write-pan", str(pans)], ".pan", f"U+{ord(bad):04X} at character 20", "the peer summary")
    assert [p.name for p in pans.iterdir()] == ["earlier.pan"]
    assert (pans / "earlier.pan").read_text(encoding="utf-8") == "<peerAnnotation/>"


def _fails(capsys, argv, *needles):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # never a partial output
    err = captured.err.strip()
    assert err.count("\n") == 0 and "Traceback" not in err, err
    for needle in needles:
        assert needle in err, err
    return err


def test_peers_bad_input_is_one_line_naming_the_file(capsys, sample_root, tmp_path):
    run = ["score", "--data", str(sample_root), "--auto", "uni", "--corpus", "duc2007", "--peers"]
    unknown = _peers(tmp_path, {"D0799.M.250.A.x": "Some text."}, "a")
    _fails(capsys, run + [str(unknown)], "D0799.M.250.A.x", "unknown topic 'D0799'", "did you mean 'D07")
    twice = _peers(tmp_path, {"D0701.M.250.A.x": "One.", "D0701.M.250.B.x": "Two."}, "b")
    _fails(capsys, run + [str(twice)], "D0701.M.250.B.x", "given twice")
    jsonl = tmp_path / "s.jsonl"
    jsonl.write_text('{"instance_id": "D0701", "summarizer_id": "x", "summary": "ok"}\n'
                     '{"instance_id": "D0701", "summary": "no system"}\n', encoding="utf-8")
    _fails(capsys, run + [str(jsonl)], f"{jsonl}:2", "missing field 'summarizer_id'")
    latin = tmp_path / "c"
    latin.mkdir()
    (latin / "D0701.M.250.A.x").write_bytes(b"caf\xe9\n")
    _fails(capsys, run + [str(latin)], f"{latin / 'D0701.M.250.A.x'}:1", "not UTF-8")
    _fails(capsys, run + [str(tmp_path / "nowhere")], "no such file")


def test_peers_pyramid_with_one_model_summary(capsys, sample_root, tmp_path):
    from pyrabench.data import ducview
    from pyrabench.data.model import SCU, Pyramid

    pyr = load_corpus("passonneau2013", sample_root).pyramids[0]
    scus = tuple(SCU(s.scu_id, s.label, tuple(c for c in s.contributors if c.summary_index == 0)) for s in pyr.scus
                 if any(c.summary_index == 0 for c in s.contributors))
    one = tmp_path / "one.pyr"
    ducview.write_pyramid(Pyramid("x", "one", pyr.summaries[:1], pyr.summarizer_ids[:1], scus), one,
                          ducview.Header(None, None))
    folder = _peers(tmp_path, {"s1.txt": pyr.summaries[0]})
    assert main(["score", "--data", str(sample_root), "--peers", str(folder), "--pyramid", str(one), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)  # a lite pyramid: scored, the reference against itself
    assert [r["system"] for r in out["summaries"]] == ["s1"] and out["summaries"][0]["rouge_1"] == 1.0
    assert out["estimate_from"] == DEFAULT_HEADER  # the default model; not the lite dataset's units: no note
    assert out["summaries"][0]["estimate"] > 0.5  # the reference against itself holds most of its units


# --------------------------------------------------------------------------- --units: lite pyramids


def _lite(sample_root, *extra):
    root = sample_root / "lite"
    return ["score", "--data", str(sample_root), "--units", str(root / "SCUs.txt"), "--ids", str(root / "ids.txt"),
            "--peers", str(root / "summaries"), *extra]


def test_units_scored_and_checked_against_labels(capsys, sample_root):
    labels = ["--labels", str(sample_root / "lite" / "labels"), "--calibrate-on", "duc2007"]
    assert main(_lite(sample_root, *labels, "--json", "--explain")) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["units"].endswith("SCUs.txt") and out["fitted_on"] == "duc2007"
    assert len(out["summaries"]) == 16 and {r["system"] for r in out["systems"]} == {"alpha", "beta", "gamma", "delta"}
    assert {s["weight"] for s in out["scus"]} == {1}  # every unit weighs 1
    agree = out["labels"]
    assert agree["summaries"] == 16 and agree["units"]["pairs"] == 64 and len(agree["reliability"]) == 10
    assert set(agree["correlations"]["estimate"]) == {"summary", "pooled", "system"}
    assert 0 <= agree["units"]["f1"] <= 1 and agree["correlations"]["estimate"]["summary"]["n"] <= 4
    assert main(_lite(sample_root, *labels, "--summary", "--explain")) == 0
    text = capsys.readouterr().out
    assert "agreement with the labels" in text and "units F1" in text and "summary (pooled) pearson" in text
    explain = text[text.index("SCUs the model finds"):].splitlines()
    assert max(map(len, explain)) <= 100 and any(line.startswith("harbour1 / alpha: estimate") for line in explain)
    assert any(line.lstrip().startswith("evidence: ") for line in explain)


#: The default model's header on the bundled sample (every annotated domain it holds).
DEFAULT_HEADER = ("model: the default, fitted on every annotated domain of the data root: the manual annotations of "
                  "duc2006, duc2007, duc2007-update (pyramids and their lite views) and the crowd labels of lite; "
                  "--calibrate-on CORPUS narrows it to one; 95 % interval of a summary from its held-out errors")
OWN_DOMAIN = ("note: these units are lite's, whose crowd labels train the default model: each example is scored by "
              "the model that held it out, but the model has seen this domain; chapter 6's leave-one-domain-out "
              "table gives the figures for a domain it never saw")


def test_labels_run_as_typed_with_the_default_model(capsys, sample_root):
    root = sample_root / "lite"
    assert main(_lite(sample_root, "--labels", str(root / "labels"), "--summary")) == 0
    out = capsys.readouterr().out
    lines = _header(out)
    assert lines[1:3] == [DEFAULT_HEADER, OWN_DOMAIN]
    assert lines[3].startswith("how far to trust it: each DUC corpus scored by the model of the others")
    assert any(line.startswith("units F1") for line in out.splitlines())
    assert main(_lite(sample_root, "--labels", str(root / "labels"), "--json")) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["fitted_on"] == "duc2006 + duc2007 + duc2007-update + lite"
    assert out["estimate_from"] == f"{DEFAULT_HEADER}\n{OWN_DOMAIN}" and out["labels"]["summaries"] == 16
    assert main(_lite(sample_root, "--labels", str(root / "labels"), "--json", "--calibrate-on", "duc2007")) == 0
    narrowed = json.loads(capsys.readouterr().out)
    assert narrowed["fitted_on"] == "duc2007" and "default" not in narrowed["estimate_from"]


def test_token_recall_is_a_baseline_column_unless_left_out(capsys, sample_root, monkeypatch, fake_token_encoder):
    import pyrabench.embeddings as E
    from pyrabench.embeddings import token_vectors

    root = sample_root / "lite"
    words = (root / "SCUs.txt").read_text(encoding="utf-8").lower().split()
    for f in sorted((root / "summaries").iterdir()):
        words += f.read_text(encoding="utf-8").lower().split()
    monkeypatch.setattr(E, "available", lambda spec: True)
    monkeypatch.setattr(token_vectors, "token_encoder", lambda spec="minilm": fake_token_encoder(
        [w.strip(".,;:!?'\"") for w in words]))
    labels = ["--labels", str(root / "labels"), "--calibrate-on", "duc2007", "--json"]
    assert main(_lite(sample_root, *labels)) == 0
    out = json.loads(capsys.readouterr().out)
    assert all(0 <= r["token_recall"] <= 1 for r in out["summaries"]) and "token_recall" in out["systems"][0]
    assert set(out["labels"]["correlations"]) == {"estimate", "rouge_2", "token_recall"}
    assert "token_recall" in out["columns"]
    assert main(_lite(sample_root, *labels, "--no-token-recall")) == 0
    out = json.loads(capsys.readouterr().out)
    assert "token_recall" not in out["summaries"][0] and "token_recall" not in out["labels"]["correlations"]
    unlabelled = ["--calibrate-on", "duc2007", "--json"]  # without labels, only when asked for
    assert main(_lite(sample_root, *unlabelled)) == 0
    assert "token_recall" not in json.loads(capsys.readouterr().out)["summaries"][0]
    assert main(_lite(sample_root, *unlabelled, "--token-recall")) == 0
    assert "token_recall" in json.loads(capsys.readouterr().out)["summaries"][0]


def test_units_and_labels_that_disagree_in_length(capsys, sample_root, tmp_path):
    labels = tmp_path / "labels"
    shutil.copytree(sample_root / "lite" / "labels", labels)
    lines = (labels / "beta.label").read_text(encoding="utf-8").splitlines()
    lines[2] = "0\t0\t1"  # volcano3 has four units
    (labels / "beta.label").write_text("\n".join(lines) + "\n", encoding="utf-8")
    _fails(capsys, _lite(sample_root, "--labels", str(labels), "--calibrate-on", "duc2007"),
           f"{labels / 'beta.label'}:3", "3 labels but 4 units for example 'volcano3'")


def test_units_bad_input_is_one_line_naming_file_and_line(capsys, sample_root, tmp_path):
    root = sample_root / "lite"
    ids = tmp_path / "ids.txt"
    ids.write_text("a\nb\n", encoding="utf-8")
    units = str(root / "SCUs.txt")
    base = ["score", "--data", str(sample_root), "--peers", str(root / "summaries")]
    _fails(capsys, base + ["--units", units, "--ids", str(ids)], "SCUs.txt", "4 lines of units but 2 ids")
    empty = tmp_path / "units.txt"
    empty.write_text("One.\tTwo.\nThree.\t\tFour.\n", encoding="utf-8")
    _fails(capsys, base + ["--units", str(empty)], f"{empty}:2", "unit 2 is empty")
    short = tmp_path / "short"
    short.mkdir()
    (short / "x.summary").write_text("one\n", encoding="utf-8")
    _fails(capsys, ["score", "--data", str(sample_root), "--units", units, "--ids", str(root / "ids.txt"),
                    "--peers", str(short)], str(short / "x.summary"), "1 lines but 4 examples")
    latin = tmp_path / "latin.txt"
    latin.write_bytes(b"One.\nCaf\xe9.\n")
    _fails(capsys, base + ["--units", str(latin)], f"{latin}:2", "not UTF-8")
    _fails(capsys, _lite(sample_root, "--corpus", "duc2007"), "one of --units FILE, --pyramid PATH or --corpus")
    _fails(capsys, base + ["--corpus", "duc2007", "--ids", str(ids)], "--ids and --labels go with --units")
    _fails(capsys, ["score", "--data", str(sample_root), "--units", units], "--units needs --peers")


def test_peers_option_rules(capsys, sample_root, tmp_path):
    folder = _peers(tmp_path, {"s1.txt": "A summary."})
    pyr = str(sample_root / "passonneau2013" / "pyramid_HOW_VOLCANOES_FORM.pyr")
    data = ["score", "--data", str(sample_root)]
    _fails(capsys, data + ["--auto", "uni", "--peers", str(folder), "--pyramid", pyr, "--recipe-2013"],
           "--threshold X", "--calibrate-on")
    _fails(capsys, data + ["--peers", str(folder)], "--corpus NAME", "--pyramid PATH")
    _fails(capsys, data + ["--peers", str(folder), "--pyramid", pyr, "--corpus", "duc2007"], "exactly one of")
    _fails(capsys, data + ["--pyramid", pyr], "--pyramid needs --peers")
    _fails(capsys, data + ["--recipe-2013"], "--recipe-2013 need --peers")
    _fails(capsys, data + ["--auto", "uni", "--peers", str(folder), "--pyramid", pyr, "--recipe-2013",
                           "--threshold", "0.3", "--threshold", "0.5"], "one --threshold")
    assert main(data + ["--peers", str(folder), "--pyramid", pyr]) == 0  # the default model
    assert DEFAULT_HEADER in _header(capsys.readouterr().out)
    bare = tmp_path / "bare"  # a data root with no annotated domain: no model, ROUGE, and says so
    bare.mkdir()
    assert main(["score", "--data", str(bare), "--peers", str(folder), "--pyramid", pyr]) == 0
    assert "no estimate: no annotated DUC corpus under the data root" in capsys.readouterr().out


def test_peers_empty_summary_is_a_counted_warning(capsys, sample_root, tmp_path):
    folder = _peers(tmp_path, {"D0701.M.250.A.empty": "  \n", "D0701.M.250.A.real": "Some words here."})
    assert main(["score", "--data", str(sample_root), "--peers", str(folder), "--corpus", "duc2007", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err.strip() == "pyrabench: warning: 1 empty summary (no word) scored 0"
    out = json.loads(captured.out)
    assert out["empty"] == 1 and [r["estimate"] for r in out["summaries"] if r["system"] == "empty"] == [0.0]


def test_adapt_reports_on_the_examples_it_did_not_use(capsys, sample_root):
    labels = ["--labels", str(sample_root / "lite" / "labels"), "--calibrate-on", "duc2007", "--adapt", "2"]
    assert main(_lite(sample_root, *labels, "--json", "--explain", "--seed", "1")) == 0
    out = json.loads(capsys.readouterr().out)
    used, rest = set(out["adapt"]["used"]), set(out["adapt"]["reported_on"])
    assert len(used) == 2 and len(rest) == 2 and not used & rest
    assert {r["topic"] for r in out["summaries"]} == rest and {s["topic"] for s in out["scus"]} <= rest
    assert out["labels"]["summaries"] == 8 and out["labels"]["examples"] == 2 and out["labels"]["units"]["pairs"] < 64
    assert "other 2 examples only" in out["adapt"]["note"] and out["adapt"]["map"] in ("none", "platt")
    assert main(_lite(sample_root, *labels, "--summary", "--seed", "1")) == 0
    text = capsys.readouterr().out
    assert f"adapted on 2 labelled examples drawn with seed 1 ({', '.join(out['adapt']['used'])})" in text
    assert "2 examples not used to adapt" in " ".join(text.split())  # the header is wrapped at 100 columns


def test_adapt_option_rules(capsys, sample_root):
    labels = ["--labels", str(sample_root / "lite" / "labels"), "--calibrate-on", "duc2007"]
    _fails(capsys, _lite(sample_root, "--calibrate-on", "duc2007", "--adapt", "2"), "--adapt N", "--labels DIR")
    _fails(capsys, _lite(sample_root, *labels, "--adapt", "3"), "cannot adapt on 3 examples", "at most 2")
    _fails(capsys, ["score", "--data", str(sample_root), "--adapt", "2"], "--adapt needs --peers")


# --------------------------------------------------------------------------- foreign units, 100 columns


def _reworded_units(tmp_path, sample_root):
    """The sample's lite units, every one reworded: units of no domain the model was fitted on."""
    units = tmp_path / "SCUs.txt"
    units.write_text("".join(f"Reportedly {line}" for line in (sample_root / "lite" / "SCUs.txt").read_text()
                             .splitlines(True)))
    return units


def _passonneau(sample_root):
    root = sample_root / "passonneau2013"
    return ["score", "--data", str(sample_root), "--pyramid", str(root / "pyramid_HOW_VOLCANOES_FORM.pyr"),
            "--peers", str(root / "target_summaries")]


def test_every_line_of_the_text_output_fits_in_100_columns(capsys, sample_root, tmp_path):
    """Lite units (the sample's own, with labels; and foreign ones), a full pyramid of no fitted
    domain, and DUC peers against a corpus with --explain: no line wider than 100 characters (the
    header was one line of up to 503, the per-summary table 154 wide)."""
    root = sample_root / "lite"
    long_name = tmp_path / "long"
    shutil.copytree(root / "summaries", long_name)
    (long_name / "alpha.summary").rename(long_name / "a-system-with-a-very-long-name-indeed.summary")
    runs = [_lite(sample_root, "--labels", str(root / "labels")),
            ["score", "--data", str(sample_root), "--units", str(_reworded_units(tmp_path, sample_root)), "--ids",
             str(root / "ids.txt"), "--peers", str(long_name)],
            _passonneau(sample_root),
            ["score", "--data", str(sample_root), "--peers", str(_duc_peers(tmp_path, sample_root)), "--corpus",
             "duc2007", "--explain"]]
    for argv in runs:
        assert main(argv) == 0
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) > 20 and max(map(len, lines)) <= 100, max(lines, key=len)


def test_foreign_units_are_said_first_in_text_and_json(capsys, sample_root, tmp_path):
    root = sample_root / "lite"
    argv = ["score", "--data", str(sample_root), "--units", str(_reworded_units(tmp_path, sample_root)), "--ids",
            str(root / "ids.txt"), "--peers", str(root / "summaries")]
    assert main(argv) == 0
    head = _header(capsys.readouterr().out)
    assert head[0].startswith("FOREIGN UNITS: these are lite units (one reference, every unit weight 1) of no "
                              "domain the model was fitted on (duc2006 + duc2007 + duc2007-update + lite)")
    assert head[1].startswith("Leave one domain out on the bundled sample's 4 small domains (a few topics each: "
                              "indicative only), as lite (each unseen by the model): the level's error, "
                              "mean estimate − mean truth, was duc2006 ")
    assert "inside the model's 95 % intervals: summaries" in head[1] and "widened by the domain term ±" in head[1]
    assert head[2].startswith("So every interval below is widened by the domain term ±")  # the sample backs it
    assert head[3] == ("Levels need your labels: label 20 examples (every system's summary of each) and add "
                       "--labels DIR --adapt 20.")
    assert head[4].startswith("bundled sample data")
    assert main(argv + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out)[0] == "foreign" and out["foreign"]["units"] == "lite" and out["foreign"]["intervals"] == "widened"
    assert all(0 <= r["estimate_low"] <= r["estimate_high"] <= 1 for r in out["systems"])
    assert main(_lite(sample_root, "--json")) == 0  # the sample's own units: not foreign
    assert json.loads(capsys.readouterr().out)["foreign"] is None
    assert main(_passonneau(sample_root) + ["--json"]) == 0  # a full pyramid: no --adapt to point to
    pyr = json.loads(capsys.readouterr().out)["foreign"]
    assert (pyr["units"], pyr["remedy"], pyr["adapt_n"]) == ("pyramids", None, None)
    assert [d["held_out"] for d in pyr["leave_one_domain_out"]] == ["duc2006", "duc2007", "duc2007-update"]


def test_foreign_units_without_backing_print_ranks_and_no_interval(capsys, sample_root, tmp_path, monkeypatch):
    from pyrabench.scoring import foreign
    from pyrabench.scoring.studies.leave_one_out import foreign_evidence

    def weak(table, view):  # the real data root's verdict on lite units, on the sample's figures
        ev = foreign_evidence(table, view)
        return type(ev)(ev.view, ev.directions, ev.term, False, "on pyrxsum held out, 70.0 % of the systems' "
                        "intervals held their truth, below 90 %")

    monkeypatch.setattr(foreign, "foreign_evidence", weak)
    root = sample_root / "lite"
    argv = ["score", "--data", str(sample_root), "--units", str(_reworded_units(tmp_path, sample_root)), "--ids",
            str(root / "ids.txt"), "--peers", str(root / "summaries")]
    assert main(argv) == 0
    text = capsys.readouterr().out
    head = _header(text)
    assert head[2] == ("So no level interval is given: on pyrxsum held out, 70.0 % of the systems' intervals held "
                       "their truth, below 90 %. The estimates rank the summaries and the systems; their level may "
                       "be off by more than any figure here bounds.")
    systems = text[text.index("\nper system ("):].splitlines()
    ranks = [line.split() for line in systems if line.split()[1:2] in (["alpha"], ["beta"], ["gamma"], ["delta"])]
    assert sorted(int(r[0]) for r in ranks) == [1, 2, 3, 4] and all(r[4] == "—" for r in ranks)
    assert "levels need --labels DIR --adapt 20" in " ".join(text.split())
    assert main(argv + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["foreign"]["intervals"] == "withheld" and out["foreign"]["backed"] is False
    assert all(r["estimate_low"] is None and "levels need" in r["interval_note"] for r in out["summaries"])


def test_foreign_units_adapted_keep_the_intervals_refitted_on_the_labels(capsys, sample_root, tmp_path):
    root = sample_root / "lite"
    argv = ["score", "--data", str(sample_root), "--units", str(_reworded_units(tmp_path, sample_root)), "--ids",
            str(root / "ids.txt"), "--peers", str(root / "summaries"), "--labels", str(root / "labels"),
            "--adapt", "2", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["foreign"]["intervals"] == "adapted" and out["adapt"]["n"] == 2
    shown = [r for r in out["summaries"] + out["systems"] if r["estimate_low"] is not None]
    assert shown and all(0 <= r["estimate_low"] <= r["estimate_high"] <= 1 for r in shown)
    assert all(r["interval_note"] is None or "levels need" not in r["interval_note"] for r in out["summaries"])
    assert main(argv[:-1]) == 0
    assert _header(capsys.readouterr().out)[2] == ("Adapted on your labels (below): the levels and their intervals "
                                                   "are refitted on them.")


def test_system_pairs_printed_compact_and_listed_in_json(capsys, sample_root):
    from pyrabench.scoring.system_pairs import system_pairs
    import pandas as pd

    labels = ["--labels", str(sample_root / "lite" / "labels"), "--calibrate-on", "duc2007", "--no-token-recall"]
    assert main(_lite(sample_root, *labels, "--summary")) == 0
    text = capsys.readouterr().out
    section = text[text.index("system comparisons:"):text.index("agreement with the labels")].rstrip().splitlines()
    assert max(map(len, section)) <= 100
    head = " ".join(" ".join(section).split())
    assert "of the 6 pairs of systems differ at 95 %" in head and "over the 4 examples" in head
    assert [line.split()[0] for line in section[-2:]] == ["estimate", "ROUGE-2"]
    assert any(line.startswith("estimate: decided pairs wrong vs the labels") for line in text.splitlines())
    assert main(_lite(sample_root, *labels, "--json")) == 0
    out = json.loads(capsys.readouterr().out)
    pairs = out["system_pairs"]
    assert (pairs["systems"], pairs["pairs"], pairs["topics"], pairs["resamples"]) == (4, 6, 4, 1000)
    assert set(pairs["metrics"]) == {"estimate", "rouge_2"} and pairs["truth"] is None
    assert list(pairs["decided"]) == ["estimate"]
    # an independent route: the same comparison of the printed summaries, and the printed counts
    again = system_pairs(pd.DataFrame(out["summaries"]), ["estimate"]).decided("estimate")
    assert [(p["better"], p["worse"]) for p in pairs["decided"]["estimate"]] == [(p["better"], p["worse"]) for p in again]
    assert pairs["metrics"]["estimate"]["decided"] == len(again)
    row = next(line for line in section if line.split()[0] == "estimate")
    assert row.split()[1:] == [str(len(again)), f"{len(again) / 6:.3f}"]




@pytest.mark.parametrize("n", ["-1", "0", "1", "two"])
def test_adapt_states_one_minimum_at_once(capsys, sample_root, n):
    """Every N below the minimum is refused by the option itself, with the one rule on N."""
    labels = ["--labels", str(sample_root / "lite" / "labels"), "--calibrate-on", "duc2007"]
    with pytest.raises(SystemExit) as exit_:
        main(_lite(sample_root, *labels, "--adapt", n))
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "N must be 2 or more" in err
    assert "0 or more" not in err and "1 or more" not in err and "at least 2" not in err


def _no_scoring(monkeypatch):
    import pyrabench.commands.score as command

    def scored(*args, **kwargs):
        raise AssertionError("scored before refusing")

    monkeypatch.setattr(command, "score_summaries", scored)


@pytest.mark.parametrize("n", ["3", "4", "9"])
def test_adapt_refuses_n_before_scoring(capsys, sample_root, monkeypatch, n):
    _no_scoring(monkeypatch)  # four labelled examples: 2 to adapt on, at most, and 2 left
    labels = ["--labels", str(sample_root / "lite" / "labels"), "--calibrate-on", "duc2007"]
    _fails(capsys, _lite(sample_root, *labels, "--adapt", n), f"cannot adapt on {n} examples", "N must be 2 or more",
           "at most 2")


def _topic_folders(sample_root, tmp_path, leave_out=("volcano3", "gamma")):
    """The sample's line summaries as <system>/<topic>.txt, but one (topic, system) left out."""
    ids = (sample_root / "lite" / "ids.txt").read_text().split()
    folder = tmp_path / "peers"
    for f in sorted((sample_root / "lite" / "summaries").glob("*.summary")):
        for topic, text in zip(ids, f.read_text().splitlines()):
            if (topic, f.stem) != leave_out:
                (folder / f.stem).mkdir(parents=True, exist_ok=True)
                (folder / f.stem / f"{topic}.txt").write_text(text + "\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("seed", ["0", "1", "2", "3"])
def test_labels_of_an_example_with_no_summary_are_refused_drawn_or_not(capsys, sample_root, tmp_path,
                                                                      monkeypatch, seed):
    """gamma wrote nothing for volcano3 (line 3 of the ids) but gamma.label labels it: refused
    before scoring, naming the label file and line, whichever examples the seed draws."""
    _no_scoring(monkeypatch)
    root = sample_root / "lite"
    argv = ["score", "--data", str(sample_root), "--units", str(root / "SCUs.txt"), "--ids", str(root / "ids.txt"),
            "--peers", str(_topic_folders(sample_root, tmp_path)), "--labels", str(root / "labels"),
            "--calibrate-on", "duc2007", "--seed", seed]
    for extra in (["--adapt", "2"], []):
        _fails(capsys, argv + extra, f"{root / 'labels' / 'gamma.label'}:3:",
               "labels for example 'volcano3', but no summary of it by system 'gamma' was given")


def test_labels_all_alike_in_the_drawn_examples_are_warned(capsys, sample_root, tmp_path):
    labels = tmp_path / "labels"
    labels.mkdir()
    for f in (sample_root / "lite" / "labels").glob("*.label"):  # every unit absent
        (labels / f.name).write_text("".join("\t".join("0" for _ in line.split("\t")) + "\n"
                                             for line in f.read_text().splitlines()), encoding="utf-8")
    assert main(_lite(sample_root, "--labels", str(labels), "--calibrate-on", "duc2007", "--adapt", "2",
                      "--json")) == 0
    captured = capsys.readouterr()
    assert ("pyrabench: warning: the 2 examples drawn to adapt on have every unit labelled absent (0): no "
            "recalibration can be fitted on labels all alike, so the model's probabilities are kept") in captured.err
    out = json.loads(captured.out)
    assert out["adapt"]["map"] == "none" and out["adapt"]["brier"]["platt"] is None
    assert "probabilities kept (their labels are all alike" in out["adapt"]["note"]


def test_adapt_draws_with_the_seed_given(capsys, sample_root):
    """--seed reaches the draw: the seed is echoed, and the four seeds do not all draw alike (the
    draw is stratified by the model's mean probability: one of each two examples)."""
    labels = ["--labels", str(sample_root / "lite" / "labels"), "--calibrate-on", "duc2007", "--adapt", "2"]
    used = {}
    for seed in (0, 1, 2, 3):
        assert main(_lite(sample_root, *labels, "--json", "--summary", "--seed", str(seed))) == 0
        out = json.loads(capsys.readouterr().out)["adapt"]
        assert out["seed"] == seed
        used[seed] = tuple(out["used"])
    assert len(set(used.values())) > 1
