"""The paper's own examples in a build: where the items of Figures 2 and 3 are, the questions
Figure 3's label asks, and the words the figures' items share (texts compared as the paper
printed them: lower-cased words, punctuation dropped)."""

from __future__ import annotations

import pandas as pd

from ... import published
from ...paraphrase.store import Benchmark
from ...text import words_many


def _word_key(texts) -> list[str]:
    """Texts compared as the paper printed them: lower-cased words, punctuation dropped."""
    return [" ".join(ws) for ws in words_many([str(t) for t in texts])]


def paper_examples(bench: Benchmark) -> pd.DataFrame:
    """Where the items of the paper's Figures 2 and 3 are in this build.

    Texts are matched on their lower-cased words (punctuation dropped), because the paper prints
    Figure 2's positive item lower-cased and without the comma of the summary ("countries
    worldwide sent money equipment" is "Countries worldwide sent money, equipment"). One row per
    figure element: whether it is found, where (pair or question ids), and our text.
    """
    rows = []
    b, r = bench.binary, bench.ranking
    key_a, key_b = (pd.Series(_word_key(b[c]), index=b.index, dtype=object) for c in ("text_a", "text_b"))
    for kind, label in (("negative", 0), ("positive", 1)):
        x, y = _word_key(published.BAUMEL2016_FIGURE2[kind])
        hit = (((key_a == x) & (key_b == y)) | ((key_a == y) & (key_b == x))) & (b["label"] == label)
        found = b[hit]
        rows.append({
            "figure": f"Figure 2, {'non-' if kind == 'negative' else ''}paraphrase pair",
            "paper": " / ".join(published.BAUMEL2016_FIGURE2[kind]),
            "found": bool(len(found)),
            "where": ", ".join(found["pair_id"]),
            "ours": " / ".join(found[["text_a", "text_b"]].iloc[0]) if len(found) else "",
        })
    fig3 = published.BAUMEL2016_FIGURE3
    (question,) = _word_key([fig3["question"]])
    asked = r[pd.Series(_word_key(r["question"]), index=r.index, dtype=object) == question]
    rows.append({
        "figure": "Figure 3, question",
        "paper": fig3["question"],
        "found": bool(len(asked)),
        "where": ", ".join(asked["question_id"]),
        "ours": asked["question"].iloc[0] if len(asked) else "",
    })
    columns = ["answer", "distractor_1", "distractor_2", "distractor_3"]
    keys = {c: _word_key(asked[c]) for c in columns}
    choice_keys = _word_key(fig3["choices"])
    holds = []
    texts = set(b["text_a"]) | set(b["text_b"])
    item_of = dict(zip(_word_key(texts), texts))
    for k, (text, key) in enumerate(zip(fig3["choices"], choice_keys), start=1):
        cols = columns[:1] if k == 1 else columns[1:]
        where = [qid for i, qid in enumerate(asked["question_id"]) if any(keys[c][i] == key for c in cols)]
        holds.append(set(where))
        note = ""
        if not where and k > 1 and key in item_of and len(asked):
            shared = len(set(key.split()) & set(question.split()))
            last = asked["distractor_3_shared_words"].to_numpy()
            if (last == shared).any():
                note = (f"an item of this build sharing {shared} words with the question, tied with our "
                        "third distractor; the seeded tie draw chose another item")
        rows.append({
            "figure": f"Figure 3, choice {k} ({'answer' if k == 1 else 'distractor'})",
            "paper": text,
            "found": bool(where),
            "where": ", ".join(where),
            "ours": item_of.get(key, "") if where or note else "",
            "note": note,
        })
    both = sorted(holds[1] & holds[2])
    rows.append({
        "figure": "Figure 3, choices 2 and 3 in one question",
        "paper": "both 'Dees and the SPLC' distractors",
        "found": bool(both),
        "where": ", ".join(both),
        "ours": "",
    })
    return pd.DataFrame(rows).fillna({"note": ""})


def figure3_questions(bench: Benchmark) -> pd.DataFrame:
    """Our questions asked by Figure 3's question (matched on lower-cased words), with their
    candidates and the words each shares with the question."""
    (question,) = _word_key([published.BAUMEL2016_FIGURE3["question"]])
    r = bench.ranking
    asked = r[pd.Series(_word_key(r["question"]), index=r.index, dtype=object) == question]
    cols = ["question_id", "question", "answer", "answer_shared_words"]
    for k in (1, 2, 3):
        cols += [f"distractor_{k}", f"distractor_{k}_id", f"distractor_{k}_shared_words"]
    return asked[[c for c in cols if c in asked.columns]].reset_index(drop=True)


def figure_word_counts() -> dict[str, int]:
    """Distinct lower-cased words shared by the paper's example items (its Figures 2 and 3)."""
    fig2, fig3 = published.BAUMEL2016_FIGURE2, published.BAUMEL2016_FIGURE3

    def shared(a: str, b: str) -> int:
        x, y = _word_key([a, b])
        return len(set(x.split()) & set(y.split()))

    return {
        "figure2_negative_shared": shared(*fig2["negative"]),
        "figure2_positive_shared": shared(*fig2["positive"]),
        **{f"figure3_choice{k}_shared": shared(fig3["question"], c) for k, c in enumerate(fig3["choices"], start=1)},
    }
