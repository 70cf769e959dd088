"""Writing the SCUs the calibrated model counts as DUCView ``.pan`` files, one per summary, so that
a person can check and correct them in DUCView (or any ``.pan`` reader, ours included).

Each file embeds its pyramid and holds one SCU per counted SCU, the sentence of the summary that
carries its evidence as its contributor. The header says how DUCView splits the embedded model summaries: DUC's
dashed header when the topic and summarizer ids fit DUC's regex, else Passonneau's ``---`` lines.
"""

from __future__ import annotations

import re
from pathlib import Path

from ...data import ducview
from ...data.model import SCU, Contributor, Part, PeerAnnotation
from ...errors import OutputError
from ...files import atomic_directory
from ..recipe2013.pipeline import Item

_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def annotation(item: Item, counted) -> PeerAnnotation:
    """The automated annotation of ``item``: its ``counted`` SCUs (rows of
    :data:`.calibration.SCU_COLUMNS`) with their evidence spans as contributors, in text order."""
    rows = counted.sort_values(["start", "scu_id"], kind="mergesort")
    scus = tuple(SCU(int(r.scu_id), r.label, (Contributor(item.text[r.start:r.end],
                                                          (Part(item.text[r.start:r.end], int(r.start), int(r.end)),), 0),))
                 for r in rows.itertuples())
    return PeerAnnotation(item.pyramid.corpus, item.key["topic"], item.key["system"], "auto", item.text, scus,
                          item.pyramid)


def pan_name(annotation: PeerAnnotation) -> str:
    """``<topic>.<system>.pan``, other characters than letters, digits, ``_`` and ``-`` as ``_``."""
    return f"{_UNSAFE.sub('_', annotation.topic) or 'topic'}.{_UNSAFE.sub('_', annotation.peer_id) or 'system'}.pan"


def _ours(folder: Path) -> bool:
    return all(p.suffix == ".pan" and p.is_file() for p in folder.iterdir())


def write_pan(scores, folder) -> list[Path]:
    """The counted SCUs of ``scores`` (:class:`~pyrabench.scoring.own.summaries.OwnScores`) as
    DUCView ``.pan`` files, written as one directory at once (:func:`atomic_directory`); an
    existing ``folder`` is replaced only if it holds nothing but ``.pan`` files."""
    names = [pan_name(a) for a in scores.annotations]
    if len(set(names)) < len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise OutputError(f"{folder}: two summaries would share the file name {twice!r}")
    with atomic_directory(folder, _ours) as tmp:
        for a, name in zip(scores.annotations, names):
            ducview.write_peer(a, tmp / name, ducview.header_for(a.pyramid, a.pyramid.topic))
    return [Path(folder) / n for n in names]
