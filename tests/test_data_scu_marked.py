"""The SCU-marked source documents: topics from file names, sentences without annotations, bad
files as errors naming the file (and line), the sample's invented collections."""

from __future__ import annotations

import re

import pytest

from pyrabench.data import corpora, scu_marked
from pyrabench.errors import DataFormatError, MissingDataError, UnknownNameError

GOOD = ('<?xml version="1.0"?><collection name="{name}"><document name="APW19990612.0141">'
        "<line>A ferry sank near the  harbour.</line>"
        '<line>Rescuers pulled ten people out.<annotation scu-count="1" sum-count="2" sums="3,4">'
        '<scu uid="9" label="Ten people were rescued" weight="2"/></annotation></line>'
        "<line>  </line></document>"
        '<document name="NYT19990613.0002"><line>&quot;It was cold,&quot; a survivor said.</line></document>'
        "</collection>")


def _write(folder, name, text):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("file_name, topic", [("D0701.scu", "D0701"), ("D0601a.scu", "D0601"),
                                              ("D0631d2.scu", "D0631"), ("D0703A-B.scu", "D0703-B")])
def test_topic_is_the_pyramids_name(file_name, topic):
    assert scu_marked.topic_of(file_name) == topic


def test_sentences_are_the_lines_text_without_annotations(tmp_path):
    path = _write(tmp_path, "D0601a.scu", GOOD.format(name="D0601a"))
    c = scu_marked.read_collection(path, "duc2006")
    assert (c.corpus, c.topic, c.source) == ("duc2006", "D0601", path)
    first, second = c.documents
    assert first == ("APW19990612.0141", ("A ferry sank near the harbour.", "Rescuers pulled ten people out."))
    assert second.sentences == ('"It was cold," a survivor said.',)
    assert (first.date, second.date) == ("19990612", "19990613")
    assert scu_marked.Document("X1", ()).date is None and scu_marked.document_date("XIE19960123.0270") == "19960123"
    name, sentences = first  # a (name, sentences) pair, what a summarizer takes
    assert name == first.name and sentences == first.sentences


@pytest.mark.parametrize("name, text, message, line", [
    ("notes.scu", GOOD.format(name="x"), "file name is not", None),
    ("D0601a.scu", "<collection><document name='A1'><line>broken", "malformed XML", 1),
    ("D0601a.scu", "<pyramid/>", "not <collection>", 1),
    ("D0601a.scu", GOOD.format(name="D0602a"), "not topic D0601", 1),
    ("D0601a.scu", '<collection name="D0601a">\n<document><line>x</line></document></collection>', "lacks its name", 2),
    ("D0601a.scu", '<collection>\n<document name="A1"/>\n<document name="A1"/></collection>', "appears twice (first on line 2)", 3),
    ("D0601a.scu", '<collection name="D0601a"></collection>', "no <document>", 1),
], ids=["file-name", "malformed", "root", "collection-name", "no-document-name", "duplicate", "empty"])
def test_bad_files_are_errors_naming_file_and_line(tmp_path, name, text, message, line):
    path = _write(tmp_path, name, text)
    with pytest.raises(DataFormatError, match=re.escape(message)) as err:
        scu_marked.read_collection(path)
    assert err.value.path == str(path) and err.value.line == line


def test_no_external_entity_is_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOPSECRET")
    path = _write(tmp_path, "D0601a.scu", f'<!DOCTYPE collection [<!ENTITY x SYSTEM "file://{secret}">]>'
                                          '<collection><document name="A1"><line>&x;</line></document></collection>')
    with pytest.raises(DataFormatError, match="external entities are never read"):
        scu_marked.read_collection(path)


def test_load_keeps_one_of_two_files_with_the_same_documents(tmp_path):
    folder = tmp_path / corpora.SCU_MARKED_DIRS["duc2006"]
    _write(folder, "D0631d.scu", GOOD.format(name="D0631d"))
    second = _write(folder, "D0631d2.scu", GOOD.format(name="D0631d2").replace('sums="3,4"', 'sums="5"'))
    found = scu_marked.load_documents("duc2006", tmp_path)
    assert list(found) == ["D0631"] and found["D0631"].source.name == "D0631d.scu"
    scu_marked.clear_cache()
    second.write_text(GOOD.format(name="D0631d2").replace("ten people", "nine people"), encoding="utf-8")
    with pytest.raises(DataFormatError, match="other documents than D0631d.scu") as err:
        scu_marked.load_documents("duc2006", tmp_path)
    assert err.value.path == str(second)
    scu_marked.clear_cache()


def test_missing_and_unknown_corpora(tmp_path):
    with pytest.raises(MissingDataError, match="no SCU-marked documents of duc2007"):
        scu_marked.load_documents("duc2007", tmp_path)
    with pytest.raises(UnknownNameError, match="known: duc2006, duc2007, duc2007-update"):
        scu_marked.files("tac2008", tmp_path)
    assert scu_marked.all_files(tmp_path) == []


def test_the_sample_has_the_documents_of_its_duc2007_topics(sample_root):
    for name in ("duc2007", "duc2007-update"):
        topics = {p.topic for p in corpora.load_corpus(name, sample_root).pyramids}
        found = scu_marked.load_documents(name, sample_root)
        assert set(found) == topics
        for c in found.values():
            assert len(c.documents) >= 3 and all(d.date and d.sentences for d in c.documents)
    assert scu_marked.all_files(sample_root) == [*scu_marked.files("duc2007", sample_root),
                                                 *scu_marked.files("duc2007-update", sample_root)]
