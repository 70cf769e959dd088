"""Every choice made when turning pyramids into the two tests, in one frozen object, and the
named presets.

Baumel, Cohen & Elhadad (2016, §3) state four constraints on pair selection and leave the rest
implicit. :class:`Policy` names each rule, holds its parameter and says why, so a reader can
change one choice and rebuild. Two complete policies are named (:data:`PRESETS`):

``paper`` (the default, ``Policy()``)
    The benchmark as the paper built it, read off its own examples and counts (chapter
    *Dataset statistics* sets ours beside them): an item is a contributor's **span** in its summary (Figure 2's
    "countries worldwide sent money equipment" is one) or an SCU label; negatives share at least
    **2** words; a ranking question is an SCU **label**, its answer a contributor of that SCU and
    its distractors the 3 contributors of other SCUs sharing most words with it (Figure 3's two
    "Dees and the SPLC" distractors come from one SCU), ties drawn at random.
``literal``
    The four rules as the paper's text states them ("more than 3 words"), items the contributor
    parts, questions from any item with at most one distractor per SCU: this project's first
    reading, kept to show what the paper's wording alone gives.

Named rules (the keys used in ``stats.json`` and the dataset card):

``min-words``
    Both items contain at least ``min_words`` (3) words. A *word* is a spaCy token that is not
    punctuation or whitespace (:func:`pyrabench.text.words`).
``no-pronouns``
    Neither item contains a word from ``pronouns``. Applied to every item of both tests.
``negative-overlap``
    The two items of a negative pair share at least ``negative_min_shared`` word types (paper 2,
    literal 4 = "more than 3"). Shared words are distinct lower-cased words, stop words included.
``lexical-variety``
    At least one content word differs across the items: their sets of content words are not
    equal. Applied to positive and negative pairs, to a question and its answer, and to a
    question and its distractors (and an answer and its distractors).
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
ITEM_TEXTS = ("span", "parts", "label")
SIMILARITIES = ("shared-words", "jaccard")
TIE_BREAKS = ("random", "jaccard")
QUESTION_ITEMS = ("labels", "any")
DISTRACTOR_ITEMS = ("contributors", "any")
ANSWER_CHOICES = ("all", "random", "first")


@dataclass(frozen=True)
class Policy:
    """The generation policy. The defaults are the ``paper`` preset (see the module docstring).

    Items:

    * ``item_text`` ("span"): what a contributor's item says. "span": the summary text from the
      contributor's smallest part start to its largest part end, whitespace normalised (the
      contributor label where that span is empty); the paper's Figure 2 positive item "countries
      worldwide sent money equipment" is such a span, and spans give its mean item length (12.1
      words; parts give about 10). "parts": the parts joined in reading order
      (:attr:`Contributor.text`). "label": the contributor label as written in the pyramid file.
    * ``include_labels`` (True): each SCU's label (written by the pyramid annotator) is one more
      item of that SCU, with contributor index ``L``. The paper collects SCU appearances "and the
      label given to the SCU by annotators"; the question of its Figure 3 ("Morris Dees
      co-founded the SPLC") is the label of SCU 8 of DUC 2007 topic D0701 and the negative pair of
      Figure 2 the labels of SCUs 187 and 188 of D0743. Set False for author text only.

    Binary test:

    * ``min_words`` (3), ``pronouns`` (:data:`PERSONAL_PRONOUNS`), ``require_lexical_variety``
      (True): three of the paper's rules as its text states them.
    * ``negative_min_shared`` (2): a negative pair shares at least this many word types. The
      paper says "more than 3", but its own Figure 2 negative pair shares exactly 3 words and
      only a threshold of 2 gives its 22.6 negatives per positive; "match on more than 3 words"
      counted over *both* items (each shared word matched twice) comes to about this. The
      ``literal`` preset keeps 4.
    * ``stop_words``: a content word is a word with a letter or digit that is not a stop word;
      default spaCy's English stop list (the paper used spaCy).

    Ranking test:

    * ``question_items`` ("labels"): which items ask a question: "labels" (the SCU labels, as in
      Figure 3) or "any" eligible item. ``distractor_items`` ("contributors"): which items may be
      distractors: "contributors" (the "text segments" of Figure 3) or "any" item.
    * ``answer_choice`` ("all"): "all" makes one question per (question, answer) pair — with label
      questions, one per (label, contributor); "random" one per question item with a seeded
      answer; "first" one per question item with the first valid answer in pyramid order. "all"
      is the default because the paper's question count is close to its positive-pair count
      (8,755 against 8,390), which one question per label cannot approach (chapter *Dataset
      statistics* builds both).
    * ``distractors`` (3) most similar eligible items from other SCUs of the same pyramid, each
      lexically varied with question and answer, ranked by ``similarity`` to the question
      ("shared-words": shared word types; "jaccard": shared / union).
      ``distinct_distractor_scus`` (False): when True, at most one distractor per SCU; the
      paper's Figure 3 has two distractors of one SCU.
    * ``varied_distractors`` (True): no two distractors of a question have the same content words.
      With span items, contributors of different SCUs annotated in one sentence can share a span,
      and without this rule about one question in twenty offers the same text twice; the paper's
      Figure 3 distractors all differ.
    * ``tie_break`` ("random"): equally similar candidates are ordered by a seeded random draw
      ("random") or by the other similarity measure, then pyramid order ("jaccard").
    * ``seed`` (0): the draws use ``numpy.random.default_rng([seed, crc32(corpus/topic)])`` so a
      pyramid's questions do not depend on which other corpora are built with it.
    """

    item_text: str = "span"
    include_labels: bool = True
    min_words: int = 3
    negative_min_shared: int = 2
    pronouns: frozenset[str] = PERSONAL_PRONOUNS
    require_lexical_variety: bool = True
    stop_words: frozenset[str] = STOP_WORDS
    question_items: str = "labels"
    distractor_items: str = "contributors"
    answer_choice: str = "all"
    distractors: int = 3
    similarity: str = "shared-words"
    distinct_distractor_scus: bool = False
    varied_distractors: bool = True
    tie_break: str = "random"
    seed: int = 0

    def __post_init__(self):
        for name, known in (
            ("item_text", ITEM_TEXTS), ("similarity", SIMILARITIES), ("tie_break", TIE_BREAKS),
            ("question_items", QUESTION_ITEMS), ("distractor_items", DISTRACTOR_ITEMS),
            ("answer_choice", ANSWER_CHOICES),
        ):  # fmt: skip
            value = getattr(self, name)
            if value not in known:
                raise UnknownNameError(f"unknown {name} {value!r}; known: {', '.join(known)}")
        if self.question_items == "labels" and not self.include_labels:
            raise ValueError("question_items='labels' needs include_labels=True")
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


PRESETS: dict[str, Policy] = {
    "paper": Policy(),
    "literal": Policy(
        item_text="parts",
        negative_min_shared=4,
        question_items="any",
        distractor_items="any",
        answer_choice="random",
        distinct_distractor_scus=True,
        varied_distractors=False,
        tie_break="jaccard",
    ),
}
"""The named complete policies; ``paper`` is the default (``Policy() == PRESETS["paper"]``)."""

DEFAULT_PRESET = "paper"
DEFAULT = PRESETS[DEFAULT_PRESET]


def preset(name: str, **changes) -> Policy:
    """The preset called ``name``, optionally with some fields changed."""
    if name not in PRESETS:
        raise UnknownNameError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}")
    return PRESETS[name].with_(**changes) if changes else PRESETS[name]


def changes_from(policy: Policy, base: Policy) -> dict:
    """The fields where ``policy`` differs from ``base``, JSON-ready (word lists sorted)."""
    a, b = policy.to_dict(), base.to_dict()
    return {k: v for k, v in a.items() if v != b[k]}


def preset_of(policy: Policy) -> dict:
    """Which preset a policy is: ``{"name": ..., "changes": {...}}``.

    The name is the preset the policy differs from in the fewest fields (``paper`` on a tie), and
    ``changes`` lists those fields, empty when the policy *is* the preset. Derived from the
    policy itself, so it is right however the policy was made.
    """
    diffs = {name: changes_from(policy, p) for name, p in PRESETS.items()}
    name = min(PRESETS, key=lambda n: (len(diffs[n]), n != DEFAULT_PRESET))
    return {"name": name, "changes": diffs[name]}


def preset_label(policy: Policy) -> str:
    """``"paper"``, or ``"literal + seed=5"`` for a modified preset (long lists abbreviated)."""
    p = preset_of(policy)
    if not p["changes"]:
        return p["name"]
    shown = [f"{k}=({len(v)} words)" if isinstance(v, list) else f"{k}={v}" for k, v in p["changes"].items()]
    return f"{p['name']} + " + ", ".join(shown)
