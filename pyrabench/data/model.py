"""The pyramid data model: plain, immutable records that every reader produces.

A *pyramid* is built from several model summaries of one topic. Annotators cut the summaries
into *contributors* (text spans, possibly discontinuous *parts*) and cluster contributors that
say the same thing into *Summary Content Units* (SCUs). An SCU's weight is the number of
distinct model summaries it appears in. A *peer annotation* records which SCUs a peer
(system or human) summary expresses, with the peer's own contributors.

Offsets are character offsets into the summary the contributor comes from (``summaries[i]``
for a pyramid, ``summary`` for a peer); readers repair or report offsets that do not match.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Part:
    """A contiguous span of a summary: ``summary[start:end] == text`` after reading."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Contributor:
    """One appearance of an SCU in one summary (one or more parts)."""

    label: str
    parts: tuple[Part, ...]
    summary_index: int  # index into Pyramid.summaries; 0 for a peer's own summary

    @property
    def text(self) -> str:
        """The parts joined in reading order (by start offset), which is what a reader sees."""
        return " ".join(p.text for p in sorted(self.parts, key=lambda p: (p.start, p.end)))


@dataclass(frozen=True)
class SCU:
    scu_id: int
    label: str
    contributors: tuple[Contributor, ...]

    @property
    def weight(self) -> int:
        """Number of distinct summaries the SCU appears in (Nenkova & Passonneau 2004)."""
        return len({c.summary_index for c in self.contributors})


@dataclass(frozen=True)
class Pyramid:
    corpus: str  # e.g. "duc2006"
    topic: str  # e.g. "D0601", "D0703-A", "d0801-A"
    summaries: tuple[str, ...]  # model summaries' text
    summarizer_ids: tuple[str, ...]  # e.g. ("A", "C", "E", "G")
    scus: tuple[SCU, ...]
    source: str = ""  # the file it was read from

    @property
    def n_summaries(self) -> int:
        return len(self.summaries)

    def scu(self, scu_id: int) -> SCU:
        for s in self.scus:
            if s.scu_id == scu_id:
                return s
        raise KeyError(f"{self.corpus}/{self.topic}: no SCU {scu_id}")

    @property
    def weights(self) -> dict[int, int]:
        return {s.scu_id: s.weight for s in self.scus}


@dataclass(frozen=True)
class PeerAnnotation:
    """Which SCUs of ``pyramid`` a peer summary expresses, with the peer's contributors.

    ``unmatched`` holds the peer's contributors that express no SCU of the pyramid (DUCView's
    uid-0 bin): the original pyramid score counts them, so they belong to the annotation.
    """

    corpus: str
    topic: str
    peer_id: str  # e.g. "1", "A", or a student id
    annotator: str  # e.g. "100"; "" when unknown
    summary: str
    scus: tuple[SCU, ...]  # matched SCUs (ids of the pyramid), contributors index the peer text
    pyramid: Pyramid = field(repr=False)
    source: str = ""
    unmatched: tuple[Contributor, ...] = field(default=(), repr=False)

    @property
    def matched_ids(self) -> tuple[int, ...]:
        return tuple(s.scu_id for s in self.scus if s.contributors)
