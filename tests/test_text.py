from pyrabench import text


def test_words_drop_punctuation_and_lowercase():
    # spaCy splits the infix hyphen; the hyphen itself is punctuation and is dropped.
    assert text.words("Dees co-founded the SPLC, in 1971.") == [
        "dees", "co", "founded", "the", "splc", "in", "1971"
    ]


def test_tokenize_keeps_case_and_punctuation():
    assert text.tokenize("Hello, World!") == ["Hello", ",", "World", "!"]


def test_words_many_matches_one_by_one():
    texts = ["The bridge opened.", "", "Rain fell for three days", "U.S. aid--\"held in trust\"", "The bridge"]
    assert text.words_many(texts) == text.words_one_by_one(texts)
    assert text.words_many(texts) == [text.words(t) for t in texts]
    assert text.words_many(texts, lower=False) == text.words_one_by_one(texts, lower=False)
    assert text.words_many(["The Bridge"], lower=False) == [["The", "Bridge"]]
    assert text.words_many([]) == []
