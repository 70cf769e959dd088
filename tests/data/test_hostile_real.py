"""Hostile copies of the real files (made in ``tmp_path``, never in the data root) and the
safety changes checked against every real file: RE2 splits every real pyramid exactly as
Python's ``re`` did, so the safe engine changed nothing on the corpora.

Skips without ``PYRABENCH_DATA``; fails under ``PYRABENCH_REQUIRE_DATA=1``.
"""

from __future__ import annotations

import json
import re
import shutil
import time

import pytest

from pyrabench.data import corpora, ducview, sacrerouge
from pyrabench.errors import DataFormatError

SECRET = "TOPSECRET-real-7d1f"


def _ducview_files(root):
    return sorted([*root.glob("duc200*/**/*.pyr"), *root.glob("duc200*/**/*.pan"), *root.glob("passonneau2013/**/*.p[ay][rn]")])


def _split_with_python_re(text: str, regex: str):
    """The splitting as it was before RE2 and the linear trim (Python ``re`` throughout)."""
    matches = [m for m in re.compile(regex).finditer(text) if m.end() > m.start()]
    starts, ends, ids = [], [], []
    for i, m in enumerate(matches):
        stop = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        begin = min(ducview._DASH_LINE_OR_SPACE.match(text, m.end()).end(), stop)
        body = text[begin:stop]
        trimmed = re.sub(r"(?:\s|(?<=\n)-+)+\Z", "", body) if body else body
        starts.append(begin)
        ends.append(begin + len(trimmed))
        ids.append(ducview._summarizer_id(m.group(0), i))
    return tuple(starts), tuple(ends), tuple(ids)


def test_re2_splits_every_real_pyramid_as_python_re_did(real_data):
    """Every distinct (regex, text) of the real ``.pyr``/``.pan`` files: same summary spans."""
    files = _ducview_files(real_data)
    assert len(files) > 1500
    checked = set()
    for path in files:
        root = ducview.parse_xml(path)
        for el in [root] if root.tag == "pyramid" else [root.find("pyramid")]:
            regex_el = el.find("startDocumentRegEx")
            regex = regex_el.text if regex_el is not None and regex_el.text else (
                ducview.PASSONNEAU_REGEX if "passonneau" in str(path) else ducview.DUC_REGEX)
            text = "\n".join(line.text or "" for line in el.find("text").iterfind("line"))
            key = (regex, hash(text))
            if key in checked:
                continue
            checked.add(key)
            split = ducview.split_summaries(text, regex, path)
            assert (split.starts, split.ends, split.summarizer_ids) == _split_with_python_re(text, regex), path
    assert len({r for r, _ in checked}) >= 10  # the ten regex forms of the real corpora


def test_xxe_in_a_copy_of_a_real_pyramid_reads_nothing(real_path, tmp_path):
    src = real_path("duc2006/DUC2006pyramiddata/allpyramids/D0601.pyr")
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET)
    data = src.read_bytes()
    data = data.replace(b"<!DOCTYPE pyramid [", f'<!DOCTYPE pyramid [\n <!ENTITY x SYSTEM "{secret}">'.encode(), 1)
    data = re.sub(rb"<line>", b"<line>&x;", data, count=3)
    copy = tmp_path / "D0601.pyr"
    copy.write_bytes(data)
    with pytest.raises(DataFormatError, match="never read") as err:
        ducview.read_pyramid(copy, "duc2006", "D0601")
    assert SECRET not in str(err.value)


def test_hostile_regex_in_a_copy_of_a_real_pyramid(real_path, tmp_path):
    src = real_path("duc2006/DUC2006pyramiddata/allpyramids/D0601.pyr")
    hostile = b"<startDocumentRegEx><![CDATA[(\\w+\\s?)+\\$]]></startDocumentRegEx>"  # catastrophic in re
    data = re.sub(rb"<startDocumentRegEx>.*?</startDocumentRegEx>", lambda m: hostile, src.read_bytes(), flags=re.S)
    copy = tmp_path / "D0601.pyr"
    copy.write_bytes(data)
    start = time.perf_counter()
    with pytest.raises(DataFormatError):  # matches nothing useful: an error, quickly
        ducview.read_pyramid(copy, "duc2006", "D0601")
    assert time.perf_counter() - start < 5


def test_duplicate_scu_id_in_a_copy_of_the_real_tac2008(real_path, tmp_path):
    lines = real_path("tac2008/pyramids.jsonl").read_text(encoding="utf-8").splitlines()
    obj = json.loads(lines[4])
    obj["scus"][3]["scu_id"] = obj["scus"][2]["scu_id"]
    lines[4] = json.dumps(obj)
    copy = tmp_path / "pyramids.jsonl"
    copy.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match="appears twice") as err:
        sacrerouge.read_pyramids(copy, "tac2008")
    assert err.value.line == 5


def test_emptied_topic_in_a_copy_of_the_real_tac2008_is_counted(real_path, tmp_path):
    lines = real_path("tac2008/pyramids.jsonl").read_text(encoding="utf-8").splitlines()
    obj = json.loads(lines[0])
    obj["scus"] = []
    root = tmp_path / "root"
    (root / "tac2008").mkdir(parents=True)
    (root / "tac2008" / "pyramids.jsonl").write_text("\n".join([json.dumps(obj), *lines[1:]]) + "\n", encoding="utf-8")
    corpus = corpora.load_corpus("tac2008", root)
    assert len(corpus.pyramids) == 47 and corpus.log.counts() == {"skipped:pyramid-no-scus": 1}
    corpora.clear_cache()


def test_fifo_in_a_copy_of_a_real_corpus(real_path, tmp_path, within):
    import os

    src = real_path("duc2007/mainPyramidEval")
    root = tmp_path / "root"
    shutil.copytree(src, root / "duc2007" / "mainPyramidEval")
    os.mkfifo(root / "duc2007/mainPyramidEval/allpans/D0999.M.250.A.1.pan")
    with pytest.raises(DataFormatError, match="FIFO"):
        within(60, corpora.load_corpus, "duc2007", root)
    corpora.clear_cache()
