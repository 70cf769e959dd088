"""Stand-in training corpus on the real data root (counts cross-checked by a regex route)."""

from __future__ import annotations

import re

from pyrabench.embeddings import standins


def test_standin_corpus_on_real_data(real_data):
    files = standins.corpus_files(real_data)
    assert len(files) == 1 + 21 + 23 + 30  # Lee + DUC 2006, 2007 main, 2007 update SCU-marked documents
    texts = standins.corpus_texts(files)
    regex_lines = sum(len(re.findall(r"<line\b", f.read_text(encoding="utf-8", errors="replace"))) for f in files[1:])
    assert regex_lines == 32_443
    assert len(texts) == 300 + regex_lines == 32_743
