"""NIST's names, one pattern each: a DUC/TAC topic id, a peer summary's file name, a pyramid's
file name and an SCU-marked document set's file name, for every reader and writer.

A topic is ``D`` and digits, a letter for the NIST assessor's set (DUC 2006: ``D0601A``) and,
in the update task, ``-A``/``-B``/``-C`` for the part (``D0703-A``). A peer is named
``[<annotator>.]<topic>.M.<length>.<selector>.<system>`` (``101.D0603.M.250.A.22.pan``; the
annotator prefix only in DUC 2006's ``.pan`` files, ``.txt`` for a summary text of one's own).
"""

from __future__ import annotations

import re

#: A DUC/TAC topic id, as a pattern to build names from.
TOPIC = r"[Dd]\d+[A-Za-z]?(?:-[A-Z])?"
#: A whole string that is a DUC/TAC topic id.
TOPIC_ID = re.compile(rf"^{TOPIC}$")
_PEER = rf"(?P<topic>{TOPIC})\.M\.(?P<length>\d+)\.(?P<selector>[A-Z])\.(?P<system>[^./\\]+)"
#: A peer annotation file: ``[<annotator>.]<topic>.M.<length>.<selector>.<system>.pan``.
PEER_FILE = re.compile(rf"^(?:(?P<annotator>\d+)\.)?{_PEER}\.pan$")
#: A peer summary text named as NIST names peers (``D0701.M.250.A.<system>``, ``.txt`` optional).
PEER_TEXT = re.compile(rf"^{_PEER}(?:\.txt)?$")
#: A pyramid file: ``<topic>[-<summarizer ids>].pyr`` (``D0601-ABCD.pyr``, ``D0703-A-ACDJ.pyr``).
PYRAMID_FILE = re.compile(rf"^(?P<topic>{TOPIC})(?:-(?P<ids>[A-Z]+))?\.pyr$")
#: An SCU-marked document set: the topic's digits, a set letter and number, the update part
#: (``D0601A.scu``, ``D0706B-A.scu``); its pyramid's topic is ``<topic><part>``.
SCU_MARKED_FILE = re.compile(r"^(?P<topic>[Dd]\d+)(?:[A-Za-z]\d*)?(?P<set>-[A-Z])?\.scu$")
