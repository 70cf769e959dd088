"""What a "word" is: spaCy's English tokenizer, punctuation and whitespace dropped, lower-cased.
Expected words are written out by hand, and the batch path (:func:`words_many`, memoized) is
checked against one spaCy call per text on an empty memo, so neither side is compared with itself."""

import itertools

import pytest

from pyrabench import text

# text -> its words (lower-cased), as spaCy's English tokenizer splits them
EXPECTED = {
    "The bridge opened.": ["the", "bridge", "opened"],
    "": [],
    "  a  b ": ["a", "b"],
    "Rain fell for three days": ["rain", "fell", "for", "three", "days"],
    'U.S. aid--"held in trust"': ["u.s.", 'aid--"held', "in", "trust"],
    "U.S. it's can't won't": ["u.s.", "it", "'s", "ca", "n't", "wo", "n't"],
    "e-mail x@y.com http://a.b/c": ["e", "mail", "x@y.com", "http://a.b", "c"],
    "“Quoted” — dash-ed (x)": ["quoted", "dash", "ed", "x"],
    "tab\there\nnewline": ["tab", "here", "newline"],
    "The 1990s' $5.5 million": ["the", "1990s", "$", "5.5", "million"],
    "Mr. Smith's co-founder, Dr. Jones.": ["mr.", "smith", "'s", "co", "founder", "dr.", "jones"],
    "naïve café": ["naïve", "café"],
    "The bridge": ["the", "bridge"],
}


@pytest.fixture
def empty_memo(monkeypatch):
    monkeypatch.setattr(text, "_MEMO", {})


def test_words_drop_punctuation_and_lowercase():
    # spaCy splits the infix hyphen; the hyphen itself is punctuation and is dropped.
    assert text.words("Dees co-founded the SPLC, in 1971.") == [
        "dees", "co", "founded", "the", "splc", "in", "1971"
    ]
    assert text.words("Dees co-founded the SPLC, in 1971.", lower=False) == [
        "Dees", "co", "founded", "the", "SPLC", "in", "1971"
    ]


def test_tokenize_keeps_case_and_punctuation():
    assert text.tokenize("Hello, World!") == ["Hello", ",", "World", "!"]
    assert text.tokenize("  two  spaces\n") == ["two", "spaces"]


def test_words_by_hand(empty_memo):
    texts = list(EXPECTED)
    assert text.words_many(texts) == list(EXPECTED.values())
    assert text.words_one_by_one(texts) == list(EXPECTED.values())


def test_case_is_kept_on_request_and_memoized_separately(empty_memo):
    assert text.words_many(["The Bridge", "the bridge"]) == [["the", "bridge"], ["the", "bridge"]]
    assert text.words_many(["The Bridge"], lower=False) == [["The", "Bridge"]]
    assert text.words("Mr. Smith's co-founder", lower=False) == ["Mr.", "Smith", "'s", "co", "founder"]


def test_batches_of_any_composition_equal_one_call_per_text(monkeypatch):
    texts = list(EXPECTED)
    for a, b in itertools.combinations(texts, 2):
        monkeypatch.setattr(text, "_MEMO", {})  # every pair through the batch tokenizer afresh
        assert text.words_many([a, b, a]) == [EXPECTED[a], EXPECTED[b], EXPECTED[a]]
    monkeypatch.setattr(text, "_MEMO", {})
    assert text.words_many(texts, lower=False) == text.words_one_by_one(texts, lower=False)
    assert text.words_many([]) == [] and text.words_many(["", " "]) == [[], []]


def test_memo_returns_copies_and_is_bounded(empty_memo, monkeypatch):
    first = text.words_many(["The bridge opened."])[0]
    first.append("poison")
    assert text.words_many(["The bridge opened."]) == [["the", "bridge", "opened"]]
    monkeypatch.setattr(text, "_MEMO_LIMIT", 3)
    texts = list(EXPECTED)[:6]
    for t in texts:
        assert text.words_many([t]) == [EXPECTED[t]]
        assert len(text._MEMO) <= 3
    assert text.words_many(texts) == [EXPECTED[t] for t in texts]


def test_content_words_and_stop_list():
    assert text.is_content_word("bridge") and text.is_content_word("1971")
    assert not text.is_content_word("the") and not text.is_content_word("--")
    assert not text.is_content_word("bridge", stop_words=frozenset({"bridge"}))


def test_count_words_counts_as_duc_limits_do():
    """Whitespace tokens holding a letter or digit: punctuation alone is no word, and a token that
    spaCy splits (``U.S.-led``, ``aid--"held``) is one."""
    assert text.count_words("a , b -- c\n. d") == 4
    assert text.count_words('U.S.-led aid--"held in trust"') == 4
    assert text.count_words("") == text.count_words(" -- \n ") == 0


def test_cut_words_keeps_the_text_up_to_the_limit():
    assert text.cut_words("one , two\nthree four", 2) == ("one , two", 2)
    assert text.cut_words("one two", 5) == ("one two", 2)
    assert text.cut_words(" -- one", 1) == (" -- one", 1)
    cut, n = text.cut_words(" ".join(f"w{k}" for k in range(300)), 250)
    assert n == 250 and text.count_words(cut) == 250 and cut.endswith("w249")


@pytest.fixture
def new_process(monkeypatch, tmp_path):
    """An empty memo and word store in memory (what a new kernel starts with), a fresh package
    cache, and every batch large enough to be stored."""
    monkeypatch.setenv("PYRABENCH_CACHE", str(tmp_path))
    monkeypatch.setattr(text, "STORE_MIN_TEXTS", 2)

    def fresh():
        monkeypatch.setattr(text, "_MEMO", {})
        monkeypatch.setattr(text, "_STORED", {})
        monkeypatch.setattr(text, "_SHARDS_READ", set())

    fresh()
    return fresh


def _no_tokenizing(monkeypatch):
    monkeypatch.setattr(text, "_tokenize_words", lambda texts, lower: pytest.fail(f"tokenized {texts}"))


def test_a_large_batch_is_stored_and_read_by_the_next_process(new_process, monkeypatch, tmp_path):
    texts = list(EXPECTED)
    assert text.words_many(texts) == list(EXPECTED.values())
    upper = text.words_many(texts, lower=False)
    assert len(list((tmp_path / "words").glob("*/*.npz"))) == 2
    new_process()
    _no_tokenizing(monkeypatch)
    assert text.words_many(list(reversed(texts))) == list(reversed(EXPECTED.values()))
    assert text.words_many(texts, lower=False) == upper and upper[0] == ["The", "bridge", "opened"]


def test_small_batches_unreadable_shards_and_no_cache_are_tokenized(new_process, monkeypatch, tmp_path):
    monkeypatch.setattr(text, "STORE_MIN_TEXTS", 3)
    assert text.words_many(["The bridge", "naïve café"]) == [["the", "bridge"], ["naïve", "café"]]
    assert not (tmp_path / "words").exists()  # two texts: below the batch size worth a shard
    text.words_many(list(EXPECTED))
    (shard,) = (tmp_path / "words").glob("*/*.npz")
    shard.write_bytes(b"damaged")
    new_process()
    assert text.words_many(list(EXPECTED)) == list(EXPECTED.values())  # tokenized again
    new_process()
    monkeypatch.setenv("PYRABENCH_NO_CACHE", "1")
    calls = []
    tokenize = text._tokenize_words
    monkeypatch.setattr(text, "_tokenize_words", lambda texts, lower: calls.append(1) or tokenize(texts, lower))
    assert text.words_many(list(EXPECTED)) == list(EXPECTED.values()) and calls == [1]


def test_shards_are_merged(new_process, monkeypatch, tmp_path):
    monkeypatch.setattr(text, "STORE_MAX_SHARDS", 2)
    pairs = [list(EXPECTED)[i : i + 2] for i in range(0, 8, 2)]
    for texts in pairs:
        text.words_many(texts)
    assert 1 <= len(list((tmp_path / "words").glob("*/*.npz"))) <= 2
    new_process()
    _no_tokenizing(monkeypatch)
    assert [text.words_many(t) for t in pairs] == [[EXPECTED[x] for x in t] for t in pairs]


def test_stop_list_is_spacy_s_whether_or_not_spacy_is_imported(monkeypatch):
    import sys

    from spacy.lang.en.stop_words import STOP_WORDS as spacy_stop_words

    assert text._spacy_stop_words() == frozenset(spacy_stop_words) == text.STOP_WORDS
    monkeypatch.delitem(sys.modules, "spacy")  # read from spaCy's file, spaCy not imported
    assert text._spacy_stop_words() == frozenset(spacy_stop_words)
    assert "the" in text.STOP_WORDS and "bridge" not in text.STOP_WORDS and len(text.STOP_WORDS) == 326


def test_torch_alone_is_hidden_while_spacy_is_imported():
    import importlib.metadata

    hide = text._HideTorch()
    for name in ("torch", "torch.nn"):
        with pytest.raises(ModuleNotFoundError, match=f"^No module named '{name}'$") as caught:
            hide.find_spec(name)
        assert caught.value.name == name
    assert hide.find_spec("torchvision") is None and hide.find_spec("numpy") is None
    import spacy

    assert text._import_spacy() is spacy
    assert text.tokenizer_version() == f"spacy-{importlib.metadata.version('spacy')}-blank-en"


def test_one_pipeline_with_the_sentencizer():
    text.nlp.cache_clear()
    pipeline = text.nlp()
    assert pipeline.pipe_names == ["sentencizer"] and pipeline.lang == "en" and text.nlp() is pipeline
    assert [s.text for s in pipeline("One two. Three four.").sents] == ["One two.", "Three four."]
    assert text.tokenize("Rain, fell  here.") == ["Rain", ",", "fell", "here", "."]


def test_importing_the_module_imports_no_spacy_and_tokenizing_imports_no_torch():
    import importlib.util
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys; import pyrabench.text as t; before = 'spacy' in sys.modules; t.nlp(); "
            "print(before, 'torch' in sys.modules, 'spacy' in sys.modules)")
    env = {**os.environ, "PYTHONPATH": str(Path(text.__file__).resolve().parents[1])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["False", "False", "True"]
    assert importlib.util.find_spec("torch") is not None  # torch is installed here: hiding it is tested


def test_the_memo_holds_up_to_its_limit(empty_memo, monkeypatch):
    monkeypatch.setattr(text, "_MEMO_LIMIT", 3)
    for t in list(EXPECTED)[:3]:
        text.words_many([t])
    assert len(text._MEMO) == 3
    text.words_many([list(EXPECTED)[3]])
    assert len(text._MEMO) == 1
