"""Writing the automated scorer's matches as DUCView ``.pan`` files, one per summary, so that
DUCView (or any ``.pan`` reader, ours included) shows what was matched.

Each file embeds its pyramid and holds one SCU per matched SCU, the matched span of the summary
as its contributor. The header says how DUCView splits the embedded model summaries: DUC's
dashed header when the topic and summarizer ids fit DUC's regex, else Passonneau's ``---`` lines.
"""

from __future__ import annotations

import re
from pathlib import Path

from ...data import ducview
from ...data.model import SCU, Contributor, Part, PeerAnnotation, Pyramid
from ...data.names import TOPIC_ID
from ...errors import OutputError
from ...files import atomic_directory
from .pipeline import Item

_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def annotation(item: Item, matched, label: dict[int, str]) -> PeerAnnotation:
    """The automated annotation of ``item``: its ``matched`` ``(scu_id, start, end, similarity)``
    spans as contributors, in text order (``label``: each SCU's label)."""
    scus = tuple(SCU(sid, label[sid], (Contributor(item.text[a:b], (Part(item.text[a:b], a, b),), 0),))
                 for sid, a, b, _ in sorted(matched, key=lambda m: m[1]))
    return PeerAnnotation(item.pyramid.corpus, item.key["topic"], item.key["system"], "auto", item.text, scus,
                          item.pyramid)


def _header(pyramid: Pyramid, topic: str) -> ducview.Header:
    """DUC's dashed header when the topic and summarizer ids fit DUC's regex, else ``---`` lines."""
    if TOPIC_ID.match(topic) and all(re.fullmatch(r"[A-Z0-9]+", i) for i in pyramid.summarizer_ids):
        return ducview.Header(f"{topic}.M.250.A", ducview.DUC_REGEX)
    return ducview.Header(None, ducview.PASSONNEAU_REGEX)


def pan_name(annotation: PeerAnnotation) -> str:
    """``<topic>.<system>.pan``, other characters than letters, digits, ``_`` and ``-`` as ``_``."""
    return f"{_UNSAFE.sub('_', annotation.topic) or 'topic'}.{_UNSAFE.sub('_', annotation.peer_id) or 'system'}.pan"


def _ours(folder: Path) -> bool:
    return all(p.suffix == ".pan" and p.is_file() for p in folder.iterdir())


def write_pan(scores, folder) -> list[Path]:
    """The automated annotations of ``scores`` (:class:`~pyrabench.scoring.auto.own.OwnScores`) as
    DUCView ``.pan`` files, written as one directory at once (:func:`atomic_directory`); an
    existing ``folder`` is replaced only if it holds nothing but ``.pan`` files."""
    names = [pan_name(a) for a in scores.annotations]
    if len(set(names)) < len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise OutputError(f"{folder}: two summaries would share the file name {twice!r}")
    with atomic_directory(folder, _ours) as tmp:
        for a, name in zip(scores.annotations, names):
            ducview.write_peer(a, tmp / name, _header(a.pyramid, a.pyramid.topic))
    return [Path(folder) / n for n in names]
