"""Texts over spaCy's default limit (10**6 characters, error E088) in every command that reads a
user's text: each scores or builds, or stops with one line naming the file and the limit — never
a traceback. (The 2 MB cases are in ``test_cli_long_texts``.)"""

from __future__ import annotations

import json
import random
import shutil

from pyrabench.cli import main
from pyrabench.scoring.pyramids.builder import MAX_UNITS

WORDS = "the fire burned forest near town winds spread quickly schools closed crews fought blaze said".split()
OVER = 1_100_000  # characters: over spaCy's limit


def _text(n_chars: int, words_per_sentence: int = 12, seed: int = 0) -> str:
    rng = random.Random(seed)
    parts, size = [], 0
    while size < n_chars:
        sentence = " ".join(rng.choice(WORDS) for _ in range(words_per_sentence)).capitalize() + ". "
        parts.append(sentence)
        size += len(sentence)
    return "".join(parts).rstrip()


def _no_traceback(capsys) -> tuple[str, str]:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "E088" not in captured.err, captured.err[-2000:]
    return captured.out, captured.err


def test_score_peers(tmp_path, capsys):
    peers = tmp_path / "peers.jsonl"
    peers.write_text(json.dumps({"instance_id": "D0701", "summarizer_id": "long", "summary": _text(OVER)}) + "\n",
                     encoding="utf-8")
    assert main(["score", "--corpus", "duc2007", "--peers", str(peers), "--no-truncate", "--json"]) == 0
    out, _ = _no_traceback(capsys)
    assert json.loads(out)["summaries"][0]["truncated"] is False


def test_score_peers_against_a_pyramid_with_a_long_model_summary(tmp_path, capsys):
    long, short = _text(OVER), "Crews fought the blaze near the town."
    first = long[: long.index(".")]
    pyramid = {"instance_id": "T1", "summarizer_ids": ["A", "B"], "summaries": [long, short],
               "scus": [{"scu_id": 1, "label": first, "contributors": [
                   {"label": first, "summary_index": 0, "parts": [{"text": first, "start": 0, "end": len(first)}]},
                   {"label": short[:-1], "summary_index": 1,
                    "parts": [{"text": short[:-1], "start": 0, "end": len(short) - 1}]}]}]}
    (tmp_path / "pyramids.jsonl").write_text(json.dumps(pyramid) + "\n", encoding="utf-8")
    peers = tmp_path / "peers.jsonl"
    peers.write_text(json.dumps({"instance_id": "T1", "summarizer_id": "mine", "summary": _text(OVER, seed=3)})
                     + "\n", encoding="utf-8")
    assert main(["score", "--pyramid", str(tmp_path / "pyramids.jsonl"), "--peers", str(peers), "--json"]) == 0
    out, _ = _no_traceback(capsys)
    assert json.loads(out)["summaries"][0]["rouge_1"] > 0


def test_pyramid_models_too_many_units_is_one_line(tmp_path, capsys):
    (tmp_path / "m" / "T1").mkdir(parents=True)
    (tmp_path / "m" / "T1" / "A.txt").write_text(_text(OVER), encoding="utf-8")
    (tmp_path / "m" / "T1" / "B.txt").write_text("The fire burned the forest near the town.", encoding="utf-8")
    assert main(["pyramid", "--models", str(tmp_path / "m"), "--out", str(tmp_path / "out"),
                 "--similarity", "uni"]) == 2
    _, err = _no_traceback(capsys)
    error = [line for line in err.splitlines() if "error:" in line]
    assert len(error) == 1 and f"{tmp_path / 'm' / 'T1' / 'A.txt'}: model 'A'" in error[0]
    assert f"at most {MAX_UNITS:,} units" in error[0]


def test_pyramid_models_long_units_build(tmp_path, capsys):
    (tmp_path / "m" / "T1").mkdir(parents=True)
    long = _text(OVER, words_per_sentence=40_000)
    (tmp_path / "m" / "T1" / "A.txt").write_text(long, encoding="utf-8")
    (tmp_path / "m" / "T1" / "B.txt").write_text("The fire burned the forest near the town.", encoding="utf-8")
    assert main(["pyramid", "--models", str(tmp_path / "m"), "--out", str(tmp_path / "out"),
                 "--similarity", "uni", "--json"]) == 0
    out, _ = _no_traceback(capsys)
    assert json.loads(out)["topics"][0]["units"] == long.count(".") + 1  # each long sentence, and the short one


def test_sts_with_a_long_sentence(tmp_path, sample_root, capsys):
    shutil.copytree(sample_root / "sts" / "2012", tmp_path / "root" / "sts" / "2012")
    path = tmp_path / "root" / "sts" / "2012" / "test-gold" / "STS.input.MSRvid.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] = _text(OVER) + "\t" + lines[0].split("\t")[1]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["sts", "--system", "tokencos", "--years", "2012", "--data", str(tmp_path / "root"), "--json"]) == 0
    out, _ = _no_traceback(capsys)
    assert "MSRvid" in out
