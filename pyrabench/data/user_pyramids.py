"""Reading pyramids of the user's own: a DUCView ``.pyr``, a folder of them or SacreROUGE JSONL,
and finding each summary's pyramid among them.

The automated scorer (:func:`pyrabench.scoring.own.summaries.score_summaries`) scores summaries against
these as against a corpus's pyramids, so they are checked here as a corpus's are read: at least
one model summary and at least one SCU. A pyramid of one model summary is a *lite* pyramid
(one reference's content units, :mod:`.lite_pyramids`): every SCU weighs 1 and the modified
score of a summary is the share of its SCUs present.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from ..errors import DataFormatError, MissingDataError, UnknownNameError
from . import ducview, sacrerouge
from .corpora import pyramid_file_topic
from .model import Pyramid
from .summaries import Summary


def check_pyramid(pyramid: Pyramid, where) -> Pyramid:
    """``pyramid``, or a :class:`DataFormatError` at ``where`` when it cannot score a summary."""
    if pyramid.n_summaries < 1:
        raise DataFormatError(where, f"the pyramid of topic {pyramid.topic!r} has no model summary")
    if not pyramid.scus:
        raise DataFormatError(where, f"the pyramid of topic {pyramid.topic!r} has no usable SCU")
    return pyramid


def read_pyramid_file(path, topic: str | None = None) -> Pyramid:
    """A DUCView ``.pyr`` of the user's: DUC's summary headers, or Passonneau's ``---`` lines
    when the file has no ``startDocumentRegEx`` and DUC's headers match nothing."""
    path = Path(path)
    topic = topic or path.stem
    try:
        pyramid = ducview.read_pyramid(path, "pyramid", topic)
    except DataFormatError as exc:
        if "matches no summary header" not in exc.reason:
            raise
        pyramid = ducview.read_pyramid(path, "pyramid", topic, default_regex=ducview.PASSONNEAU_REGEX)
    return check_pyramid(pyramid, path)


def _pyramid_topic(path: Path) -> str:
    return pyramid_file_topic(path.name) or path.stem


def read_user_pyramids(path) -> tuple[dict[str, Pyramid], bool]:
    """``({topic: pyramid}, single)``: one ``.pyr`` (``single``: it scores every summary), a
    folder of ``.pyr`` (DUC names give the topic, else the file stem), or a SacreROUGE ``.jsonl``."""
    path = Path(path)
    if path.is_dir():
        files = sorted(p for p in path.glob("*.pyr") if not p.name.startswith("."))
        if not files:
            raise DataFormatError(path, "no .pyr file in this folder")
        found: dict[str, Pyramid] = {}
        for p in files:
            topic = _pyramid_topic(p)
            if topic in found:
                raise DataFormatError(p, f"a second pyramid for topic {topic!r} (first: {found[topic].source})")
            found[topic] = read_pyramid_file(p, topic)
        return found, False
    if not path.exists():
        raise MissingDataError(f"{path}: no such file or folder")
    if path.suffix == ".jsonl":
        return {p.topic: check_pyramid(p, path) for p in sacrerouge.read_pyramids(path, "pyramid")}, False
    if path.suffix == ".pyr":
        pyramid = read_pyramid_file(path, _pyramid_topic(path))
        return {pyramid.topic: pyramid}, True
    raise DataFormatError(path, "unknown layout: give a .pyr file, a folder of .pyr files or a pyramids .jsonl")


def pyramid_for(summary: Summary, pyramids: dict[str, Pyramid], single: bool, what: str) -> Pyramid:
    """The pyramid ``summary`` is scored against: the only one when ``single``, else its topic's
    (an :class:`UnknownNameError` naming the nearest topic of ``what`` when there is none)."""
    if single:
        return next(iter(pyramids.values()))
    if summary.topic in pyramids:
        return pyramids[summary.topic]
    if not summary.topic:
        raise DataFormatError(summary.source, f"no topic: lay summaries out as <system>/<topic>.txt to score them "
                                              f"against {what}, or give one .pyr file")
    nearest = difflib.get_close_matches(summary.topic, list(pyramids), n=1, cutoff=0.0)
    hint = f"; did you mean {nearest[0]!r}?" if nearest else ""
    raise UnknownNameError(f"{summary.source}: unknown topic {summary.topic!r} for {what}{hint}")
