"""Every figure the source papers publish, in one place and one unit (fractions, not percent).

Reference data transcribed from the papers, to compare our computations against; never used to
produce a result. Sources are the plain-text transcriptions of the papers the project works from,
named below by file (their README says which paper each file holds).

**Baumel, Cohen & Elhadad (2016)** (``000_8a1d0467f89e431c.txt``): the §3 counts of the benchmark
built from DUC 2005-2007 (:data:`BAUMEL2016_COUNTS`), the example items of Figures 2 and 3
(:data:`BAUMEL2016_FIGURE2`, :data:`BAUMEL2016_FIGURE3`) and Table 1 (:data:`TABLE1`; success
rate as a fraction, the paper prints percent).

**STS token-cos baselines**:

* 2012 — Agirre et al., SemEval-2012 Task 6, Table 1, row ``00-baseline/task6-baseline``
  (``003_6a88f08efc4a90ce.txt``); the random baseline's ALLnorm 0.5891 from §4.5 (mean of 10
  runs, standard deviation 0.0005, footnote 4).
* 2013 — Agirre et al., \\*SEM 2013 shared task, Table 2, row ``baseline-tokencos`` (same file).
* 2014 — Agirre et al., SemEval-2014 Task 10, Table 3, row ``Baseline-tokencos`` (same file;
  three decimals).
* 2015 — Agirre et al., SemEval-2015 Task 2, English baseline row. **Not among the shared
  transcriptions**: figures from the published paper.
* 2016 — Agirre et al., SemEval-2016 Task 1, Table 4, baseline row (``004_702c40770c57ab1d.txt``
  keeps §6.3's description but lost the tables in transcription): figures from the published paper.

STS dataset names are the release's file names (``surprise.OnWN`` is the paper's "On-WN").
"""

from __future__ import annotations

from dataclasses import dataclass

# --------------------------------------------------------------------------- Baumel et al. 2016

#: §3: the benchmark built from DUC 2005, 2006 and 2007 pyramids.
BAUMEL2016_COUNTS = {
    "corpora": "duc2005+duc2006+duc2007",
    "ranking_questions": 8755,
    "positive_pairs": 8390,
    "negative_pairs": 189229,
    "total_pairs": 197619,
    "words": 95286,
    "unique_words": 6882,
    "mean_proposition_length": 12.1,
}
#: The corpora the paper used (a data root lacking some is reported, not an error).
BAUMEL2016_CORPORA = ("duc2005", "duc2006", "duc2007")

#: Figure 2, "Binary test pairs example", as printed (case and punctuation as in the paper).
BAUMEL2016_FIGURE2 = {
    "negative": ("Countries worldwide sent Equipment", "Countries worldwide sent Relief Workers"),
    "positive": ("countries worldwide sent money equipment", "rescue equipment poured in from around the world"),
}

#: Figure 3, "Ranking test example question": the question and its four numbered choices (the
#: first is the correct answer, the others the distractors, in the paper's order).
BAUMEL2016_FIGURE3 = {
    "question": "Morris Dees co-founded the SPLC",
    "choices": (
        "Morris Dees was co-founder of the Southern Poverty Law Center (SPLC) in 1971 and has served "
        "as its Chief Trial Counsel and Executive Director",
        "Dees and the SPLC seek to destroy hate groups through multi-million dollar civil suits that "
        "go after assets of groups and their leaders",
        "Dees and the SPLC have fought to break the organizations by legal action resulting in severe "
        "financial penalties",
        "The SPLC participates in tracking down hate groups and publicizing their activities in its "
        "Intelligence Report",
    ),
}


@dataclass(frozen=True)
class Table1Row:
    """One row of Table 1. ``spec`` is our registry name of the same (or closest) vectors."""

    paper_row: str
    spec: str
    binary_f1: float
    ranking_success: float  # a fraction (the paper prints 24.662 %)
    ranking_mrr: float


#: Table 1, in the paper's row order.
TABLE1 = (
    Table1Row("Random-Baseline", "random", 0.04059, 0.24662, 0.52223),
    Table1Row("One-Hot", "onehot", 0.26324, 0.63973, 0.77202),
    Table1Row("word2vec-BOW (google-news)", "word2vec-googlenews", 0.42337, 0.66960, 0.78933),
    Table1Row("word2vec-BOW2 (Wikipedia)", "w2v-bow2-wiki", 0.39450, 0.61684, 0.75274),
    Table1Row("word2vec-BOW5 (Wikipedia)", "w2v-bow5-wiki", 0.40387, 0.62886, 0.76292),
    Table1Row("word2vec-Dep", "w2v-deps", 0.39097, 0.60025, 0.74003),
    Table1Row("GloVe", "glove-840b-300d", 0.37870, 0.63000, 0.76389),
    Table1Row("Open IE Embedding", "openie", 0.42516, 0.65667, 0.77847),
)
TABLE1_SOURCE = "Baumel, Cohen & Elhadad (2016), Table 1 (published figures)"


def table1_row(spec: str) -> Table1Row | None:
    """The Table 1 row of registry name ``spec``, or None for embeddings beyond the paper."""
    return next((r for r in TABLE1 if r.spec == spec), None)


# --------------------------------------------------------------------------- STS token-cos


@dataclass(frozen=True)
class PublishedRow:
    year: str
    system: str
    datasets: dict[str, float]
    mean: float | None = None
    all: float | None = None
    allnorm: float | None = None
    decimals: int = 4
    source: str = ""


TOKENCOS = {
    "2012": PublishedRow(
        "2012", "tokencos",
        {"MSRpar": 0.4334, "MSRvid": 0.2996, "SMTeuroparl": 0.4542, "surprise.OnWN": 0.5864,
         "surprise.SMTnews": 0.3908},
        mean=0.4356, all=0.3110, allnorm=0.6732,
        source="SemEval-2012 Task 6, Table 1 (00-baseline/task6-baseline)",
    ),
    "2013": PublishedRow(
        "2013", "tokencos",
        {"headlines": 0.5399, "OnWN": 0.2828, "FNWN": 0.2146, "SMT": 0.2861},
        mean=0.3639,
        source="*SEM 2013 STS, Table 2 (baseline-tokencos)",
    ),
    "2014": PublishedRow(
        "2014", "tokencos",
        {"deft-forum": 0.353, "deft-news": 0.596, "headlines": 0.510, "images": 0.513, "OnWN": 0.406,
         "tweet-news": 0.654},
        mean=0.507, decimals=3,
        source="SemEval-2014 Task 10, Table 3 (Baseline-tokencos)",
    ),
    "2015": PublishedRow(
        "2015", "tokencos",
        {"answers-forums": 0.4453, "answers-students": 0.6647, "belief": 0.6517, "headlines": 0.5312,
         "images": 0.6039},
        mean=0.5871,
        source="SemEval-2015 Task 2, English baseline row (paper not in the shared transcriptions)",
    ),
    "2016": PublishedRow(
        "2016", "tokencos",
        {"answer-answer": 0.41133, "headlines": 0.54073, "plagiarism": 0.69601, "postediting": 0.82615,
         "question-question": 0.03844},
        mean=0.51334, decimals=5,
        source="SemEval-2016 Task 1, Table 4 baseline row (table lost in the shared transcription)",
    ),
}

#: SemEval-2012 Task 6, Table 1, row ``weiwei/task6-weiwei-run1`` (``003_6a88f08efc4a90ce.txt``):
#: Guo & Diab's WMF, the latent model of Passonneau et al. (2013) too.
WEIWEI_RUN1_2012 = PublishedRow(
    "2012", "weiwei-run1",
    {"MSRpar": 0.4106, "MSRvid": 0.8351, "SMTeuroparl": 0.5128, "surprise.OnWN": 0.7273,
     "surprise.SMTnews": 0.4383},
    mean=0.6081, all=0.6946, allnorm=0.8303,
    source="SemEval-2012 Task 6, Table 1 (weiwei/task6-weiwei-run1)",
)

#: The independent check of WMF quoted when WMF was added to this project (not a paper): trained
#: on WordNet 3.0 glosses + lemmas and Brown only, after the published 20 iterations.
WMF_INDEPENDENT_CHECK = {"texts": 174_999, "stems": 50_086, "nonzeros": 2_370_000, "Mean": 0.613, "ALL": 0.708}

#: 2012 §4.5: "a random baseline ... would attain [ALLnorm] Pearson of 0.5891" (10 runs, sd 0.0005).
RANDOM_2012_ALLNORM = 0.5891
RANDOM_2012_ALLNORM_SD = 0.0005
RANDOM_2012_RUNS = 10


# --------------------------------------------------------------------------- lite pyramids

#: The papers the lite-pyramid figures come from (keys of book/references.bib).
LITE_SOURCES = {"zhang2021finding": "Zhang & Bansal (2021)", "nawrath2024role": "Nawrath et al. (2024)"}


@dataclass(frozen=True)
class LiteFigure:
    """One published correlation of an automatic lite-pyramid scorer with the crowd's share of
    units present: ``level`` ``"summary"`` (per example across its systems, averaged: the
    papers' summary level) or ``"system"``; ``statistic`` ``"pearson"``."""

    source: str  # a key of LITE_SOURCES
    scorer: str
    dataset: str
    level: str
    statistic: str
    value: float


#: Not among the shared transcriptions: the figures as the papers report them, to be checked
#: against the papers' tables. Zhang & Bansal (2021): Lite²Pyramid (RoBERTa-large NLI fine-tuned
#: on TAC 2008's presence labels, GPU) on REALSumm's CNN/DM examples (100 examples × 25 systems),
#: the human units given. Nawrath et al. (2024): NLI presence on PyrXSum's human units, rerunning
#: Lite²Pyramid's TAC 2008 model.
LITE_PYRAMID_FIGURES = (
    LiteFigure("zhang2021finding", "Lite²Pyramid (NLI, TAC 2008)", "REALSumm (CNN/DM)", "system", "pearson", 0.945),
    LiteFigure("zhang2021finding", "Lite²Pyramid (NLI, TAC 2008)", "REALSumm (CNN/DM)", "summary", "pearson", 0.614),
    LiteFigure("nawrath2024role", "NLI presence on the human units (Lite²Pyramid's TAC 2008 model)", "PyrXSum",
               "summary", "pearson", 0.700),
)
