"""Published token-cos baseline figures, transcribed from the task papers — reference data to
compare our computation against, never used to produce a result.

Sources (``/work/shared/papers``, see its README):

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

Dataset names are the release's file names (``surprise.OnWN`` is the paper's "On-WN").
"""

from __future__ import annotations

from dataclasses import dataclass


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

#: 2012 §4.5: "a random baseline ... would attain [ALLnorm] Pearson of 0.5891" (10 runs, sd 0.0005).
RANDOM_2012_ALLNORM = 0.5891
RANDOM_2012_ALLNORM_SD = 0.0005
RANDOM_2012_RUNS = 10
