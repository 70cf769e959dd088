"""A ledger of repairs and skips.

Real annotation files contain small defects (offsets that drift, entities, empty lines). The
rule of this project is that a defect is either an error naming the file, or a *documented,
counted* repair/skip. Readers and generators append to a :class:`RepairLog`; the CLI and the
book report its counts, so nothing is ever dropped silently.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Repair:
    """One repaired or skipped item: where it was, which rule applied, and what happened."""

    path: str
    kind: str  # short rule name, e.g. "offset-whitespace", "empty-gold-line"
    detail: str = ""
    item: str = ""  # e.g. "scu 12" or "line 40"
    skipped: bool = False  # True: the item was left out (counted); False: it was repaired


@dataclass
class RepairLog:
    """Collects :class:`Repair` records; cheap to merge, easy to summarize."""

    records: list[Repair] = field(default_factory=list)

    def repair(self, path, kind: str, detail: str = "", item: str = "") -> None:
        self.records.append(Repair(str(path), kind, detail, item, skipped=False))

    def skip(self, path, kind: str, detail: str = "", item: str = "") -> None:
        self.records.append(Repair(str(path), kind, detail, item, skipped=True))

    def extend(self, other: "RepairLog") -> None:
        self.records.extend(other.records)

    @property
    def repairs(self) -> list[Repair]:
        return [r for r in self.records if not r.skipped]

    @property
    def skips(self) -> list[Repair]:
        return [r for r in self.records if r.skipped]

    def counts(self) -> dict[str, int]:
        """``{"repaired:<kind>": n, "skipped:<kind>": n}``, sorted by key for stable output."""
        c = Counter(("skipped:" if r.skipped else "repaired:") + r.kind for r in self.records)
        return dict(sorted(c.items()))

    def __len__(self) -> int:
        return len(self.records)
