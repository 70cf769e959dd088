"""A parsed corpus is cached by its name, its root and the identity of every file it is read
from: another corpus, another root or one of its files rewritten is a new entry."""

from __future__ import annotations

import shutil

from pyrabench.data import corpora


def test_parsed_corpus_key(sample_root, tmp_path, cache_key_check):
    intercept, check = cache_key_check
    intercept(corpora, "cached")
    fn = corpora._load.__wrapped__  # the lru_cache of loaded corpora stays out of the way
    copy = tmp_path / "copy"
    shutil.copytree(sample_root, copy)
    call = lambda name, root: fn(name, root)  # noqa: E731
    before = check(corpora._load, call, {"name": "duc2006", "root": copy}, {"name": ["duc2007"], "root": [sample_root]})
    # one input file of duc2006 rewritten in place, one more line end: the same root is a new entry
    first = sorted(corpora._input_files(corpora._layout("duc2006", copy)))[0]
    first.write_bytes(first.read_bytes() + b"\n")
    assert check(corpora._load, call, {"name": "duc2006", "root": copy},
                 {"name": ["duc2007"], "root": [sample_root]}) != before
