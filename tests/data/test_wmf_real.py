"""WMF trained on the full corpus (WordNet 3.0 + Brown) against the seed's STS 2012 row.

The corpus counts are those of an independent check (174,999 texts; 50,086 stems after the
rare-word rule; 2.37 M nonzeros); our tokenizer (spaCy's words split into runs of letters and
digits, see the WMF module) keeps ten stems fewer (50,076) and 2,373,575 nonzeros.
"""

import re

import numpy as np
import pytest

from pyrabench.embeddings import wmf_corpus
from pyrabench.dataroot import data_required
from pyrabench.embeddings import load_embedding, wmf
from pyrabench.errors import MissingDataError
from pyrabench.published import WEIWEI_RUN1_2012
from pyrabench.sts.analysis import compare_with_published
from pyrabench.sts import EmbeddingSystem, evaluate, load_releases


@pytest.fixture(scope="module")
def sources():
    try:
        return wmf_corpus.training_sources()
    except MissingDataError as exc:
        if data_required():
            pytest.fail(f"{exc} (PYRABENCH_REQUIRE_DATA=1 makes this a failure)", pytrace=False)
        pytest.skip(str(exc))


def test_corpus_counts(sources):
    assert [(s.name, len(s.texts)) for s in sources] == [("WordNet 3.0", 117_659), ("Brown", 57_340)]
    tm = wmf.term_matrix([t for s in sources for t in s.texts])
    assert tm.counts.shape == (174_999, 50_076)
    assert tm.counts.nnz == 2_373_575
    assert sources[0].texts[0].startswith("entity that which is perceived")


def test_words_are_spacys_on_every_training_text(sources):
    """The tokenizer asks spaCy only about the chunks it could split inside a run; on every
    training text that gives exactly the runs of spaCy's words."""
    from pyrabench.text import words_many

    texts = [t for s in sources for t in s.texts]
    expected = [[r for w in ws for r in re.findall(r"[a-z0-9]+", w)] for ws in words_many(texts)]
    assert wmf.text_words(texts) == expected


def test_sts_2012_reaches_weiwei_run1(sources, real_data):
    """The Mean within 0.02 of weiwei-run1, and each dataset within 0.03 but MSRpar, which is
    0.031 above it since the model reads spaCy's words (``didn't`` → ``did`` ``n`` ``t``, not
    ``didn`` ``t``): +0.0047 from the STS sentences' words, +0.0036 from the retrained model,
    the same size as the model's own variation between seeds (chapter 4)."""
    releases = load_releases(["2012"], real_data)
    system = EmbeddingSystem("wmf", embedding=load_embedding("wmf", data=real_data))
    table = compare_with_published(evaluate(system, releases), {"2012": WEIWEI_RUN1_2012}).set_index("dataset")
    gaps = table["difference"].abs()
    assert gaps["Mean"] <= 0.02
    others = [d for d in WEIWEI_RUN1_2012.datasets if d != "MSRpar"]
    assert (gaps[others] <= 0.03).all() and gaps["MSRpar"] <= 0.035, gaps
    assert np.isfinite(table["ours"]).all()
