"""SacreROUGE's Pyramid JSON Lines: read and write.

SacreROUGE (Deutsch & Roth) distributes the TAC pyramids as one JSON object a line::

    {"instance_id": "d0801-A", "summarizer_ids": [...], "summaries": [...],
     "scus": [{"scu_id": 11, "label": ..., "contributors": [{"label": ..., "summary_index": 0,
               "parts": [{"text": ..., "start": 13, "end": 52}]}]}]}

and peer annotations (``*pyramid-annotations.jsonl``) as ``{"instance_id", "summarizer_id",
"summarizer_type", "summary", "scus": [{"scu_id", "label", "contributors": [{"label",
"parts"}]}]}``. Offsets index ``summaries[summary_index]`` (or ``summary``); mismatches go
through the same documented repairs as DUCView files, and the same defects are refused: an
``scu_id`` twice in one pyramid (or one peer) is an error, as a repeated ``uid`` is in DUCView.
Every JSON decode failure (including huge integers, deep nesting, NaN, a key repeated in one
object) is a :class:`DataFormatError` naming file and line. Writing uses sorted keys, which is
SacreROUGE's own layout, so ``write(read(f))`` reproduces ``f`` byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from ..errors import DataFormatError
from ..files import atomic_write, read_jsonl
from .model import SCU, Contributor, Part, PeerAnnotation, Pyramid
from .offsets import checked_part, refuse_blank_parts
from .repairs import RepairLog


def _objects(path: Path, log: RepairLog):
    def blank(number: int) -> None:
        log.skip(path, "empty-line", "blank line in JSON Lines file", f"line {number}")

    for number, obj in read_jsonl(path, on_blank=blank):
        if not isinstance(obj, dict):
            raise DataFormatError(path, f"expected a JSON object, got {type(obj).__name__}", line=number)
        yield number, obj


def _get(obj, key: str, kind, path, line: int):
    if not isinstance(obj, dict) or key not in obj:
        raise DataFormatError(path, f"unknown layout: missing key {key!r}", line=line)
    value = obj[key]
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        names = "|".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
        raise DataFormatError(path, f"key {key!r} should be {names}, got {type(value).__name__}", line=line)
    return value


def _parts(raw_parts, text: str, path, line: int, scu_id: int, log: RepairLog) -> list[Part]:
    parts = []
    for raw in raw_parts:
        label = _get(raw, "text", str, path, line)
        start = _get(raw, "start", int, path, line)
        end = _get(raw, "end", int, path, line)
        part = checked_part(text, label, start, end, path, f"scu {scu_id} line {line}", log)
        if part is not None:
            parts.append(part)
    return parts


def read_pyramids(path, corpus: str, log: RepairLog | None = None) -> list[Pyramid]:
    """Every pyramid of a SacreROUGE ``pyramids.jsonl`` file, in file order."""
    path = Path(path)
    log = log if log is not None else RepairLog()
    pyramids, topics = [], set()
    for line, obj in _objects(path, log):
        topic = _get(obj, "instance_id", str, path, line)
        if topic in topics:
            raise DataFormatError(path, f"instance_id {topic!r} appears twice", line=line)
        topics.add(topic)
        summaries = tuple(_get(obj, "summaries", list, path, line))
        if not all(isinstance(s, str) for s in summaries):
            raise DataFormatError(path, "summaries should be strings", line=line)
        ids = obj.get("summarizer_ids", [str(i + 1) for i in range(len(summaries))])
        if not isinstance(ids, list) or len(ids) != len(summaries):
            raise DataFormatError(path, "summarizer_ids should list one id per summary", line=line)
        scus, seen = [], set()
        for raw_scu in _get(obj, "scus", list, path, line):
            scu_id = _get(raw_scu, "scu_id", int, path, line)
            label = _get(raw_scu, "label", str, path, line)
            if scu_id in seen:
                raise DataFormatError(path, f"scu_id {scu_id} appears twice in {topic}", line=line)
            seen.add(scu_id)
            contributors = []
            for raw_c in _get(raw_scu, "contributors", list, path, line):
                c_label = _get(raw_c, "label", str, path, line)
                index = _get(raw_c, "summary_index", int, path, line)
                if not 0 <= index < len(summaries):
                    log.skip(path, "contributor-bad-summary-index", f"summary_index {index}", f"scu {scu_id} line {line}")
                    continue
                parts = _parts(_get(raw_c, "parts", list, path, line), summaries[index], path, line, scu_id, log)
                if not parts:
                    log.skip(path, "contributor-no-parts", f"contributor {c_label[:60]!r} has no placeable part",
                             f"scu {scu_id} line {line}")
                    continue
                contributors.append(Contributor(c_label, tuple(parts), index))
            if not contributors:
                log.skip(path, "scu-no-contributors", f"SCU {label[:60]!r} has no usable contributor", f"scu {scu_id} line {line}")
                continue
            scus.append(SCU(scu_id, label, tuple(contributors)))
        pyramids.append(Pyramid(corpus, topic, summaries, tuple(str(i) for i in ids), tuple(scus), str(path)))
    return pyramids


def read_annotations(path, corpus: str, pyramids: dict[str, Pyramid], log: RepairLog | None = None) -> list[PeerAnnotation]:
    """SacreROUGE ``pyramid-annotations.jsonl``: peers matched against ``pyramids[instance_id]``."""
    path = Path(path)
    log = log if log is not None else RepairLog()
    out = []
    for line, obj in _objects(path, log):
        topic = _get(obj, "instance_id", str, path, line)
        peer_id = str(_get(obj, "summarizer_id", (str, int), path, line))
        summary = _get(obj, "summary", str, path, line)
        pyramid = pyramids.get(topic)
        if pyramid is None:
            log.skip(path, "annotation-without-pyramid", f"no pyramid for instance {topic!r}", f"line {line}")
            continue
        known = {s.scu_id for s in pyramid.scus}
        scus, seen = [], set()
        for raw_scu in _get(obj, "scus", list, path, line):
            scu_id = _get(raw_scu, "scu_id", int, path, line)
            if scu_id in seen:
                raise DataFormatError(path, f"scu_id {scu_id} appears twice in peer {peer_id} of {topic}", line=line)
            seen.add(scu_id)
            if scu_id not in known:
                log.skip(path, "peer-scu-not-in-pyramid", f"scu {scu_id} is not an SCU of {topic}", f"line {line}")
                continue
            contributors = []
            for raw_c in _get(raw_scu, "contributors", list, path, line):
                parts = _parts(_get(raw_c, "parts", list, path, line), summary, path, line, scu_id, log)
                if parts:
                    contributors.append(Contributor(_get(raw_c, "label", str, path, line), tuple(parts), 0))
                else:
                    log.skip(path, "contributor-no-parts", "no placeable part", f"scu {scu_id} line {line}")
            scus.append(SCU(scu_id, _get(raw_scu, "label", str, path, line), tuple(contributors)))
        out.append(PeerAnnotation(corpus, topic, peer_id, "", summary, tuple(scus), pyramid, str(path)))
    return out


def pyramid_to_json(pyramid: Pyramid) -> dict:
    return {
        "instance_id": pyramid.topic,
        "scus": [
            {
                "contributors": [
                    {
                        "label": c.label,
                        "parts": [{"end": p.end, "start": p.start, "text": p.text} for p in c.parts],
                        "summary_index": c.summary_index,
                    }
                    for c in scu.contributors
                ],
                "label": scu.label,
                "scu_id": scu.scu_id,
            }
            for scu in pyramid.scus
        ],
        "summaries": list(pyramid.summaries),
        "summarizer_ids": list(pyramid.summarizer_ids),
    }


def annotation_to_json(peer: PeerAnnotation) -> dict:
    return {
        "instance_id": peer.topic,
        "scus": [
            {
                "contributors": [
                    {"label": c.label, "parts": [{"end": p.end, "start": p.start, "text": p.text} for p in c.parts]}
                    for c in scu.contributors
                ],
                "label": scu.label,
                "scu_id": scu.scu_id,
            }
            for scu in peer.scus
        ],
        "summarizer_id": peer.peer_id,
        "summarizer_type": "reference" if peer.peer_id.isalpha() else "peer",
        "summary": peer.summary,
    }


def _write_lines(path, objects: Iterable[dict]) -> None:
    """One sorted-key JSON object a line, written atomically (no partial output)."""
    text = "".join(json.dumps(obj, sort_keys=True, ensure_ascii=True, allow_nan=False) + "\n" for obj in objects)
    atomic_write(path, lambda tmp: tmp.write_text(text, encoding="utf-8", newline="\n"))


def write_pyramids(pyramids: Iterable[Pyramid], path) -> None:
    """SacreROUGE ``pyramids.jsonl`` (the layout :func:`read_pyramids` reads); a part the reader
    would skip (blanks only) is an :class:`~pyrabench.errors.OutputError` before the file is touched."""
    pyramids = list(pyramids)
    for p in pyramids:
        refuse_blank_parts(p.scus, path)
    _write_lines(path, (pyramid_to_json(p) for p in pyramids))


def write_annotations(peers: Iterable[PeerAnnotation], path) -> None:
    """SacreROUGE ``pyramid-annotations.jsonl`` (checked as :func:`write_pyramids`)."""
    peers = list(peers)
    for p in peers:
        refuse_blank_parts(p.scus, path)
    _write_lines(path, (annotation_to_json(p) for p in peers))
