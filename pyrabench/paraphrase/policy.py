"""Every choice made when turning pyramids into the two tests, in one frozen object.

Baumel, Cohen & Elhadad (2016, §3) state four constraints on pair selection and leave the rest
implicit. :class:`Policy` names each rule, holds its parameter and says what the default is and
why, so a reader can change one choice and rebuild. The defaults follow the paper's text; where
the text is ambiguous the docstrings below say which reading is taken.

Named rules (the keys used in ``stats.json`` and the dataset card):

``min-words``
    Both items contain at least ``min_words`` (3) words. A *word* is a spaCy token that is not
    punctuation or whitespace (:func:`pyrabench.text.words`).
``no-pronouns``
    Neither item contains a word from ``pronouns``. Applied to every item of both tests.
``negative-overlap``
    The two items of a negative pair share more than 3 word types: ``shared >= negative_min_shared``
    (4). Shared words are distinct lower-cased words (stop words included), the paper's "match on
    more than 3 words".
``lexical-variety``
    At least one content word differs across the items: their sets of content words are not
    equal. Applied to positive and negative pairs, to a question and its answer, and to a
    question and its distractors.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, fields, replace

from ..errors import UnknownNameError
from ..text import STOP_WORDS

#: Personal pronouns as the Penn Treebank tags them ``PRP`` (spaCy 1.x mapped ``PRP`` to the
#: coarse POS ``PRON`` and the possessive determiners ``PRP$`` to ``ADJ``). The paper's Figure 3
#: keeps items containing "its", which is consistent with this reading: possessive determiners are
#: *not* pronouns for the rule. "her" is ambiguous (object or possessive) and counts as a pronoun.
PERSONAL_PRONOUNS = frozenset(
    """i me myself we us ourselves ourself you yourself yourselves he him himself she her herself
    it itself they them themselves mine yours hers ours theirs 'em""".split()
)

#: ``PRP$`` words; add them to ``Policy.pronouns`` for a stricter rule.
POSSESSIVE_DETERMINERS = frozenset("my our your his its their".split())


RULES = ("min-words", "no-pronouns", "negative-overlap", "lexical-variety")
SIMILARITIES = ("shared-words", "jaccard")
ANSWER_CHOICES = ("random", "first", "all")


@dataclass(frozen=True)
class Policy:
    """The generation policy. Defaults follow Baumel et al. (2016) §3.

    * ``include_labels`` (True): each SCU's label (written by the pyramid annotator) is one more
      item of that SCU, with contributor index ``L``. The paper collects SCU appearances "and the
      label given to the SCU by annotators"; the question of its Figure 3 ("Morris Dees
      co-founded the SPLC") is the label of SCU 8 of DUC 2007 topic D0701, and the negative pair of
      Figure 2 is the labels of SCUs 187 and 188 of D0743; and its counts are out of reach without
      labels (chapter *Dataset statistics* builds both). Set False for author text only.
    * ``min_words`` (3), ``negative_min_shared`` (4 = "more than 3"), ``pronouns``
      (:data:`PERSONAL_PRONOUNS`), ``require_lexical_variety`` (True): the paper's four rules as
      its text states them. Its own Figure 2 negative pair shares exactly 3 words, so the paper in
      effect used a looser overlap threshold; ``negative_min_shared=3`` (or lower) follows that.
    * ``stop_words``: a content word is a word with a letter or digit that is not a stop word;
      default spaCy's English stop list (the paper used spaCy).
    * ``distractors`` (3) most similar items from other SCUs of the same pyramid, ranked by
      ``similarity`` ("shared-words": number of shared word types; "jaccard": shared / union),
      ties broken by Jaccard (then shared words), then by the item's position in the pyramid.
      ``distinct_distractor_scus`` (True): at most one distractor per SCU ("distinct SCUs").
    * ``answer_choice``: which other appearance of the SCU is the answer: "random" (seeded,
      default), "first" (the first eligible one in pyramid order) or "all" (one question per
      ordered question/answer pair).
    * ``seed`` (0): the answer draw uses ``numpy.random.default_rng([seed, crc32(corpus/topic)])``
      so a pyramid's questions do not depend on which other corpora are built with it.
    """

    include_labels: bool = True
    min_words: int = 3
    negative_min_shared: int = 4
    pronouns: frozenset[str] = PERSONAL_PRONOUNS
    require_lexical_variety: bool = True
    stop_words: frozenset[str] = STOP_WORDS
    distractors: int = 3
    similarity: str = "shared-words"
    distinct_distractor_scus: bool = True
    answer_choice: str = "random"
    seed: int = 0

    def __post_init__(self):
        if self.similarity not in SIMILARITIES:
            raise UnknownNameError(f"unknown similarity {self.similarity!r}; known: {', '.join(SIMILARITIES)}")
        if self.answer_choice not in ANSWER_CHOICES:
            raise UnknownNameError(
                f"unknown answer_choice {self.answer_choice!r}; known: {', '.join(ANSWER_CHOICES)}"
            )
        if self.distractors < 1 or self.min_words < 0 or self.negative_min_shared < 0:
            raise ValueError("distractors must be >= 1; min_words and negative_min_shared >= 0")
        object.__setattr__(self, "pronouns", frozenset(w.lower() for w in self.pronouns))
        object.__setattr__(self, "stop_words", frozenset(w.lower() for w in self.stop_words))

    def with_(self, **changes) -> "Policy":
        """A copy with some fields changed (the policy itself is immutable)."""
        return replace(self, **changes)

    def to_dict(self) -> dict:
        """JSON-ready, with sets sorted so the same policy always serializes to the same bytes."""
        d = asdict(self)
        d["pronouns"] = sorted(self.pronouns)
        d["stop_words"] = sorted(self.stop_words)
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "Policy":
        known = {f.name for f in fields(cls)}
        unknown = set(d) - known
        if unknown:
            raise UnknownNameError(f"unknown policy fields: {', '.join(sorted(unknown))}")
        d = dict(d)
        for key in ("pronouns", "stop_words"):
            if key in d:
                d[key] = frozenset(d[key])
        return cls(**d)

    def summary(self) -> dict:
        """The policy without the long word lists (their sizes instead), for tables and the card."""
        d = self.to_dict()
        d["pronouns"] = " ".join(sorted(self.pronouns))
        d["stop_words"] = f"{len(self.stop_words)} words" + (
            " (spaCy English)" if self.stop_words == STOP_WORDS else ""
        )
        return d

    def fingerprint(self) -> str:
        return hashlib.sha256(json.dumps(self.to_dict(), sort_keys=True).encode()).hexdigest()[:12]


DEFAULT = Policy()
