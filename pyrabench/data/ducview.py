"""Readers and writers for DUCView XML: pyramids (``.pyr``) and peer annotations (``.pan``).

DUCView (Columbia) is the tool NIST and Passonneau et al. used to build pyramids. Its files:

``.pyr`` — ``<pyramid>`` with an optional ``<startDocumentRegEx>``, a ``<text>`` of ``<line>``
    elements and ``<scu uid label><contributor label><part label start end/>``. The lines joined
    with ``"\\n"`` form one text; the regex matches the header that precedes each model summary
    (``D0601.M.250.A.A`` between dashed rules in DUC; ``---`` for Passonneau 2013, which has no
    regex, see :data:`PASSONNEAU_REGEX`). Part offsets index the joined text; we cut the text into
    summaries and re-base each part into its summary (``Contributor.summary_index``).
``.pan`` — ``<peerAnnotation>`` = the ``<pyramid>`` the annotator worked against, then
    ``<annotation><text>`` (the peer summary, lines joined with ``"\\n"``) and one
    ``<peerscu uid label="(w) ...">`` per pyramid SCU with zero (not expressed) or more
    contributors whose offsets index the peer text. ``uid="0"`` is DUCView's bin for peer text
    that matches no SCU; it is not an SCU and is kept apart (:func:`read_peer` keeps it in
    :attr:`PeerAnnotation.unmatched`).
DUC 2005 style — no ``.pyr``: each ``.pan`` carries its own pyramid. :func:`read_peer` reads the
    embedded pyramid in every case (memoized by content, so 1,500 files parse ~50 pyramids).

Parsing uses lxml without recovery: malformed XML raises :class:`DataFormatError` with lxml's
line. Pyramid files come from other people, so the parser resolves only the entities a file
defines inline (DUCView's files use none but the predefined ``&amp;``/``&quot;``): an external
entity, parameter entity, external DTD or network URL is never read (an entity that names one is
an "undefined entity" error), and libxml2's limits turn billion laughs, quadratic blowup and deep
nesting into errors. The ``startDocumentRegEx`` is also the file's: it runs on RE2 (linear time,
no backtracking), so no pattern can hang the reader; one RE2 cannot run (a backreference, a
lookaround) is an error naming the file. Offsets that do not match the label are repaired by the rules of
:mod:`pyrabench.data.offsets` and counted in the :class:`RepairLog`; parts no rule can place
are skipped and logged (file, SCU id, reason), as are contributors and SCUs left empty. One more
documented repair, ``contributor-across-summaries``: a contributor whose parts lie in two model
summaries keeps the parts of the summary holding most of its text. Model summaries keep their
line breaks (one sentence a line in DUC); offsets index them as they are.

Writing (:func:`write_pyramid`, :func:`write_peer`): what the writers write, the readers read
back. XML 1.0 cannot hold every character, not even as a character reference: NUL and the other
C0 controls but tab, line feed and carriage return, the surrogates (which no UTF-8 file holds),
U+FFFE and U+FFFF. The reader refuses a file holding one (malformed XML), so the writers refuse a
text holding one too, with an :class:`~pyrabench.errors.OutputError` naming the file, the text
and the character, before the file is touched (escaping it another way would change the text,
and its offsets with it).
"""

from __future__ import annotations

import bisect
import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import re2
from lxml import etree

from ..errors import DataFormatError, OutputError
from ..files import atomic_write, read_bytes
from .model import SCU, Contributor, Part, PeerAnnotation, Pyramid
from .names import TOPIC, TOPIC_ID
from .offsets import checked_part, refuse_blank_parts
from .repairs import RepairLog

#: Passonneau 2013 pyramids have no ``startDocumentRegEx``: each summary follows a ``---`` line.
PASSONNEAU_REGEX = r"(?m)^-{3,}[ \t]*$\n?"
#: Header of a DUC model summary, used when a ``.pyr`` lacks its own regex.
#: Its topic is :data:`pyrabench.data.names.TOPIC` (TAC's lower-case ``d0801-A`` too, so a pyramid of
#: a TAC topic written with DUC's header reads back).
DUC_REGEX = rf"[-]*\n\s*{TOPIC}\.M\.[0-9]+\.[A-Z]\.[A-Z0-9]+\n[-]*\n"

_LABEL_WEIGHT = re.compile(r"^\((\d+)\)\s*")
_DASH_LINE_OR_SPACE = re.compile(r"(?:[ \t\r\n]|-+[ \t]*(?=\n|$))*")

#: Internal entities only (never a file, device or URL), no DTD loading, no network, libxml2's
#: default limits on entity amplification and depth (``huge_tree=False``).
_PARSER = etree.XMLParser(
    resolve_entities="internal", load_dtd=False, dtd_validation=False, attribute_defaults=False,
    no_network=True, recover=False, huge_tree=False, remove_comments=True,
)
_RE2_OPTIONS = re2.Options()
_RE2_OPTIONS.log_errors = False  # errors are raised (and reported by us), not printed by RE2


def parse_xml(path: str | Path) -> etree._Element:
    """The root element of an XML file; any lxml error becomes a DataFormatError naming file+line."""
    path = Path(path)
    data = read_bytes(path)
    try:
        root = etree.fromstring(data, parser=_PARSER)
    except etree.XMLSyntaxError as exc:
        msg = exc.msg
        if msg.startswith("Entity '") and "not defined" in msg:
            msg += " (external entities are never read: a DUCView file may use only entities it defines inline)"
        raise DataFormatError(path, f"malformed XML: {msg}", line=exc.lineno) from None
    except (ValueError, LookupError, etree.LxmlError) as exc:  # e.g. an unknown encoding declaration
        raise DataFormatError(path, f"malformed XML: {exc}") from None
    if root is None:
        raise DataFormatError(path, "malformed XML: no root element")
    return root


def _attr(el, name: str, path) -> str:
    value = el.get(name)
    if value is None:
        raise DataFormatError(path, f"<{el.tag}> lacks the {name!r} attribute", line=el.sourceline)
    return value


def _int_attr(el, name: str, path) -> int:
    value = _attr(el, name, path)
    try:
        return int(value.strip())
    except ValueError:
        raise DataFormatError(
            path, f"<{el.tag}> attribute {name}={value!r} is not an integer", line=el.sourceline
        ) from None


def _joined_lines(text_el) -> str:
    return "\n".join(line.text or "" for line in text_el.iterfind("line"))


def _child(el, tag: str, path, required: bool = True):
    found = el.find(tag)
    if found is None and required:
        raise DataFormatError(path, f"unknown layout: <{el.tag}> has no <{tag}>", line=el.sourceline)
    return found


def _summarizer_id(header: str, index: int) -> str:
    """``A`` from ``---\\nD0601.M.250.A.A\\n---``; the 1-based position when the header is bare."""
    core = header.strip().strip("-").strip()
    return core.rsplit(".", 1)[-1].strip() if "." in core else str(index + 1)


@dataclass(frozen=True)
class SummarySplit:
    """Model summaries cut from a pyramid's joined text: text spans and who wrote them."""

    starts: tuple[int, ...]
    ends: tuple[int, ...]
    summarizer_ids: tuple[str, ...]

    def index_of(self, start: int, end: int) -> int | None:
        i = bisect.bisect_right(self.starts, start) - 1
        if i < 0 or end > self.ends[i]:
            return None
        return i


@lru_cache(maxsize=64)
def _compile(regex: str):
    """``regex`` compiled by RE2 (raises ``re2.error``); memoized: 1,500 files share ~10 patterns."""
    return re2.compile(regex, options=_RE2_OPTIONS)


def _trim_end(body: str) -> int:
    """Length of ``body`` without trailing whitespace and trailing dashed rules (the next
    header's top rule). A backward scan, linear in what it drops (a regex anchored at the end
    would retry from every start position: quadratic on a long run of blanks)."""
    i = len(body)
    while i > 0:
        if body[i - 1].isspace():
            i -= 1
            continue
        j = i
        while j > 0 and body[j - 1] == "-":
            j -= 1
        if j < i and j > 0 and body[j - 1] == "\n":
            i = j
            continue
        break
    return i


def split_summaries(text: str, regex: str, path) -> SummarySplit:
    """Cut the joined text at every match of ``startDocumentRegEx`` (headers and rules dropped)."""
    try:
        pattern = _compile(regex)
    except re2.error as exc:
        reason = exc.args[0].decode("utf-8", "replace") if exc.args and isinstance(exc.args[0], bytes) else str(exc)
        raise DataFormatError(
            path, f"startDocumentRegEx {regex[:200]!r} is not a valid regex for RE2: {reason} (no backreferences or lookarounds)"
        ) from None
    matches = [m for m in pattern.finditer(text) if m.end() > m.start()]
    if not matches:
        raise DataFormatError(path, f"startDocumentRegEx {regex[:200]!r} matches no summary header")
    starts, ends, ids = [], [], []
    for i, m in enumerate(matches):
        stop = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        begin = min(_DASH_LINE_OR_SPACE.match(text, m.end()).end(), stop)  # empty summary: begin == stop
        starts.append(begin)
        ends.append(begin + _trim_end(text[begin:stop]))
        ids.append(_summarizer_id(m.group(0), i))
    return SummarySplit(tuple(starts), tuple(ends), tuple(ids))


def _read_parts(contrib_el, text: str, path, scu_id: int, log: RepairLog) -> list[Part]:
    parts = []
    for part_el in contrib_el.iterfind("part"):
        label = _attr(part_el, "label", path)
        start = _int_attr(part_el, "start", path)
        end = _int_attr(part_el, "end", path)
        part = checked_part(text, label, start, end, path, f"scu {scu_id} line {part_el.sourceline}", log)
        if part is not None:
            parts.append(part)
    return parts


def _one_summary(parts: list[Part], split: SummarySplit) -> tuple[int | None, list[Part]]:
    """The summary holding most of a contributor's characters, and its parts there.

    A contributor belongs to one summary; the rare one whose parts straddle two (an annotation
    slip: "X, a carpenter...a carpenter" picked from two summaries) keeps the parts of the
    summary that holds most of its text (ties: the earlier summary)."""
    size: dict[int, int] = {}
    for p in parts:
        i = split.index_of(p.start, p.end)
        if i is not None:
            size[i] = size.get(i, 0) + (p.end - p.start)
    if not size:
        return None, []
    best = max(size, key=lambda i: (size[i], -i))
    return best, [p for p in parts if split.index_of(p.start, p.end) == best]


def _pyramid_from_element(
    el, path, corpus: str, topic: str, log: RepairLog, default_regex: str | None
) -> Pyramid:
    text_el = _child(el, "text", path)
    text = _joined_lines(text_el)
    regex_el = el.find("startDocumentRegEx")
    regex = regex_el.text if regex_el is not None and regex_el.text else None
    if regex is None:
        if default_regex is None:
            raise DataFormatError(path, "unknown layout: no <startDocumentRegEx> and no default for this corpus")
        regex = default_regex
    split = split_summaries(text, regex, path)
    summaries = tuple(text[s:e] for s, e in zip(split.starts, split.ends))
    scus, seen = [], set()
    for scu_el in el.iterfind("scu"):
        scu_id = _int_attr(scu_el, "uid", path)
        label = _attr(scu_el, "label", path)
        if scu_id in seen:
            raise DataFormatError(path, f"SCU uid {scu_id} appears twice", line=scu_el.sourceline)
        seen.add(scu_id)
        contributors = []
        for contrib_el in scu_el.iterfind("contributor"):
            c_label = _attr(contrib_el, "label", path)
            parts = _read_parts(contrib_el, text, path, scu_id, log)
            item = f"scu {scu_id} line {contrib_el.sourceline}"
            if not parts:
                log.skip(path, "contributor-no-parts", f"contributor {c_label[:60]!r} has no placeable part", item)
                continue
            index, kept = _one_summary(parts, split)
            if index is None:
                log.skip(path, "contributor-outside-summaries", f"contributor {c_label[:60]!r} lies in a summary header", item)
                continue
            if len(kept) < len(parts):
                log.repair(path, "contributor-across-summaries",
                           f"kept {len(kept)} of {len(parts)} parts, those in summary {index}", item)
            parts = kept
            base = split.starts[index]
            rebased = tuple(Part(p.text, p.start - base, p.end - base) for p in parts)
            contributors.append(Contributor(c_label, rebased, index))
        if not contributors:
            log.skip(path, "scu-no-contributors", f"SCU {label[:60]!r} has no usable contributor", f"scu {scu_id}")
            continue
        scus.append(SCU(scu_id, label, tuple(contributors)))
    return Pyramid(corpus, topic, summaries, split.summarizer_ids, tuple(scus), str(path))


def read_pyramid(
    path, corpus: str, topic: str, log: RepairLog | None = None, default_regex: str | None = DUC_REGEX
) -> Pyramid:
    """A ``.pyr`` file as a :class:`Pyramid` (summaries cut by ``startDocumentRegEx``)."""
    log = log if log is not None else RepairLog()
    root = parse_xml(path)
    if root.tag != "pyramid":
        raise DataFormatError(path, f"unknown layout: root is <{root.tag}>, expected <pyramid>", line=root.sourceline)
    return _pyramid_from_element(root, path, corpus, topic, log, default_regex)


class PyramidCache:
    """Embedded pyramids memoized by content: the many ``.pan`` of a topic repeat one pyramid.

    Repairs found while reading an embedded pyramid are held back and logged the first time
    that pyramid is actually used (not when it duplicates the topic's ``.pyr``), so one defect
    is counted once.
    """

    def __init__(self):
        self._by_digest: dict[tuple[str, str, str], tuple[Pyramid, RepairLog]] = {}
        self._logged: set[tuple[str, str, str]] = set()
        self._same: dict[tuple[tuple, int], bool] = {}
        self._uids: dict[tuple, frozenset[str]] = {}

    def get(self, el, path, corpus, topic, default_regex) -> tuple[tuple, Pyramid]:
        digest = hashlib.blake2b(etree.tostring(el), digest_size=16).hexdigest()
        key = (corpus, topic, digest)
        if key not in self._by_digest:
            pending = RepairLog()
            self._by_digest[key] = (_pyramid_from_element(el, path, corpus, topic, pending, default_regex), pending)
            self._uids[key] = frozenset(scu.get("uid", "").strip() for scu in el.iterfind("scu"))
        return key, self._by_digest[key][0]

    def uids_in_xml(self, key) -> frozenset[str]:
        """SCU uids as written in the embedded XML (including SCUs the reader had to skip)."""
        return self._uids[key]

    def same_as(self, key, pyramid: Pyramid) -> bool:
        """Whether the embedded pyramid under ``key`` equals ``pyramid`` (memoized)."""
        memo = (key, id(pyramid))
        if memo not in self._same:
            self._same[memo] = _same_pyramid(pyramid, self._by_digest[key][0])
        return self._same[memo]

    def used(self, key, log: RepairLog) -> None:
        """Record that the pyramid under ``key`` is used: log its repairs once."""
        if key not in self._logged:
            self._logged.add(key)
            log.extend(self._by_digest[key][1])

    def __len__(self) -> int:
        return len(self._by_digest)


def read_peer(
    path,
    corpus: str,
    topic: str,
    peer_id: str,
    annotator: str = "",
    log: RepairLog | None = None,
    default_regex: str | None = DUC_REGEX,
    pyramid: Pyramid | None = None,
    cache: PyramidCache | None = None,
) -> PeerAnnotation:
    """A ``.pan`` file. The peer is scored against its embedded pyramid; when ``pyramid`` (the
    topic's ``.pyr``) has the same SCUs and summaries, that object is used instead so peers and
    pyramids share identity."""
    log = log if log is not None else RepairLog()
    cache = cache if cache is not None else PyramidCache()
    root = parse_xml(path)
    if root.tag != "peerAnnotation":
        raise DataFormatError(path, f"unknown layout: root is <{root.tag}>, expected <peerAnnotation>", line=root.sourceline)
    key, embedded = cache.get(_child(root, "pyramid", path), path, corpus, topic, default_regex)
    if pyramid is not None and cache.same_as(key, pyramid):
        embedded = pyramid
    else:
        cache.used(key, log)
    annotation_el = _child(root, "annotation", path)
    summary = _joined_lines(_child(annotation_el, "text", path))
    known = {s.scu_id for s in embedded.scus}
    in_xml = cache.uids_in_xml(key)
    scus, unmatched, seen = [], [], set()
    for peer_el in annotation_el.iterfind("peerscu"):
        scu_id = _int_attr(peer_el, "uid", path)
        label = _LABEL_WEIGHT.sub("", _attr(peer_el, "label", path), count=1)
        contributors = []
        for contrib_el in peer_el.iterfind("contributor"):
            c_label = _attr(contrib_el, "label", path)
            parts = _read_parts(contrib_el, summary, path, scu_id, log)
            if not parts:
                log.skip(path, "contributor-no-parts", f"contributor {c_label[:60]!r} has no placeable part",
                         f"scu {scu_id} line {contrib_el.sourceline}")
                continue
            contributors.append(Contributor(c_label, tuple(parts), 0))
        if scu_id == 0:
            unmatched.extend(contributors)
            continue
        if scu_id in seen:
            raise DataFormatError(path, f"peerscu uid {scu_id} appears twice", line=peer_el.sourceline)
        seen.add(scu_id)
        if scu_id not in known:
            kind = "peer-scu-skipped-in-pyramid" if str(scu_id) in in_xml else "peer-scu-not-in-pyramid"
            log.skip(path, kind, f"peerscu {scu_id} ({len(contributors)} contributors) has no SCU in the pyramid read",
                     f"scu {scu_id}")
            continue
        scus.append(SCU(scu_id, label, tuple(contributors)))
    return PeerAnnotation(corpus, topic, peer_id, annotator, summary, tuple(scus), embedded, str(path), tuple(unmatched))


def _same_pyramid(a: Pyramid, b: Pyramid) -> bool:
    return a.summaries == b.summaries and a.scus == b.scus


# --------------------------------------------------------------------------- writing
# DUCView's own layout, so the sample data and round-trip tests use the files the readers read.

_PYR_DTD = """<!DOCTYPE pyramid [
 <!ELEMENT pyramid (startDocumentRegEx?,text,scu*)>
 <!ELEMENT startDocumentRegEx (#PCDATA)>
 <!ELEMENT text (line*)>
 <!ELEMENT line (#PCDATA)>
 <!ELEMENT scu (contributor)+>
 <!ATTLIST scu uid CDATA #REQUIRED
               label CDATA #REQUIRED
               comment CDATA #IMPLIED>
 <!ELEMENT contributor (part)+>
 <!ATTLIST contributor label CDATA #REQUIRED
                       comment CDATA #IMPLIED>
 <!ELEMENT part EMPTY>
 <!ATTLIST part label CDATA #REQUIRED
                start CDATA #REQUIRED
                end   CDATA #REQUIRED>

]>"""

_PAN_DTD = """<!DOCTYPE peerAnnotation [
 <!ELEMENT peerAnnotation (pyramid,annotation)>
 <!ELEMENT annotation (text,peerscu+)>
 <!ELEMENT peerscu (contributor)*>
 <!ATTLIST peerscu uid CDATA #REQUIRED
                   label CDATA #REQUIRED
                   comment CDATA #IMPLIED>
""" + _PYR_DTD.split("[", 1)[1]


@dataclass(frozen=True)
class Header:
    """How summaries are introduced in a ``.pyr`` text: DUC's dashed ``D0601.M.250.A.A`` block
    (``name`` is ``"{topic}.M.{length}.{selector}"``) or Passonneau's bare ``---`` (``name=None``)."""

    name: str | None = None
    regex: str | None = None

    def lines(self, summarizer_id: str) -> list[str]:
        if self.name is None:
            return ["---"]
        return ["", "---------------", f"{self.name}.{summarizer_id}", "---------------", ""]


def header_for(pyramid: Pyramid, topic: str) -> Header:
    """DUC's dashed header when the topic and summarizer ids fit DUC's regex, else ``---`` lines."""
    if TOPIC_ID.match(topic) and all(re.fullmatch(r"[A-Z0-9]+", i) for i in pyramid.summarizer_ids):
        return Header(f"{topic}.M.250.A", DUC_REGEX)
    return Header(None, PASSONNEAU_REGEX)


_LEAVES = ("line", "part", "startDocumentRegEx")


def _layout(el, depth: int = 0) -> None:
    """Indent like DUCView: one space per level, the regex flush left (whitespace as text/tail)."""
    kids = list(el)
    if not kids:
        if el.tag not in _LEAVES:  # an empty bin is written open and closed, never self-closing
            el.text = "\n" + " " * depth
        return
    pad = lambda k: "" if k.tag == "startDocumentRegEx" else " " * (depth + 1)  # noqa: E731
    el.text = "\n" + pad(kids[0])
    for k, nxt in zip(kids, kids[1:] + [None]):
        _layout(k, depth + 1)
        k.tail = "\n" + (pad(nxt) if nxt is not None else " " * depth)


def _lines(el) -> list[str]:
    """An element laid out as DUCView writes it, serialized by lxml (escaping included)."""
    _layout(el)
    return etree.tostring(el, encoding="unicode").split("\n")


def _text_element(lines: list[str]):
    text = etree.Element("text")
    for line in lines:
        etree.SubElement(text, "line").text = line
    return text


def _contributor_element(parent, c: Contributor, base: int = 0) -> None:
    el = etree.SubElement(parent, "contributor", label=c.label)
    for p in c.parts:
        etree.SubElement(el, "part", label=p.text, start=str(p.start + base), end=str(p.end + base))


def _check_split(path, text: str, pyramid: Pyramid, header: Header) -> None:
    """Refuse model summaries the reader would not cut back out of the joined ``text`` as they
    are (it drops a summary's leading and trailing blanks and dashed rules, and starts a new
    summary at every line its header pattern matches)."""
    regex = header.regex or (PASSONNEAU_REGEX if header.name is None else DUC_REGEX)
    try:
        split = split_summaries(text, regex, path)
    except DataFormatError as exc:
        raise OutputError(f"{path}: cannot write the pyramid: its text would not read back ({exc.reason})") from None
    back = [text[s:e] for s, e in zip(split.starts, split.ends)]
    if len(back) != len(pyramid.summaries):
        raise OutputError(f"{path}: cannot write the pyramid: its {len(pyramid.summaries)} model summaries would read "
                          f"back as {len(back)} (a summary holds a line the header pattern {regex!r} matches)")
    for sid, summary, got in zip(pyramid.summarizer_ids, pyramid.summaries, back):
        if got != summary:
            raise OutputError(f"{path}: cannot write model summary {sid!r}: it would read back as another text (a "
                              "summary may not begin or end with blanks or a dashed rule, nor be empty)")


def _pyramid_body(pyramid: Pyramid, header: Header, path) -> list[str]:
    """The ``<pyramid>`` element's lines; part offsets are rebased into the joined text. Model
    summaries the reader would not cut back out as they are are refused (:func:`_check_split`)."""
    lines: list[str] = []
    starts = []
    for sid, summary in zip(pyramid.summarizer_ids, pyramid.summaries):
        lines.extend(header.lines(sid))
        starts.append(len("\n".join(lines)) + (1 if lines else 0))
        lines.extend(summary.split("\n"))
    _check_split(path, "\n".join(lines), pyramid, header)
    root = etree.Element("pyramid")
    if header.regex is not None:
        etree.SubElement(root, "startDocumentRegEx").text = etree.CDATA(header.regex)
    root.append(_text_element(lines))
    for scu in pyramid.scus:
        scu_el = etree.SubElement(root, "scu", uid=str(scu.scu_id), label=scu.label)
        for c in scu.contributors:
            _contributor_element(scu_el, c, starts[c.summary_index])
    return _lines(root)


#: A character XML 1.0 cannot hold (its ``Char`` production), not even as a character reference.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _check_xml_text(path, texts) -> None:
    """Refuse, naming the file, the text and the character, any of ``texts`` (``(what, text)``)
    that XML 1.0 cannot hold (:data:`_NOT_XML`), before a byte is written."""
    for what, text in texts:
        bad = _NOT_XML.search(text)
        if bad:
            raise OutputError(f"{path}: cannot write {what}: it holds U+{ord(bad.group()):04X} at character "
                              f"{bad.start()}, which XML (a DUCView file) cannot hold; remove it and score again")


def _pyramid_texts(pyramid: Pyramid, header: Header):
    yield "the summary header", header.name or ""
    yield "the summary header pattern", header.regex or ""
    for sid, summary in zip(pyramid.summarizer_ids, pyramid.summaries):
        yield f"the name of model summary {sid!r}", sid
        yield f"model summary {sid!r}", summary
    for scu in pyramid.scus:
        yield f"the label of SCU {scu.scu_id}", scu.label
        yield from _contributor_texts(scu.scu_id, scu.contributors)


def _contributor_texts(scu_id: int, contributors):
    for c in contributors:
        yield f"a contributor of SCU {scu_id}", c.label
        for p in c.parts:
            yield f"a part of SCU {scu_id}", p.text


def _write_text(path, lines: list[str], crlf: bool) -> None:
    data = ("\r\n" if crlf else "\n").join(lines) + ("\r\n" if crlf else "\n")
    atomic_write(path, lambda tmp: tmp.write_bytes(data.encode("utf-8")))


def write_pyramid(pyramid: Pyramid, path, header: Header, crlf: bool = True) -> None:
    """A ``.pyr`` file DUCView (and :func:`read_pyramid`) reads. Atomic; a text XML cannot hold
    is an :class:`OutputError` before the file is touched."""
    _check_xml_text(path, _pyramid_texts(pyramid, header))
    refuse_blank_parts(pyramid.scus, path)
    _write_text(path, ['<?xml version="1.0"?>', _PYR_DTD, "", *_pyramid_body(pyramid, header, path)], crlf)


def write_peer(
    peer: PeerAnnotation, path, header: Header, crlf: bool = True
) -> None:
    """A ``.pan`` file: the embedded pyramid, the peer text, one ``peerscu`` per pyramid SCU
    (heaviest first, as DUCView lists them) and the uid-0 bin. Atomic; a text XML cannot hold is
    an :class:`OutputError` before the file is touched."""
    _check_xml_text(path, [("the peer summary", peer.summary), *_pyramid_texts(peer.pyramid, header),
                           *_contributor_texts(0, peer.unmatched),
                           *(t for scu in peer.scus for t in _contributor_texts(scu.scu_id, scu.contributors))])
    refuse_blank_parts((*peer.pyramid.scus, *peer.scus, SCU(0, "", peer.unmatched)), path)
    matched = {s.scu_id: s for s in peer.scus}
    annotation = etree.Element("annotation")
    annotation.append(_text_element(peer.summary.split("\n")))
    order = sorted(peer.pyramid.scus, key=lambda s: (-s.weight, s.label, s.scu_id))
    bins = [(s.scu_id, f"({s.weight}) {s.label}", matched.get(s.scu_id)) for s in order]
    bins.append((0, "All non-matching SCUs go here", SCU(0, "", peer.unmatched)))
    for uid, label, scu in bins:
        bin_el = etree.SubElement(annotation, "peerscu", uid=str(uid), label=label)
        for c in scu.contributors if scu is not None else ():
            _contributor_element(bin_el, c)
    out = ['<?xml version="1.0"?>', _PAN_DTD, "", "<peerAnnotation>", *_pyramid_body(peer.pyramid, header, path),
           *_lines(annotation), "</peerAnnotation>"]
    _write_text(path, out, crlf)
