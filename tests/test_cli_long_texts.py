"""Texts longer than spaCy's default limit (10**6 characters, error E088) through the commands
that read them: a 2 MB summary is scored; a 2 MB model summary is one line naming the file, its
line and the builder's limit; a model summary over spaCy's limit whose units fit builds."""

from __future__ import annotations

import json
import random

import pytest

from pyrabench.cli import main
from pyrabench.scoring.pyramids.builder import MAX_UNITS
from pyrabench.scoring.recipe2013.segments import tokenize_summary
from pyrabench.text import count_words

WORDS = ("the fire burned forest near town winds spread quickly schools closed crews fought blaze officials "
         "said power line investigators think river").split()
SPACY_LIMIT = 1_000_000


def long_text(n_chars: int, seed: int = 0) -> str:
    """Sentences of twelve words, a line break after some, until ``n_chars`` characters."""
    rng = random.Random(seed)
    parts, size = [], 0
    while size < n_chars:
        sentence = " ".join(rng.choice(WORDS) for _ in range(12)).capitalize() + (".\n" if rng.random() < 0.2 else ". ")
        parts.append(sentence)
        size += len(sentence)
    return "".join(parts).rstrip()


def test_a_long_text_is_parsed_as_its_pieces_are():
    paragraph = long_text(3_000, seed=1)
    one = tokenize_summary(paragraph)
    big = "\n".join([paragraph] * (SPACY_LIMIT // len(paragraph) + 2))
    assert len(big) > SPACY_LIMIT
    whole = tokenize_summary(big)
    copies = (len(big) + 1) // (len(paragraph) + 1)
    assert whole.words == one.words * copies
    assert len(whole.sentences) == len(one.sentences) * copies
    step = len(paragraph) + 1
    assert whole.starts[-len(one.starts):].tolist() == (one.starts + step * (copies - 1)).tolist()


def test_a_2_mb_summary_is_scored(tmp_path, capsys):
    text = long_text(2_000_000)
    peers = tmp_path / "big.jsonl"
    peers.write_text(json.dumps({"instance_id": "D0701", "summarizer_id": "big", "summary": {"text": text}}) + "\n",
                     encoding="utf-8")
    assert main(["score", "--corpus", "duc2007", "--peers", str(peers), "--no-truncate", "--json"]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    row = json.loads(captured.out)["summaries"][0]
    assert (row["system"], row["words"], row["truncated"]) == ("big", count_words(text), False)
    assert 0.0 <= row["estimate"] <= 1.0 and 0.0 < row["rouge_1"] <= 1.0


def test_a_2_mb_model_summary_is_one_line_naming_file_line_and_limit(tmp_path, capsys):
    models = tmp_path / "models.jsonl"
    small = {"instance_id": "T1", "summarizer_ids": ["A", "B"],
             "summaries": ["The fire burned the forest near the town.", "Crews fought the blaze all night."]}
    big = {"instance_id": "T2", "summarizer_ids": ["A", "B"],
           "summaries": ["The fire burned the forest near the town.", long_text(2_000_000)]}
    models.write_text(json.dumps(small) + "\n" + json.dumps(big) + "\n", encoding="utf-8")
    assert main(["pyramid", "--models", str(models), "--out", str(tmp_path / "out"), "--similarity", "uni"]) == 2
    err = capsys.readouterr().err
    errors = [line for line in err.splitlines() if "error:" in line]  # beside the warning of uneven models
    assert len(errors) == 1 and "Traceback" not in err
    assert f"{models}:2: model 'B' of topic 'T2'" in errors[0] and f"at most {MAX_UNITS:,} units" in errors[0]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("unit", ["clause", "sentence"])
def test_a_model_summary_over_spacys_limit_builds_when_its_units_fit(tmp_path, capsys, unit):
    # three sentences of some 370,000 characters each: three units, one text over spaCy's limit
    rng = random.Random(2)
    huge = ". ".join(" ".join(rng.choice(WORDS) for _ in range(60_000)) for _ in range(3)) + "."
    assert len(huge) > SPACY_LIMIT
    (tmp_path / "m" / "T1").mkdir(parents=True)
    (tmp_path / "m" / "T1" / "A.txt").write_text(huge, encoding="utf-8")
    (tmp_path / "m" / "T1" / "B.txt").write_text("The fire burned the forest near the town.", encoding="utf-8")
    assert main(["pyramid", "--models", str(tmp_path / "m"), "--out", str(tmp_path / "out"), "--similarity", "uni",
                 "--unit", unit, "--json"]) == 0
    topic = json.loads(capsys.readouterr().out)["topics"][0]
    assert topic["units"] == 4
